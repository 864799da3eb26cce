import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// The patterns of one document are compiled through one scratch array of atoms
/// (`PatternCompiler.compile`): an ASCII pattern is written over the start of it without emptying
/// it first, so a short pattern after a long one must read only its own atoms. Expectations are the
/// spec's, written by hand (P1, N1–N3, E1), and the reference must agree.
final class PatternScratchTests: XCTestCase {
    private func decide(_ paths: [String], _ url: String, caseSensitive: [Bool] = []) throws -> Int? {
        let rules = paths.enumerated().map { i, path in
            // Matched decoded (`percentEncoded: false`), so `/%C3%A9x` is the text `/éx`.
            DocumentRule(fields: ComponentFields(path: path, caseSensitive: i < caseSensitive.count ? caseSensitive[i] : nil,
                                                 percentEncoded: false),
                         sourcePath: "applinks.details[0].components[\(i)]")
        }
        let document = AASADocument(entries: [DetailEntry(appIDs: ["T.app"], rules: rules, sourcePath: "applinks.details[0]")])
        let parsed = try ParsedURL("https://e.com" + url)
        let got = CompiledEngine().prepare(document).decide(parsed, appID: "T.app", domain: "")
        XCTAssertEqual(ReferenceEngine().prepare(document).decide(parsed, appID: "T.app", domain: ""), got, url)
        return got.outcome == .match ? got.rule?.ruleIndex : nil
    }

    func testAShortPatternAfterALongOneReadsOnlyItsOwnAtoms() throws {
        let paths = ["/aaaaaaaaaaaaaaaaaaaaaaaa/*", "/b", "/é?", "/c?", "/D"]
        XCTAssertEqual(try decide(paths, "/aaaaaaaaaaaaaaaaaaaaaaaa/x"), 0)
        XCTAssertEqual(try decide(paths, "/b"), 1)
        XCTAssertEqual(try decide(paths, "/b/"), 1) // N2
        XCTAssertNil(try decide(paths, "/baaaaaaaaaaaaaaaaaaaaaaa"))
        XCTAssertNil(try decide(paths, "/b/aaaaaaaaaaaaaaaaaaaaa/x"))
        XCTAssertEqual(try decide(paths, "/%C3%A9x"), 2)
        XCTAssertEqual(try decide(paths, "/cx"), 3)
        XCTAssertNil(try decide(paths, "/c"))
        XCTAssertNil(try decide(paths, "/cxx"))
        XCTAssertEqual(try decide(paths, "/D"), 4)
        XCTAssertNil(try decide(paths, "/d"))
    }

    /// A case-insensitive ASCII pattern is folded from its own table (E1), after a sensitive one.
    func testFoldingFollowsEachRulesOwnSetting() throws {
        let paths = ["/Long/Pattern/Here/*", "/AB"]
        XCTAssertEqual(try decide(paths, "/ab", caseSensitive: [true, false]), 1)
        XCTAssertEqual(try decide(paths, "/AB", caseSensitive: [true, false]), 1)
        XCTAssertNil(try decide(paths, "/long/pattern/here/x", caseSensitive: [true, false]))
        XCTAssertEqual(try decide(paths, "/Long/Pattern/Here/x", caseSensitive: [true, false]), 0)
    }
}
