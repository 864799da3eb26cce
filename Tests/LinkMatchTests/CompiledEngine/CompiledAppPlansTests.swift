import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// Which rules an app gets (D7, C3: every entry listing it, in order) does not depend on how the
/// compiled document finds the app: scanned among a few apps, hashed past `fewAppsLimit`. Apps that
/// appear in several entries, twice in one entry, or share the same entries (one plan) decide as the
/// reference engine says, on both sides of the limit.
final class CompiledAppPlansTests: XCTestCase {
    /// Three entries: `first` apps in entries 0 and 2, `second` apps in entry 1 (each listed twice there).
    private func document(first: [String], second: [String]) -> AASADocument {
        let entries = [
            (first, [ComponentFields(path: "/a/*", exclude: true), ComponentFields(path: "/b/*")]),
            (second + second, [ComponentFields(path: "/a/*"), ComponentFields(path: "/c")]),
            (first, [ComponentFields(path: "/a/x"), ComponentFields(path: "*/end")]),
        ]
        return AASADocument(variables: VariableTable(), entries: entries.enumerated().map { e, entry in
            DetailEntry(appIDs: entry.0,
                        rules: entry.1.enumerated().map { DocumentRule(fields: $1, sourcePath: "applinks.details[\(e)].components[\($0)]") },
                        sourcePath: "applinks.details[\(e)]")
        })
    }

    private func assertAgree(_ document: AASADocument, apps: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let reference = ReferenceEngine().prepare(document)
        let compiled = CompiledDocument(document)
        var outcomes: Set<Decision.Outcome> = []
        for app in apps + ["T.unlisted", "t.app0"] {
            for path in ["/a/x", "/a/y", "/b/1", "/c", "/x/end", "/none"] {
                let url = try ParsedURL("https://e.com" + path)
                let expected = reference.decide(url, appID: app, domain: "")
                XCTAssertEqual(compiled.decide(url, appID: app, domain: ""), expected, "\(app) \(path)", file: file, line: line)
                outcomes.insert(expected.outcome)
            }
        }
        XCTAssertEqual(outcomes, [.match, .exclude, .noMatch], "the cases reach every outcome", file: file, line: line)
    }

    func testAFewAppsAreScannedAndDecideAsTheReference() throws {
        let doc = document(first: ["T.app0", "T.app1"], second: ["T.app2"])
        XCTAssertNotNil(CompiledDocument(doc).fewApps, "this document's apps are scanned")
        try assertAgree(doc, apps: ["T.app0", "T.app1", "T.app2"])
    }

    func testManyAppsAreHashedAndDecideAsTheReference() throws {
        let first = (0..<7).map { "T.app\($0)" }
        let second = (7..<12).map { "T.app\($0)" }
        let doc = document(first: first, second: second)
        XCTAssertNil(CompiledDocument(doc).fewApps, "this document's apps are hashed")
        try assertAgree(doc, apps: first + second)
    }

    func testFewAppsListedManyTimesAreStillScanned() throws {
        // 2 apps, each listed in several entries and twice in one: more listed IDs than the limit,
        // so compiling finds them by hashing, but the document keeps the scanned list.
        let doc = document(first: ["T.app0", "T.app1", "T.app0", "T.app1"], second: ["T.app1", "T.app0"])
        XCTAssertNotNil(CompiledDocument(doc).fewApps, "two apps are scanned")
        try assertAgree(doc, apps: ["T.app0", "T.app1"])
    }
}
