/// The seam between the spec and an implementation of it: the reference matcher, the compiled
/// engine, a deliberately wrong engine in the harness's self-tests, or an external program.
public protocol MatchEngine: Sendable {
    /// A short name for messages and reports: `"reference"`, `"compiled"`, or the name of a test engine.
    var name: String { get }

    /// Prepares a document for many decisions (the compiled engine compiles it once here).
    func prepare(_ document: AASADocument) -> any PreparedDocument

    /// One pattern against one URL part, outside any document (the `differential` fuzz target and
    /// the unit tests).
    ///
    /// The pattern grammar is SPEC.md P1–P3: `*` matches any run of scalars (also none), `?`
    /// exactly one, `$(name)` any one value of a custom (`request.variables`, V1) or predefined (V4)
    /// variable; every other scalar matches itself (both sides folded when `caseSensitive` is
    /// false, E1). There are no escapes. A `.path` text is
    /// slash-normalized first (N1–N4); with `percentEncoded` false the text is decoded before the
    /// comparison (E1–E3). The result:
    /// - `.matched`: the pattern matches the whole text.
    /// - `.notMatched`: it does not.
    /// - `.invalidPattern`: the pattern has a broken `$(` reference (P3), names an undefined
    ///   variable (P4) or expands past the size limit (P5); the only "error", and it does not
    ///   depend on `text`.
    /// - `.undecided`: only `ReferenceEngine`, when its step `budget` runs out on this one call.
    /// Never traps and never throws, whatever the strings hold.
    func matchPart(_ request: PartRequest) -> PartVerdict
}

/// A document prepared by a `MatchEngine`: decides URLs against it, any number of times, from any
/// thread (it is `Sendable` and never changes after `prepare`).
public protocol PreparedDocument: Sendable {
    /// The decision for `url` and `appID` (SPEC.md M1). An empty `domain` skips the host check (U3).
    ///
    /// Entries are read in order, and within them the rules for `appID` in order (D7, C3); the
    /// first rule whose parts all match decides. The outcome:
    /// - `.match` / `.exclude`: that rule matched; `rule` traces it (an exclude rule gives `.exclude`).
    /// - `.noMatch`: with `reason` `.scheme` (not https, U2), `.host` (another host, U3),
    ///   `.appNotListed` (no entry names the app) or `.noRuleMatched`. A rule with an invalid
    ///   pattern (P3/P4) never matches: it is skipped, not reported as an error.
    /// - `.undecided` (reason `.budget`): only `ReferenceEngine`, when the step budget for this one
    ///   decision runs out; `CompiledEngine` never answers it.
    /// Never traps and never throws.
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
