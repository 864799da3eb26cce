import Foundation
import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// More misreadings of decided rules, each the deviation of a matcher written from Apple's
/// documentation without SPEC.md's precision: slash rules, query items, `defaults`, variables,
/// `percentEncoded`, the `appID` fallback, and the scheme and host checks. Like `Misreadings`, each
/// is the compiled engine over rewritten inputs (`ReadingEngine`).
enum MoreMisreadings {
    /// In catalogue order; `defaults` readings before the ones that rewrite rules (their rewrites
    /// materialize the defaults into every rule, see `Readings.composed`).
    static var all: [Reading] {
        [
            Reading(name: "defaults-ignored", kind: .misreading(rule: "C5"),
                    summary: "`defaults` are skipped at both levels: every rule takes the built-in defaults",
                    engine: ReadingEngine(
                        name: "reading:defaults-ignored",
                        document: { d in
                            var d = d
                            d.defaults = ComponentFields()
                            for e in d.entries.indices { d.entries[e].defaults = ComponentFields() }
                            return d
                        }),
                    generalizes: ["entry-defaults-ignored", "top-defaults-ignored"]),
            Reading(name: "top-defaults-ignored", kind: .misreading(rule: "C5"),
                    summary: "`applinks.defaults` are skipped: rules take their entry's `defaults` only",
                    engine: ReadingEngine(
                        name: "reading:top-defaults-ignored",
                        document: { d in
                            var d = d
                            d.defaults = ComponentFields()
                            return d
                        })),
            Reading(name: "top-defaults-win", kind: .misreading(rule: "C5"),
                    summary: "`applinks.defaults` win over an entry's `defaults`: a key both give takes the top level's value",
                    engine: ReadingEngine(
                        name: "reading:top-defaults-win",
                        document: { d in
                            var d = d
                            for e in d.entries.indices { d.entries[e].defaults = d.entries[e].defaults.overridden(by: d.defaults) }
                            return d
                        })),
            Reading(name: "no-slash-rules", kind: .misreading(rule: "N1-N3"),
                    summary: "the path is compared as written: no leading or trailing `/` is dropped, and `/*` needs its `/`",
                    engine: ReadingEngine(
                        name: "reading:no-slash-rules",
                        request: { r in
                            guard r.kind == .path else { return r }
                            var r = r
                            r.pattern = asWritten(r.pattern)
                            r.text = asWritten(r.text)
                            return r
                        },
                        document: { d in
                            DocumentRewrite.rules(d) { f in f.path = f.path.map(asWritten) }
                        },
                        url: { u in
                            var u = u
                            u.path = asWritten(u.path)
                            return u
                        }),
                    generalizes: ["trailing-slash-significant", "no-parent-path"]),
            Reading(name: "last-query-item-only", kind: .misreading(rule: "Q4"),
                    summary: "a query item named twice: only its last occurrence must match",
                    engine: ReadingEngine(name: "reading:last-query-item-only", url: { u in
                        u.query.map { DocumentRewrite.url(u, query: .some(lastOccurrencesOnly($0))) } ?? u
                    })),
            Reading(name: "absent-query-item-fails", kind: .misreading(rule: "Q3"),
                    summary: "a named query item the URL does not have fails the rule (SPEC: it reads as \"\")",
                    engine: ReadingEngine(
                        name: "reading:absent-query-item-fails",
                        document: { d in
                            DocumentRewrite.rules(d) { f in
                                if case .items(let items)? = f.query {
                                    f.query = .items(items.map { ($0.name, presentMark + $0.pattern) })
                                }
                            }
                        },
                        itemQuery: { markingPresentItems($0) })),
            Reading(name: "variables-literal", kind: .misreading(rule: "V1"),
                    summary: "`substitutionVariables` are not read: `$(name)` is literal text unless `name` is predefined, and a predefined name keeps its own values",
                    engine: ReadingEngine(
                        name: "reading:variables-literal",
                        request: { r in
                            var r = r
                            r.pattern = dollarsHidden(r.pattern)
                            r.text = dollarsHidden(r.text)
                            r.variables = readingsOwnVariables(r.variables)
                            return r
                        },
                        document: { d in
                            var out = DocumentRewrite.rules(d) { f in DocumentRewrite.patterns(&f, dollarsHidden) }
                            out.variables = readingsOwnVariables(out.variables)
                            return out
                        },
                        url: { u in
                            var u = u
                            u.path = dollarsHidden(u.path)
                            u.query = u.query.map(dollarsHidden)
                            u.fragment = u.fragment.map(dollarsHidden)
                            return u
                        }),
                    // A custom variable named like a predefined one is not read either: the
                    // predefined list wins (open point V5's other alternative); and a broken `$(`
                    // is literal text like every other `$` it does not keep.
                    generalizes: ["predefined-wins", "broken-reference-literal"]),
            Reading(name: "predefined-values-unfolded", kind: .misreading(rule: "V3"),
                    summary: "`caseSensitive: false` folds the text and the literals but not the values of predefined variables, so `$(upper)` and `$(region)` match nothing there",
                    engine: ReadingEngine(
                        name: "reading:predefined-values-unfolded",
                        request: { r in
                            guard !r.caseSensitive else { return r }
                            var r = r
                            r.variables = VariableTable(custom: r.variables.custom + unfoldedPredefined(in: r.pattern, r.variables))
                            return r
                        },
                        document: unfoldingPredefinedInDocument)),
            Reading(name: "percent-encoded-ignored", kind: .misreading(rule: "E3"),
                    summary: "`percentEncoded: false` is ignored: the URL is always compared as written",
                    engine: ReadingEngine(
                        name: "reading:percent-encoded-ignored",
                        request: { r in
                            var r = r
                            r.percentEncoded = true
                            return r
                        },
                        document: { d in DocumentRewrite.rules(d) { f in f.percentEncoded = true } })),
            Reading(name: "appid-fallback-when-appids-empty", kind: .misreading(rule: "D4"),
                    summary: "an entry's `appID` applies when its `appIDs` is the empty array (SPEC: `appIDs` wins)",
                    engine: ReadingEngine(
                        name: "reading:appid-fallback-when-appids-empty",
                        document: { d in DocumentRewrite.reread(d, appIDWhenAppIDsEmpty) }, restoresTraces: false)),
            Reading(name: "scheme-case-sensitive", kind: .misreading(rule: "U2"),
                    summary: "the scheme must be exactly `https`: `HTTPS://` opens no app",
                    engine: ReadingEngine(
                        name: "reading:scheme-case-sensitive",
                        url: { u in
                            var u = u
                            if u.scheme != "https" { u.scheme = "not-https" }
                            return u
                        })),
            Reading(name: "host-case-sensitive", kind: .misreading(rule: "U3"),
                    summary: "the host is compared with the domain case-sensitively: `EXAMPLE.com` is not `example.com`",
                    engine: ReadingEngine(
                        name: "reading:host-case-sensitive",
                        urlForDomain: { u, domain in
                            var u = u
                            if !domain.isEmpty, u.host != domain { u.host = "not-" + domain }
                            return u
                        })),
        ]
    }

