import XCTest
import LinkMatch
import LinkMatchTestData
@testable import LinkMatchCompiled

/// Plans whose rules read the same path patterns in the same forms share one rule index
/// (`RuleIndexBuilder`), each with its own rules: entries with the same paths decide as the reference
/// engine, each app by its own entry's rule; entries that differ in one pattern or in the form do not
/// share, and entries that differ in `exclude` or a query item share the index but still decide by
/// their own rules. Each case also states by hand which rule decides.
final class CompiledSharedPlansTests: XCTestCase {
    /// One entry per element of `entries`, entry `e` listing the one app `app(e)`.
    private func document(_ entries: [[ComponentFields]]) -> AASADocument {
        AASADocument(entries: entries.enumerated().map { e, rules in
            DetailEntry(appIDs: [app(e)],
                        rules: rules.enumerated().map { DocumentRule(fields: $1, sourcePath: "applinks.details[\(e)].components[\($0)]") },
                        sourcePath: "applinks.details[\(e)]")
        })
    }

    private func app(_ e: Int) -> String { "T.app\(e)" }

    /// The document compiled, and how many of its plans built their own index.
    private func compile(_ doc: AASADocument) -> (CompiledDocument, Int) {
        var built = -1
        let compiled = CompiledDocument(doc, builtIndexes: &built)
        return (compiled, built)
    }

    /// The decision for `app` and `url`: as the reference's, and `want` (outcome, and the deciding
    /// rule's entry and index, nil when no rule matched).
    private func assertDecides(_ doc: AASADocument, _ compiled: CompiledDocument, app: String, _ url: String,
                               _ want: Decision.Outcome, rule: (entry: Int, rule: Int)?,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let parsed = try ParsedURL(url)
        let got = compiled.decide(parsed, appID: app, domain: "")
        XCTAssertEqual(got, ReferenceEngine().prepare(doc).decide(parsed, appID: app, domain: ""), "reference, \(app) \(url)",
                       file: file, line: line)
        XCTAssertEqual(got.outcome, want, "\(app) \(url)", file: file, line: line)
        XCTAssertEqual(got.rule?.entryIndex, rule?.entry, "deciding entry, \(app) \(url)", file: file, line: line)
        XCTAssertEqual(got.rule?.ruleIndex, rule?.rule, "deciding rule, \(app) \(url)", file: file, line: line)
    }

    private let paths = ["/a/*", "/b/x", "*/end", "/a/keep", "*"]

    func testEntriesWithTheSamePathsShareOneIndexAndEachAppIsDecidedByItsOwnEntry() throws {
        // Twelve apps (past the few that are scanned), each in its own entry with the same paths;
        // the first rule excludes in every other entry.
        let doc = document((0..<12).map { e in
            paths.enumerated().map { ComponentFields(path: $1, exclude: $0 == 0 && e % 2 == 1 ? true : nil) }
        })
        let (compiled, built) = compile(doc)
        XCTAssertEqual(compiled.plans.count, 12)
        XCTAssertEqual(built, 1, "one index for twelve entries with the same paths")
        for e in 0..<12 {
            let first: Decision.Outcome = e % 2 == 1 ? .exclude : .match
            try assertDecides(doc, compiled, app: app(e), "https://e.com/a/keep", first, rule: (e, 0))
            try assertDecides(doc, compiled, app: app(e), "https://e.com/b/x", .match, rule: (e, 1))
            try assertDecides(doc, compiled, app: app(e), "https://e.com/q/end", .match, rule: (e, 2))
            try assertDecides(doc, compiled, app: app(e), "https://e.com/zz", .match, rule: (e, 4))
        }
        try assertDecides(doc, compiled, app: "T.other", "https://e.com/zz", .noMatch, rule: nil)
    }

