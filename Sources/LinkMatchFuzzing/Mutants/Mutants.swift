import Foundation
import LinkMatch

/// Deliberately wrong engines, each a plausible implementation mistake. The tests prove the harness
/// catches every one within a fixed number of generated cases; `fuzz-*` binaries can swap one in.
public enum Mutants {
    /// Name and engine of every mutant.
    public static var all: [(name: String, engine: any MatchEngine)] {
        catalog.map { ($0.name, $0.engine) }
    }

    /// A mutant with the targets expected to catch it (the others may not see the mistake at all:
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

    public static func named(_ name: String) -> (any MatchEngine)? {
        catalog.first { $0.name == name }?.engine
    }

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
            Entry(name: "no-parent-path", engine: MutantEngine(
                name: "mutant:no-parent-path",
                request: { r in
                    guard r.kind == .path, let p = withoutParentRule(r.pattern) else { return r }
                    var r = r
                    r.pattern = p
                    r.variables = VariableTable(custom: r.variables.custom + [(anyName, ["*"])])
                    return r
                },
                document: { d in
                    var out = DocumentRewrite.rules(d) { f in f.path = f.path.map { withoutParentRule($0) ?? $0 } }
                    out.variables = VariableTable(custom: out.variables.custom + [(anyName, ["*"])])
                    return out
                }),
                  caughtBy: [.differential, .document], mistake: "`/buy/*` does not match `/buy` (N3 dropped)"),
            Entry(name: "first-query-item-only", engine: MutantEngine(
                name: "mutant:first-query-item-only",
                url: { u in
                    guard let q = u.query else { return u }
                    var seen: [Substring] = []
                    let kept = q.split(separator: "&", omittingEmptySubsequences: true).filter { piece in
                        let name = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? piece
                        if seen.contains(name) { return false }
                        seen.append(name)
                        return true
                    }
                    return DocumentRewrite.url(u, query: .some(kept.joined(separator: "&")))
                }),
                  caughtBy: [.document], mistake: "a repeated query item: only the first occurrence is checked (Q4)"),
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
            Entry(name: "trailing-slash-significant", engine: MutantEngine(
                name: "mutant:trailing-slash-significant",
                request: { r in
                    guard r.kind == .path else { return r }
                    var r = r
                    r.text = markingTrailingSlashes(r.text)
                    return r
                },
                url: { u in DocumentRewrite.url(u, path: markingTrailingSlashes(u.path)) }),
                  caughtBy: [.differential, .document], mistake: "a trailing `/` in the path is significant (N2)"),
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
        ] + StepMutants.catalog + LoaderMutants.catalog
    }

    /// A variable name no generator produces, for `no-parent-path`.
    static let anyName = "__linkmatch_mutant_any"

    static func replacingQStar(_ s: String) -> String { s.replacingOccurrences(of: "?*", with: "*") }

    /// `*` replaced by a private-use scalar that texts practically never contain.
    static func literalStar(_ s: String) -> String { s.replacingOccurrences(of: "*", with: "\u{E000}") }

    /// A path pattern ending in `/*` (after trailing slashes) with the final `*` behind a variable
    /// whose only value is `*`: same matches, except the N3 parent-path one.
    static func withoutParentRule(_ pattern: String) -> String? {
        var s = Array(pattern.unicodeScalars)
        while s.last == "/" { s.removeLast() }
        guard s.count >= 2, s[s.count - 1] == "*", s[s.count - 2] == "/" else { return nil }
        s.removeLast()
        return String(String.UnicodeScalarView(s)) + "$(\(anyName))"
    }

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

    /// Trailing slashes become a private-use scalar, so they no longer vanish under N2.
    static func markingTrailingSlashes(_ s: String) -> String {
        var scalars = Array(s.unicodeScalars)
        var n = 0
        while scalars.last == "/" { scalars.removeLast(); n += 1 }
        guard n > 0, !scalars.isEmpty else { return s }
        return String(String.UnicodeScalarView(scalars)) + String(repeating: "\u{E001}", count: n)
    }
}
