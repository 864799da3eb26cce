import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// Common misreadings of decided rules: what a matcher written from Apple's documentation plausibly
/// does instead of what SPEC.md decides. Each is the compiled engine over rewritten inputs, so
/// LinkMatch's own rules give the misreading's answers (`ReadingEngine`).
enum Misreadings {
    static var all: [Reading] {
        [
            Reading(name: "fold-ascii-only", kind: .misreading(rule: "E1"),
                    summary: "`caseSensitive: false` folds ASCII letters only, so `É` and `é` differ",
                    engine: ReadingEngine(
                        name: "reading:fold-ascii-only",
                        request: { r in
                            guard !r.caseSensitive else { return r }
                            var r = r
                            r.pattern = foldingASCIILiterals(r.pattern)
                            r.variables = VariableTable(custom: r.variables.custom.map { ($0.name, $0.values.map(asciiFolded)) })
                            r.text = r.percentEncoded ? asciiFolded(r.text)
                                : DocumentRewrite.percentEscaped(asciiFolded(PercentCoding.decodeLenient(r.text)))
                            r.caseSensitive = true
                            return r
                        },
                        document: hidingNonASCIIInDocument,
                        url: hidingNonASCIIInURL)),
            Reading(name: "first-query-item-only", kind: .misreading(rule: "Q4"),
                    summary: "a query item named twice: only its first occurrence must match",
                    engine: ReadingEngine(name: "reading:first-query-item-only", url: firstOccurrencesOnly)),
            Reading(name: "entry-defaults-ignored", kind: .misreading(rule: "C5"),
                    summary: "an entry's `defaults` are skipped: its rules take `applinks.defaults` only",
                    engine: ReadingEngine(
                        name: "reading:entry-defaults-ignored",
                        document: { d in
                            var d = d
                            for e in d.entries.indices { d.entries[e].defaults = ComponentFields() }
                            return d
                        })),
            Reading(name: "trailing-slash-significant", kind: .misreading(rule: "N2"),
                    summary: "a trailing `/` in the path counts, so `/a` does not match `/a/`",
                    engine: ReadingEngine(
                        name: "reading:trailing-slash-significant",
                        request: { r in
                            guard r.kind == .path else { return r }
                            var r = r
                            let (pattern, variables) = keepingTrailingSlashes(r.pattern)
                            r.pattern = pattern
                            r.variables = VariableTable(custom: r.variables.custom + variables)
                            r.text += textEnd
                            return r
                        },
                        document: { d in
                            var added: [(name: String, values: [String])] = []
                            var out = DocumentRewrite.rules(d) { f in
                                f.path = f.path.map { source in
                                    let (pattern, variables) = keepingTrailingSlashes(source)
                                    for v in variables where !added.contains(where: { $0.name == v.name }) { added.append(v) }
                                    return pattern
                                }
                            }
                            out.variables = VariableTable(custom: out.variables.custom + added)
                            return out
                        },
                        url: { u in
                            var u = u
                            u.path += textEnd
                            return u
                        })),
            Reading(name: "no-parent-path", kind: .misreading(rule: "N3"),
                    summary: "a trailing `/*` needs the slash, so `/buy/*` does not match `/buy`",
                    engine: ReadingEngine(
                        name: "reading:no-parent-path",
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
                        })),
            Reading(name: "appid-beside-appids-counted", kind: .misreading(rule: "D4"),
                    summary: "an entry's `appID` names an app beside its `appIDs` (SPEC: `appIDs` wins)",
                    engine: ReadingEngine(
                        name: "reading:appid-beside-appids-counted",
                        document: { d in DocumentRewrite.reread(d, appIDJoinedToAppIDs) }, restoresTraces: false),
                    // Where appIDs is empty, counting appID beside it is the fallback.
                    generalizes: ["appid-fallback-when-appids-empty"]),
        ]
    }

    // MARK: - E1

    static func asciiFolded(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value >= 0x41 && $0.value <= 0x5A ? Unicode.Scalar(UInt8($0.value + 0x20)) : $0 }))
    }

    /// ASCII letters of literals folded, variable names kept.
    static func foldingASCIILiterals(_ source: String) -> String {
        guard let pattern = try? PatternParser.parse(source) else { return source }
        var out = ""
        for e in pattern.elements {
            switch e {
            case .literal(let c): out += asciiFolded(String(c))
            case .anyOne: out += "?"
            case .anyMany: out += "*"
            case .variable(let name): out += "$(\(name))"
            }
        }
        return out
    }

    // On documents the rules keep LinkMatch's folding, but no non-ASCII scalar reaches it: every one
    // below U+20000, in the URL and in every pattern, item name and variable value alike, is moved to
    // the private-use planes 15–16 (U+F0000 + its value), which no case folding touches. The move is one
    // to one, so equal texts stay equal and only folding across non-ASCII scalars is lost. Escaped
    // UTF-8 is moved too (re-escaped with the same hex case), where the text is compared as written
    // (`percentEncoded: true`) and where the URL is decoded. Not modelled: `?` counting the characters
    // of a written escape (the moved escape is longer), and URLs that already hold planes 15–16 scalars.

    static func hidden(_ c: Unicode.Scalar) -> Unicode.Scalar {
        guard c.value >= 0x80, c.value < 0x20000 else { return c }
        return Unicode.Scalar(0xF0000 + c.value) ?? c
    }

    static func hidingRaw(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map(hidden)))
    }

    /// Raw scalars moved, and escaped UTF-8 of a non-ASCII scalar re-escaped as the moved scalar's.
    static func hidingEscaped(_ s: String) -> String {
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if let (scalar, length, lower) = escapedScalar(bytes, at: i) {
                for b in String(hidden(scalar)).utf8 {
                    let digits = lower ? Array("0123456789abcdef".utf8) : Array("0123456789ABCDEF".utf8)
                    out += [UInt8(ascii: "%"), digits[Int(b >> 4)], digits[Int(b & 0xF)]]
                }
                i += length
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return hidingRaw(String(decoding: out, as: UTF8.self))
    }

    /// The non-ASCII scalar whose UTF-8 is escaped at `i` (`%C3%A9`), the escapes' length in bytes,
    /// and whether their hex letters are lower case.
    static func escapedScalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int, Bool)? {
        func byte(_ k: Int) -> UInt8? {
            guard k + 2 < bytes.count, bytes[k] == UInt8(ascii: "%"),
                  let h = PercentCoding.hexValue(bytes[k + 1]), let l = PercentCoding.hexValue(bytes[k + 2]) else { return nil }
            return h << 4 | l
        }
        guard let lead = byte(i) else { return nil }
        let count: Int
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0...0xEF: count = 3
        case 0xF0...0xF4: count = 4
        default: return nil
        }
        var utf8: [UInt8] = []
        for k in 0..<count {
            guard let b = byte(i + 3 * k) else { return nil }
            utf8.append(b)
        }
        guard let text = String(validating: utf8, as: UTF8.self), text.unicodeScalars.count == 1,
              let scalar = text.unicodeScalars.first else { return nil }
        let lower = bytes[i..<(i + 3 * count)].contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }
        return (scalar, 3 * count, lower)
    }

    @Sendable static func hidingNonASCIIInURL(_ u: ParsedURL) -> ParsedURL {
        var u = u
        u.path = hidingEscaped(u.path)
        u.query = u.query.map(hidingEscaped)
        u.fragment = u.fragment.map(hidingEscaped)
        return u
    }

    @Sendable static func hidingNonASCIIInDocument(_ d: AASADocument) -> AASADocument {
        let rules = DocumentRewrite.rules(d) { f in
            let change = f.percentEncoded == false ? hidingRaw : hidingEscaped
            f.path = f.path.map(change)
            f.fragment = f.fragment.map(change)
            switch f.query {
            case .whole(let p)?: f.query = .whole(change(p))
            case .items(let items)?: f.query = .items(items.map { (hidingRaw($0.name), change($0.pattern)) })
            case nil: break
            }
        }
        return DocumentRewrite.variables(rules, hidingRaw)
    }

    // MARK: - Q4

    /// The URL with every query item after the first of its name dropped.
    @Sendable static func firstOccurrencesOnly(_ u: ParsedURL) -> ParsedURL {
        guard let q = u.query else { return u }
        var seen: [Substring] = []
        let kept = q.split(separator: "&", omittingEmptySubsequences: true).filter { piece in
            let name = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? piece
            if seen.contains(name) { return false }
            seen.append(name)
            return true
        }
        return DocumentRewrite.url(u, query: .some(kept.joined(separator: "&")))
    }

    // MARK: - N2, N3

    // `trailing-slash-significant` is N2 applied to the pattern but not to the text: the pattern's
    // trailing literal `/` still go, the path's stay (so `/a` misses `/a/`, while `/b/*` and `/b/**`
    // still match `/b/`, their `/` meeting the path's). The model: every path text ends with a
    // private-use scalar, and every path pattern with the same scalar after N1–N3 are done by hand
    // (the engine then sees no edge slash to drop on either side). The end scalar is a literal on
    // both sides, so no wildcard can take it, and the path's own trailing slashes must be matched by
    // the pattern like any other character.

    /// What ends every path text, and every path pattern, under `trailing-slash-significant`.
    static let textEnd = "\u{E001}"

    /// A path pattern normalized as N1–N3 do (SPEC.md; like the reference engine: edge literal `/`
    /// trimmed, and a final `/*` also matching the parent path), then ended with `textEnd`. N3's two
    /// alternatives become one variable, `Y$(p)`, with the values `/*` (the slashes as written) and
    /// `""`; it is returned with the pattern. An invalid pattern stays as it is (it matches nothing).
    static func keepingTrailingSlashes(_ source: String) -> (String, [(name: String, values: [String])]) {
        guard let pattern = try? PatternParser.parse(source) else { return (source, []) }
        var elements = pattern.elements[...]
        while case .literal("/")? = elements.first { elements.removeFirst() }
        while case .literal("/")? = elements.last { elements.removeLast() }
        guard elements.count >= 2, case .anyMany? = elements.last, case .literal("/")? = elements.dropLast().last else {
            return (MoreMisreadings.patternSource(Array(elements)) + textEnd, [])
        }
        var parent = elements.dropLast(2)
        var slashes = 1
        while case .literal("/")? = parent.last { parent.removeLast(); slashes += 1 }
        let name = variablePrefix + "parent_\(slashes)"
        return (MoreMisreadings.patternSource(Array(parent)) + "$(\(name))" + textEnd,
                [(name, [String(repeating: "/", count: slashes) + "*", ""])])
    }

    /// How the variables readings add to a document begin: a name no document uses in practice.
    static let variablePrefix = "__linkmatch_reading_"

    /// The variable standing for a final `*`, for `no-parent-path`.
    static let anyName = variablePrefix + "any"

    /// A path pattern ending in `/*` (after trailing slashes) with the final `*` behind a variable
    /// whose only value is `*`: same matches, except the N3 parent-path one.
    static func withoutParentRule(_ pattern: String) -> String? {
        var s = Array(pattern.unicodeScalars)
        while s.last == "/" { s.removeLast() }
        guard s.count >= 2, s[s.count - 1] == "*", s[s.count - 2] == "/" else { return nil }
        s.removeLast()
        return String(String.UnicodeScalarView(s)) + "$(\(anyName))"
    }

    // MARK: - D4

    /// `appIDs` (an array) with the entry's `appID` string added to it.
    static func appIDJoinedToAppIDs(_ entry: JSONObject) -> JSONObject {
        guard case .array(let list)? = entry["appIDs"], case .string(let id)? = entry["appID"] else { return entry }
        return DocumentRewrite.replacing("appIDs", in: entry, with: .array(list + [.string(id)]))
    }
}
