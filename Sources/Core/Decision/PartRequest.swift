/// One pattern compared with one URL part, outside any document.
public struct PartRequest: Sendable, Equatable {
    /// Which kind of URL part the text is.
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// A path: slash normalization applies (N1–N4).
        case path
        /// The whole query, a query item's value, or the fragment: compared as is.
        case plain
    }

    /// The pattern as written in the rule (P1–P3).
    public var pattern: String
    /// Whether slash normalization applies (`.path`) or not.
    public var kind: Kind
    /// The URL part exactly as written (still percent-encoded).
    public var text: String
    /// The rule's effective `caseSensitive` (E1).
    public var caseSensitive: Bool
    /// The rule's effective `percentEncoded` (E2, E3).
    public var percentEncoded: Bool
    /// The document's custom variables (V1); the predefined ones (V4) are always there.
    public var variables: VariableTable

    /// Makes a request; the defaults are a rule's built-in defaults (C5) and no custom variables.
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
    /// The pattern matches the whole text.
    case matched
    /// The pattern does not match the text.
    case notMatched = "not_matched"
    /// The pattern has a broken reference (P3), an undefined variable (P4) or is too large (P5).
    case invalidPattern = "invalid_pattern"
    /// The reference engine's step budget ran out.
    case undecided
}