    // MARK: - N1–N3

    // `no-slash-rules` compares the path as written. The model: every path text and every path
    // pattern starts with one private-use scalar and ends with another, so the engine sees no edge
    // `/` to drop (N1, N2) and no final `/*` (N3) on either side. The markers are literals on both
    // sides, so no wildcard can take them, and every `/` of the path must be matched by the pattern
    // like any other character (`/b/**` matches `/b/`, its stars matching nothing).

    /// What starts every path text and path pattern under `no-slash-rules`.
    static let pathStart = "\u{E002}"

    /// A path text or pattern between the markers (`Misreadings.textEnd` ends it). A pattern stays
    /// invalid if it was (an unclosed `$(` is still unclosed).
    @Sendable static func asWritten(_ s: String) -> String {
        pathStart + s + Misreadings.textEnd
    }

    /// A pattern's source text from its elements (literals as written: no escapes exist, P1).
    static func patternSource(_ elements: [PatternElement]) -> String {
        var out = ""
        for e in elements {
            switch e {
            case .literal(let c): out.unicodeScalars.append(c)
            case .anyOne: out += "?"
            case .anyMany: out += "*"
            case .variable(let name): out += "$(\(name))"
            }
        }
        return out
    }

    // MARK: - Q3, Q4

    /// The query with every item whose name occurs again later dropped: the last occurrence stays.
    static func lastOccurrencesOnly(_ q: String) -> String {
        let pieces = q.split(separator: "&", omittingEmptySubsequences: true)
        func name(_ piece: Substring) -> Substring { piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? piece }
        let kept = pieces.enumerated().filter { i, piece in !pieces[(i + 1)...].contains { name($0) == name(piece) } }
        return kept.map { String($0.element) }.joined(separator: "&")
    }

    /// Marks a value as present: every item pattern starts with it, every value of an item the URL
    /// has too, so an absent item (read as "") matches no pattern.
    static let presentMark = "\u{E003}"

    static func markingPresentItems(_ q: String) -> String {
        q.split(separator: "&", omittingEmptySubsequences: true).map { piece -> String in
            if let eq = piece.firstIndex(of: "=") {
                return String(piece[...eq]) + presentMark + String(piece[piece.index(after: eq)...])
            }
            return String(piece) + "=" + presentMark
        }.joined(separator: "&")
    }

    // MARK: - V1

