/// The seam between the spec and an implementation of it: the reference matcher, the compiled
/// engine, a deliberately wrong engine in the harness's self-tests, or an external program.
public protocol MatchEngine: Sendable {
    var name: String { get }

    /// Prepares a document for many decisions (the compiled engine compiles it once here).
    func prepare(_ document: AASADocument) -> any PreparedDocument

    /// One pattern against one URL part (the `differential` fuzz target and the unit tests).
    func matchPart(_ request: PartRequest) -> PartVerdict
}

public protocol PreparedDocument: Sendable {
    /// The decision for `url` and `appID` (M1). An empty `domain` skips the host check (U3).
    func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision
}

extension PreparedDocument {
    /// Every app the URL opens (M2), in first-appearance order of `appIDs`.
    public func appsOpening(_ url: ParsedURL, appIDs: [String], domain: String) -> [String] {
        appIDs.filter { decide(url, appID: $0, domain: domain).outcome == .match }
    }
}

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

public enum PartVerdict: String, Sendable, Equatable, Codable {
    case matched
    case notMatched = "not_matched"
    case invalidPattern = "invalid_pattern"
    case undecided
}
