import LinkMatch

/// `metamorphic`: relations a single engine must satisfy, checked on every engine in `engines`
/// (the reference needs no second implementation to be tested this way):
/// - M-case (E1): with caseSensitive false, swapping the ASCII case of the text (or of the pattern's
///   literals) never changes the verdict;
/// - M-var (V1, V2): a pattern with `$(v)` matches iff one of the patterns with a value of v
///   substituted (textually, first occurrence; v is the variable with the most values) matches.
///   Both ways when v has at most 32 values and the substituted patterns cost at most
///   `maxSubstitutionCost` together (pattern size with values expanded x text length); otherwise a
///   sample of v's values (8, fewer when each substituted pattern is costly), one way;
/// - M-star (P1, C2): `*` matches every text, path or plain, with any flags;
/// - M-slash (N1, N2): adding a trailing or a leading `/` to a path text never changes the verdict;
/// - M-escape (E3): with percentEncoded false, percent-encoding one unreserved character of a text
///   without `%` never changes the verdict.
public enum MetamorphicCheck {
    public static func check(_ c: PartCase, engines: Engines) -> CheckFailure? {
        let list: [any MatchEngine] = engines.reference.name == engines.candidate.name
            ? [engines.reference] : [engines.reference, engines.candidate]
        let substitutions = Substitutions(c) // the same patterns for every engine: made once
        for engine in list {
            if let problem = problem(c, engine: engine, substitutions: substitutions) {
                return CheckFailure(target: .metamorphic, summary: "\(engine.name): \(problem)",
                                    readable: readable(c, engines: engines, problem: "\(engine.name): \(problem)"))
            }
        }
        return nil
    }

    /// The first relation `engine` breaks on `c`, in words, or nil.
    public static func problem(_ c: PartCase, engine: any MatchEngine) -> String? {
        problem(c, engine: engine, substitutions: Substitutions(c))
    }

    static func problem(_ c: PartCase, engine: any MatchEngine, substitutions: Substitutions?) -> String? {
        let base = engine.matchPart(c.request)
        guard base != .undecided else { return nil }
        func verdict(_ change: (inout PartCase) -> Void) -> PartVerdict {
            var d = c
            change(&d)
            return engine.matchPart(d.request)
        }
        func differs(_ v: PartVerdict) -> Bool { v != .undecided && v != base }

        // M-star.
        let star = verdict { $0.pattern = "*" }
        if star != .matched && star != .undecided {
            return "pattern \"*\" gives \(star.rawValue) for this text (P1: it matches everything)"
        }
        // M-case.
        if !c.caseSensitive {
            let swapped = verdict { $0.text = swappingASCIICase($0.text) }
            if differs(swapped) {
                return "case-insensitive verdict changes from \(base.rawValue) to \(swapped.rawValue) when the text's ASCII case is swapped"
            }
            if let pattern = swappingLiteralCase(c.pattern) {
                let v = verdict { $0.pattern = pattern }
                if differs(v) {
                    return "case-insensitive verdict changes from \(base.rawValue) to \(v.rawValue) with pattern \(pattern.debugDescription)"
                }
            }
        }
        // M-slash.
        if c.kind == .path {
            let trailing = verdict { $0.text += "/" }
            if differs(trailing) { return "appending \"/\" to the path changes the verdict from \(base.rawValue) to \(trailing.rawValue) (N2)" }
            let leading = verdict { $0.text = "/" + $0.text }
            if differs(leading) { return "prepending \"/\" to the path changes the verdict from \(base.rawValue) to \(leading.rawValue) (N1)" }
        }
        // M-escape.
        if !c.percentEncoded, !c.text.utf8.contains(UInt8(ascii: "%")),
           let i = c.text.utf8.firstIndex(where: { PercentCoding.isUnreserved($0) }) {
            let bytes = Array(c.text.utf8)
            let k = c.text.utf8.distance(from: c.text.utf8.startIndex, to: i)
            let escaped = String(decoding: bytes[..<k], as: UTF8.self) + Instantiator.percentEncoded(Unicode.Scalar(bytes[k]), upper: true)
                + String(decoding: bytes[(k + 1)...], as: UTF8.self)
            let v = verdict { $0.text = escaped }
            if differs(v) { return "percent-encoding one unreserved byte (\(escaped.debugDescription)) changes the verdict from \(base.rawValue) to \(v.rawValue) (E3)" }
        }
        // M-var.
        if let substitutions, let problem = substitutions.problem(c, base: base, engine: engine) { return problem }
        return nil
    }

    /// Most values substituted for one variable; beyond that (region, lang) only a sample is checked,
    /// one way: a substituted pattern that matches implies the variable pattern matches.
    static let maxExhaustiveValues = 32
    /// What the substituted patterns may cost all together, counted as states the reference may
    /// walk: (pattern size with values expanded) x (text length + 1), summed over the values. Within
    /// it every value is substituted; beyond it a sample is, one way: 8 values, or as many as fit
    /// (at least 1). Without a bound, a pattern with ten star-valued variables and a long text cost
    /// a hundred times the median input, and a fuzzer mutates the inputs it just found the most.
    static let maxSubstitutionCost = 100_000

    /// M-var's patterns for a case: `c.pattern` with its first reference to the variable with the most
    /// values replaced by each (checked) value, textually. Only values whose textual substitution means element substitution are kept
    /// (a `$` in a value could start a new reference); in a path pattern, values that are empty, hold
    /// a `/` or are `*` are left out too (N1–N3 look at literal ends, so the relation does not hold
    /// for them).
    struct Substitutions {
        var name: String
        var patterns: [(value: String, text: String)]
        /// Every value of the variable is in `patterns`: "none of them matches" can be concluded.
        var exhaustive: Bool

