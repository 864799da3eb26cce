import Foundation
import LinkMatch
import LinkMatchFuzzing

/// A planted mistake is built like a reading: the compiled engine over rewritten inputs.
public typealias MutantEngine = ReadingEngine

/// Deliberately wrong engines that test the harness (test code: the shipped `linkmatch` links none of
/// them). The planted mistakes (`catalog`) are code slips; the readings (`readings`) are LinkMatch's
/// own catalogue of other ways to read the spec (`LinkMatch.Readings`), which the harness must tell
/// from LinkMatch just as well. The tests prove it catches every one within a fixed number of
/// generated cases; `fuzz-*` binaries can swap one in (LINKMATCH_FUZZ_MUTANT), and
/// `fuzz-corpus-tool conformance --mutant NAME` answers the conformance protocol with one.
public enum Mutants {
    /// Name and engine of every engine the harness hunts: the planted mistakes, then the readings.
    public static var all: [(name: String, engine: any MatchEngine)] {
        hunted.map { ($0.name, $0.engine) }
    }

    /// The planted mistakes and the readings, each with the targets that catch it.
    public static var hunted: [Entry] { catalog + readings }

    /// A mutant or reading with the targets expected to catch it (the others may not see the mistake at all:
    /// `differential` has no documents, `document` no part-level texts with invalid escapes).
    public struct Entry: Sendable {
        public var name: String
        public var engine: any MatchEngine
        /// The targets whose bounded test (MutantDetectionTests) catches it.
        public var caughtBy: [FuzzTarget]
        public var mistake: String
        /// The targets `scripts/measure.sh` fuzzes it with, when not `caughtBy` (a mistake only
        /// long libFuzzer runs reach).
        public var fuzzedBy: [FuzzTarget]? = nil

        /// What `fuzz-corpus-tool mutants` prints, and so what measure.sh runs.
        public var measuredBy: [FuzzTarget] { fuzzedBy ?? caughtBy }
    }

    /// A planted mistake or a reading, by name.
    public static func named(_ name: String) -> (any MatchEngine)? {
        hunted.first { $0.name == name }?.engine
    }

    /// The readings of `LinkMatch.Readings` the harness hunts, with the targets that catch them
    /// (six were planted mistakes here before they were recognised as readings; their names stay).
    public static var readings: [Entry] {
        func reading(_ name: String, caughtBy: [FuzzTarget]) -> Entry {
            guard let r = Readings.named(name) else { preconditionFailure("no reading \(name)") }
            return Entry(name: name, engine: r.engine, caughtBy: caughtBy, mistake: "\(r.summary) (\(r.origin))")
        }
        return [
            reading("fold-ascii-only", caughtBy: [.differential]),
            reading("first-query-item-only", caughtBy: [.document]),
            reading("entry-defaults-ignored", caughtBy: [.document]),
            reading("trailing-slash-significant", caughtBy: [.differential, .document]),
            reading("no-parent-path", caughtBy: [.differential, .document]),
            reading("appid-beside-appids-counted", caughtBy: [.document]),
        ]
    }

