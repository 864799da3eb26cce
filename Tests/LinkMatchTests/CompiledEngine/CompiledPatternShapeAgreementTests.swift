import XCTest
import LinkMatch
@testable import LinkMatchCompiled
import LinkMatchRandom

/// The pattern compiler's shortcuts for the usual shapes (a literal, `/literal/*`, `*` alone, one
/// star, runs of `?`: `SegmentTables.appendASCIIGlob`'s one-star path, the memo's shared lookup and
/// compile) must match exactly what the reference engine matches. Seeded documents of a few rules
/// each, every rule one of those shapes around random literals (short and long, across the eight-byte
/// words), the same paths repeated in a second entry (memo hits), decided by both engines on texts
/// built from the patterns and on near misses (some with a unit above ASCII, which the wide path decides).
final class CompiledPatternShapeAgreementTests: XCTestCase {
    /// Literal pieces: letters of both cases (E1), slashes (N1–N3), and bytes the packing treats alike.
    private static let pieces = ["a", "b", "Z", "/", "-", ".", "ab", "xyz", "0123456789"]
    /// Pattern shapes: `L` and `M` stand for random literals.
    private static let shapes = ["L", "/L", "/L/*", "L/*", "/L*", "*L", "*", "?", "/L/????", "*L*", "/L/?*", "//L//*//",
                                 "", "/", "/L/*/M", "L**M", "/L?M/*", "?*", "L*M", "/L/M", "*/L"]

    private static func literal(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
    }

    /// A text for `pattern`: each `*` filled with 0 to 3 pieces, each `?` with one character, and
    /// sometimes one character changed, dropped or upper-cased (the near misses).
    private static func text(for pattern: String, _ rng: inout SplitMix64) -> String {
        var out = ""
        for c in pattern {
            switch c {
            case "*": out += (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            case "?": out += ["a", "Z", "/", "."].randomElement(using: &rng) ?? ""
            default: out.append(c)
            }
        }
        var chars = Array(out)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0 where !chars.isEmpty: chars[Int.random(in: 0..<chars.count, using: &rng)] = "q"
        case 1 where !chars.isEmpty: chars.remove(at: Int.random(in: 0..<chars.count, using: &rng))
        case 2: chars = Array(String(chars).uppercased())
        case 3: chars.append("/")
        // A unit above ASCII (as written, or percent-encoded for a rule that decodes: E3): the wide path.
        case 4 where !chars.isEmpty: chars[Int.random(in: 0..<chars.count, using: &rng)] = "é"
        case 5: chars.insert(contentsOf: "%C3%A9", at: Int.random(in: 0...chars.count, using: &rng))
        default: break
        }
        return String(chars)
    }

    private static func pattern(_ rng: inout SplitMix64) -> String {
        let shape = shapes.randomElement(using: &rng) ?? "*"
        return shape.replacingOccurrences(of: "L", with: literal(&rng)).replacingOccurrences(of: "M", with: literal(&rng))
    }

    func testUsualShapesDecideAsTheReference() throws {
        var rng = SplitMix64(seed: 0x5A_A9E5_0000_0033)
        var disagreements: [String] = []
        var outcomes: Set<Decision.Outcome> = []
        var cases = 0
        for d in 0..<300 {
            // Two or three rules: the first one's verdict shows in most decisions, the others' in some.
            var rules: [ComponentFields] = []
            for _ in 0..<Int.random(in: 2...3, using: &rng) {
                var fields = ComponentFields(path: Self.pattern(&rng))
                if Bool.random(using: &rng) { fields.caseSensitive = false }
                if Int.random(in: 0..<4, using: &rng) == 0 { fields.exclude = true }
                if Bool.random(using: &rng) { fields.percentEncoded = false }
                if Int.random(in: 0..<4, using: &rng) == 0 { fields.fragment = Self.pattern(&rng) }
                rules.append(fields)
            }
            // The same rules in a second entry (their patterns found again in the memo), reversed.
            let entries = [(["T.one"], rules), (["T.two"], Array(rules.reversed()))]
            let document = AASADocument(variables: VariableTable(), entries: entries.enumerated().map { e, entry in
                DetailEntry(appIDs: entry.0,
                            rules: entry.1.enumerated().map { DocumentRule(fields: $1, sourcePath: "applinks.details[\(e)].components[\($0)]") },
                            sourcePath: "applinks.details[\(e)]")
            })
            let reference = ReferenceEngine().prepare(document)
            let compiled = CompiledDocument(document)
            for rule in rules {
                for _ in 0..<6 {
                    var path = Self.text(for: rule.path ?? "", &rng)
                    if !path.hasPrefix("/") { path = "/" + path }
                    var link = "https://e.com" + path
                    if let fragment = rule.fragment, Bool.random(using: &rng) { link += "#" + Self.text(for: fragment, &rng) }
                    guard let url = try? ParsedURL(link) else { continue }
                    for app in ["T.one", "T.two"] {
                        cases += 1
                        let expected = reference.decide(url, appID: app, domain: "")
                        let got = compiled.decide(url, appID: app, domain: "")
                        outcomes.insert(expected.outcome)
                        if got != expected {
                            disagreements.append("document \(d) \(rules.map { $0.path ?? "" }) \(app) \(link): \(got) vs \(expected)")
                        }
                    }
                }
            }
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count) of \(cases): \(disagreements.prefix(5))")
        XCTAssertEqual(outcomes, [.match, .exclude, .noMatch], "the cases reach every outcome")
        XCTAssertGreaterThan(cases, 3000)
    }

