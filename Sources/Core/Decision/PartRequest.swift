/// One pattern compared with one URL part, outside any document.
public struct PartRequest: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// A path: slash normalization applies (N1–N4).
        case path
        /// The whole query, a query item's value, or the fragment: compared as is.
        case plain
    }

    public var pattern: String
    public var kind: Kind
    /// The URL part exactly as written (still percent-encoded).
    public var text: String
    public var caseSensitive: Bool
    public var percentEncoded: Bool
    public var variables: VariableTable

    public init(pattern: String, kind: Kind, text: String, caseSensitive: Bool = true,
                percentEncoded: Bool = true, variables: VariableTable = VariableTable()) {
        self.pattern = pattern
        self.kind = kind
        self.text = text
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.variables = variables
    }
}

/// What one pattern against one URL part comes to: `MatchEngine.matchPart`'s answer (see there
/// for when each case comes back) and each `PartTrace`'s verdict.
public enum PartVerdict: String, Sendable, Equatable, Codable {
    case matched
    case notMatched = "not_matched"
    /// The pattern has a broken reference (P3), an undefined variable (P4) or is too large (P5).
    case invalidPattern = "invalid_pattern"
    /// The reference engine's step budget ran out.
    case undecided
}
