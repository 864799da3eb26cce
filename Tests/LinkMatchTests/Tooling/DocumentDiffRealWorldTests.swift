import XCTest
import LinkMatch
import LinkMatchTestData

/// `DocumentDiff` on the 30 real files (issue 22's Done-when): each paired with a rewrite that keeps
/// its meaning gives no change, proved; each paired with a one-rule edit gives that change with a
/// witness the test decides again with the reference engine. Timings are measured with a release
/// build (docs/DIFF.md), not here.
final class DocumentDiffRealWorldTests: XCTestCase {
    /// The files that parse (one real file has a trailing comma; it is compared as unparseable in
    /// CLIDiffTests).
    func parsedFiles() throws -> [(name: String, document: AASADocument)] {
        try RealWorldFiles.all().compactMap { file in
            (try? AASADocument.parse(file.bytes)).map { (file.name, $0.document) }
        }
    }

    /// The rewrite: every rule's defaults hoisted into it (C5) and the `defaults` removed, legacy
    /// `paths` written as components (D6), then written out pretty-printed with the serializer's key
    /// order and read back (so the reference reads the new JSON itself).
    static func rewrite(_ document: AASADocument) throws -> AASADocument {
        var out = document
        out.defaults = ComponentFields()
        for e in out.entries.indices {
            let entryDefaults = document.entries[e].defaults
            out.entries[e].defaults = ComponentFields()
            for r in out.entries[e].rules.indices {
                let f = document.entries[e].rules[r].fields, d = document.defaults
                out.entries[e].rules[r].fields = ComponentFields(
                    path: f.path ?? entryDefaults.path ?? d.path, query: f.query ?? entryDefaults.query ?? d.query,
                    fragment: f.fragment ?? entryDefaults.fragment ?? d.fragment,
                    exclude: f.exclude ?? entryDefaults.exclude ?? d.exclude ?? false,
                    caseSensitive: f.caseSensitive ?? entryDefaults.caseSensitive ?? d.caseSensitive ?? true,
                    percentEncoded: f.percentEncoded ?? entryDefaults.percentEncoded ?? d.percentEncoded ?? true,
                    comment: f.comment)
                out.entries[e].rules[r].legacyPath = nil
            }
        }
        return try AASADocument.parse(json: DocumentSerializer.json(out).serialized(pretty: true)).document
    }

    /// The edit: a rule `/linkmatch-diff-edit/*` put first in the first entry of the first app,
    /// `exclude` when OLD does not already exclude its URL (decided here with the reference engine).
    static func edit(_ document: AASADocument) throws -> (edited: AASADocument, app: String, url: String)? {
        guard let app = document.appIDs.first, let e = document.entries.firstIndex(where: { $0.appIDs.contains(app) }) else { return nil }
        let url = "https://example.com/linkmatch-diff-edit/x"
        let before = ReferenceEngine().prepare(document).decide(try ParsedURL(url), appID: app, domain: "").outcome
        var out = document
        let rule = DocumentRule(fields: ComponentFields(path: "/linkmatch-diff-edit/*", exclude: before != .exclude), sourcePath: "")
        out.entries[e].rules.insert(rule, at: 0)
        for r in out.entries[e].rules.indices { out.entries[e].rules[r].legacyPath = nil }
        return (try AASADocument.parse(json: DocumentSerializer.json(out).serialized()).document, app, url)
    }

    func testEachFileAgainstItsRewriteIsProvedUnchanged() throws {
        let files = try parsedFiles()
        XCTAssertGreaterThanOrEqual(files.count, 29)
        let index = try RealWorldFiles.index()
        for (name, document) in files {
            let rewritten = try Self.rewrite(document)
            // The rewrite really keeps the meaning: INDEX.md's sample URLs decide alike (reference engine).
            let o = ReferenceEngine().prepare(document), n = ReferenceEngine().prepare(rewritten)
            for text in RealWorldFiles.sampleURLs(in: index, file: name) {
                guard let url = try? ParsedURL(text) else { continue }
                for app in document.appIDs {
                    XCTAssertEqual(o.decide(url, appID: app, domain: "").outcome, n.decide(url, appID: app, domain: "").outcome, "\(name) \(text)")
                }
            }
            let report = DocumentDiff.compare(old: .document(document), new: .document(rewritten))
            XCTAssertFalse(report.hasChanges, name)
            XCTAssertEqual(report.apps.map(\.appID), document.appIDs, name)
            for app in report.apps {
                guard case .provedSame = app.verdict else { XCTFail("\(name) \(app.appID): \(app.verdict)"); continue }
            }
        }
    }

    func testEachFileWithAOneRuleEditShowsTheChangeAndAWitness() throws {
        var edited = 0
        for (name, document) in try parsedFiles() {
            guard let (new, app, url) = try Self.edit(document) else { continue }
            edited += 1
            let report = DocumentDiff.compare(old: .document(document), new: .document(new), options: DiffOptions(apps: [app]))
            XCTAssertTrue(report.hasChanges, name)
            let changes = report.apps.first?.changes ?? []
            let mine = changes.filter { $0.newRule?.summary.contains("linkmatch-diff-edit") == true }
            XCTAssertFalse(mine.isEmpty, "\(name): \(changes.map(\.cause))")
            XCTAssertTrue(mine.allSatisfy { [.ruleAdded, .ruleShadowed].contains($0.cause) }, "\(name): \(mine.map(\.cause))")
            let o = ReferenceEngine().prepare(document), n = ReferenceEngine().prepare(new)
            for w in changes.flatMap(\.witnesses) {
                let parsed = try ParsedURL(w.url)
                XCTAssertNotEqual(o.decide(parsed, appID: app, domain: "").outcome, n.decide(parsed, appID: app, domain: "").outcome, "\(name) \(w.url)")
            }
            // The edit's own URL changes, so the witnesses are not all elsewhere.
            let p = try ParsedURL(url)
            XCTAssertNotEqual(o.decide(p, appID: app, domain: "").outcome, n.decide(p, appID: app, domain: "").outcome, name)
        }
        XCTAssertGreaterThanOrEqual(edited, 28)
    }
}
