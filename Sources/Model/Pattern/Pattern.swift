import LinkMatchCore

/// A parsed pattern (SPEC.md P1–P4): the small AST both engines start from.
///
/// Parsing is shared between the engines; matching is not (each engine interprets this AST its own way).
public enum PatternElement: Sendable, Hashable {
    /// One literal Unicode scalar.
    case literal(Unicode.Scalar)
    /// `?`: exactly one character.
    case anyOne
    /// `*`: zero or more characters. `?*` is `.anyOne` then `.anyMany` (P1).
    case anyMany
    /// `$(name)`: one of the variable's values (P3). Never appears inside a variable value (V2).
    case variable(String)
}

/// A parsed rule pattern (P1–P3): its elements and the text it came from.
public struct Pattern: Sendable, Hashable, CustomStringConvertible {
    /// The elements in order.
    public var elements: [PatternElement]
    /// The text the pattern was parsed from, kept for traces and diagnostics.
    public var source: String

    /// A pattern with these elements; nothing is checked against `source`.
    public init(elements: [PatternElement], source: String) {
        self.elements = elements
        self.source = source
    }

    /// The source text.
    public var description: String { source }

    /// The names of the variables the pattern refers to, in order of first use.
    public var variableNames: [String] {
        var seen: [String] = []
        for case .variable(let name) in elements where !seen.contains(name) { seen.append(name) }
        return seen
    }
}

/// Why a pattern could not be parsed (SPEC.md P3). The rule holding it never matches.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Offset in Unicode scalars of the `$(` that starts the bad reference.
    public var offset: Int
    /// What is wrong with the reference, for people.
    public var message: String
    /// `scalar N: message`.
    public var description: String { "scalar \(offset): \(message)" }
}

/// Reads pattern text into `Pattern` elements (P1–P3, V2). Used by the compiled side; the reference
/// engine reads patterns itself (`ReferencePattern`).
public enum PatternParser {
    /// Parses a rule pattern: `*`, `?`, `$(name)` and literal scalars.
    public static func parse(_ source: String) throws(PatternError) -> Pattern {
        try parse(source, allowVariables: true)
    }

    /// Whether `source` has a `$`: without one a pattern has no `$(name)` reference, so it is valid
    /// (only a reference can make it invalid, P3) and its elements are its scalars, `*` and `?` being
    /// wildcards. Lets callers skip parsing most patterns. (A loop over the bytes: a generic
    /// `contains` was not specialized here.)
    package static func mayHaveVariables(_ source: String) -> Bool {
        let inPlace = source.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte == UInt8(ascii: "$") { return true }
            return false
        }
        if let inPlace { return inPlace }
        for byte in source.utf8 where byte == UInt8(ascii: "$") { return true }
        return false
    }

    /// Parses a substitution-variable value: `*` and `?` are wildcards, `$(` is literal text (V2).
    public static func parseValue(_ source: String) -> Pattern {
        // With variables disabled every scalar stands for itself: one pass, no error path. (Both
        // engines parse every value of every variable a pattern uses, `$(lang)` has 615 values.)
        var elements: [PatternElement] = []
        elements.reserveCapacity(source.utf8.count)
        for c in source.unicodeScalars {
            elements.append(element(for: c))
        }
        return Pattern(elements: elements, source: source)
    }

    /// What one scalar outside a `$(…)` reference stands for: `*` any run, `?` any one, anything
    /// else itself. The one place this reading is written; the compiler's no-`$` path uses it too.
    @inline(__always)
    package static func element(for c: Unicode.Scalar) -> PatternElement {
        switch c {
        case "*": return .anyMany
        case "?": return .anyOne
        default: return .literal(c)
        }
    }

    private static func parse(_ source: String, allowVariables: Bool) throws(PatternError) -> Pattern {
        let scalars = Array(source.unicodeScalars)
        var elements: [PatternElement] = []
        elements.reserveCapacity(scalars.count)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "$" where allowVariables && i + 1 < scalars.count && scalars[i + 1] == "(":
                var j = i + 2
                var name = String.UnicodeScalarView()
                while j < scalars.count, scalars[j] != ")" {
                    if scalars[j] == "$" || scalars[j] == "(" {
                        throw PatternError(offset: i, message: "'$(' is not closed before '\(scalars[j])'; a variable name cannot contain '$', '(' or ')'")
                    }
                    name.append(scalars[j])
                    j += 1
                }
                if j >= scalars.count {
                    throw PatternError(offset: i, message: "unterminated '$(': no ')' closes the variable reference")
                }
                if name.isEmpty {
                    throw PatternError(offset: i, message: "empty variable name '$()'")
                }
                elements.append(.variable(String(name)))
                i = j + 1
            default:
                elements.append(element(for: c))
                i += 1
            }
        }
        return Pattern(elements: elements, source: source)
    }
}
