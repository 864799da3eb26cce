import LinkMatchCore

/// P1 and P3 (and V2 for values) for the reference side only: a pattern read scalar by scalar.
/// The compiled side reads patterns with PatternParser.
enum ReferencePattern {
    enum Element: Equatable {
        case literal(Unicode.Scalar)
        case one      // `?`
        case many     // `*`
        case variable(String)
    }

    /// A rule pattern; nil when a `$(` reference is broken (P3): no `)` closes it, its name is
    /// empty, or the name holds `$` or `(`.
    static func read(_ source: String) -> [Element]? {
        let s = Array(source.unicodeScalars)
        var out: [Element] = []
        var i = 0
        while i < s.count {
            if s[i] == "$", i + 1 < s.count, s[i + 1] == "(" {
                guard let close = s[(i + 2)...].firstIndex(of: ")") else { return nil }
                let name = s[(i + 2)..<close]
                guard !name.isEmpty, !name.contains("$"), !name.contains("(") else { return nil }
                out.append(.variable(String(String.UnicodeScalarView(name))))
                i = close + 1
            } else {
                out.append(wildcardOrLiteral(s[i]))
                i += 1
            }
        }
        return out
    }

    /// A variable's value (V2): `*` and `?` are wildcards, everything else, `$(` included, is literal.
    static func readValue(_ source: String) -> [Element] {
        source.unicodeScalars.map(wildcardOrLiteral)
    }

    static func wildcardOrLiteral(_ c: Unicode.Scalar) -> Element {
        switch c {
        case "*": return .many
        case "?": return .one
        default: return .literal(c)
        }
    }
}
