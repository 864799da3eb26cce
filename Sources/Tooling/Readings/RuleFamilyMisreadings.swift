import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// Misreadings of four rule families that a matcher written from the rules' headlines makes: the
/// app listing read the other way round (D4), every `/*` made optional (N3), wildcards in variable
/// values taken literally (V2), and patterns decoded with the URL (E3). Like the other misreadings,
/// each is the compiled engine over rewritten inputs (`ReadingEngine`).
enum RuleFamilyMisreadings {
    static var all: [Reading] {
        [
            Reading(name: "appid-wins-over-appids", kind: .misreading(rule: "D4"),
                    summary: "an entry with a string `appID` applies to that app only: its `appIDs` are ignored (SPEC: `appIDs` wins)",
                    engine: ReadingEngine(
                        name: "reading:appid-wins-over-appids",
                        document: { d in DocumentRewrite.reread(d, appIDOnly) }, restoresTraces: false),
                    // Where `appIDs` is empty, taking the `appID` alone is the fallback.
                    generalizes: ["appid-fallback-when-appids-empty"]),
            Reading(name: "every-slash-star-optional", kind: .misreading(rule: "N3"),
                    summary: "every `/*` in a path pattern may match nothing, its `/` included: `/a/*/c` matches `/a/c` (SPEC: only a final `/*`)",
                    engine: ReadingEngine(
                        name: "reading:every-slash-star-optional",
                        request: { r in
                            guard r.kind == .path, let p = slashStarsOptional(r.pattern) else { return r }
                            var r = r
                            r.pattern = p
                            r.variables = VariableTable(custom: r.variables.custom + [slashStar])
                            return r
                        },
                        document: { d in
                            var changed = false
                            var out = DocumentRewrite.rules(d) { f in
                                f.path = f.path.map { source in
                                    guard let p = slashStarsOptional(source) else { return source }
                                    changed = true
                                    return p
                                }
                            }
                            if changed { out.variables = VariableTable(custom: out.variables.custom + [slashStar]) }
                            return out
                        })),
            Reading(name: "wildcards-in-values-literal", kind: .misreading(rule: "V2"),
                    summary: "a variable's value is substituted, but a `*` or `?` in it is compared as that character: the value `a*z` matches only `a*z`",
                    engine: ReadingEngine(
                        name: "reading:wildcards-in-values-literal",
                        request: { r in
                            var r = r
                            r.text = wildcardsHidden(r.text)
                            r.variables = VariableTable(custom: r.variables.custom.map { ($0.name, $0.values.map(wildcardsHidden)) })
                            return r
                        },
                        document: { d in
                            var out = DocumentRewrite.rules(d) { f in
                                if case .items(let items)? = f.query { f.query = .items(items.map { (wildcardsHidden($0.name), $0.pattern) }) }
                            }
                            out = DocumentRewrite.variables(out, wildcardsHidden)
                            return out
                        },
                        url: { u in TextMisreadings.urlRewritten(u, wildcardsHidden) })),
            Reading(name: "patterns-decoded-too", kind: .misreading(rule: "E3"),
                    summary: "with `percentEncoded: false` the patterns are percent-decoded too, not only the URL: `/a%20b` matches `/a%20b` (SPEC: the pattern is used as written)",
                    engine: ReadingEngine(
                        name: "reading:patterns-decoded-too",
                        request: { r in
                            guard !r.percentEncoded else { return r }
                            var r = r
                            r.pattern = PercentCoding.decodeLenient(r.pattern)
                            return r
                        },
                        document: { d in
                            DocumentRewrite.rules(d) { f in
                                guard f.percentEncoded == false else { return }
                                DocumentRewrite.patterns(&f) { PercentCoding.decodeLenient($0) }
                            }
                        })),
        ]
    }

    // MARK: - D4

    /// An entry with a string `appID` and an `appIDs` array: `appIDs` holds the `appID` alone. A
    /// wrong-typed `appIDs` is absent anyway (D10), so the entry is left as it is.
    static func appIDOnly(_ entry: JSONObject) -> JSONObject {
        guard case .array? = entry["appIDs"], case .string(let id)? = entry["appID"] else { return entry }
        return DocumentRewrite.replacing("appIDs", in: entry, with: .array([.string(id)]))
    }

    // MARK: - N3

    // Each `/*` after the leading slashes (N1) and before the final one (N3 already lets that one
    // match nothing) becomes one variable with the values `/*` and `""`: the slash and the star, or
    // nothing at all. Values may hold wildcards (V2), so `/*` keeps its meaning.

    /// The variable that stands for an optional `/*`.
    static let slashStar: (name: String, values: [String]) = (Misreadings.variablePrefix + "slash_star", ["/*", ""])

    /// The path pattern with every inner `/*` optional, or nil when it has none (or is invalid: it
    /// then matches nothing either way).
    static func slashStarsOptional(_ source: String) -> String? {
        guard source.contains("/*"), let pattern = try? PatternParser.parse(source) else { return nil }
        let elements = pattern.elements
        guard let lead = elements.firstIndex(where: { $0 != .literal("/") }),
              let last = elements.lastIndex(where: { $0 != .literal("/") }) else { return nil }
        var out: [PatternElement] = []
        var changed = false
        var i = 0
        while i < elements.count {
            if i >= lead, i + 1 < last, elements[i] == .literal("/"), elements[i + 1] == .anyMany {
                out.append(.variable(slashStar.name))
                changed = true
                i += 2
            } else {
                out.append(elements[i])
                i += 1
            }
        }
        return changed ? MoreMisreadings.patternSource(out) : nil
    }

    // MARK: - V2

    // A value's `*` and `?` become private-use stand-ins, literal characters that only the same
    // stand-in matches; the URL's own raw `*` and `?` become the same stand-ins, so a value's `*`
    // matches exactly a `*` in the URL, and a pattern's wildcard still takes one character there.
    // Query item names are rewritten on both sides, so they stay equal. Not modelled: an escaped
    // `%2A` or `%3F` decoded where `percentEncoded` is false (the reading's matcher would compare the
    // decoded `*` with the value's).

    /// What a value's (and the URL's) `*` becomes under `wildcards-in-values-literal`.
    static let star = "\u{E007}"
    /// What a value's (and the URL's) `?` becomes.
    static let question = "\u{E008}"

    @Sendable static func wildcardsHidden(_ s: String) -> String {
        guard s.contains("*") || s.contains("?") else { return s }
        return s.replacingOccurrences(of: "*", with: star).replacingOccurrences(of: "?", with: question)
    }
}
