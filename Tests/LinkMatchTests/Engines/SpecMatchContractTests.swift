import XCTest
import LinkMatch
import LinkMatchTestData

/// The matching contract (SPEC.md M1, M2) and the part-level API, through every engine of the suite
/// (each assertion names the engine). The step budget is the reference engine's own knob: its tests
/// name that engine.
final class SpecMatchContractTests: XCTestCase {
    static let app = "ABCDE12345.com.example.app"

    // MARK: M1 — decisions, reasons, traces

    func testM1DecisionCarriesTheDecidingRule() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.other"], "components": [{}]}, {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x"}, {"/": "/a/*", "?": {"k": "?*"}, "#": "f", "caseSensitive": false}]}]}}"##)
        for engine in EngineSuite.engines {
            let e = engine.name
            let decision = engine.prepare(doc).decide(try ParsedURL("https://example.com/A/b?K=1#F"), appID: Self.app, domain: "example.com")
            XCTAssertEqual(decision.outcome, .match, e)
            XCTAssertNil(decision.reason, e)
            let rule = try XCTUnwrap(decision.rule, e)
            XCTAssertEqual(rule.sourcePath, "applinks.details[1].components[1]", e)
            XCTAssertEqual(rule.entryIndex, 1, e)
            XCTAssertEqual(rule.ruleIndex, 1, e)
            XCTAssertFalse(rule.exclude, e)
            XCTAssertFalse(rule.caseSensitive, e)
            XCTAssertTrue(rule.percentEncoded, e)
            XCTAssertEqual(rule.parts.map(\.part), [.path, .queryItem("k"), .fragment], e)
            XCTAssertEqual(rule.parts.map(\.pattern), ["/a/*", "?*", "f"], e)
            XCTAssertEqual(rule.parts.map(\.texts), [["/A/b"], ["1"], ["F"]], e)
            XCTAssertTrue(rule.parts.allSatisfy { $0.verdict == .matched }, e)
        }
    }

    func testM1ExcludeAndNoMatchReasons() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/no/*", "exclude": true}, {"/": "/yes/*"}]}]}}"##)
        for engine in EngineSuite.engines {
            let prepared = engine.prepare(doc)
            func decide(_ url: String, app: String = Self.app, domain: String = "example.com") throws -> Decision {
                prepared.decide(try ParsedURL(url), appID: app, domain: domain)
            }
            let e = engine.name
            let excluded = try decide("https://example.com/no/1")
            XCTAssertEqual(excluded.outcome, .exclude, e)
            XCTAssertEqual(excluded.rule?.exclude, true, e)
            XCTAssertEqual(excluded.rule?.sourcePath, "applinks.details[0].components[0]", e)
            XCTAssertEqual(try decide("http://example.com/yes/1"), .noMatch(.scheme), e)
            XCTAssertEqual(try decide("https://example.org/yes/1"), .noMatch(.host), e)
            XCTAssertEqual(try decide("https://example.com/yes/1", app: "ABCDE12345.com.example.App"), .noMatch(.appNotListed), e)
            XCTAssertEqual(try decide("https://example.com/maybe"), .noMatch(.noRuleMatched), e)
            XCTAssertEqual(try decide("https://elsewhere.test/yes/1", domain: "").outcome, .match, e)
        }
    }

    // MARK: M1 — the step budget (the reference engine's own knob)

    func testM1TinyBudgetIsUndecided() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*x"}]}]}}"##)
        let url = try ParsedURL("https://example.com/" + String(repeating: "y", count: 1_000) + "x")
        XCTAssertEqual(ReferenceEngine(budget: 5).prepare(doc).decide(url, appID: Self.app, domain: "example.com"),
                       Decision(outcome: .undecided, reason: .budget))
        XCTAssertEqual(ReferenceEngine(budget: 0).prepare(doc).decide(url, appID: Self.app, domain: "example.com").outcome, .undecided)
        // The same decision within the default budget, and by every engine of the suite.
        XCTAssertEqual(ReferenceEngine().budget, 1_000_000)
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.prepare(doc).decide(url, appID: Self.app, domain: "example.com").outcome, .match, engine.name)
        }
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
        let urls = [
            ("https://example.com/en_US/pizza/", Decision.Outcome.noMatch),
            ("https://example.com/en_US/pizza/42?id=7#top", .match),
            ("https://example.com/zh_CN/sushi/a/b/c?id=123&x=y#z1", .match),
            ("https://example.com/en_CA/sushi/1?id=1#a", .exclude),
            ("https://example.com/xx_US/pizza/1?id=1#a", .noMatch),
            ("https://example.com/en_US/pizza/1?id=a#a", .noMatch),
        ]
        for engine in EngineSuite.engines {
            let prepared = engine.prepare(doc)
            for (url, outcome) in urls {
                XCTAssertEqual(prepared.decide(try ParsedURL(url), appID: Self.app, domain: "example.com").outcome, outcome, "\(engine.name) \(url)")
            }
        }
    }

    // MARK: M2 — the apps a URL opens

    func testM2AppsOpening() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app2", "ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]}, {"appIDs": ["ABCDE12345.com.example.app3"], "components": [{"/": "/*"}]}]}}"##)
        XCTAssertEqual(doc.appIDs, ["ABCDE12345.com.example.app2", "ABCDE12345.com.example.app", "ABCDE12345.com.example.app3"])
        for engine in EngineSuite.engines {
            let prepared = engine.prepare(doc)
            XCTAssertEqual(prepared.appsOpening(try ParsedURL("https://example.com/a/1"), appIDs: doc.appIDs, domain: "example.com"),
                           ["ABCDE12345.com.example.app2", "ABCDE12345.com.example.app", "ABCDE12345.com.example.app3"], engine.name)
            XCTAssertEqual(prepared.appsOpening(try ParsedURL("https://example.com/b"), appIDs: doc.appIDs, domain: "example.com"),
                           ["ABCDE12345.com.example.app3"], engine.name)
            XCTAssertEqual(prepared.appsOpening(try ParsedURL("https://example.org/a/1"), appIDs: doc.appIDs, domain: "example.com"), [], engine.name)
        }
    }

    func testM2ExcludedAppDoesNotOpen() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*", "exclude": true}]}, {"appIDs": ["ABCDE12345.com.example.app3"], "components": [{"/": "/*"}]}]}}"##)
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.prepare(doc).appsOpening(try ParsedURL("https://example.com/a/1"), appIDs: doc.appIDs, domain: "example.com"),
                           ["ABCDE12345.com.example.app3"], engine.name)
        }
    }

    func testM2EachAppOnce() throws {
        let doc = try document(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app"], "components": [{}]}, {"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"##)
        XCTAssertEqual(doc.appIDs, [Self.app])
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.prepare(doc).appsOpening(try ParsedURL("https://example.com/"), appIDs: doc.appIDs, domain: ""), [Self.app], engine.name)
        }
    }

    // MARK: The part-level API

    func testPartKindsAndNormalization() {
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "/buy/*", kind: .path, text: "/buy")), .matched, "\(engine.name): N3 applies to paths")
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "/buy/*", kind: .plain, text: "/buy")), .notMatched, "\(engine.name): not to queries or fragments")
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "abc", kind: .path, text: "//abc//")), .matched, engine.name)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "abc", kind: .plain, text: "/abc")), .notMatched, engine.name)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "A%2f", kind: .plain, text: "a%2F", caseSensitive: false)), .matched, engine.name)
        }
    }

    func testPartInvalidAndUndefined() {
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(", kind: .plain, text: "$(")), .invalidPattern, engine.name)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(nope)", kind: .plain, text: "x")), .invalidPattern, engine.name)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(v)", kind: .plain, text: "x",
                                                        variables: VariableTable(custom: [(name: "v", values: [])]))), .notMatched,
                           "\(engine.name): an empty list is defined and matches nothing (V6)")
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "$(v)", kind: .plain, text: "x",
                                                        variables: VariableTable(custom: [(name: "v", values: ["x"])]))), .matched, engine.name)
        }
    }

    func testE3InvalidEscapeStaysLiteralAtPartLevel() {
        // U4 rejects such URLs, so only the part-level API reaches this (E3).
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "100%", kind: .plain, text: "100%", percentEncoded: false)), .matched, engine.name)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "%zz?", kind: .plain, text: "%zz%41", percentEncoded: false)), .matched, engine.name)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "???", kind: .plain, text: "%4", percentEncoded: false)), .notMatched, engine.name)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "??", kind: .plain, text: "%4", percentEncoded: false)), .matched, engine.name)
        }
    }

    func testPartBudget() {
        let request = PartRequest(pattern: "*a*a*a*b", kind: .plain, text: String(repeating: "a", count: 300))
        XCTAssertEqual(ReferenceEngine(budget: 10).matchPart(request), .undecided)
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.matchPart(request), .notMatched, engine.name)
        }
    }

    private func document(_ json: String) throws -> AASADocument {
        try AASADocument.parse(json: json).document
    }
}
