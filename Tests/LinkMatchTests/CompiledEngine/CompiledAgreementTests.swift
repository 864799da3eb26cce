import XCTest
import LinkMatch
@testable import LinkMatchCompiled
import LinkMatchRandom
import LinkMatchTestData

/// Compiled engine vs reference engine on seeded random pattern/text pairs at the part level
/// (both engines compute the verdict independently; the reference is the oracle).
final class CompiledAgreementTests: XCTestCase {
    static let patternPieces = ["a", "b", "A", "/", "*", "?", "%2F", "%", "é", "É", "$(v)", "$(w)", "$(x)", "$(empty)",
                                "$(digit)", "$", "ab", "/*", "a", "*", "?", "/", "$(w)", "$(v)"]
    static let rarePieces = ["$(", "$(u)", "$()"]
    static let textPieces = ["a", "b", "A", "B", "/", "%2F", "%2f", "%C3%A9", "%C3%89", "é", "É", "%FF", "1", "ab", "?", "*", "%"]
    static let variables = VariableTable(custom: [
        (name: "v", values: ["a", "ab", "", "b*", "?a", "*"]),
        (name: "w", values: ["a", "aa", "aaa", "a*", "A", "/"]),
        (name: "x", values: ["é", "%2F", "?", "$(v)"]),
        (name: "empty", values: []),
    ])

    /// A text built from the pattern's pieces (wildcards and variables filled in at random, then
    /// sometimes one piece changed), so that about half the cases match.
    static func instance(of pieces: [String], using rng: inout SplitMix64) -> String {
        var out: [String] = []
        for piece in pieces {
            switch piece {
            case "*", "/*":
                if piece == "/*" { out.append("/") }
                for _ in 0..<Int.random(in: 0...3, using: &rng) { out.append(textPieces.randomElement(using: &rng) ?? "") }
            case "?": out.append(["a", "B", "/", "%", "é"].randomElement(using: &rng) ?? "")
            case "$(digit)": out.append(String(Int.random(in: 0...9, using: &rng)))
            default:
                if piece.hasPrefix("$("), piece.hasSuffix(")"),
                   let values = variables.values(of: String(piece.dropFirst(2).dropLast())), let value = values.randomElement(using: &rng) {
                    out.append(value.replacingOccurrences(of: "*", with: "b").replacingOccurrences(of: "?", with: "A"))
                } else {
                    out.append(piece)
                }
            }
        }
        if !out.isEmpty, Int.random(in: 0..<4, using: &rng) == 0 {
            out[Int.random(in: 0..<out.count, using: &rng)] = textPieces.randomElement(using: &rng) ?? ""
        }
        return out.joined()
    }

    func testPartVerdictsAgreeWithReferenceOnSeededCases() {
        // SplitMix64: a fixed seed gives the same cases on every machine.
        var rng = SplitMix64(seed: 0xC0FF_EE00_1234_5678)
        let reference = ReferenceEngine(budget: 50_000_000)
        let compiled = CompiledEngine()
        var disagreements: [String] = []
        var seen: [PartVerdict: Int] = [:]
        var shapes = Set<String>()
        for _ in 0..<6000 {
            var pieces = (0..<Int.random(in: 0...7, using: &rng)).map { _ in Self.patternPieces.randomElement(using: &rng) ?? "" }
            if Int.random(in: 0..<20, using: &rng) == 0 { pieces.append(Self.rarePieces.randomElement(using: &rng) ?? "") }
            let pattern = pieces.joined()
            let text = Bool.random(using: &rng)
                ? (0..<Int.random(in: 0...9, using: &rng)).map { _ in Self.textPieces.randomElement(using: &rng) ?? "" }.joined()
                : Self.instance(of: pieces, using: &rng)
            let request = PartRequest(pattern: pattern, kind: Bool.random(using: &rng) ? .path : .plain, text: text,
                                      caseSensitive: Bool.random(using: &rng), percentEncoded: Bool.random(using: &rng),
                                      variables: Self.variables)
            let expected = reference.matchPart(request)
            let got = compiled.matchPart(request)
            seen[expected, default: 0] += 1
            shapes.insert(CompiledPart(request).shapeName)
            if expected != got, disagreements.count < 20 {
                disagreements.append("\(request.kind) \(pattern.debugDescription) vs \(text.debugDescription) cs=\(request.caseSensitive) pe=\(request.percentEncoded): reference \(expected), compiled \(got)")
            }
        }
        XCTAssertEqual(disagreements, [])
        // The generator must exercise every verdict and every matcher, or agreement means little.
        XCTAssertGreaterThan(seen[.matched, default: 0], 600, "\(seen)")
        XCTAssertGreaterThan(seen[.notMatched, default: 0], 600, "\(seen)")
        XCTAssertGreaterThan(seen[.invalidPattern, default: 0], 60, "\(seen)")
        XCTAssertEqual(seen[.undecided, default: 0], 0)
        XCTAssertEqual(shapes, ["literal", "fixedLength", "prefix", "suffix", "infix", "glob", "sequence", "automaton", "never", "invalid"])
    }

