import LinkMatch

/// The baseline most implementations use: each pattern translated to a Swift `Regex` (literals
/// escaped, `*` -> `.*`, `?` -> `.`, a variable -> an alternation of its values), with the same
/// slash handling (N1–N3, as an alternation for the parent path), `.ignoresCase()` when the rule
/// is case-insensitive, unicode-scalar semantics (P2), and `wholeMatch`.
struct RegexPattern {
    let regex: Regex<AnyRegexOutput>
    let isPath: Bool
    let percentEncoded: Bool

    /// nil when the pattern is invalid (P3/P4) or the translation does not compile.
    init?(_ pattern: String, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool, variables: VariableTable) {
        guard let parsed = try? PatternParser.parse(pattern) else { return nil }
        var elements = parsed.elements[...]
        var alternatives: [ArraySlice<PatternElement>] = []
        if isPath {
            // N1, N2, N3 on the element list, exactly as the spec states them.
            func trimmed(_ e: ArraySlice<PatternElement>) -> ArraySlice<PatternElement> {
                var e = e
                while e.first == .literal("/") { e = e.dropFirst() }
                while e.last == .literal("/") { e = e.dropLast() }
                return e
            }
            elements = trimmed(elements)
            alternatives = [elements]
            if elements.count >= 2, elements.last == .anyMany, elements[elements.endIndex - 2] == .literal("/") {
                alternatives.append(trimmed(elements.dropLast(2)))
            }
        } else {
            alternatives = [elements]
        }
        var parts: [String] = []
        for alternative in alternatives {
            var source = ""
            for element in alternative {
                switch element {
                case .literal(let c): source += Self.escape(c)
                case .anyOne: source += "."
                case .anyMany: source += ".*"
                case .variable(let name):
                    guard let values = variables.values(of: name) else { return nil }
                    let translated = values.map { value in
                        PatternParser.parseValue(value).elements.map { e -> String in
                            switch e {
                            case .literal(let c): return Self.escape(c)
                            case .anyOne: return "."
                            case .anyMany: return ".*"
                            case .variable: return ""
                            }
                        }.joined()
                    }
                    // An empty list matches nothing (P4/V6).
                    source += translated.isEmpty ? "(?!)" : "(?:" + translated.joined(separator: "|") + ")"
                }
            }
            parts.append(source)
        }
        guard let regex = try? Regex("(?s)(?:" + parts.joined(separator: "|") + ")") else { return nil }
        self.regex = caseSensitive ? regex.matchingSemantics(.unicodeScalar)
                                   : regex.ignoresCase().matchingSemantics(.unicodeScalar)
        self.isPath = isPath
        self.percentEncoded = percentEncoded
    }

    static func escape(_ c: Unicode.Scalar) -> String {
        if c.isASCII, c.properties.isAlphabetic || ("0"..."9").contains(c) { return String(c) }
        if c.isASCII { return "\\" + String(c) }
        return String(c)
    }

    /// The raw URL part as written; decoded and slash-trimmed here like the spec says.
    func matches(_ raw: Substring) -> Bool {
        var text = percentEncoded ? raw : Substring(PercentCoding.decodeLenient(raw))
        if isPath {
            while text.first == "/" { text = text.dropFirst() }
            while text.last == "/" { text = text.dropLast() }
        }
        return (try? regex.wholeMatch(in: text)) != nil
    }
}

/// A whole document on the Regex baseline: rules in order, first match decides (outcomes only).
struct RegexDocument {
    enum Query {
        case any
        case whole(RegexPattern)
        case items([(name: String, pattern: RegexPattern)])
    }

    struct Rule {
        var path: RegexPattern?
        var query: Query
        var fragment: RegexPattern?
        var exclude: Bool
        var caseSensitive: Bool
        var percentEncoded: Bool
    }

    /// App ID -> rules in evaluation order (invalid rules left out: they never match).
    var rules: [String: [Rule]] = [:]

    init(_ document: AASADocument) {
        let variables = document.variables
        for app in document.appIDs {
            var list: [Rule] = []
            for rule in document.effectiveRules(for: app) {
                let cs = rule.caseSensitive
                let pe = rule.percentEncoded
                func compile(_ p: String?, path: Bool) -> RegexPattern?? {
                    guard let p else { return .some(nil) }
                    guard let r = RegexPattern(p, isPath: path, caseSensitive: cs, percentEncoded: pe, variables: variables) else { return nil }
                    return .some(r)
                }
                guard let path = compile(rule.path, path: true), let fragment = compile(rule.fragment, path: false) else { continue }
                var query = Query.any
                switch rule.query {
                case .whole(let p)?:
                    guard let r = RegexPattern(p, isPath: false, caseSensitive: cs, percentEncoded: pe, variables: variables) else { continue }
                    query = .whole(r)
                case .items(let items)?:
                    var compiled: [(String, RegexPattern)] = []
                    for item in items {
                        guard let r = RegexPattern(item.pattern, isPath: false, caseSensitive: cs, percentEncoded: pe, variables: variables) else { break }
                        compiled.append((cs ? item.name : CaseFolding.fold(item.name), r))
                    }
                    guard compiled.count == items.count else { continue }
                    query = .items(compiled)
                case nil:
                    break
                }
                list.append(Rule(path: path, query: query, fragment: fragment, exclude: rule.exclude, caseSensitive: cs, percentEncoded: pe))
            }
            rules[app] = list
        }
    }

    func decide(_ url: ParsedURL, appID: String) -> Decision.Outcome {
        guard url.scheme.lowercased() == "https" else { return .noMatch }
        guard let list = rules[appID] else { return .noMatch }
        let query = Substring(url.query ?? "")
        let fragment = Substring(url.fragment ?? "")
        let path = Substring(url.path)
        for rule in list {
            if let p = rule.path, !p.matches(path) { continue }
            switch rule.query {
            case .any: break
            case .whole(let q): if !q.matches(query) { continue }
            case .items(let items):
                let present = ParsedURL.queryItems(String(query))
                var ok = true
                for item in items where ok {
                    let values = present.filter { p in
                        let decoded = rule.percentEncoded ? String(p.name) : PercentCoding.decodeLenient(p.name)
                        return (rule.caseSensitive ? decoded : CaseFolding.fold(decoded)) == item.name
                    }.map(\.value)
                    ok = values.isEmpty ? item.pattern.matches("") : values.allSatisfy { item.pattern.matches($0) }
                }
                if !ok { continue }
            }
            if let f = rule.fragment, !f.matches(fragment) { continue }
            return rule.exclude ? .exclude : .match
        }
        return .noMatch
    }
}