        /// nil when the pattern does not parse or has no variable with values.
        init?(_ c: PartCase) {
            guard let pattern = try? PatternParser.parse(c.pattern) else { return nil }
            let table = VariableTable(custom: c.variables)
            // The variable with the most values (the first such): the substituted patterns keep the
            // others, and each of them is compiled once per value.
            var chosen: (index: Int, name: String, values: [String])?
            for (i, element) in pattern.elements.enumerated() {
                guard case .variable(let name) = element, let values = table.values(of: name) else { continue }
                if values.count > (chosen?.values.count ?? -1) { chosen = (i, name, values) }
            }
            guard let (index, name, values) = chosen else { return nil }
            // The first `$(name)` in the text: a reference's name holds no `$` or `(` (P3), so the
            // first such text is the first reference to `name`. Searched and spliced as UTF-8 (its
            // `$(` is ASCII, so a byte match is a scalar match).
            let source = Array(c.pattern.utf8)
            let ref = Array("$(\(name))".utf8)
            guard source.count >= ref.count,
                  let start = (0...(source.count - ref.count)).first(where: { source[$0..<($0 + ref.count)].elementsEqual(ref) })
            else { return nil }
            // What running one substituted pattern costs: the reference walks up to (pattern size,
            // its variables' values expanded as P5 counts them) x (text length + 1) states, and the
            // compiled engine's automaton is as large.
            var others = pattern
            others.elements.remove(at: index)
            let rest = PatternLimits.expandedSize(of: others, variables: table)
            let columns = c.text.unicodeScalars.count + 1
            let cost = values.reduce(0) { $0 + (rest + $1.unicodeScalars.count) * columns }
            var exhaustive = values.count <= maxExhaustiveValues && cost <= maxSubstitutionCost
            let sample = max(1, min(8, maxSubstitutionCost * values.count / max(1, cost)))
            let checked = exhaustive ? values : stride(from: 0, to: values.count, by: max(1, values.count / sample)).prefix(sample).map { values[$0] }
            var patterns: [(value: String, text: String)] = []
            for value in checked {
                if c.kind == .path, value.isEmpty || value.contains("/") || value == "*" { exhaustive = false; continue }
                var bytes = Array(source[..<start])
                bytes.append(contentsOf: value.utf8)
                bytes.append(contentsOf: source[(start + ref.count)...])
                let text = String(decoding: bytes, as: UTF8.self)
                // A value without `$` or `(` cannot start or end a reference where it lands, so its
                // textual substitution is its element substitution; any other value is re-read.
                if value.unicodeScalars.contains(where: { $0 == "$" || $0 == "(" }) {
                    var expected = pattern.elements
                    expected.replaceSubrange(index...index, with: PatternParser.parseValue(value).elements)
                    guard let reparsed = try? PatternParser.parse(text), reparsed.elements == expected else { exhaustive = false; continue }
                }
                patterns.append((value, text))
            }
            self.name = name
            self.patterns = patterns
            self.exhaustive = exhaustive
        }

        /// V1 both ways: a substituted pattern that matches means the variable pattern matches; and
        /// when every value was substituted, a variable pattern that matches has a value that does.
        /// Only as many patterns as that takes are run: none when the variable pattern matches and
        /// the list is a sample (a matching value could only agree), until the first match when it
        /// matches and the list is complete.
        func problem(_ c: PartCase, base: PartVerdict, engine: any MatchEngine) -> String? {
            guard base == .matched || base == .notMatched else { return nil }
            if base == .matched && !exhaustive { return nil }
            var d = c
            for (value, text) in patterns {
                d.pattern = text
                switch engine.matchPart(d.request) {
                case .matched:
                    if base == .matched { return nil }
                    return "pattern \(text.debugDescription) (value \(value.debugDescription) for $(\(name))) matches but the pattern with the variable does not (V1)"
                case .undecided:
                    if base == .matched { return nil } // cannot conclude "none matches"
                default:
                    continue
                }
            }
            guard base == .matched else { return nil }
            return "the pattern matches but none of the \(patterns.count) patterns with a value of $(\(name)) substituted does (V1)"
        }
    }

    /// The pattern with the ASCII case of its literals swapped (variable names kept), or nil when it
    /// has no letters or does not parse.
    static func swappingLiteralCase(_ source: String) -> String? {
        guard let pattern = try? PatternParser.parse(source) else { return nil }
        var out = ""
        var changed = false
        for e in pattern.elements {
            switch e {
            case .literal(let c):
                let s = String(c)
                let swapped = c.isASCII ? swappingASCIICase(s) : s
                changed = changed || swapped != s
                out.unicodeScalars.append(contentsOf: swapped.unicodeScalars)
            case .anyOne: out += "?"
            case .anyMany: out += "*"
            case .variable(let name): out += "$(\(name))"
            }
        }
        return changed ? out : nil
    }

    public static func readable(_ c: PartCase, engines: Engines, problem: String? = nil) -> String {
        var json = DifferentialCheck.readableJSON(c, engines: engines)
        if case .object(var obj) = json {
            let found = problem ?? Self.problem(c, engine: engines.reference) ?? Self.problem(c, engine: engines.candidate)
            if let found { obj.members.append(JSONMember(key: "problem", value: .string(found))) }
            json = .object(obj)
        }
        return json.serialized(pretty: true)
    }
}

extension MetamorphicCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> PartCase { PartCase(bytes: bytes) }
    public static func run(_ c: PartCase, engines: Engines) -> CheckFailure? { check(c, engines: engines) }
    public static func readable(_ c: PartCase, engines: Engines) -> String { readable(c, engines: engines, problem: nil) }
    /// The same case format as `differential`.
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try DifferentialCheck.parseReadable(readableJSON).encoded()
    }
}
