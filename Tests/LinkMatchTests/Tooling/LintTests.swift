import XCTest
import LinkMatch

/// `Lints`: catch-all and unreachable-rule on hand-written documents (expected findings read from
/// SPEC.md C2–C5, N1–N3, Q2), plus ordering and the parser diagnostics passing through.
final class LintTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    func findings(_ components: String, defaults: String = "", code: String) throws -> [String] {
        let doc = ##"{"applinks": {\##(defaults)"details": [{"appIDs": ["\##(app)"], "components": [\##(components)]}]}}"##
        let parsed = try AASADocument.parse(json: doc)
        return Lints.run(parsed).filter { $0.code == code }.map(\.path)
    }

    func rule(_ i: Int) -> String { "applinks.details[0].components[\(i)]" }

    // MARK: - catch-all

    func testCatchAllShapes() throws {
        for c in [##"{}"##, ##"{"/": "*"}"##, ##"{"/": "/*"}"##, ##"{"/": "/*/"}"##, ##"{"/": "**"}"##,
                  ##"{"/": "*", "?": "*", "#": "*"}"##, ##"{"?": {"a": "*"}}"##, ##"{"?": {}}"##, ##"{"comment": "all"}"##,
                  ##"{"caseSensitive": false, "percentEncoded": false}"##] {
            XCTAssertEqual(try findings(c, code: "catch-all"), [rule(0)], c)
        }
    }

    func testNotCatchAll() throws {
        for c in [##"{"/": "/a/*"}"##, ##"{"/": ""}"##, ##"{"/": "/"}"##, ##"{"/": "?*"}"##, ##"{"/": "*", "exclude": true}"##,
                  ##"{"?": "?*"}"##, ##"{"?": ""}"##, ##"{"?": {"a": "*", "b": "x"}}"##, ##"{"#": "top"}"##, ##"{"/": "$(x)"}"##,
                  ##"{"/": "*/*"}"##] {
            XCTAssertEqual(try findings(c, code: "catch-all"), [], c)
        }
    }

    func testCatchAllLooksAtDefaults() throws {
        // C5: a `#` from applinks.defaults narrows `{}`; an `exclude` default makes it an exclusion.
        XCTAssertEqual(try findings(##"{}"##, defaults: ##""defaults": {"#": "x"}, "##, code: "catch-all"), [])
        XCTAssertEqual(try findings(##"{}"##, defaults: ##""defaults": {"exclude": true}, "##, code: "catch-all"), [])
        XCTAssertEqual(try findings(##"{}"##, defaults: ##""defaults": {"/": "/a/*"}, "##, code: "catch-all"), [])
        XCTAssertEqual(try findings(##"{"/": "*"}"##, defaults: ##""defaults": {"?": {"a": "*"}}, "##, code: "catch-all"), [rule(0)])
    }

    func testLegacyPathsStar() throws {
        let parsed = try AASADocument.parse(json: ##"{"applinks": {"details": [{"appID": "\##(app)", "paths": ["NOT /a/*", "*"]}]}}"##)
        XCTAssertEqual(Lints.run(parsed).filter { $0.code == "catch-all" }.map(\.path), ["applinks.details[0].paths[1]"])
    }

    // MARK: - unreachable-rule

    func testUnreachableAfterCoveringPath() throws {
        let cases: [(String, [Int])] = [
            (##"{"/": "*"}, {"/": "/anything", "?": "x=1"}"##, [1]),         // catch-all first
            (##"{"exclude": true}, {"/": "/a"}"##, [1]),                      // an exclusion decides too
            (##"{"/": "/buy/*"}, {"/": "/buy/now"}"##, [1]),                  // X/* covers a literal under it
            (##"{"/": "/buy/*"}, {"/": "/buy"}"##, [1]),                      // N3: /buy/* also matches /buy
            (##"{"/": "/buy/*"}, {"/": "/buy/*/x?"}"##, [1]),                 // starts with buy/
            (##"{"/": "/x*"}, {"/": "/xyz/a"}"##, [1]),                       // X* without a slash boundary
            (##"{"/": "/a/b"}, {"/": "/a/b/"}"##, [1]),                       // N2: trailing slash insignificant
            (##"{"/": "/a/*"}, {"/": "/a/*"}"##, [1]),                        // duplicate
            (##"{"/": "/a/*", "#": "f"}, {"/": "/a/b", "#": "f"}"##, [1]),    // same fragment
            (##"{"/": "/a/*", "?": {"k": "?*"}}, {"/": "/a/b", "?": {"z": "1", "k": "?*"}}"##, [1]), // item subset
            (##"{"/": "/a/*"}, {"/": "/a/b"}, {"/": "/a/c"}"##, [1, 2]),
            (##"{"/": "/$(lang)/*"}, {"/": "/en/*"}"##, []),                  // variables: not decided (conservative)
        ]
        for (components, unreachable) in cases {
            XCTAssertEqual(try findings(components, code: "unreachable-rule"), unreachable.map(rule), components)
        }
    }

    func testReachableWhenTheEarlierRuleIsNarrowerOrDifferent() throws {
        for c in [
            ##"{"/": "/buy/now"}, {"/": "/buy/*"}"##,                         // later is wider
            ##"{"/": "/buy/*"}, {"/": "/buyer"}"##,                           // not under buy/
            ##"{"/": "/a/*", "?": "x=1"}, {"/": "/a/b"}"##,                   // earlier has a query constraint
            ##"{"/": "/a/*", "#": "f"}, {"/": "/a/b"}"##,                     // earlier has a fragment constraint
            ##"{"/": "/a/*", "?": {"k": "1", "j": "2"}}, {"/": "/a/b", "?": {"k": "1"}}"##, // earlier needs more items
            ##"{"/": "/a/*", "caseSensitive": false}, {"/": "/a/b"}"##,      // other flags: conservative
            ##"{"/": "/a/*", "percentEncoded": false}, {"/": "/a/b"}"##,
            ##"{"/": "/a/?"}, {"/": "/a/bb"}"##,
            ##"{"/": "/$(nope)/*"}, {"/": "/x/y"}"##,                         // invalid earlier rule never matches
            ##"{"/": "/a/*/c"}, {"/": "/a/c"}"##,                             // N3 only for a trailing /*
        ] {
            XCTAssertEqual(try findings(c, code: "unreachable-rule"), [], c)
        }
    }

    func testCaseInsensitivePrefixIsFolded() throws {
        let c = ##"{"/": "/Help/*", "caseSensitive": false}, {"/": "/HELP/faq", "caseSensitive": false}"##
        XCTAssertEqual(try findings(c, code: "unreachable-rule"), [rule(1)])
    }

    func testEntriesForSeveralApps() throws {
        let a = app, b = "ABCDE12345.com.example.other"
        // Entry 1 (app A only) has a catch-all; entry 2 lists A and B: reachable for B.
        let shared = ##"{"applinks": {"details": [{"appIDs": ["\##(a)"], "components": [{}]}, {"appIDs": ["\##(a)", "\##(b)"], "components": [{"/": "/x"}]}]}}"##
        XCTAssertEqual(Lints.run(try AASADocument.parse(json: shared)).filter { $0.code == "unreachable-rule" }, [])
        // Entry 2 lists only A: unreachable (D7: entries are tried in order).
        let onlyA = ##"{"applinks": {"details": [{"appIDs": ["\##(a)"], "components": [{}]}, {"appIDs": ["\##(a)"], "components": [{"/": "/x"}]}]}}"##
        let found = Lints.run(try AASADocument.parse(json: onlyA)).filter { $0.code == "unreachable-rule" }
        XCTAssertEqual(found.map(\.path), ["applinks.details[1].components[0]"])
        XCTAssertTrue(found.first?.message.contains("applinks.details[0].components[0]") ?? false)
    }

    // MARK: - Run: parser diagnostics included, document order

    func testRunIncludesParserDiagnosticsInDocumentOrder() throws {
        let doc = ##"{"webcredentials": {}, "applinks": {"substitutionVariables": {"v": ["$(w)"]}, "details": [{"appID": "short", "components": [{"/": "$(zz)"}, {}]}]}}"##
        let all = Lints.run(try AASADocument.parse(json: doc))
        XCTAssertEqual(all.map(\.code), ["variable-in-value", "app-id-format", "undefined-variable", "catch-all"])
        XCTAssertEqual(all.map(\.path), ["applinks.substitutionVariables.v[0]", "applinks.details[0]",
                                         ##"applinks.details[0].components[0]["/"]"##, "applinks.details[0].components[1]"])
    }

    func testDocumentLevelDiagnosticsComeFirst() {
        let json = JSONValue.object(JSONObject([JSONMember(key: "a", value: .array([.null, .null]))]))
        let ds = [Diagnostic(.info, "x", at: "a[1]", ""), Diagnostic(.info, "y", at: "a", ""),
                  Diagnostic(.info, "z", at: "", ""), Diagnostic(.info, "w", at: "a[0].missing", ""),
                  Diagnostic(.info, "v", at: "nowhere", "")]
        XCTAssertEqual(DiagnosticOrder.sorted(ds, in: json).map(\.code), ["z", "y", "w", "x", "v"])
    }

    // MARK: - RuleProbe (what explain shows)

    func testRuleProbeStopsAtTheFirstFailingPart() throws {
        let rule = EffectiveRule(path: "/a/*", query: .items([(name: "k", pattern: "??"), (name: "j", pattern: "*")]),
                                 fragment: "f")
        let parts = RuleProbe.parts(of: rule, url: try ParsedURL("https://h.example/a/b?k=1&k=22"), variables: VariableTable())
        XCTAssertEqual(parts.map(\.part), [.path, .queryItem("k")])
        XCTAssertEqual(parts.map(\.verdict), [.matched, .notMatched])
        // (Indexed only when the parts are there: a broken URL splitter fails the assertions above, not the process.)
        XCTAssertEqual(parts.count > 1 ? parts[1].texts : nil, ["1", "22"])   // Q4: every occurrence is compared

        let all = RuleProbe.parts(of: rule, url: try ParsedURL("https://h.example/a?k=22#f"), variables: VariableTable())
        XCTAssertEqual(all.map(\.part), [.path, .queryItem("k"), .queryItem("j"), .fragment])
        XCTAssertEqual(all.map(\.verdict), [.matched, .matched, .matched, .matched])
        XCTAssertEqual(all.count > 2 ? all[2].texts : nil, [""])            // Q3: an absent item reads as ""
    }
}