    /// Tiny alphabet, many stars: the overlap and placement cases of the glob fast path and the
    /// automaton (`*ab*ba*` against `aba`, values that are prefixes of each other).
    func testSmallAlphabetVerdictsAgreeWithReference() {
        var rng = SplitMix64(seed: 42)
        let reference = ReferenceEngine(budget: 50_000_000)
        let variables = VariableTable(custom: [(name: "p", values: ["a", "ab", "aba", "b*a", "?b"]), (name: "q", values: ["", "*", "b"])])
        var disagreements: [String] = []
        var matched = 0
        // The default tier (TestTier) checks the first quarter of the same seeded sequence.
        let cases = TestTier.budget(sample: 5_000, full: 20_000)
        for i in 0..<cases {
            let pieces = i % 3 == 0 ? ["a", "b", "*", "?", "$(p)", "$(q)"] : ["a", "b", "*", "?"]
            let pattern = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            let text = String((0..<Int.random(in: 0...10, using: &rng)).map { _ in Bool.random(using: &rng) ? "a" : "b" as Character })
            let request = PartRequest(pattern: pattern, kind: .plain, text: text, variables: variables)
            let expected = reference.matchPart(request)
            let got = CompiledEngine().matchPart(request)
            if expected == .matched { matched += 1 }
            if expected != got, disagreements.count < 20 {
                disagreements.append("\(pattern) vs \(text): reference \(expected), compiled \(got)")
            }
        }
        XCTAssertEqual(disagreements, [])
        XCTAssertGreaterThan(matched, cases / 10)
        XCTAssertLessThan(matched, cases * 9 / 10)
    }

