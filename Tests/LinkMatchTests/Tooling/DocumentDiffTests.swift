import XCTest
import LinkMatch

/// `DocumentDiff` on small documents written by hand: each expected verdict and cause is stated
/// here, and every witness is decided again by the test with the reference engine on both files.
final class DocumentDiffTests: XCTestCase {
    static let app = "ABCDE12345.com.example.app"

    func document(_ components: String, defaults: String = "", variables: String = "") -> AASADocument {
        let applinks = [defaults.isEmpty ? nil : "\"defaults\": \(defaults)",
                        variables.isEmpty ? nil : "\"substitutionVariables\": \(variables)",
                        "\"details\": [{\"appIDs\": [\"\(Self.app)\"], \"components\": \(components)}]"].compactMap { $0 }
        // swiftlint-free: a test document that does not parse is a broken test.
        return try! AASADocument.parse(json: "{\"applinks\": {\(applinks.joined(separator: ", "))}}").document
    }

    func diff(_ old: AASADocument, _ new: AASADocument, budget: Int = 500) -> AppDiff {
        let report = DocumentDiff.compare(old: .document(old), new: .document(new), options: DiffOptions(probeBudget: budget))
        XCTAssertEqual(report.apps.map(\.appID), [Self.app])
        return report.apps[0]
    }

    /// Every witness decided by the test with the reference engine: OLD and NEW differ, as reported.
    func assertWitnessesHold(_ app: AppDiff, _ old: AASADocument, _ new: AASADocument, file: StaticString = #filePath, line: UInt = #line) {
        let o = ReferenceEngine().prepare(old), n = ReferenceEngine().prepare(new)
        for change in app.changes {
            XCTAssertFalse(change.witnesses.isEmpty, "\(change.cause)", file: file, line: line)
            for w in change.witnesses {
                guard let url = try? ParsedURL(w.url) else { XCTFail("bad witness \(w.url)", file: file, line: line); continue }
                let a = o.decide(url, appID: Self.app, domain: "").outcome, b = n.decide(url, appID: Self.app, domain: "").outcome
                XCTAssertEqual([a, b], [w.old, w.new], w.url, file: file, line: line)
                XCTAssertNotEqual(a, b, w.url, file: file, line: line)
            }
        }
    }

    func causes(_ app: AppDiff) -> [DiffCause] { app.changes.map(\.cause) }

    func isProved(_ app: AppDiff) -> Bool {
        if case .provedSame = app.verdict { return true }
        return false
    }

    // MARK: - Proved unchanged