    func testEntriesThatDifferInOnePatternDoNotShare() throws {
        let doc = document([paths.map { ComponentFields(path: $0) },
                            paths.map { ComponentFields(path: $0 == "/b/x" ? "/c/x" : $0) }].map { Array($0.dropLast()) })
        let (compiled, built) = compile(doc)
        XCTAssertEqual(built, 2)
        try assertDecides(doc, compiled, app: app(0), "https://e.com/b/x", .match, rule: (0, 1))
        try assertDecides(doc, compiled, app: app(1), "https://e.com/b/x", .noMatch, rule: nil)
        try assertDecides(doc, compiled, app: app(0), "https://e.com/c/x", .noMatch, rule: nil)
        try assertDecides(doc, compiled, app: app(1), "https://e.com/c/x", .match, rule: (1, 1))
    }

    func testEntriesThatDifferInCaseSensitiveDoNotShare() throws {
        let doc = document([[ComponentFields(path: "/A/*")], [ComponentFields(path: "/A/*", caseSensitive: false)]])
        let (compiled, built) = compile(doc)
        XCTAssertEqual(built, 2)
        try assertDecides(doc, compiled, app: app(0), "https://e.com/a/1", .noMatch, rule: nil)
        try assertDecides(doc, compiled, app: app(1), "https://e.com/a/1", .match, rule: (1, 0))
        try assertDecides(doc, compiled, app: app(0), "https://e.com/A/1", .match, rule: (0, 0))
    }

    func testEntriesThatDifferOnlyInTheTextFormDoNotShare() throws {
        // The same pattern (compiled once) read as written by one entry (the default) and
        // percent-decoded by the other: one key, listed in two forms.
        let doc = document([[ComponentFields(path: "/a b/*")], [ComponentFields(path: "/a b/*", percentEncoded: false)]])
        let (compiled, built) = compile(doc)
        XCTAssertEqual(built, 2)
        try assertDecides(doc, compiled, app: app(0), "https://e.com/a%20b/1", .noMatch, rule: nil)
        try assertDecides(doc, compiled, app: app(1), "https://e.com/a%20b/1", .match, rule: (1, 0))
    }

    func testEntriesThatDifferInExcludeShareTheIndexAndKeepTheirOwnOutcome() throws {
        let doc = document([[ComponentFields(path: "/a/*"), ComponentFields(path: "*")],
                            [ComponentFields(path: "/a/*", exclude: true), ComponentFields(path: "*")]])
        let (compiled, built) = compile(doc)
        XCTAssertEqual(built, 1, "the same keys: one index")
        try assertDecides(doc, compiled, app: app(0), "https://e.com/a/1", .match, rule: (0, 0))
        try assertDecides(doc, compiled, app: app(1), "https://e.com/a/1", .exclude, rule: (1, 0))
        try assertDecides(doc, compiled, app: app(1), "https://e.com/b", .match, rule: (1, 1))
    }

    func testEntriesThatDifferInOneQueryItemShareTheIndexAndKeepTheirOwnItems() throws {
        let doc = document(["1", "2"].map { value in
            [ComponentFields(path: "/a/*", query: .items([(name: "k", pattern: value)])), ComponentFields(path: "/a/z")]
        })
        let (compiled, built) = compile(doc)
        XCTAssertEqual(built, 1, "the same keys: one index")
        try assertDecides(doc, compiled, app: app(0), "https://e.com/a/z?k=1", .match, rule: (0, 0))
        try assertDecides(doc, compiled, app: app(1), "https://e.com/a/z?k=1", .match, rule: (1, 1))
        try assertDecides(doc, compiled, app: app(1), "https://e.com/a/y?k=2", .match, rule: (1, 0))
        try assertDecides(doc, compiled, app: app(0), "https://e.com/a/y?k=2", .noMatch, rule: nil)
    }