    /// The planted mistakes: code slips, not readings of the spec.
    public static var catalog: [Entry] {
        [
            Entry(name: "qstar-as-star", engine: MutantEngine(
                name: "mutant:qstar-as-star",
                request: { r in var r = r; r.pattern = replacingQStar(r.pattern); r.variables = VariableTable(custom: r.variables.custom.map { ($0.name, $0.values.map(replacingQStar)) }); return r },
                document: { d in DocumentRewrite.variables(DocumentRewrite.rules(d) { DocumentRewrite.patterns(&$0, replacingQStar) }, replacingQStar) }),
                  caughtBy: [.differential, .document], mistake: "`?*` read as `*` (P1: `?*` needs at least one character)"),
            Entry(name: "fold-pattern-only", engine: MutantEngine(
                name: "mutant:fold-pattern-only",
                request: { r in
                    guard !r.caseSensitive else { return r }
                    var r = r
                    r.pattern = foldingLiterals(r.pattern)
                    r.variables = VariableTable(custom: r.variables.custom.map { ($0.name, $0.values.map(CaseFolding.fold)) })
                    r.caseSensitive = true
                    return r
                },
                document: { d in
                    let folded = DocumentRewrite.rules(d) { f in
                        guard f.caseSensitive == false else { return }
                        DocumentRewrite.patterns(&f, foldingLiterals)
                        f.caseSensitive = true
                    }
                    return DocumentRewrite.variables(folded, CaseFolding.fold)
                }),
                  caughtBy: [.differential, .document], mistake: "caseSensitive false folds the pattern but not the text (E1)"),
            Entry(name: "decode-when-percent-encoded", engine: MutantEngine(
                name: "mutant:decode-when-percent-encoded",
                request: { r in
                    guard r.percentEncoded else { return r }
                    var r = r
                    r.text = PercentCoding.decodeLenient(r.text)
                    return r
                },
                document: { d in DocumentRewrite.rules(d) { f in if f.percentEncoded == true { f.percentEncoded = false } } }),
                  caughtBy: [.differential, .document], mistake: "the URL part is percent-decoded although percentEncoded is true (E2)"),
            Entry(name: "star-in-value-literal", engine: MutantEngine(
                name: "mutant:star-in-value-literal",
                request: { r in var r = r; r.variables = VariableTable(custom: r.variables.custom.map { ($0.name, $0.values.map(literalStar)) }); return r },
                document: { d in DocumentRewrite.variables(d, literalStar) }),
                  caughtBy: [.differential, .document], mistake: "`*` inside a variable value is not a wildcard (V2)"),
            Entry(name: "ignore-applinks-defaults", engine: MutantEngine(
                name: "mutant:ignore-applinks-defaults",
                document: { d in var d = d; d.defaults = ComponentFields(); return d }),
                  caughtBy: [.document], mistake: "`applinks.defaults` is ignored (C5)"),
            Entry(name: "off-by-one-at-end", engine: MutantEngine(
                name: "mutant:off-by-one-at-end",
                request: { r in var r = r; r.text = droppingLastScalar(r.text); return r },
                url: { u in DocumentRewrite.url(u, path: droppingLastScalar(u.path)) }),
                  caughtBy: [.differential, .document], mistake: "the last character of the text is never looked at"),
            Entry(name: "question-counts-utf8-bytes", engine: MutantEngine(
                name: "mutant:question-counts-utf8-bytes",
                request: { r in
                    guard !r.percentEncoded else { return r }
                    var r = r
                    // Decode, then treat each UTF-8 byte as one character (Latin-1), matched as is.
                    let decoded = PercentCoding.decodeLenient(r.text)
                    r.text = String(String.UnicodeScalarView(decoded.utf8.map { Unicode.Scalar($0) }))
                    r.percentEncoded = true
                    return r
                }),
                  caughtBy: [.differential], mistake: "with percentEncoded false, `?` matches one UTF-8 byte instead of one character (P2)"),
            Entry(name: "exclude-ignored", engine: MutantEngine(
                name: "mutant:exclude-ignored",
                document: { d in DocumentRewrite.rules(d) { f in f.exclude = false } }),
                  caughtBy: [.document], mistake: "`exclude: true` (and legacy `NOT `) rules match like normal ones (C3)"),
        ] + StepMutants.catalog + LoaderMutants.catalog + DiagnosticsMutants.catalog + DiffMutants.catalog
    }

    static func replacingQStar(_ s: String) -> String { s.replacingOccurrences(of: "?*", with: "*") }

    /// `*` replaced by a private-use scalar that texts practically never contain.
    static func literalStar(_ s: String) -> String { s.replacingOccurrences(of: "*", with: "\u{E000}") }

    /// Folds literal scalars only (variable names stay as written).
    static func foldingLiterals(_ source: String) -> String {
        guard let pattern = try? PatternParser.parse(source) else { return source }
        var out = String.UnicodeScalarView()
        for e in pattern.elements {
            switch e {
            case .literal(let c): out.append(CaseFolding.fold(c))
            case .anyOne: out.append("?")
            case .anyMany: out.append("*")
            case .variable(let name): out.append(contentsOf: "$(\(name))".unicodeScalars)
            }
        }
        return String(out)
    }

    static func droppingLastScalar(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.dropLast()))
    }
}