    func testHoistedDefaultsPrettyPrintingAndDuplicatesAreProvedUnchanged() {
        let old = document(#"[{"/": "/a/*", "caseSensitive": false}, {"/": "/b", "exclude": true, "caseSensitive": false}]"#)
        let new = document(#"""
        [ { "exclude" : true, "/" : "/b" , "caseSensitive": false},
          { "/": "/a/*" }, { "/": "/a/*", "comment": "a duplicate never decides" } ]
        """#, defaults: #"{"caseSensitive": false}"#)
        // /b moved above /a/*: they cannot both match one URL (b vs a/...).
        XCTAssertTrue(isProved(diff(old, new)), "\(diff(old, new))")
        let same = document(#"[{"/": "/a/*", "caseSensitive": false}, {"/": "/b", "exclude": true, "caseSensitive": false}, {"/": "/a/*", "caseSensitive": false}]"#)
        XCTAssertEqual(diff(old, same).verdict, .provedSame("the same rules in the same order after normalisation"))
    }

    func testLegacyPathsAreTheSameAsComponents() throws {
        let old = try AASADocument.parse(json: #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["NOT /x/*", "/x/*", "*"]}]}}"#).document
        let new = document(#"[{"/": "/x/*", "exclude": true}, {"/": "/x/*"}, {"/": "*"}]"#)
        XCTAssertEqual(diff(old, new).verdict, .provedSame("the same rules in the same order after normalisation"))
    }

    func testReorderOfRulesWithTheSameExcludeIsProved() {
        let old = document(#"[{"/": "/a/*"}, {"/": "*"}]"#)
        let new = document(#"[{"/": "*"}, {"/": "/a/*"}]"#)
        XCTAssertTrue(isProved(diff(old, new)))
    }

    func testReorderOfDisjointRulesIsProved() {
        // Disjoint by path, by a query item both name, by fragment, by the parent-path alternative's absence.
        for (a, b) in [(#"{"/": "/a/*", "exclude": true}"#, #"{"/": "/b/*"}"#),
                       (#"{"?": {"k": "1*"}, "exclude": true}"#, #"{"?": {"k": "2*"}}"#),
                       (##"{"#": "x", "exclude": true}"##, ##"{"#": "y?"}"##),
                       (#"{"/": "/a/?*", "exclude": true}"#, #"{"/": "/a"}"#)] {
            let old = document("[\(a), \(b)]"), new = document("[\(b), \(a)]")
            XCTAssertTrue(isProved(diff(old, new)), "\(a) \(b): \(diff(old, new))")
        }
    }

    func testReorderOfOverlappingRulesIsAMoveWithAWitness() {
        // Each pair can match one URL: N3 parent path, two stars, case folding, a variable read as `*`.
        for (a, b) in [(#"{"/": "/a/*", "exclude": true}"#, #"{"/": "/a"}"#),
                       (#"{"/": "/a*", "exclude": true}"#, #"{"/": "*b"}"#),
                       (#"{"/": "/A", "caseSensitive": false, "exclude": true}"#, #"{"/": "/a", "caseSensitive": false}"#),
                       (#"{"/": "/$(lang)", "exclude": true}"#, #"{"/": "/en"}"#)] {
            let old = document("[\(a), \(b)]"), new = document("[\(b), \(a)]")
            let d = diff(old, new)
            XCTAssertEqual(d.verdict, .changed, "\(a) \(b)")
            XCTAssertEqual(causes(d), [.ruleMoved], "\(a) \(b)")
            assertWitnessesHold(d, old, new)
        }
    }

    func testDifferentFlagsAreNotProvedDisjoint() {
        // `/A` case-sensitive and `/a` case-insensitive read different texts: the proof does not apply,
        // and the search finds `/a`, which both match.
        let a = #"{"/": "/A", "exclude": true}"#, b = #"{"/": "/a", "caseSensitive": false}"#
        let old = document("[\(a), \(b)]"), new = document("[\(b), \(a)]")
        let d = diff(old, new)
        XCTAssertEqual(causes(d), [.ruleMoved])
        assertWitnessesHold(d, old, new)
    }

    func testChangedVariableIsNotProvedUnchanged() {
        let old = document(#"[{"/": "/$(p)"}]"#, variables: #"{"p": ["a", "b"]}"#)
        let new = document(#"[{"/": "/$(p)"}]"#, variables: #"{"p": ["a"]}"#)
        let d = diff(old, new)
        XCTAssertEqual(causes(d), [.variablesChanged])
        assertWitnessesHold(d, old, new)
        // An unused variable may change freely.
        let unused = document(#"[{"/": "/$(p)"}]"#, variables: #"{"p": ["a", "b"], "q": ["z"]}"#)
        XCTAssertTrue(isProved(diff(old, unused)))
    }

    // MARK: - Causes

    func testCauses() {
        let base = #"{"/": "/a/*"}"#
        let cases: [(String, String, String, String, DiffCause)] = [
            ("[\(base)]", "[\(base), {\"/\": \"/b\"}]", "", "", .ruleAdded),
            ("[\(base), {\"/\": \"/b\"}]", "[\(base)]", "", "", .ruleRemoved),
            ("[\(base)]", "[{\"/\": \"/a/x\", \"exclude\": true}, \(base)]", "", "", .ruleShadowed),
            ("[{\"/\": \"/a/x\"}]", "[{\"/\": \"/a/*\"}]", "", "", .ruleWidened),
            ("[{\"/\": \"/a/*\"}]", "[{\"/\": \"/a/x\"}]", "", "", .ruleNarrowed),
            ("[{\"/\": \"/a/*\"}]", "[{\"/\": \"/a/*\", \"exclude\": true}]", "", "", .ruleChanged),
            ("[{\"/\": \"/a/*\"}]", "[{\"/\": \"/a/*\"}]", "", #"{"caseSensitive": false}"#, .defaultChanged),
        ]
        for (o, n, od, nd, cause) in cases {
            let old = document(o, defaults: od), new = document(n, defaults: nd)
            let d = diff(old, new)
            XCTAssertEqual(d.verdict, .changed, "\(o) -> \(n)")
            XCTAssertTrue(causes(d).contains(cause), "\(o) -> \(n): \(causes(d))")
            assertWitnessesHold(d, old, new)
        }
    }

    func testAppAddedAndDropped() throws {
        let one = document(#"[{"/": "/a"}]"#)
        let two = try AASADocument.parse(json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.other"], "components": [{"/": "/a"}]}]}}"#).document
        let added = DocumentDiff.compare(old: .document(one), new: .document(two)).apps
        XCTAssertEqual(added.map(\.appID), [Self.app, "ABCDE12345.other"])
        XCTAssertTrue(isProved(added[0]))
        XCTAssertEqual(added[1].changes.map(\.cause), [.appAdded])
        XCTAssertEqual(added[1].changes.first?.witnesses.first.map { [$0.old, $0.new] }, [.noMatch, .match])
        let dropped = DocumentDiff.compare(old: .document(two), new: .document(one)).apps
        XCTAssertEqual(dropped[1].changes.map(\.cause), [.appDropped])
    }

    func testFileThatNoLongerParses() {
        let old = document(#"[{"/": "/a"}]"#)
        let report = DocumentDiff.compare(old: .document(old), new: .unparseable(code: "invalid-json", message: "x"))
        XCTAssertEqual(report.apps.first?.changes.map(\.cause), [.fileNoLongerParses])
        XCTAssertEqual(report.apps.first?.changes.first?.witnesses.first?.url, "https://example.com/a")
        let back = DocumentDiff.compare(old: .unparseable(code: "invalid-json", message: "x"), new: .document(old))
        XCTAssertEqual(back.apps.first?.changes.map(\.cause), [.fileNowParses])
    }

    func testNotProvedWhenNoWitnessIsFound() {
        // Dropping a trailing exclude that nothing reaches can only be seen by URLs the search never
        // makes... this one it does make: an exclude behind a catch-all is unreachable, so removing it
        // changes nothing, and the diff says "not proved" rather than "no change".
        let old = document(#"[{"/": "*"}, {"/": "/a", "exclude": true}]"#)
        let new = document(#"[{"/": "*"}]"#)
        let d = diff(old, new)
        XCTAssertEqual(d.verdict, .notProved)
        XCTAssertGreaterThan(d.checkedURLs, 0)
    }

    func testDomainIsTheWitnessHost() {
        let old = document(#"[{"/": "/a"}]"#), new = document(#"[{"/": "/b"}]"#)
        let report = DocumentDiff.compare(old: .document(old), new: .document(new), options: DiffOptions(domain: "shop.example"))
        let urls = report.apps[0].changes.flatMap(\.witnesses).map(\.url)
        XCTAssertFalse(urls.isEmpty)
        XCTAssertTrue(urls.allSatisfy { $0.hasPrefix("https://shop.example/") }, "\(urls)")
    }
}
