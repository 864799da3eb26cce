import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// Authoring mistakes visible in one rule's own patterns, each with the fix:
///
/// - `not-in-component`: a component `/` starting with `NOT `, the legacy exclusion (D6) that means
///   nothing in `components`: the pattern is compared as written.
/// - `fragment-in-path`: `#` in a path pattern. The fragment is never part of the path (U1), so as
///   written (percentEncoded true, E2) the rule can never match.
/// - `query-in-path`: `?name=` in a path pattern. `?` there is the one-character wildcard (P1), not
///   the query, which a component tests with its `?` key (Q1, Q2).
/// - `unmatchable-character`: a raw space, control, non-ASCII or `"<>\^`{|}` character in a pattern
///   compared with the URL as written. U4 percent-encodes those in every URL, so the rule can never
///   match (E2).
///
/// A pattern gets at most one of these (the first that applies, in the order above): they all
/// describe the same text, and one fix is enough to act on.
enum PatternMistakesLint {
    static func findings(_ document: AASADocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (e, entry) in document.entries.enumerated() {
            for (r, rule) in entry.rules.enumerated() {
                let effective = EffectiveRule(rule: rule, entryIndex: e, ruleIndex: r,
                                              entryDefaults: entry.defaults, domainDefaults: document.defaults)
                out += findings(rule, effective)
            }
        }
        return out
    }

    static func findings(_ rule: DocumentRule, _ effective: EffectiveRule) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let asWritten = effective.percentEncoded
        let legacy = rule.legacyPath != nil
        let at = legacy ? rule.sourcePath : JSONPath.member(rule.sourcePath, "/")
        if let path = rule.fields.path {
            if !legacy, path.hasPrefix("NOT ") {
                let rest = String(path.dropFirst(4))
                out.append(Diagnostic(asWritten ? .error : .warning, "not-in-component", at: at,
                    "\"NOT \" excludes only in legacy `paths` (D6); in a component the pattern is compared as written, "
                        + (asWritten ? "and no URL path holds a raw space (U4), so this rule can never match"
                                     : "so it matches only paths that start with \"NOT \""),
                    fix: "write this component as \(component([("/", rest)], exclude: true))"))
            } else if let hash = path.firstIndex(of: "#") {
                let before = String(path[..<hash]), after = String(path[path.index(after: hash)...])
                let replacement = component([("/", before.isEmpty ? "/" : before), ("#", after)],
                                            exclude: rule.fields.exclude == true)
                out.append(Diagnostic(asWritten ? .error : .warning, "fragment-in-path", at: at,
                    "the path pattern holds \"#\", but a URL's fragment is never part of its path (U1)"
                        + (asWritten ? ": this rule can never match" : ": only a path with an encoded %23 can match"),
                    fix: legacy ? "legacy `paths` cannot test the fragment: move the entry to `components` and write \(replacement)"
                                : "test the fragment with the \"#\" key: \(replacement)"))
            } else if let query = queryInPath(path) {
                let items = query.items.map { "\(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ", ")
                let replacement = "{\"/\": \(quoted(query.path)), \"?\": {\(items)}"
                    + (rule.fields.exclude == true ? ", \"exclude\": true}" : "}")
                out.append(Diagnostic(.warning, "query-in-path", at: at,
                    "\"?\" in a path pattern matches any one character (P1), not the query: this rule matches paths like "
                        + "\(quoted(query.example)) and never looks at the query",
                    fix: legacy ? "legacy `paths` cannot test the query: move the entry to `components` and write \(replacement)"
                                : "test the query with the \"?\" key (Q2): \(replacement)"))
            }
        }
        guard out.isEmpty, asWritten else { return out }
        var patterns: [(String, String)] = []
        if let p = effective.path, rule.fields.path != nil { patterns.append((at, p)) }
        if let f = rule.fields.fragment { patterns.append((JSONPath.member(rule.sourcePath, "#"), f)) }
        switch rule.fields.query {
        case .whole(let q)?: patterns.append((JSONPath.member(rule.sourcePath, "?"), q))
        case .items(let items)?:
            for item in items { patterns.append((JSONPath.member(JSONPath.member(rule.sourcePath, "?"), item.name), item.pattern)) }
        case nil: break
        }
        for (path, pattern) in patterns {
            guard let bad = firstUnsafeScalar(pattern) else { continue }
            out.append(Diagnostic(.error, "unmatchable-character", at: path,
                "the pattern \(quoted(pattern)) holds the raw character \(describe(bad)), which every URL carries percent-encoded "
                    + "(U4) and this rule compares as written (percentEncoded true, E2): it can never match",
                fix: "write it percent-encoded, \(quoted(encodedOutsideVariables(pattern))), or set \"percentEncoded\": false "
                    + "to compare decoded text (E3)"))
        }
        return out
    }

    /// The path, query items and an example path of a path pattern `P?name=value…`: a `?` followed
    /// by a name and `=` reads as a query the author meant; a lone `?` is the wildcard and stays.
    static func queryInPath(_ pattern: String) -> (path: String, items: [(name: String, value: String)], example: String)? {
        guard let mark = pattern.firstIndex(of: "?") else { return nil }
        let rest = pattern[pattern.index(after: mark)...]
        guard let equals = rest.firstIndex(of: "="),
              !rest[..<equals].isEmpty, !rest[..<equals].contains(where: { "/?*".contains($0) }) else { return nil }
        let items = rest.split(separator: "&").map { pair -> (name: String, value: String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "*")
        }
        let path = String(pattern[..<mark])
        let example = path + "X" + rest.replacingStars()
        return (path.isEmpty ? "/" : path, items, example)
    }

    /// The first scalar U4 always encodes, outside `$(…)` references (a variable's values are checked
    /// where they are defined).
    static func firstUnsafeScalar(_ pattern: String) -> Unicode.Scalar? {
        var inReference = false
        var previous: Unicode.Scalar?
        for s in pattern.unicodeScalars {
            defer { previous = s }
            if inReference { if s == ")" { inReference = false }; continue }
            if s == "(", previous == "$" { inReference = true; continue }
            if !s.isASCII || ParsedURL.isUnsafe(UInt8(s.value)) { return s }
        }
        return nil
    }

    static func encodedOutsideVariables(_ pattern: String) -> String {
        var out = "", pending = "", inReference = false
        for c in pattern {
            if inReference {
                out.append(c)
                if c == ")" { inReference = false }
            } else if c == "$" {
                out += ParsedURL.encodeUnsafeCharacters(pending) + "$"
                pending = ""
            } else if c == "(", out.hasSuffix("$") {
                out.append(c)
                inReference = true
            } else {
                pending.append(c)
            }
        }
        return out + ParsedURL.encodeUnsafeCharacters(pending)
    }

    static func describe(_ s: Unicode.Scalar) -> String {
        s == " " ? "space" : "U+\(String(s.value, radix: 16, uppercase: true)) \(quoted(String(s)))"
    }

    static func component(_ members: [(String, String)], exclude: Bool) -> String {
        "{" + (members.map { "\(quoted($0.0)): \(quoted($0.1))" } + (exclude ? ["\"exclude\": true"] : [])).joined(separator: ", ") + "}"
    }

    static func quoted(_ s: String) -> String { JSONValue.string(s).serialized() }
}

private extension Substring {
    /// The text with each `*` as `x` and each `?` as `y`: an example of what a pattern matches.
    func replacingStars() -> String { String(map { $0 == "*" ? "x" : $0 == "?" ? "y" : $0 }) }
}
