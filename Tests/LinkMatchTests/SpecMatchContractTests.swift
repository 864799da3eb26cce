import XCTest
import LinkMatch

/// The matching contract (SPEC.md M1, M2) and the part-level API, through the reference engine.
final class SpecMatchContractTests: XCTestCase {
    static let app = "ABCDE12345.com.example.app"

    // MARK: M1 — decisions, reasons, traces

    func testM1DecisionCarriesTheDecidingRule() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.other"], "components": [{}]}, {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x"}, {"/": "/a/*", "?": {"k": "?*"}, "#": "f", "caseSensitive": false}]}]}}"##)
        let decision = ReferenceEngine().prepare(doc).decide(try ParsedURL("https://example.com/A/b?K=1#F"), appID: Self.app, domain: "example.com")
        XCTAssertEqual(decision.outcome, .match)
        XCTAssertNil(decision.reason)
        let rule = try XCTUnwrap(decision.rule)
        XCTAssertEqual(rule.sourcePath, "applinks.details[1].components[1]")
        XCTAssertEqual(rule.entryIndex, 1)
        XCTAssertEqual(rule.ruleIndex, 1)
        XCTAssertFalse(rule.exclude)
        XCTAssertFalse(rule.caseSensitive)
        XCTAssertTrue(rule.percentEncoded)
        XCTAssertEqual(rule.parts.map(\.part), [.path, .queryItem("k"), .fragment])
        XCTAssertEqual(rule.parts.map(\.pattern), ["/a/*", "?*", "f"])
        XCTAssertEqual(rule.parts.map(\.texts), [["/A/b"], ["1"], ["F"]])
        XCTAssertTrue(rule.parts.allSatisfy { $0.verdict == .matched })
    }

    func testM1ExcludeAndNoMatchReasons() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/no/*", "exclude": true}, {"/": "/yes/*"}]}]}}"##)
        let prepared = ReferenceEngine().prepare(doc)
        func decide(_ url: String, app: String = Self.app, domain: String = "example.com") throws -> Decision {
            prepared.decide(try ParsedURL(url), appID: app, domain: domain)
        }
        let excluded = try decide("https://example.com/no/1")
        XCTAssertEqual(excluded.outcome, .exclude)
        XCTAssertEqual(excluded.rule?.exclude, true)
        XCTAssertEqual(excluded.rule?.sourcePath, "applinks.details[0].components[0]")
        XCTAssertEqual(try decide("http://example.com/yes/1"), .noMatch(.scheme))
        XCTAssertEqual(try decide("https://example.org/yes/1"), .noMatch(.host))
        XCTAssertEqual(try decide("https://example.com/yes/1", app: "ABCDE12345.com.example.App"), .noMatch(.appNotListed))
        XCTAssertEqual(try decide("https://example.com/maybe"), .noMatch(.noRuleMatched))
        XCTAssertEqual(try decide("https://elsewhere.test/yes/1", domain: "").outcome, .match)
    }

    // MARK: M1 — the step budget

    func testM1TinyBudgetIsUndecided() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*x"}]}]}}"##)
        let url = try ParsedURL("https://example.com/" + String(repeating: "y", count: 1_000) + "x")
        XCTAssertEqual(ReferenceEngine(budget: 5).prepare(doc).decide(url, appID: Self.app, domain: "example.com"),
                       Decision(outcome: .undecided, reason: .budget))
        XCTAssertEqual(ReferenceEngine(budget: 0).prepare(doc).decide(url, appID: Self.app, domain: "example.com").outcome, .undecided)
        // The same decision within the default budget.
        XCTAssertEqual(ReferenceEngine().budget, 1_000_000)
        XCTAssertEqual(ReferenceEngine().prepare(doc).decide(url, appID: Self.app, domain: "example.com").outcome, .match)
    }

    func testM1BudgetIsNotSpentBeforeMatching() throws {
        // Scheme, host and app checks, and rules without patterns, cost no steps: a zero budget still decides them.
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{}]}]}}"##)
        let engine = ReferenceEngine(budget: 0)
        let prepared = engine.prepare(doc)
        XCTAssertEqual(prepared.decide(try ParsedURL("http://example.com/a"), appID: Self.app, domain: "example.com"), .noMatch(.scheme))
        XCTAssertEqual(prepared.decide(try ParsedURL("https://example.com/a"), appID: "other", domain: "example.com"), .noMatch(.appNotListed))
        XCTAssertEqual(prepared.decide(try ParsedURL("https://example.com/a"), appID: Self.app, domain: "example.com").outcome, .match)
    }

    func testM1DefaultBudgetDecidesNormalCases() throws {
        // Apple's food file with every predefined variable in play: real-sized work, never undecided.
        let doc = try document(##"{"applinks": {"substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/en_CA/*", "exclude": true}, {"/": "/$(lang)_$(region)/$(food)/*", "?": {"id": "$(digit)*"}, "#": "*$(alnum)*"}]}]}}"##)
        let prepared = ReferenceEngine().prepare(doc)
        let urls = [
            ("https://example.com/en_US/pizza/", Decision.Outcome.noMatch),
            ("https://example.com/en_US/pizza/42?id=7#top", .match),
            ("https://example.com/zh_CN/sushi/a/b/c?id=123&x=y#z1", .match),
            ("https://example.com/en_CA/sushi/1?id=1#a", .exclude),
            ("https://example.com/xx_US/pizza/1?id=1#a", .noMatch),
            ("https://example.com/en_US/pizza/1?id=a#a", .noMatch),
        ]
        for (url, outcome) in urls {
            XCTAssertEqual(prepared.decide(try ParsedURL(url), appID: Self.app, domain: "example.com").outcome, outcome, url)
        }
    }

    // MARK: M2 — the apps a URL opens

    func testM2AppsOpening() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app2", "ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]}, {"appIDs": ["ABCDE12345.com.example.app3"], "components": [{"/": "/*"}]}]}}"##)
        let prepared = ReferenceEngine().prepare(doc)
        XCTAssertEqual(doc.appIDs, ["ABCDE12345.com.example.app2", "ABCDE12345.com.example.app", "ABCDE12345.com.example.app3"])
        XCTAssertEqual(prepared.appsOpening(try ParsedURL("https://example.com/a/1"), appIDs: doc.appIDs, domain: "example.com"),
                       ["ABCDE12345.com.example.app2", "ABCDE12345.com.example.app", "ABCDE12345.com.example.app3"])
        XCTAssertEqual(prepared.appsOpening(try ParsedURL("https://example.com/b"), appIDs: doc.appIDs, domain: "example.com"),
                       ["ABCDE12345.com.example.app3"])
        XCTAssertEqual(prepared.appsOpening(try ParsedURL("https://example.org/a/1"), appIDs: doc.appIDs, domain: "example.com"), [])
    }

    func testM2ExcludedAppDoesNotOpen() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*", "exclude": true}]}, {"appIDs": ["ABCDE12345.com.example.app3"], "components": [{"/": "/*"}]}]}}"##)
        XCTAssertEqual(ReferenceEngine().prepare(doc).appsOpening(try ParsedURL("https://example.com/a/1"), appIDs: doc.appIDs, domain: "example.com"),
                       ["ABCDE12345.com.example.app3"])
    }

    func testM2EachAppOnce() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app"], "components": [{}]}, {"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"##)
        XCTAssertEqual(doc.appIDs, [Self.app])
        XCTAssertEqual(ReferenceEngine().prepare(doc).appsOpening(try ParsedURL("https://example.com/"), appIDs: doc.appIDs, domain: ""), [Self.app])
    }

    // MARK: The part-level API

    func testPartKindsAndNormalization() {
        let engine = ReferenceEngine()
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "/buy/*", kind: .path, text: "/buy")), .matched, "N3 applies to paths")
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "/buy/*", kind: .plain, text: "/buy")), .notMatched, "not to queries or fragments")
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "abc", kind: .path, text: "//abc//")), .matched)
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "abc", kind: .plain, text: "/abc")), .notMatched)
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "A%2f", kind: .plain, text: "a%2F", caseSensitive: false)), .matched)
    }

    func testPartInvalidAndUndefined() {
        let engine = ReferenceEngine()
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(", kind: .plain, text: "$(")), .invalidPattern)
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(nope)", kind: .plain, text: "x")), .invalidPattern)
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(v)", kind: .plain, text: "x",
                                                    variables: VariableTable(custom: [(name: "v", values: [])]))), .notMatched,
                       "an empty list is defined and matches nothing (V6)")
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(v)", kind: .plain, text: "x",
                                                    variables: VariableTable(custom: [(name: "v", values: ["x"])]))), .matched)
    }

    func testE3InvalidEscapeStaysLiteralAtPartLevel() {
        // U4 rejects such URLs, so only the part-level API reaches this (E3).
        let engine = ReferenceEngine()
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "100%", kind: .plain, text: "100%", percentEncoded: false)), .matched)
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "%zz?", kind: .plain, text: "%zz%41", percentEncoded: false)), .matched)
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "???", kind: .plain, text: "%4", percentEncoded: false)), .notMatched)
        XCTAssertEqual(engine.matchPart(PartRequest(pattern: "??", kind: .plain, text: "%4", percentEncoded: false)), .matched)
    }

    func testPartBudget() {
        let request = PartRequest(pattern: "*a*a*a*b", kind: .plain, text: String(repeating: "a", count: 300))
        XCTAssertEqual(ReferenceEngine(budget: 10).matchPart(request), .undecided)
        XCTAssertEqual(ReferenceEngine().matchPart(request), .notMatched)
    }

    private func document(_ json: String) throws -> AASADocument {
        try AASADocument.parse(json: json).document
    }
}
