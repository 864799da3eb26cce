import XCTest
import LinkMatch
@testable import LinkMatchTooling
import LinkMatchRandom
import LinkMatchTestData

/// `unreachable-rule` finds the covering rule through `CoverCandidates` instead of trying every
/// earlier rule. The index must never leave out a rule that covers: on random documents its
/// findings equal those of the plain pairwise scan (kept here as the oracle), rule for rule, with
/// the same earlier rule named.
final class UnreachableRuleIndexTests: XCTestCase {
    let apps = ["ABCDE12345.com.example.one", "ABCDE12345.com.example.two"]
    let paths = ["*", "/*", "/a/*", "/a", "/a/", "/a/b", "/a/b/*", "/a*", "/A/*", "/a/?", "/a/*/c", "/a/b/c", "*/c",
                 "*/b/c", "*b*", "*/A/b/C", "/ab", "?*", "", "/", "/$(v)/*", "/x/$(v)", "/*/b", "/a/**", "*/en/b",
                 "$(v)", "?/b", "??", "*a", "*/x/en", "/x/en", "*x*en*", "/É/*", "/é/b",
                 "*/*", "?/*", "$(v)/*", "*a/*", "/en", "/x", "/enx", "/a/en"]
    let queries: [String?] = [nil, nil, nil, "*", "k=1", #"{"k": "1"}"#, #"{"k": "*"}"#]
    let fragments: [String?] = [nil, nil, nil, "*", "f"]

    func component(_ rng: inout SplitMix64) -> String {
        var keys: [String] = []
        if !rng.chance(8) { keys.append(#""/": \#(JSONValue.string(rng.pick(paths)).serialized())"#) }
        if let q = rng.pick(queries) { keys.append(#""?": \#(q.hasPrefix("{") ? q : JSONValue.string(q).serialized())"#) }
        if let f = rng.pick(fragments) { keys.append(##""#": \##(JSONValue.string(f).serialized())"##) }
        if rng.chance(5) { keys.append(#""exclude": true"#) }
        if rng.chance(3) { keys.append(#""caseSensitive": false"#) }
        if rng.chance(6) { keys.append(#""percentEncoded": false"#) }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    /// The findings of the scan the lint did before the index: every earlier rule, in order; for an
    /// exclusion, the first earlier match that covers it if there is one (that one makes it an error).
    func pairwise(_ document: AASADocument) -> [String: [String: String]] {
        let coverage = RuleCoverage(variables: document.variables)
        var coveredBy: [String: [String: String]] = [:]
        for app in document.appIDs {
            let shapes = document.effectiveRules(for: app).map { RuleShape($0, variables: document.variables) }
            for j in shapes.indices where shapes[j].isValid {
                let covering = (0..<j).filter { coverage.covers(shapes[$0], shapes[j]) }
                let match = shapes[j].rule.exclude ? covering.first { !shapes[$0].rule.exclude } : nil
                if let i = match ?? covering.first {
                    coveredBy[shapes[j].rule.sourcePath, default: [:]][app] = shapes[i].rule.sourcePath
                }
            }
        }
        return coveredBy
    }

    func testIndexFindsWhatThePairwiseScanFinds() throws {
        var rng = SplitMix64(seed: 0xC0FE_1D3A)
        var compared = 0
        for _ in 0..<300 {
            var entries: [String] = []
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let names = rng.chance(2) ? apps : [rng.pick(apps)]
                let rules = (0..<(2 + Int(rng.next() % 10))).map { _ in component(&rng) }.joined(separator: ", ")
                entries.append(#"{"appIDs": \#(JSONValue.array(names.map { .string($0) }).serialized()), "components": [\#(rules)]}"#)
            }
            let doc = #"{"applinks": {"substitutionVariables": {"v": ["en", "x*"]}, "details": [\#(entries.joined(separator: ", "))]}}"#
            let parsed = try AASADocument.parse(json: doc)
            let expected = pairwise(parsed.document)
            var expectedFindings: [String] = []
            for entry in parsed.document.entries where !entry.appIDs.isEmpty {
                for rule in entry.rules where entry.appIDs.allSatisfy({ expected[rule.sourcePath]?[$0] != nil }) {
                    expectedFindings.append(rule.sourcePath)
                }
            }
            let found = UnreachableRuleLint.findings(parsed.document)
            XCTAssertEqual(found.map(\.path), expectedFindings, doc)
            // The message names the same earlier rule(s) as the scan would.
            for finding in found {
                for earlier in Set(expected[finding.path]?.values.map { $0 } ?? []) {
                    XCTAssertTrue(finding.message.contains(earlier), "\(doc)\n\(finding.message) does not name \(earlier)")
                }
            }
            compared += expectedFindings.count
        }
        XCTAssertGreaterThan(compared, 200, "the pools must make rules cover each other often")
    }

    /// A file built to defeat the indexes (literal rules after rules with no literal at all: each
    /// literal rule is compared with every one of them) ends the lint with a `lint-budget` diagnostic
    /// naming the rules left out, not a long run.
    func testSpentBudgetIsSaid() throws {
        // 40 rules `?`, `??`, … (no literal), then 20 literal rules of 50 characters that none of them matches.
        let wild = (1...40).map { #"{"/": "/\#(String(repeating: "?", count: $0))"}"# }
        let literal = (0..<20).map { i in #"{"/": "/\#(String(repeating: "a", count: 49))\#(Character(Unicode.Scalar(0x61 + i)!))"}"# }
        let doc = #"{"applinks": {"details": [{"appIDs": ["\#(apps[0])"], "components": [\#((wild + literal).joined(separator: ", "))]}]}}"#
        let parsed = try AASADocument.parse(json: doc)
        XCTAssertEqual(UnreachableRuleLint.findings(parsed.document).filter { $0.code == "lint-budget" }, [])
        let said = UnreachableRuleLint.findings(parsed.document, budget: 100).filter { $0.code == "lint-budget" }
        XCTAssertEqual(said.count, 1)
        XCTAssertEqual(said.first?.severity, .info)
        // A literal rule costs 80 (40 candidates listed, 40 compared): 100 cover the first one; the
        // second (components[41]) cannot list its candidates, and every later one is left out too.
        XCTAssertTrue(said.first?.message.hasPrefix("unreachable-rule: 19 rules were not compared") ?? false, "\(said)")
        XCTAssertTrue(said.first?.message.contains("applinks.details[0].components[41], applinks.details[0].components[42]") ?? false, "\(said)")
    }
}

extension UnreachableRuleIndexTests {
    /// Thousands of identical rules: every one is a candidate for every later one. Listing them is
    /// work too, so the budget ends the lint early instead of listing 4.5 million candidates.
    func testListingCandidatesSpendsTheBudget() throws {
        let rules = Array(repeating: #"{"/": "?"}"#, count: 3_000).joined(separator: ",")
        let doc = #"{"applinks": {"details": [{"appIDs": ["\#(apps[0])"], "components": [\#(rules)]}]}}"#
        let parsed = try AASADocument.parse(json: doc)
        let found = UnreachableRuleLint.findings(parsed.document, budget: 1_000)
        // Rule j lists j candidates and compares one (the first covers it): rules 1-43 cost 989.
        XCTAssertEqual(found.filter { $0.code == "unreachable-rule" }.count, 43)
        let said = found.filter { $0.code == "lint-budget" }
        XCTAssertEqual(said.count, 1)
        XCTAssertTrue(said.first?.message.hasPrefix("unreachable-rule: 2956 rules were not compared with every earlier rule (a work budget of 1000 spent): applinks.details[0].components[44],") ?? false, "\(said)")
    }
}

/// Files far over what Apple serves get their parser diagnostics and a `lint-skipped` info, not
/// seconds of whole-document lints.
final class LintSizeCapTests: XCTestCase {
    func testFilesOverTheCapAreNotLinted() throws {
        func document(rules: Int) -> [UInt8] {
            let components = (0..<rules).map { #"{"/": "*/s\#($0)"}"# }.joined(separator: ",")
            return Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components)]}]}}"#.utf8)
        }
        let small = try AASADocument.parse(document(rules: 3))
        XCTAssertEqual(Lints.run(small).map(\.code), ["open-point", "open-point", "open-point"])
        let large = try AASADocument.parse(document(rules: 70_000))
        XCTAssertGreaterThan(large.byteCount, Lints.lintedByteLimit)
        let found = Lints.run(large)
        XCTAssertEqual(found.map(\.code), ["over-apple-size-limit", "lint-skipped"])
        XCTAssertEqual(found.last?.message,
                       "the file is \(large.byteCount) bytes, over the 1048576 bytes the whole-document lints read (Apple serves at most 131072): catch-all, unreachable-rule and open-point were not run")
    }
}
