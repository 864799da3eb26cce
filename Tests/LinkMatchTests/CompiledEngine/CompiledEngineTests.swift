import Foundation
import XCTest
import LinkMatch
@testable import LinkMatchCompiled
import LinkMatchTestData

/// Whole decisions (outcome, reason, deciding rule, flags, part traces) of the compiled engine
/// against the reference engine: the conformance corpus and the real-world files.
final class CompiledEngineTests: XCTestCase {
    /// The reference with a budget large enough that it never answers `undecided` here.
    static let reference = ReferenceEngine(budget: 100_000_000)

    func testEngineName() {
        XCTAssertEqual(CompiledEngine().name, "compiled")
    }

    func testConformanceCorpusDecisionsEqualReference() throws {
        let cases = try MatchCase.conformance()
        XCTAssertEqual(cases.count, 140)
        var failures: [String] = []
        for c in cases {
            let document = try AASADocument.parse(Array(c.aasa.serialized().utf8)).document
            let url = try ParsedURL(c.url)
            let expected = Self.reference.prepare(document).decide(url, appID: c.appID, domain: c.domain)
            let got = CompiledEngine().prepare(document).decide(url, appID: c.appID, domain: c.domain)
            if got != expected { failures.append("\(c.name): reference \(expected) \(String(describing: expected.rule)), compiled \(got) \(String(describing: got.rule))") }
            if got.outcome.rawValue != c.expect { failures.append("\(c.name): expected \(c.expect), compiled \(got)") }
        }
        XCTAssertEqual(failures, [])
    }

