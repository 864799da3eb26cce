import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// docs/TEST-YOUR-MATCHER.md lists the readings catalogue as the code has it, and SPEC links point
/// at real headings.
final class ReadingsCatalogueDocTests: XCTestCase {
    func testDocHoldsTheGeneratedCatalogue() throws {
        let doc = try String(contentsOf: TestDataFolder.repositoryRoot.appendingPathComponent("docs/TEST-YOUR-MATCHER.md"), encoding: .utf8)
        guard let start = doc.range(of: "<!-- readings-catalogue:begin -->\n"), let end = doc.range(of: "<!-- readings-catalogue:end -->") else {
            throw VectorError("docs/TEST-YOUR-MATCHER.md has no readings-catalogue markers")
        }
        XCTAssertEqual(String(doc[start.upperBound..<end.lowerBound]), ReadingsCatalogue.markdown(),
                       "stale catalogue: regenerate it with linkmatch conformance --readings-markdown")
    }

    func testRuleHeadingsAreSpecs() throws {
        let spec = try String(contentsOf: TestDataFolder.repositoryRoot.appendingPathComponent("SPEC.md"), encoding: .utf8)
        let headings = spec.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
        for (id, heading) in SpecLinks.ruleHeadings {
            XCTAssertTrue(headings.contains(heading), "\(id): \(heading)")
        }
        XCTAssertEqual(SpecLinks.link("N3"), "SPEC.md#n3--a-trailing--also-matches-the-parent-path-tool")
        XCTAssertEqual(SpecLinks.anchor("D4 — both `appID` and `appIDs`: `appIDs` wins (tool)"), "d4--both-appid-and-appids-appids-wins-tool")
    }
}
