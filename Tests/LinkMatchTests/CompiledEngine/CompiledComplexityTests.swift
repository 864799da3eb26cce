import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// The compiled engine's work (unit comparisons, state-set words, edges, epsilon moves) stays
/// under a fixed constant x |text| x |pattern| on adversarial families, for several sizes: no
/// backtracking blow-up can hide behind a fast machine. |pattern| counts the pattern's scalars
/// plus, for each variable occurrence, the scalars of all its values (the automaton's size).
final class CompiledComplexityTests: XCTestCase {
    /// Per text unit the automaton does at most one shift per 64 states, one check per edge and
    /// one move per epsilon edge plus one per active epsilon source: under 4 x states, and states
    /// <= |pattern| + 1. The fast paths do about one comparison per unit.
    static let bound = 4

    struct Family {
        var name: String
        var pattern: (Int) -> String
        var text: (Int) -> String
        var variables = VariableTable()
        var kind = PartRequest.Kind.plain
    }

    static func size(of pattern: String, _ variables: VariableTable) -> Int {
        guard let parsed = try? PatternParser.parse(pattern) else { return pattern.unicodeScalars.count }
        var n = 0
        for element in parsed.elements {
            if case .variable(let name) = element {
                n += (variables.values(of: name) ?? []).reduce(1) { $0 + $1.unicodeScalars.count }
            } else {
                n += 1
            }
        }
        return n
    }

    func check(_ family: Family, sizes: [Int], texts: [Int], expect: PartVerdict? = nil,
               file: StaticString = #filePath, line: UInt = #line) {
        for k in sizes {
            var previous: (n: Int, work: Int)?
            for n in texts {
                let pattern = family.pattern(k)
                let text = family.text(n)
                let request = PartRequest(pattern: pattern, kind: family.kind, text: text, variables: family.variables)
                let (verdict, work) = CompiledEngine.matchPartCountingWork(request)
                let limit = Self.bound * (text.unicodeScalars.count + 1) * (Self.size(of: pattern, family.variables) + 1)
                XCTAssertLessThanOrEqual(work, limit, "\(family.name) k=\(k) n=\(n)", file: file, line: line)
                if let expect { XCTAssertEqual(verdict, expect, "\(family.name) k=\(k) n=\(n)", file: file, line: line) }
                // Linear in the text once past the warm-up (values up to 64 units long): between
                // the two largest texts the work grows no faster than the text.
                if let previous, previous.work > 0, n == texts.last {
                    XCTAssertLessThanOrEqual(work, 12 * previous.work * n / (10 * previous.n) + 64,
                                             "\(family.name) k=\(k): work grows faster than the text", file: file, line: line)
                }
                previous = (n, work)
            }
        }
    }

    func testStarsThenMismatchOnLongRuns() {
        // `*a` repeated k times then `b`, against runs of `a`: exponential for a naive backtracker.
        let family = Family(name: "*a^k b", pattern: { String(repeating: "*a", count: $0) + "b" },
                            text: { String(repeating: "a", count: $0) })
        check(family, sizes: [1, 8, 32, 128], texts: [100, 1_000, 10_000], expect: .notMatched)
        let matching = Family(name: "*a^k b (match)", pattern: { String(repeating: "*a", count: $0) + "*b" },
                              text: { String(repeating: "a", count: $0) + "b" })
        check(matching, sizes: [1, 8, 32, 128], texts: [200, 2_000, 20_000], expect: .matched)
        // A trailing star leaves no suffix to reject early: every middle segment is searched.
        let open = Family(name: "*a^k b*", pattern: { String(repeating: "*a", count: $0) + "*b*" },
                          text: { String(repeating: "a", count: $0) })
        check(open, sizes: [1, 8, 32, 128], texts: [200, 2_000, 20_000], expect: .notMatched)
        // One long segment that almost matches everywhere: the worst case of the segment search.
        let segment = Family(name: "*a^k b*", pattern: { "*" + String(repeating: "a", count: $0) + "b*" },
                             text: { String(repeating: "a", count: $0) })
        check(segment, sizes: [1, 8, 32, 128], texts: [200, 2_000, 20_000], expect: .notMatched)
    }

    func testSameFamilyThroughTheAutomaton() {
        // A variable in front forces the automaton; the stars and literals then run as NFA states.
        let one = VariableTable(custom: [(name: "one", values: ["a"])])
        let family = Family(name: "$(one)*a^k b", pattern: { "$(one)" + String(repeating: "*a", count: $0) + "b" },
                            text: { String(repeating: "a", count: $0) }, variables: one)
        check(family, sizes: [1, 8, 32, 128], texts: [100, 1_000, 10_000], expect: .notMatched)
    }

    func testNestedAnyOneStar() {
        let family = Family(name: "(?*)^k x", pattern: { String(repeating: "?*", count: $0) + "x" },
                            text: { String(repeating: "a", count: $0) })
        check(family, sizes: [1, 8, 64], texts: [100, 1_000, 10_000], expect: .notMatched)
        let mixed = Family(name: "(*?)^k ?a", pattern: { String(repeating: "*?", count: $0) + "?a" },
                           text: { String(repeating: "ab", count: $0 / 2) }, kind: .path)
        check(mixed, sizes: [1, 8, 64], texts: [100, 1_000, 10_000], expect: .notMatched)
    }

    func testVariablesWhoseValuesArePrefixesOfEachOther() {
        for m in [4, 16, 64] {
            let values = (1...m).map { String(repeating: "a", count: $0) } + ["a*"]
            let table = VariableTable(custom: [(name: "p", values: values)])
            let family = Family(name: "$(p)^k b (m=\(m))", pattern: { String(repeating: "$(p)", count: $0) + "b" },
                                text: { String(repeating: "a", count: $0) }, variables: table)
            check(family, sizes: [1, 4, 16], texts: [100, 1_000, 5_000], expect: .notMatched)
        }
    }

    func testTenThousandCharacterURLThroughADocument() throws {
        let values = (1...32).map { String(repeating: "a", count: $0) } + ["a*", "?*a"]
        let patterns = [String(repeating: "*a", count: 40) + "b", "/$(p)$(p)*$(p)/x", String(repeating: "?*", count: 20) + "/z",
                        "/a*", "*a/b"]
        var document = AASADocument(variables: VariableTable(custom: [(name: "p", values: values)]))
        document.entries = [DetailEntry(appIDs: ["ABCDE12345.app"],
                                        rules: patterns.enumerated().map { DocumentRule(fields: ComponentFields(path: $1, fragment: "*a*a*a*b"),
                                                                                sourcePath: "r\($0)") },
                                        sourcePath: "e")]
        let compiled = CompiledDocument(document)
        let patternSize = patterns.reduce(0) { $0 + Self.size(of: $1, document.variables) } + 4 * patterns.count
        var previous: (n: Int, work: Int)?
        for n in [1_000, 10_000] {
            let url = try ParsedURL("https://e.com/" + String(repeating: "a", count: n) + "#" + String(repeating: "a", count: 50))
            let (decision, work) = compiled.decideCountingWork(url, appID: "ABCDE12345.app", domain: "")
            XCTAssertEqual(decision, .noMatch(.noRuleMatched))
            XCTAssertLessThanOrEqual(work, Self.bound * (url.text.count + 1) * (patternSize + 1))
            if let previous { XCTAssertLessThanOrEqual(work, 12 * previous.work * n / (10 * previous.n)) }
            previous = (n, work)
        }
    }
}