    func testRealWorldFilesDecisionsEqualReference() throws {
        let files = try RealWorldFiles.all()
        XCTAssertEqual(files.count, 30)
        let sampleURLs = RealWorldFiles.allSampleURLs(in: try RealWorldFiles.index())
        XCTAssertGreaterThan(sampleURLs.count, 60)
        var parsedFiles = 0
        var decisions = 0
        var outcomes: [Decision.Outcome: Int] = [:]
        var failures: [String] = []
        for (file, bytes) in files {
            guard let document = try? AASADocument.parse(bytes).document else { continue } // the trailing-comma file
            parsedFiles += 1
            let reference = Self.reference.prepare(document)
            let compiled = CompiledEngine().prepare(document)
            // Sample URLs: with the first, second and last app, an unlisted one, and three domains.
            // URLs built from an entry's rules: with that entry's first app. This keeps the
            // reference's (slow) share of the run short while every rule is reached.
            let listed = document.appIDs
            let apps = Array(Set(listed.prefix(2) + listed.suffix(1))).sorted() + ["ABCDE12345.not.listed"]
            var runs: [(url: String, app: String, domain: String)] = []
            for url in sampleURLs {
                for app in apps { runs += ["", "<HOST>", "other.example"].map { (url, app, $0) } }
            }
            runs += CompiledRealWorld.urls(exercising: document).map { ($0.url, $0.app, "") }
            for run in runs {
                guard let url = try? ParsedURL(run.url) else { continue }
                let domain = run.domain == "<HOST>" ? url.host.uppercased() : run.domain // U3: case-insensitive
                let expected = reference.decide(url, appID: run.app, domain: domain)
                let got = compiled.decide(url, appID: run.app, domain: domain)
                decisions += 1
                outcomes[got.outcome, default: 0] += 1
                if got != expected, failures.count < 20 {
                    failures.append("\(file) \(run): reference \(expected) \(String(describing: expected.rule)), compiled \(got) \(String(describing: got.rule))")
                }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(parsedFiles, 29, "every file but the trailing-comma one parses")
        XCTAssertGreaterThan(decisions, 5_000)
        XCTAssertGreaterThan(outcomes[.match, default: 0], 500, "\(outcomes)")
        XCTAssertGreaterThan(outcomes[.exclude, default: 0], 500, "\(outcomes)")
        XCTAssertGreaterThan(outcomes[.noMatch, default: 0], 500, "\(outcomes)")
        print("real-world agreement: \(decisions) decisions \(outcomes)")
    }

    /// Rules evaluated out of their literal-prefix order must still respect C3: an earlier rule
    /// with a wildcard start beats a later, more specific one, in every text form.
    func testIndexKeepsRuleOrderAcrossTextForms() throws {
        let json = """
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.a"], "components": [
            {"/": "/shop/special", "exclude": true, "caseSensitive": false},
            {"/": "*/special", "percentEncoded": false},
            {"/": "/shop/*"},
            {"/": "/SHOP/x", "caseSensitive": false, "percentEncoded": false}
          ]},
          {"appIDs": ["ABCDE12345.a"], "components": [{"/": "/shop/x"}]}
        ]}}
        """
        let document = try AASADocument.parse(json: json).document
        let compiled = CompiledEngine().prepare(document)
        let expectations: [(String, Decision.Outcome, Int?, Int?)] = [
            ("https://e.com/SHOP/Special", .exclude, 0, 0),
            ("https://e.com/a/special", .match, 0, 1),
            ("https://e.com/shop/%73pecial", .match, 0, 1),
            ("https://e.com/shop/x", .match, 0, 2),
            ("https://e.com/Shop/X", .match, 0, 3),
            ("https://e.com/other", .noMatch, nil, nil),
        ]
        for (text, outcome, entry, rule) in expectations {
            let url = try ParsedURL(text)
            let got = compiled.decide(url, appID: "ABCDE12345.a", domain: "")
            XCTAssertEqual(got.outcome, outcome, text)
            XCTAssertEqual(got.rule?.entryIndex, entry, text)
            XCTAssertEqual(got.rule?.ruleIndex, rule, text)
            XCTAssertEqual(got, Self.reference.prepare(document).decide(url, appID: "ABCDE12345.a", domain: ""), text)
        }
    }

    /// A trace lists every part in order with the texts as compared (decoded when
    /// percentEncoded is false, one entry per repeated item, `[""]` when absent).
    func testTraceOfQueryItemsAndDecodedParts() throws {
        let json = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [
          {"/": "/a*", "?": {"k": "*", "missing": "", "Q": "?*"}, "#": "*", "percentEncoded": false, "caseSensitive": false}
        ]}]}}
        """
        let document = try AASADocument.parse(json: json).document
        let url = try ParsedURL("https://e.com/a%20b?k=1&q=x%41&k=%C3%A9&q=2#fr%61g")
        let got = CompiledEngine().prepare(document).decide(url, appID: "ABCDE12345.a", domain: "")
        XCTAssertEqual(got.outcome, .match)
        XCTAssertEqual(got.rule?.parts, [
            PartTrace(part: .path, pattern: "/a*", texts: ["/a b"], verdict: .matched),
            PartTrace(part: .queryItem("k"), pattern: "*", texts: ["1", "é"], verdict: .matched),
            PartTrace(part: .queryItem("missing"), pattern: "", texts: [""], verdict: .matched),
            PartTrace(part: .queryItem("Q"), pattern: "?*", texts: ["xA", "2"], verdict: .matched),
            PartTrace(part: .fragment, pattern: "*", texts: ["frag"], verdict: .matched),
        ])
        XCTAssertEqual(got, Self.reference.prepare(document).decide(url, appID: "ABCDE12345.a", domain: ""))
    }

    /// The byte splitter the compiled engine uses must equal U5's `ParsedURL.queryItems`.
    func testQueryItemSplitterEqualsParsedURLQueryItems() {
        let pieces = ["a", "=", "&", "b", "%3D", "", "é", "\r\n", "=="]
        var queries: [String] = [""]
        for a in pieces { for b in pieces { for c in pieces { queries.append(a + b + c) } } }
        for q in queries {
            let expected = ParsedURL.queryItems(q).map { [String($0.name), String($0.value)] }
            let got = QueryItemSplitter.items(q).map { [String($0.name), String($0.value)] }
            XCTAssertEqual(got, expected, q.debugDescription)
        }
    }

    func testInvalidPatternsNeverMatchAndOtherRulesStillDo() throws {
        let json = """
        {"applinks": {"substitutionVariables": {"none": []}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [
          {"/": "/a/$(oops"}, {"/": "/a/*", "#": "$(undefined)"}, {"/": "/a/$(none)"}, {"/": "/a/*", "exclude": true}
        ]}]}}
        """
        let document = try AASADocument.parse(json: json).document
        let compiled = CompiledEngine().prepare(document)
        let got = compiled.decide(try ParsedURL("https://e.com/a/$(oops"), appID: "ABCDE12345.a", domain: "")
        XCTAssertEqual(got.outcome, .exclude)
        XCTAssertEqual(got.rule?.ruleIndex, 3)
        XCTAssertEqual(compiled.decide(try ParsedURL("https://e.com/b"), appID: "ABCDE12345.a", domain: ""), .noMatch(.noRuleMatched))
        XCTAssertEqual(compiled.decide(try ParsedURL("https://e.com/b"), appID: "ABCDE12345.b", domain: ""), .noMatch(.appNotListed))
        XCTAssertEqual(compiled.decide(try ParsedURL("http://e.com/a/x"), appID: "ABCDE12345.a", domain: ""), .noMatch(.scheme))
        XCTAssertEqual(compiled.decide(try ParsedURL("HTTPS://E.com/a/x"), appID: "ABCDE12345.a", domain: "e.COM").outcome, .exclude)
        XCTAssertEqual(compiled.decide(try ParsedURL("https://f.com/a/x"), appID: "ABCDE12345.a", domain: "e.com"), .noMatch(.host))
    }
}

/// Rule-built URLs for the real-world AASA files.
enum CompiledRealWorld {
    /// URLs built from each rule: wildcards filled in two ways, variables with their first and
    /// last value, upper-cased, with a trailing slash and without the fragment.
    static func urls(exercising document: AASADocument) -> [(url: String, app: String)] {
        var out: [(url: String, app: String)] = []
        var seen = Set<String>()
        for (e, entry) in document.entries.enumerated() {
            guard let app = entry.appIDs.first else { continue }
            for (r, source) in entry.rules.enumerated() {
                let rule = EffectiveRule(rule: source, entryIndex: e, ruleIndex: r,
                                         entryDefaults: entry.defaults, domainDefaults: document.defaults)
                for fill in [Fill(star: "", any: "q", last: false), Fill(star: "x/y", any: "Z", last: true)] {
                    let path = fill.instance(rule.path ?? "/*", document.variables)
                    var query = ""
                    switch rule.query {
                    case .whole(let p)?: query = "?" + fill.instance(p, document.variables)
                    case .items(let items)?: query = "?" + items.map { $0.name + "=" + fill.instance($0.pattern, document.variables) }.joined(separator: "&")
                    case nil: break
                    }
                    let fragment = rule.fragment.map { "#" + fill.instance($0, document.variables) } ?? ""
                    let base = "https://example.com" + (path.hasPrefix("/") ? "" : "/") + path
                    for url in [base + query + fragment, base.uppercased() + query + fragment, base + "/" + query]
                    where seen.insert(url).inserted {
                        out.append((url, app))
                    }
                }
            }
        }
        return out
    }

    struct Fill {
        var star: String
        var any: String
        var last: Bool

        func instance(_ pattern: String, _ variables: VariableTable) -> String {
            guard let parsed = try? PatternParser.parse(pattern) else { return pattern }
            var out = ""
            for element in parsed.elements {
                switch element {
                case .literal(let c): out.unicodeScalars.append(c)
                case .anyOne: out += any
                case .anyMany: out += star
                case .variable(let name):
                    let values = variables.values(of: name) ?? []
                    if let value = last ? values.last : values.first { out += instance(value, VariableTable()) }
                }
            }
            return out
        }
    }
}
