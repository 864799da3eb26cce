import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// How compiling finds a document's apps (`DocumentApps`, `AppIndex`): every app once, in
/// first-listed order, compared exactly (D12); apps listed in exactly the same entries share one
/// plan, on both sides of `fewAppsLimit` and when every ID's hash collides; a decision finds its
/// app's plan through the index as the reference engine does.
final class CompiledAppIndexTests: XCTestCase {
    /// Four entries with different rules; `listed[e]` are entry e's app IDs.
    private func document(_ listed: [[String]]) -> AASADocument {
        AASADocument(variables: VariableTable(), entries: listed.enumerated().map { e, apps in
            DetailEntry(appIDs: apps, rules: [
                DocumentRule(fields: ComponentFields(path: "/e\(e)/*", exclude: e == 2), sourcePath: "applinks.details[\(e)].components[0]"),
                DocumentRule(fields: ComponentFields(path: "/all/*"), sourcePath: "applinks.details[\(e)].components[1]"),
            ], sourcePath: "applinks.details[\(e)]")
        })
    }

    /// A: entries 0, 2; B: entries 0, 2 (twice in 0); C: entry 1; D: entries 0, 1; E: entries 1, 3;
    /// F: entries 1, 3; `filler` more apps in entry 3 alone.
    private func sharingDocument(filler: Int) -> AASADocument {
        let fill = (0..<filler).map { "T.fill\($0)" }
        return document([["T.A", "T.B", "T.B", "T.D"], ["T.C", "T.D", "T.E", "T.F"], ["T.A", "T.B"], ["T.E", "T.F"] + fill])
    }

    func testAppsInTheSameSeveralEntriesShareOnePlan() {
        // Few apps (scanned) and many (hashed, also with every hash colliding): A and B share a
        // plan, so do E and F; C and D have their own, and the fillers share entry 3's.
        for (filler, hashing) in [(0, TableHashing.perProcess), (20, .perProcess), (20, .constant)] {
            let compiled = CompiledDocument(sharingDocument(filler: filler), hashing: hashing)
            XCTAssertEqual(compiled.fewApps == nil, filler > 0, "filler \(filler)")
            // Plans: {0,2} (A, B), {1} (C), {0,1} (D), {1,3} (E, F), and {3} when fillers list it.
            XCTAssertEqual(compiled.plans.count, filler > 0 ? 5 : 4, "filler \(filler) \(hashing.mask)")
        }
    }

    func testAppsInSeveralEntriesDecideAsTheReference() throws {
        for filler in [0, 20] {
            let doc = sharingDocument(filler: filler)
            let reference = ReferenceEngine().prepare(doc)
            for compiled in [CompiledDocument(doc), CompiledDocument(doc, hashing: .constant)] {
                var outcomes: Set<Decision.Outcome> = []
                for app in ["T.A", "T.B", "T.C", "T.D", "T.E", "T.F", "T.fill3", "T.fill19", "T.G", "t.a"] {
                    for path in ["/e0/x", "/e1/x", "/e2/x", "/e3/x", "/all/x", "/none"] {
                        let url = try ParsedURL("https://e.com" + path)
                        let expected = reference.decide(url, appID: app, domain: "")
                        XCTAssertEqual(compiled.decide(url, appID: app, domain: ""), expected, "\(filler) \(app) \(path)")
                        outcomes.insert(expected.outcome)
                    }
                }
                XCTAssertEqual(outcomes, [.match, .exclude, .noMatch], "the cases reach every outcome")
            }
        }
    }

    func testDocumentAppsListsEachAppOnceWithItsEntries() {
        for hashing in [nil, TableHashing.perProcess, .constant] {
            let doc = sharingDocument(filler: 3)
            let apps = DocumentApps(of: doc, listed: 15, hashing: hashing)
            // In first-listed order; with an index, only the first `fewAppsLimit` are kept as strings.
            let all = ["T.A", "T.B", "T.D", "T.C", "T.E", "T.F", "T.fill0", "T.fill1", "T.fill2"]
            XCTAssertEqual(apps.count, all.count)
            XCTAssertEqual(apps.ids, hashing == nil ? all : Array(all.prefix(CompiledDocument.fewAppsLimit)))
            XCTAssertEqual((0..<apps.count).map(apps.entries(of:)), [[0, 2], [0, 2], [0, 1], [1], [1, 3], [1, 3], [3], [3], [3]])
            XCTAssertEqual((0..<apps.count).map(apps.isInSeveralEntries), [true, true, true, false, true, true, false, false, false])
            XCTAssertEqual(apps.earlierAppWithSameEntries(), [-1, 0, -1, -1, -1, 4, -1, -1, -1])
        }
        // No app in several entries: nothing to share, nothing allocated.
        XCTAssertEqual(DocumentApps(of: document([["T.A"], ["T.B"]]), listed: 2, hashing: nil).earlierAppWithSameEntries(), [])
    }

    func testAppIDsAreComparedExactly() {
        // "é" precomposed and decomposed are canonically equal Strings, but different app IDs (D12).
        let composed = "T.caf\u{E9}", decomposed = "T.cafe\u{301}"
        for hashing in [TableHashing.perProcess, .constant] {
            var index = AppIndex(listed: 40, hashing: hashing)
            let ids = [composed, decomposed] + (0..<30).map { "T.app\($0)" }
            for (n, id) in ids.enumerated() {
                XCTAssertTrue(index.add(id) == (n, true), id)
            }
            for (n, id) in ids.enumerated().reversed() {
                XCTAssertTrue(index.add(id) == (n, false), "\(id) again")
            }
            index.setPlans(ids.indices.map { Int32(100 + $0) })
            for (n, id) in ids.enumerated() { XCTAssertEqual(index.plan(of: id), 100 + n, id) }
            XCTAssertNil(index.plan(of: "T.app30"))
            XCTAssertNil(index.plan(of: "t.app0"))
            XCTAssertNil(index.plan(of: ""))
        }
    }
}
