import XCTest
import LinkMatch
import LinkMatchRandom
import LinkMatchTestData

/// The lints claim facts about matching; the reference engine checks them on many URLs. A rule
/// reported `unreachable-rule` must never decide any URL, and a `catch-all` rule must match every
/// URL, and a rule reported as never matching (`unmatchable-character` and the other errors about
/// its patterns) must match no URL. (Soundness only: the lints are conservative, so a missed finding is not a failure here.)
final class LintSoundnessTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    /// Pools the random documents and URLs are drawn from: overlapping prefixes, N2/N3 shapes, case
    /// variants, escapes, query items and fragments, so coverage questions are close calls.
    let paths = ["*", "/*", "/a/*", "/a", "/a/", "/a/b", "/a/b/*", "/a*", "/A/*", "/a/?", "/a/*/c", "/a/b/c",
                 "/ab", "/a%20b/*", "/a b", "NOT /a/*", "/a#b", "?*", "", "/", "/$(v)/*", "/x/$(v)", "/*/b", "/a/**"]
    let queries: [String?] = [nil, "*", "", "k=1", "?*", #"{"k": "1"}"#, #"{"k": "*"}"#, #"{"k": "?"}"#,
                              #"{"k": "1", "j": "?*"}"#, #"{"j": "?*"}"#, #"{"K": "1"}"#]
    let fragments: [String?] = [nil, "*", "", "f", "?*", "F"]
    let urlPaths = ["", "/", "/a", "/a/", "/A", "/a/b", "/a/b/", "/A/B", "/a/b/c", "/a/x/c", "/a/c", "/ab", "/abc",
                    "/a%20b", "/a%20b/c", "/x/en", "/en/z", "/b", "//a//b//", "/a/bb", "/z/b"]
    let urlQueries: [String?] = [nil, "", "k=1", "k=2", "K=1", "k=1&j=2", "j=x", "k=", "k", "k=1&k=2"]
    let urlFragments: [String?] = [nil, "", "f", "F", "ff"]

    func randomComponent(_ rng: inout SplitMix64) -> String {
        var keys: [String] = []
        if !rng.chance(5) { keys.append(#""/": \#(JSONValue.string(rng.pick(paths)).serialized())"#) }
        if let q = rng.pick(queries) { keys.append(#""?": \#(q.hasPrefix("{") ? q : JSONValue.string(q).serialized())"#) }
        if let f = rng.pick(fragments) { keys.append(##""#": \##(JSONValue.string(f).serialized())"##) }
        if rng.chance(4) { keys.append(#""exclude": true"#) }
        if rng.chance(4) { keys.append(#""caseSensitive": false"#) }
        if rng.chance(5) { keys.append(#""percentEncoded": false"#) }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    lazy var urls: [ParsedURL] = {
        var out: [ParsedURL] = []
        for p in urlPaths {
            for q in urlQueries {
                for f in urlFragments {
                    let text = "https://example.com" + p + (q.map { "?" + $0 } ?? "") + (f.map { "#" + $0 } ?? "")
                    if let url = try? ParsedURL(text) { out.append(url) }
                }
            }
        }
        return out
    }()

    func testFindingsHoldOnRandomDocuments() throws {
        var rng = SplitMix64(seed: 0x11A7_5EED)
        var reported = (unreachable: 0, catchAll: 0, neverMatches: 0)
        for _ in 0..<500 {
            let count = 2 + Int(rng.next() % 4)
            let components = (0..<count).map { _ in randomComponent(&rng) }.joined(separator: ", ")
            let doc = #"{"applinks": {"substitutionVariables": {"v": ["en", "x*"]}, "details": [{"appIDs": ["\#(app)"], "components": [\#(components)]}]}}"#
            let parsed = try AASADocument.parse(json: doc)
            let findings = Lints.findings(parsed.document)
            let prepared = ReferenceEngine().prepare(parsed.document)
            let rules = parsed.document.effectiveRules(for: app)
            for finding in findings {
                switch finding.code {
                case "unreachable-rule":
                    reported.unreachable += 1
                    for url in urls {
                        let decision = prepared.decide(url, appID: app, domain: "")
                        XCTAssertNotEqual(decision.rule?.sourcePath, finding.path, "\(doc)\nreported unreachable, but decides \(url)")
                    }
                case "catch-all":
                    reported.catchAll += 1
                    guard let rule = rules.first(where: { $0.sourcePath == finding.path }) else { XCTFail("no rule \(finding.path)"); continue }
                    for url in urls {
                        let parts = RuleProbe.parts(of: rule, url: url, variables: parsed.document.variables)
                        XCTAssertTrue(parts.allSatisfy { $0.verdict == .matched }, "\(doc)\ncatch-all \(finding.path) does not match \(url)")
                    }
                case "not-in-component", "fragment-in-path", "unmatchable-character", "query-in-path":
                    // An error says "can never match": no URL of the pools gets every part matched.
                    guard finding.severity == .error else { continue }
                    reported.neverMatches += 1
                    guard let rule = rules.first(where: { finding.path.hasPrefix($0.sourcePath + "[") }) else { XCTFail("no rule \(finding.path)"); continue }
                    for url in urls {
                        let parts = RuleProbe.parts(of: rule, url: url, variables: parsed.document.variables)
                        XCTAssertFalse(parts.allSatisfy { $0.verdict == .matched }, "\(doc)\n\(finding.code) \(finding.path), but it matches \(url)")
                    }
                default:
                    XCTFail("unexpected lint \(finding)")
                }
            }
        }
        // The pools are built so that both lints fire often; if they stop firing this test says nothing.
        XCTAssertGreaterThan(reported.unreachable, 50)
        XCTAssertGreaterThan(reported.catchAll, 20)
        XCTAssertGreaterThan(reported.neverMatches, 50)
        print("LintSoundnessTests: \(reported.unreachable) unreachable-rule, \(reported.catchAll) catch-all and \(reported.neverMatches) never-matching findings checked on \(urls.count) URLs each")
    }

    /// The same property on every real-world file, with URLs made from each file's own patterns.
    func testRealWorldUnreachableRulesNeverDecide() throws {
        var checked = 0
        for (name, bytes) in try RealWorldFiles.all() {
            guard let parsed = try? AASADocument.parse(bytes) else { continue }
            let unreachable = Lints.findings(parsed.document).filter { $0.code == "unreachable-rule" }
            guard !unreachable.isEmpty else { continue }
            // URLs: each rule's path with `*` and `?` filled in a few ways.
            var samples: [ParsedURL] = []
            for entry in parsed.document.entries {
                for rule in entry.rules {
                    guard let path = rule.fields.path else { continue }
                    for fill in ["", "x", "x/y"] {
                        let p = path.replacingOccurrences(of: "*", with: fill).replacingOccurrences(of: "?", with: "q")
                        for suffix in ["", "/", "#f"] {
                            if let url = try? ParsedURL("https://example.com" + (p.hasPrefix("/") ? "" : "/") + p + suffix) { samples.append(url) }
                        }
                    }
                }
            }
            let prepared = ReferenceEngine().prepare(parsed.document)
            // Only the apps of the entries that hold a finding can be decided by it.
            let apps = parsed.document.entries.filter { entry in unreachable.contains { $0.path.hasPrefix(entry.sourcePath + ".") } }
                .flatMap(\.appIDs)
            for app in apps {
                for url in samples {
                    let decided = prepared.decide(url, appID: app, domain: "").rule?.sourcePath
                    for finding in unreachable { XCTAssertNotEqual(decided, finding.path, "\(name): \(url) for \(app)") }
                }
            }
            checked += unreachable.count
        }
        XCTAssertGreaterThan(checked, 5)
    }
}