    /// Variables whose values are all literal run on the sequence matcher (positions stepped
    /// through the pattern, each variable by its values' trie): values that are prefixes of each
    /// other, the empty value, a variable next to `*` and `?`, non-ASCII values, both fold modes
    /// and path trimming, against the reference.
    func testSequenceMatcherVerdictsAgreeWithReference() {
        var rng = SplitMix64(seed: 0x5E9)
        let reference = ReferenceEngine(budget: 50_000_000)
        let variables = VariableTable(custom: [(name: "p", values: ["a", "ab", "aba", "", "b"]), (name: "q", values: ["/", "a/", "É", "ba"])])
        let pieces = ["a", "b", "/", "*", "?", "é", "$(p)", "$(q)", "$(p)", "$(digit)", "$(alpha)"]
        var disagreements: [String] = []
        var matched = 0
        var sequences = 0
        // The default tier (TestTier) checks the first quarter of the same seeded sequence.
        let cases = TestTier.budget(sample: 3_000, full: 12_000)
        for _ in 0..<cases {
            let chosen = ["$(p)"] + (0..<Int.random(in: 0...7, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
            let pattern = chosen.joined()
            let letters: [String] = ["a", "b", "/", "É", "é", "1"]
            let text: String
            if Bool.random(using: &rng) {
                // An instance of the pattern, so that about half the cases match.
                text = chosen.map { piece -> String in
                    switch piece {
                    case "*": return (0..<Int.random(in: 0...2, using: &rng)).map { _ in letters.randomElement(using: &rng) ?? "" }.joined()
                    case "?": return letters.randomElement(using: &rng) ?? ""
                    case "$(digit)": return String(Int.random(in: 0...9, using: &rng))
                    case "$(alpha)": return ["a", "Z"].randomElement(using: &rng) ?? ""
                    case "$(p)", "$(q)": return variables.values(of: String(piece.dropFirst(2).dropLast()))?.randomElement(using: &rng) ?? ""
                    default: return piece
                    }
                }.joined()
            } else {
                text = (0..<Int.random(in: 0...10, using: &rng)).map { _ in letters.randomElement(using: &rng) ?? "" }.joined()
            }
            let request = PartRequest(pattern: pattern, kind: Bool.random(using: &rng) ? .path : .plain, text: text,
                                      caseSensitive: Bool.random(using: &rng), variables: variables)
            if CompiledPart(request).shapeName == "sequence" { sequences += 1 }
            let expected = reference.matchPart(request)
            let got = CompiledEngine().matchPart(request)
            if expected == .matched { matched += 1 }
            if expected != got, disagreements.count < 20 {
                disagreements.append("\(request.kind) \(pattern) vs \(text) cs=\(request.caseSensitive): reference \(expected), compiled \(got)")
            }
        }
        XCTAssertEqual(disagreements, [])
        XCTAssertEqual(sequences, cases, "every pattern here must run on the sequence matcher")
        XCTAssertGreaterThan(matched, cases / 5)
        XCTAssertLessThan(matched, cases * 9 / 10)
    }

    /// Random documents (entries sharing apps, defaults, every key and flag, query dictionaries
    /// with repeated and case-variant names) and random URLs: whole decisions, traces included.
    func testDocumentDecisionsAgreeWithReferenceOnSeededCases() throws {
        var rng = SplitMix64(seed: 7)
        let reference = ReferenceEngine(budget: 50_000_000)
        let apps = ["ABCDE12345.a", "ABCDE12345.b"]
        let pathPieces = ["/", "a", "B", "*", "?", "%2F", "é", "$(v)", "/a", "/b/"]
        let plainPieces = ["", "a", "*", "?", "A", "%41", "$(v)", "x=1"]
        let urlPaths = ["/", "", "/a", "/A/", "/a/b", "/b/", "/%2F", "/é", "/a%2Fb", "/ab/ba", "//a//"]
        let urlQueries = [nil, "", "k=a", "k=A&k=b", "K=x", "k", "%6B=a", "k=%41&j=", "a&&b=1"]
        let urlFragments = [nil, "", "a", "A", "%41", "no_universal_links"]
        var outcomes: [Decision.Outcome: Int] = [:]
        var disagreements: [String] = []
        for _ in 0..<5000 {
            func pattern(_ pieces: [String]) -> String {
                (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            }
            func fields() -> ComponentFields {
                var f = ComponentFields()
                if Int.random(in: 0..<3, using: &rng) > 0 { f.path = pattern(pathPieces) }
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: f.query = .whole(pattern(plainPieces))
                case 1: f.query = .items((0..<Int.random(in: 1...2, using: &rng)).map { _ in
                    (name: ["k", "K", "j", "%6B"].randomElement(using: &rng) ?? "k", pattern: pattern(plainPieces)) })
                default: break
                }
                if Int.random(in: 0..<4, using: &rng) == 0 { f.fragment = pattern(plainPieces) }
                if Int.random(in: 0..<3, using: &rng) == 0 { f.exclude = Bool.random(using: &rng) }
                if Bool.random(using: &rng) { f.caseSensitive = Bool.random(using: &rng) }
                if Bool.random(using: &rng) { f.percentEncoded = Bool.random(using: &rng) }
                return f
            }
            let entries = (0..<Int.random(in: 1...3, using: &rng)).map { e in
                DetailEntry(appIDs: apps.filter { _ in Bool.random(using: &rng) },
                            defaults: Int.random(in: 0..<3, using: &rng) == 0 ? fields() : ComponentFields(),
                            rules: (0..<Int.random(in: 0...4, using: &rng)).map { r in
                                DocumentRule(fields: fields(), sourcePath: "applinks.details[\(e)].components[\(r)]") },
                            sourcePath: "applinks.details[\(e)]")
            }
            let document = AASADocument(defaults: Int.random(in: 0..<4, using: &rng) == 0 ? fields() : ComponentFields(),
                                        variables: VariableTable(custom: [(name: "v", values: ["a", "A*", "", "?/"])]),
                                        entries: entries)
            var text = "https://e.com" + (urlPaths.randomElement(using: &rng) ?? "")
            if let q = urlQueries.randomElement(using: &rng) ?? nil { text += "?" + q }
            if let f = urlFragments.randomElement(using: &rng) ?? nil { text += "#" + f }
            let url = try ParsedURL(text)
            let app = apps.randomElement(using: &rng) ?? ""
            let expected = reference.prepare(document).decide(url, appID: app, domain: "")
            let got = CompiledEngine().prepare(document).decide(url, appID: app, domain: "")
            outcomes[expected.outcome, default: 0] += 1
            if got != expected, disagreements.count < 10 {
                disagreements.append("\(text) \(app) \(document): reference \(expected) \(String(describing: expected.rule)), compiled \(got) \(String(describing: got.rule))")
            }
        }
        XCTAssertEqual(disagreements, [])
        XCTAssertGreaterThan(outcomes[.match, default: 0], 500, "\(outcomes)")
        XCTAssertGreaterThan(outcomes[.exclude, default: 0], 150, "\(outcomes)")
        XCTAssertGreaterThan(outcomes[.noMatch, default: 0], 300, "\(outcomes)")
    }
}
