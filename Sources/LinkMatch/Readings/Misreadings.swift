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
                        })),
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
                            r.text = markingTrailingSlashes(r.text)
                            return r
                        },
                        url: { u in DocumentRewrite.url(u, path: markingTrailingSlashes(u.path)) })),
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
                        document: { d in DocumentRewrite.reread(d, appIDJoinedToAppIDs) }, restoresTraces: false)),
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

    /// Trailing slashes become a private-use scalar, so they no longer vanish under N2.
    static func markingTrailingSlashes(_ s: String) -> String {
        var scalars = Array(s.unicodeScalars)
        var n = 0
        while scalars.last == "/" { scalars.removeLast(); n += 1 }
        guard n > 0, !scalars.isEmpty else { return s }
        return String(String.UnicodeScalarView(scalars)) + String(repeating: "\u{E001}", count: n)
    }

    /// A variable name no document uses in practice, for `no-parent-path`.
    static let anyName = "__linkmatch_reading_any"

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