    /// `$` replaced by a private-use stand-in, so `$(name)` is no longer a reference but still
    /// equals the same text in the URL; except where it starts a reference `variables-literal` keeps
    /// (`keepsReference`).
    static func dollarsHidden(_ s: String) -> String {
        guard s.contains("$") else { return s }
        let scalars = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "$" else { out.append(scalars[i]); i += 1; continue }
            if i + 1 < scalars.count, scalars[i + 1] == "(", let close = scalars[(i + 2)...].firstIndex(of: ")"),
               keepsReference(String(String.UnicodeScalarView(scalars[(i + 2)..<close]))) {
                out.append(contentsOf: scalars[i...close])
                i = close + 1
            } else {
                out.append("\u{E004}")
                i += 1
            }
        }
        return String(out)
    }

    /// The references `variables-literal` keeps: predefined names (V4), and the variables other
    /// readings add (`no-parent-path`, `trailing-slash-significant`: `__linkmatch_reading_...`), so
    /// they stay references when readings are composed.
    static func keepsReference(_ name: String) -> Bool {
        VariableTable.predefinedNames.contains(name) || name.hasPrefix(Misreadings.variablePrefix)
    }

    /// The variables as `variables-literal` reads them: no custom definition except those other
    /// readings add.
    static func readingsOwnVariables(_ v: VariableTable) -> VariableTable {
        VariableTable(custom: v.custom.filter { $0.name.hasPrefix(Misreadings.variablePrefix) })
    }

    // MARK: - V3

    // A matcher that folds the text (and the pattern's literals) but compares a predefined variable's
    // values as listed sees a value with a capital letter never match: the folded text has none. So
    // the reading keeps, of each predefined list, exactly the values folding leaves unchanged (all
    // of `lower`, `digit` and `lang`, the lower-case half of `alpha`, none of `upper` and `region`);
    // LinkMatch's own folding of those is then the identity. Exact for the predefined tables, whose
    // values are ASCII without wildcards.

    /// A predefined list as the reading compares it: the values that folding does not change.
    static func unfoldedValues(_ values: [String]) -> [String] {
        values.filter { CaseFolding.fold($0).unicodeScalars.elementsEqual($0.unicodeScalars) }
    }

    /// The predefined variables `pattern` uses that `variables` does not replace (V5) and whose list
    /// the reading shortens, each with its shortened list.
    static func unfoldedPredefined(in pattern: String, _ variables: VariableTable) -> [(name: String, values: [String])] {
        guard let parsed = try? PatternParser.parse(pattern) else { return [] }
        var out: [(name: String, values: [String])] = []
        for case .variable(let name) in parsed.elements where !variables.definesCustom(name) && !out.contains(where: { $0.name == name }) {
            guard let values = VariableTable.predefined(name) else { continue }
            let kept = unfoldedValues(values)
            if kept.count != values.count { out.append((name, kept)) }
        }
        return out
    }

    /// The name that stands for predefined `name` in the rules the reading rewrites.
    static func unfoldedName(_ name: String) -> String { Misreadings.variablePrefix + "unfolded_" + name }

    /// In every rule with `caseSensitive: false`, each predefined variable whose list the reading
    /// shortens is replaced by a custom one with the shortened list (the variables are the file's, so
    /// a case-sensitive rule keeps the whole list).
    @Sendable static func unfoldingPredefinedInDocument(_ d: AASADocument) -> AASADocument {
        var added: [(name: String, values: [String])] = []
        var out = DocumentRewrite.rules(d) { f in
            guard f.caseSensitive == false else { return }
            DocumentRewrite.patterns(&f) { source in
                let shortened = unfoldedPredefined(in: source, d.variables)
                guard !shortened.isEmpty, let pattern = try? PatternParser.parse(source) else { return source }
                for v in shortened where !added.contains(where: { $0.name == unfoldedName(v.name) }) {
                    added.append((unfoldedName(v.name), v.values))
                }
                return patternSource(pattern.elements.map { e in
                    if case .variable(let name) = e, shortened.contains(where: { $0.name == name }) { return .variable(unfoldedName(name)) }
                    return e
                })
            }
        }
        guard !added.isEmpty else { return out }
        out.variables = VariableTable(custom: out.variables.custom + added)
        return out
    }

    // MARK: - D4

    /// An entry with `appID` and an empty `appIDs` array: `appIDs` holds the `appID`.
    static func appIDWhenAppIDsEmpty(_ entry: JSONObject) -> JSONObject {
        guard case .array(let list)? = entry["appIDs"], list.isEmpty, case .string(let id)? = entry["appID"] else { return entry }
        return DocumentRewrite.replacing("appIDs", in: entry, with: .array([.string(id)]))
    }
}

extension ComponentFields {
    /// These keys with every key `other` gives taken from `other` (`comment` is never inherited).
    func overridden(by other: ComponentFields) -> ComponentFields {
        var f = self
        if let v = other.path { f.path = v }
        if let v = other.query { f.query = v }
        if let v = other.fragment { f.fragment = v }
        if let v = other.exclude { f.exclude = v }
        if let v = other.caseSensitive { f.caseSensitive = v }
        if let v = other.percentEncoded { f.percentEncoded = v }
        return f
    }
}
