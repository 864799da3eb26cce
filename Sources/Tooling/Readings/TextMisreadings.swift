import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// Misreadings of how a pattern's text is read (P3, E1) that a matcher doing its own string
/// handling makes: a broken `$(` taken literally, and folding with the full lowercase mapping.
/// Like the other misreadings, each is the compiled engine over rewritten inputs (`ReadingEngine`).
enum TextMisreadings {
    static var all: [Reading] {
        [
            Reading(name: "broken-reference-literal", kind: .misreading(rule: "P3"),
                    summary: "a broken `$(` reference (unterminated, or an empty or invalid name) is literal text, not an invalid pattern that matches nothing",
                    engine: ReadingEngine(
                        name: "reading:broken-reference-literal",
                        request: { r in
                            var r = r
                            r.pattern = brokenReferencesLiteral(r.pattern)
                            r.text = dollarsHidden(r.text)
                            r.variables = VariableTable(custom: r.variables.custom.map { ($0.name, $0.values.map(dollarsHidden)) })
                            return r
                        },
                        document: { d in
                            var out = DocumentRewrite.rules(d) { f in
                                DocumentRewrite.patterns(&f, brokenReferencesLiteral)
                                if case .items(let items)? = f.query { f.query = .items(items.map { (dollarsHidden($0.name), $0.pattern) }) }
                            }
                            out = DocumentRewrite.variables(out, dollarsHidden)
                            return out
                        },
                        url: { u in urlRewritten(u, dollarsHidden) })),
            Reading(name: "full-lowercase", kind: .misreading(rule: "E1"),
                    summary: "`caseSensitive: false` lowercases with the full mapping, so `İ` becomes `i` + U+0307 (SPEC: a scalar whose lowercase is two scalars stays)",
                    engine: ReadingEngine(
                        name: "reading:full-lowercase",
                        request: { r in
                            var r = r
                            r.pattern = dotted(r.pattern)
                            r.text = dotted(r.text)
                            r.variables = VariableTable(custom: r.variables.custom.map { ($0.name, $0.values.map(dotted)) })
                            return r
                        },
                        document: { d in
                            var out = DocumentRewrite.rules(d) { f in
                                DocumentRewrite.patterns(&f, dotted)
                                if case .items(let items)? = f.query { f.query = .items(items.map { (dotted($0.name), $0.pattern) }) }
                            }
                            out = DocumentRewrite.variables(out, dotted)
                            return out
                        },
                        url: { u in urlRewritten(u, dotted) })),
        ]
    }

    /// `u` with `change` applied to its path, query and fragment.
    @Sendable static func urlRewritten(_ u: ParsedURL, _ change: (String) -> String) -> ParsedURL {
        var u = u
        u.path = change(u.path)
        u.query = u.query.map(change)
        u.fragment = u.fragment.map(change)
        return u
    }

    // MARK: - P3

    /// What a literal `$` becomes on both sides, so that it is never read as a reference.
    static let dollar = "\u{E006}"

    /// The stand-in's escape, for a `$` written `%24` (decoded where `percentEncoded` is false).
    static let escapedDollar = "%EE%80%86"

    /// Every `$`, raw or escaped, as the stand-in.
    @Sendable static func dollarsHidden(_ s: String) -> String {
        escapedDollarsHidden(s.contains("$") ? s.replacingOccurrences(of: "$", with: dollar) : s)
    }

    @Sendable static func escapedDollarsHidden(_ s: String) -> String {
        s.contains("%24") ? s.replacingOccurrences(of: "%24", with: escapedDollar) : s
    }

    /// A pattern with every `$` that starts no whole reference literal (as on the text's side): a
    /// reference is `$(name)` with a non-empty name holding no `$` or `(`; the others are kept.
    @Sendable static func brokenReferencesLiteral(_ source: String) -> String {
        guard source.contains("$") else { return escapedDollarsHidden(source) }
        let scalars = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "$" else {
                out.append(scalars[i])
                i += 1
                continue
            }
            if i + 1 < scalars.count, scalars[i + 1] == "(", let close = scalars[(i + 2)...].firstIndex(of: ")"), close > i + 2,
               !scalars[(i + 2)..<close].contains(where: { $0 == "$" || $0 == "(" }) {
                out.append(contentsOf: scalars[i...close])
                i = close + 1
            } else {
                out.append(contentsOf: dollar.unicodeScalars)
                i += 1
            }
        }
        let rewritten = escapedDollarsHidden(String(out))
        // A reference LinkMatch still refuses (a name it does not accept) stays broken: literal.
        return (try? PatternParser.parse(rewritten)) != nil ? rewritten : dollarsHidden(source)
    }

    // MARK: - E1

    // Python's `str.lower()` and other full mappings turn `İ` (U+0130, the only scalar whose
    // unconditional lowercase is two scalars) into `i` + U+0307. The reading writes it so on both
    // sides, raw and escaped, before LinkMatch folds: the two forms are then equal, as they are for
    // such a matcher. Not modelled: a `?` against `İ` in a case-sensitive rule (it then counts two).

    @Sendable static func dotted(_ s: String) -> String {
        guard s.contains("\u{130}") || s.contains("%C4%B0") || s.contains("%c4%b0") else { return s }
        return s.replacingOccurrences(of: "\u{130}", with: "i\u{307}")
            .replacingOccurrences(of: "%C4%B0", with: "%69%CC%87").replacingOccurrences(of: "%c4%b0", with: "%69%cc%87")
    }
}
