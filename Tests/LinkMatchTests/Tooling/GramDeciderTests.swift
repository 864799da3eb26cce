import XCTest
import LinkMatch
@testable import LinkMatchTooling
import LinkMatchRandom

/// `GramDecider` takes the rules that start and end with a wildcard out of the compiled document and
/// finds them by a gram of their pattern; its answers must be the whole compiled document's, outcome
/// and deciding rule, on URLs that reach the gram only through decoding (E3) or folding (E1), or
/// not at all.
final class GramDeciderTests: XCTestCase {
    let apps = ["ABCDE12345.one", "ABCDE12345.two", "ABCDE12345.none"]
    /// Gram rules (wildcard at both ends) with and without decoding and folding, an N3 parent, and
    /// rules the compiled engine indexes itself or that have no gram (`*`, a variable).
    let components = [#"{"/": "*/s1*"}"#, #"{"/": "*/S1*", "caseSensitive": false}"#, #"{"/": "*s1*", "percentEncoded": false}"#,
                      #"{"/": "*s%31*", "percentEncoded": false}"#, #"{"/": "*k*", "caseSensitive": false, "percentEncoded": false}"#,
                      #"{"/": "?ab*", "exclude": true}"#, #"{"/": "*ab?"}"#, #"{"/": "*/ab/*"}"#, #"{"/": "*Ab*", "exclude": true}"#,
                      #"{"/": "/ab*"}"#, #"{"/": "*b1"}"#, #"{"/": "*"}"#, #"{"/": "*$(lang)*"}"#, #"{"/": "*/s1*", "?": "q=1"}"#,
                      #"{"/": "*é1*"}"#]
    /// Path pieces, raw, encoded, in capitals, with the Kelvin sign (whose lowercase is ASCII `k`).
    let pieces = ["s1", "S1", "%73%31", "%53%31", "s%2531", "%E2%84%AA", "k", "K", "ab", "AB", "xaby", "ab/", "b1", "%C3%A91",
                  "é1", "x", "en", ""]

    func testAnswersAsTheWholeCompiledDocument() throws {
        var rng = SplitMix64(seed: 0x6_2A3D)
        var compared = 0
        var decidedByAGramRule = 0
        for _ in 0..<150 {
            let entries = (0..<(1 + Int(rng.next() % 3))).map { _ in
                let rules = (0..<(1 + Int(rng.next() % 6))).map { _ in rng.pick(components) }
                let defaults = rng.chance(4) ? #""defaults": {"caseSensitive": false}, "# : ""
                return #"{"appIDs": ["\#(rng.pick(Array(apps.prefix(2))))"], \#(defaults)"components": [\#(rules.joined(separator: ", "))]}"#
            }
            let json = #"{"applinks": {"substitutionVariables": {"lang": ["en"]}, "details": [\#(entries.joined(separator: ", "))]}}"#
            let document = try AASADocument.parse(json: json).document
            let whole = CompiledDocument(document)
            var decider = GramDecider(document, compiled: whole)
            for _ in 0..<20 {
                let path = (0..<(1 + Int(rng.next() % 3))).map { _ in rng.pick(pieces) }.joined(separator: "/")
                let text = "https://example.com/\(path)" + (rng.chance(3) ? "?q=1" : "")
                guard let url = try? ParsedURL(text) else { continue }
                for app in apps {
                    let expected = whole.decide(url, appID: app, domain: "")
                    let got = decider.decide(url, appID: app)
                    XCTAssertEqual(got.outcome, expected.outcome, "\(text) for \(app) in \(json)")
                    XCTAssertEqual(got.rule?.entry, expected.rule?.entryIndex, "\(text) for \(app) in \(json)")
                    XCTAssertEqual(got.rule?.rule, expected.rule?.ruleIndex, "\(text) for \(app) in \(json)")
                    if let rule = got.rule, GramDecider.piece(document.entries[rule.entry].rules[rule.rule].fields.path) != nil {
                        decidedByAGramRule += 1
                    }
                    compared += 1
                }
            }
        }
        // The comparison covers many decisions, and many of them were decided by a rule found by its gram.
        XCTAssertGreaterThan(compared, 5_000)
        XCTAssertGreaterThan(decidedByAGramRule, 500)
    }

    func testAPatternGivesAGramOnlyWhenWildcardsAreAtBothEnds() {
        XCTAssertEqual(GramDecider.piece("*/S1x*").map { String(decoding: $0, as: UTF8.self) }, "s1x")
        XCTAssertEqual(GramDecider.piece("?a/bcd?").map { String(decoding: $0, as: UTF8.self) }, "bcd")
        XCTAssertNil(GramDecider.piece("/s1*"))
        XCTAssertNil(GramDecider.piece("*s1"))
        XCTAssertNil(GramDecider.piece("*/-/*"))
        XCTAssertNil(GramDecider.piece("*$(lang)x*"))
        XCTAssertNil(GramDecider.piece(nil))
    }
}