    func testPlansPastTheScannedOnesAreFoundByHashAndDecideAsTheReference() throws {
        // Twenty distinct lists (past the plans found by a scan), then each again, interleaved with
        // lists that nearly match one (the same but the last pattern, or one rule fewer).
        var lists: [[ComponentFields]] = (0..<20).map { i in
            ["/\(i)/*", "/s/*", "*.\(i)"].map { ComponentFields(path: $0) }
        }
        for i in 0..<20 {
            lists.append(lists[i])
            lists.append(Array(lists[i].dropLast()) + [ComponentFields(path: "*.x\(i)")])
            lists.append(Array(lists[i].dropLast()))
        }
        let doc = document(lists)
        let (compiled, built) = compile(doc)
        XCTAssertEqual(compiled.plans.count, 80)
        XCTAssertEqual(built, 60, "each repeated list shares its first index; the near ones build their own")
        for i in [0, 7, 19] {
            try assertDecides(doc, compiled, app: app(20 + 3 * i), "https://e.com/s/1", .match, rule: (20 + 3 * i, 1))
            try assertDecides(doc, compiled, app: app(20 + 3 * i), "https://e.com/q.\(i)", .match, rule: (20 + 3 * i, 2))
            try assertDecides(doc, compiled, app: app(21 + 3 * i), "https://e.com/q.\(i)", .noMatch, rule: nil)
            try assertDecides(doc, compiled, app: app(21 + 3 * i), "https://e.com/q.x\(i)", .match, rule: (21 + 3 * i, 2))
            try assertDecides(doc, compiled, app: app(22 + 3 * i), "https://e.com/q.\(i)", .noMatch, rule: nil)
            try assertDecides(doc, compiled, app: app(22 + 3 * i), "https://e.com/\(i)/q", .match, rule: (22 + 3 * i, 0))
        }
    }

    func testAppsInTheSameSeveralEntriesShareOnePlan() throws {
        // T.x and T.y are listed in entries 0 and 1 (in either order in the file): one plan; T.z in
        // entries 1 and 2, whose rules read the same patterns in another order: a plan of its own.
        var doc = document([[ComponentFields(path: "/a/*")], [ComponentFields(path: "/b/*")], [ComponentFields(path: "/a/*")]])
        doc.entries[0].appIDs = ["T.x", "T.y"]
        doc.entries[1].appIDs = ["T.y", "T.x", "T.z"]
        doc.entries[2].appIDs = ["T.z"]
        let (compiled, built) = compile(doc)
        XCTAssertEqual(compiled.plans.count, 2, "{0, 1} for T.x and T.y, {1, 2} for T.z")
        XCTAssertEqual(built, 2, "{0, 1} and {1, 2} read the same patterns in another order")
        try assertDecides(doc, compiled, app: "T.x", "https://e.com/b/1", .match, rule: (1, 0))
        try assertDecides(doc, compiled, app: "T.y", "https://e.com/a/1", .match, rule: (0, 0))
        try assertDecides(doc, compiled, app: "T.z", "https://e.com/a/1", .match, rule: (2, 0))
    }

    func testOneEntryPerAppFilesBuildAnIndexPerDistinctPathListAndDecideAsTheReference() throws {
        // (file, apps, distinct `paths` lists: counted from the files by hand, outside this code).
        for (file, apps, lists) in [("ethanhuang13__knil__twitter-signed-pkcs7.json", 3, 1),
                                    ("ethanhuang13__knil__facebook-signed-pkcs7.json", 34, 13)] {
            let doc = try AASADocument.parse(try RealWorldFiles.bytes(file)).document
            let (compiled, built) = compile(doc)
            XCTAssertEqual(compiled.plans.count, apps, file)
            XCTAssertEqual(built, lists, file)
            let reference = ReferenceEngine().prepare(doc)
            // Every path of the file with its wildcards filled in, and a few no path lists.
            var paths = Set(doc.entries.flatMap { $0.rules.compactMap { $0.fields.path } }.map {
                $0.replacingOccurrences(of: "*", with: "x").replacingOccurrences(of: "?", with: "y")
            })
            paths.formUnion(["/", "/zz/none", "/home"])
            var matched = 0
            for (e, entry) in doc.entries.enumerated() {
                for app in entry.appIDs {
                    for path in paths.sorted() {
                        let url = try ParsedURL("https://e.com" + (path.hasPrefix("/") ? path : "/" + path))
                        let got = compiled.decide(url, appID: app, domain: "")
                        XCTAssertEqual(got, reference.decide(url, appID: app, domain: ""), "\(file) \(app) \(path)")
                        if let rule = got.rule {
                            XCTAssertEqual(rule.entryIndex, e, "\(file) \(app): its own entry decides")
                            matched += 1
                        }
                    }
                }
            }
            XCTAssertGreaterThan(matched, apps, "\(file): the paths reach rules of every entry")
        }
    }
}
