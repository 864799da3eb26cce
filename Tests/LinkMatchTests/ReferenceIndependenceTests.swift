import Foundation
import LinkMatch
import LinkMatchTestData
import XCTest

/// SPEC.md §11: the reference engine shares no matching step with the compiled engine, only the JSON
/// reader and the URL splitter. A use of one of the compiled side's step implementations in
/// Sources/LinkMatch/Reference would hide a mistake in that step from every differential check.
final class ReferenceIndependenceTests: XCTestCase {
    /// The compiled side's implementations of the steps that decide a match.
    static let compiledSteps = [
        "DocumentParser", "effectiveRules", "EffectiveRule(rule:", // D3–D8, C5
        "PatternParser", "PatternLimits",                            // P1–P5
        "VariableTable.predefined",                                  // V1–V5
        "CaseFolding", "PercentCoding",                              // E1, E3
        "queryItems(", "QueryItemSplitter", "isExactly",             // U5, E4, D12
    ]

    func testReferenceCodeUsesNoCompiledStep() throws {
        let folder = TestDataFolder.repositoryRoot
            .appendingPathComponent("Sources/LinkMatch/Reference")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 8, "the reference's own step files are missing")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? "" // comments may name the compiled side
                for step in Self.compiledSteps where code.contains(step) {
                    XCTFail("\(file):\(n + 1) uses the compiled side's \(step): \(line)")
                }
            }
        }
    }
}

/// The reference reads a parsed document's own JSON; a copy whose model was changed in code (tools
/// build such variants) must be read from the model, or the change would be silently ignored.
final class DocumentSourceTests: XCTestCase {
    func testAChangedModelDropsItsJSON() throws {
        let json = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.a"],"components":[{"/":"/a"}]}]}}"#
        let parsed = try AASADocument.parse(json: json).document
        XCTAssertNotNil(parsed.source)
        var changed = parsed
        changed.entries[0].rules[0].fields.exclude = true
        XCTAssertNil(changed.source)
        let url = try ParsedURL("https://example.com/a")
        XCTAssertEqual(ReferenceEngine().prepare(parsed).decide(url, appID: "ABCDE12345.a", domain: "").outcome, .match)
        XCTAssertEqual(ReferenceEngine().prepare(changed).decide(url, appID: "ABCDE12345.a", domain: "").outcome, .exclude)
    }
}