    /// `pattern` against a text made for it, as a path or a plain component with random flags, by the
    /// reference and the compiled engine: the reference's verdict goes to `verdicts`, a disagreement
    /// to `disagreements`.
    private func decideBothWays(_ pattern: String, _ rng: inout SplitMix64, _ disagreements: inout [String],
                                _ verdicts: inout Set<PartVerdict>) {
        let text = Self.text(for: pattern, &rng)
        let request = PartRequest(pattern: pattern, kind: Bool.random(using: &rng) ? .path : .plain, text: text,
                                  caseSensitive: Bool.random(using: &rng), percentEncoded: Bool.random(using: &rng),
                                  variables: VariableTable())
        let expected = ReferenceEngine().matchPart(request)
        verdicts.insert(expected)
        let got = CompiledEngine().matchPart(request)
        if got != expected { disagreements.append("\(pattern) \(request.kind) \(text): \(got) vs \(expected)") }
    }

    /// The same shapes one pattern at a time (`matchPart`: the compiler's string entry, not the memo),
    /// as paths and as plain components, in both fold modes.
    func testUsualShapesMatchPartsAsTheReference() {
        var rng = SplitMix64(seed: 0x5A_A9E5_0000_0034)
        var disagreements: [String] = []
        var verdicts: Set<PartVerdict> = []
        for _ in 0..<3000 {
            let pattern = Self.pattern(&rng)
            decideBothWays(pattern, &rng, &disagreements, &verdicts)
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(5))")
        XCTAssertTrue(verdicts.contains(.matched) && verdicts.contains(.notMatched), "\(verdicts)")
    }

    /// Literals above ASCII in the first, a middle or the last run (the atom path): a glob keeps its
    /// first and last segment in the tables only when one of them has such a literal, and matches
    /// its anchors on their packed words otherwise (`GlobMatcher.anchorsInTables`), on byte and on
    /// wide texts alike.
    func testLiteralsAboveASCIIInAnyRunMatchPartsAsTheReference() {
        var rng = SplitMix64(seed: 0x5A_A9E5_0000_0035)
        let shapes = ["L", "L*", "*L", "L*M", "*L*", "L*M*L", "*L*M", "L*M*", "/L/*", "L?*M*?L", "L**M**L"]
        var disagreements: [String] = []
        var verdicts: Set<PartVerdict> = []
        for _ in 0..<3000 {
            var pattern = shapes.randomElement(using: &rng) ?? "L"
            for piece in ["L", "M"] {
                while let range = pattern.range(of: piece) {
                    var literal = Self.literal(&rng)
                    // Some literals above ASCII, as a whole literal or inside one.
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: literal = "é"
                    case 1: literal += "Ü"
                    default: break
                    }
                    pattern.replaceSubrange(range, with: literal)
                }
            }
            decideBothWays(pattern, &rng, &disagreements, &verdicts)
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(5))")
        XCTAssertTrue(verdicts.contains(.matched) && verdicts.contains(.notMatched), "\(verdicts)")
    }
}
