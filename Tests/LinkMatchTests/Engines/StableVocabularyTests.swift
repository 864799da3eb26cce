import Foundation
import XCTest
import LinkMatch

/// Issue 32's "one vocabulary": a reason has one spelling outside Swift code (the CLI JSON's), a
/// `Decision` is Codable in that spelling, nil is "no host check", and a document can be written.
final class StableVocabularyTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"
    let doc = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*", "exclude": true}, {"/": "/b", "?": {"q": "*"}}]}]}}"#

    func testReasonNamesAreTheCLIJSONSpelling() {
        // The names docs/CLI.md documents for `check --json`'s "reason", written out here.
        let documented: [Decision.Reason: String] = [.scheme: "scheme", .host: "host", .appNotListed: "app_not_listed",
                                                     .noRuleMatched: "no_rule_matched", .budget: "budget"]
        XCTAssertEqual(Set(documented.keys), Set(Decision.Reason.allCases))
        for (reason, name) in documented {
            XCTAssertEqual(reason.name, name)
            XCTAssertEqual(Decision.Reason(name: name), reason)
            XCTAssertEqual(Decision.Reason(name: reason.rawValue), reason, "the Swift case name is still read")
        }
        XCTAssertNil(Decision.Reason(name: "no rule matched"))
        XCTAssertEqual(Decision.noMatch(.noRuleMatched).description, "no_match (no_rule_matched)")
    }

    func testDecisionRoundTripsThroughJSON() throws {
        let prepared = CompiledEngine().prepare(try AASADocument.parse(json: doc).document)
        let decisions = [
            prepared.decide(try ParsedURL("https://example.com/a/x"), appID: app, domain: nil),
            prepared.decide(try ParsedURL("https://example.com/b?q=1"), appID: app, domain: nil),
            prepared.decide(try ParsedURL("https://example.com/c"), appID: app, domain: nil),
            prepared.decide(try ParsedURL("https://other.org/a/x"), appID: app, domain: "example.com"),
            Decision(outcome: .undecided, reason: .budget),
        ]
        XCTAssertEqual(decisions.map(\.outcome), [.exclude, .match, .noMatch, .noMatch, .undecided])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for decision in decisions {
            let data = try encoder.encode(decision)
            XCTAssertEqual(try JSONDecoder().decode(Decision.self, from: data), decision)
        }
        let noRule = String(decoding: try encoder.encode(decisions[2]), as: UTF8.self)
        XCTAssertEqual(noRule, #"{"outcome":"no_match","reason":"no_rule_matched","rule":null}"#)
        let old = Data(#"{"outcome":"no_match","reason":"appNotListed"}"#.utf8)
        XCTAssertEqual(try JSONDecoder().decode(Decision.self, from: old), .noMatch(.appNotListed))
        XCTAssertThrowsError(try JSONDecoder().decode(Decision.self, from: Data(#"{"outcome":"no_match","reason":"nope"}"#.utf8)))
    }

    func testNilDomainSkipsTheHostCheckLikeTheEmptyString() throws {
        for engine in [CompiledEngine().prepare(try AASADocument.parse(json: doc).document),
                       ReferenceEngine().prepare(try AASADocument.parse(json: doc).document)] {
            let url = try ParsedURL("https://elsewhere.net/b")
            XCTAssertEqual(engine.decide(url, appID: app, domain: nil).outcome, .match)
            XCTAssertEqual(engine.decide(url, appID: app, domain: ""), engine.decide(url, appID: app, domain: nil))
            XCTAssertEqual(engine.decide(url, appID: app, domain: "example.com"), .noMatch(.host))
            let domain: String? = "example.com"
            XCTAssertEqual(engine.decide(url, appID: app, domain: domain), .noMatch(.host))
            XCTAssertEqual(engine.appsOpening(url, appIDs: [app], domain: nil), [app])
        }
    }

    func testSerializedParsesToAnEqualDocument() throws {
        let parsed = try AASADocument.parse(json: doc)
        for pretty in [true, false] {
            let bytes = parsed.document.serialized(pretty: pretty)
            let again = try AASADocument.parse(bytes)
            XCTAssertEqual(again.diagnostics, [])
            XCTAssertEqual(again.document.effectiveRules(for: app), parsed.document.effectiveRules(for: app))
        }
        XCTAssertEqual(String(decoding: parsed.document.serialized(pretty: false), as: UTF8.self),
                       #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*","exclude":true},{"/":"/b","?":{"q":"*"}}]}]}}"#)
    }
}
