import LinkMatch

/// Siblings that tell apart readings of the app listing (D4) and of escapes in patterns (E3), which
/// the other siblings leave together (`ReadingExplainer.siblings`).
extension ReadingExplainer {
    /// The document with each entry that has a string `appID` and an `appIDs` array rewritten to list
    /// that app in `appIDs` and name another in `appID`: a matcher that lets `appID` win
    /// (`appid-wins-over-appids`) then refuses the app, one that joins both
    /// (`appid-beside-appids-counted`) still accepts it.
    static func swappedAppIDs(_ aasa: JSONValue) -> [JSONValue] {
        rewritingEntries(aasa) { entry in
            guard case .array? = entry["appIDs"], case .string(let id)? = entry["appID"] else { return nil }
            let listed = DocumentRewrite.replacing("appIDs", in: entry, with: .array([.string(id)]))
            return DocumentRewrite.replacing("appID", in: listed, with: .string("ZZZZZ99999.zq9.other"))
        }.map { [$0] } ?? []
    }

    /// The document with every escape in its rules' patterns (path, query, fragment) decoded: a
    /// matcher that decodes patterns too (`patterns-decoded-too`) answers as before where
    /// `percentEncoded` is false, one that compares the URL as written (`percent-encoded-ignored`)
    /// no longer matches.
    static func decodedPatterns(_ aasa: JSONValue) -> [JSONValue] {
        func decoded(_ v: JSONValue) -> JSONValue {
            switch v {
            case .string(let s) where s.contains("%"): return .string(PercentCoding.decodeLenient(s))
            case .object(let o): return .object(JSONObject(o.members.map { JSONMember(key: $0.key, value: decoded($0.value)) }))
            default: return v
            }
        }
        return rewritingEntries(aasa) { entry in
            guard case .array(let components)? = entry["components"] else { return nil }
            let rewritten = components.map { c -> JSONValue in
                guard case .object(let rule) = c else { return c }
                return .object(JSONObject(rule.members.map { m in
                    ["/", "?", "#"].contains(m.key) ? JSONMember(key: m.key, value: decoded(m.value)) : m
                }))
            }
            return rewritten == components ? nil : DocumentRewrite.replacing("components", in: entry, with: .array(rewritten))
        }.map { [$0] } ?? []
    }

    /// `text` with the hex letters of its escapes in the other case (`%a9` and `%A9`): a matcher that
    /// compares escapes as written sees another text, one that decodes them does not.
    static func flippedEscapeCase(_ text: String) -> String {
        var out = ""
        var left = 0
        for c in text {
            if c == "%" { left = 2; out.append(c); continue }
            if left > 0, c.isHexDigit {
                left -= 1
                out += c.isUppercase ? c.lowercased() : c.uppercased()
            } else {
                left = 0
                out.append(c)
            }
        }
        return out
    }

    /// The document with every array `details` entry passed through `change` (nil: left as it is),
    /// or nil when no entry changed.
    static func rewritingEntries(_ aasa: JSONValue, _ change: (JSONObject) -> JSONObject?) -> JSONValue? {
        guard case .object(let top) = aasa, case .object(let applinks)? = top["applinks"],
              case .array(let details)? = applinks["details"] else { return nil }
        var changed = false
        let entries = details.map { e -> JSONValue in
            guard case .object(let entry) = e, let rewritten = change(entry) else { return e }
            changed = true
            return .object(rewritten)
        }
        guard changed else { return nil }
        return .object(DocumentRewrite.replacing("applinks", in: top,
                                                 with: .object(DocumentRewrite.replacing("details", in: applinks, with: .array(entries)))))
    }
}
