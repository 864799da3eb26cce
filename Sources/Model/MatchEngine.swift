import LinkMatchCore

/// The seam between the spec and an implementation of it: the reference matcher, the compiled
/// engine, a deliberately wrong engine in the harness's self-tests, or an external program.
public protocol MatchEngine: Sendable {
    /// A short name for messages and reports: `"reference"`, `"compiled"`, or the name of a test engine.
    var name: String { get }

    /// Prepares a document for many decisions (the compiled engine compiles it once here).
    func prepare(_ document: AASADocument) -> any PreparedDocument

    /// Reads a file's bytes and prepares the document, or rejects the file with a
    /// `DocumentLoadError` code (`file-too-large`, `invalid-json`, `too-deep`,
    /// `top-level-not-object`, `too-complex`). By default the compiled side's reading
    /// (`AASADocument.parse`) then `prepare`; the reference engine reads the bytes with its own
    /// loader, so the `document` fuzz check compares two loaders, not one.
    func load(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument

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
    /// The decision for `url` and `appID` (SPEC.md M1). An empty `domain` skips the host check (U3);
    /// callers should prefer `decide(_:appID:domain:)` with an optional domain, where nil says so.
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

extension MatchEngine {
    /// The default loader: `AASADocument.parse` (D1–D12, P5), then `prepare`. An engine
    /// with its own loader (the reference, which reads and bounds the JSON itself) implements `load` instead.
    /// - Throws: `DocumentLoadError` when the file is no document at all (the codes of SPEC.md section 12).
    public func load(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument {
        prepare(try AASADocument.parse(bytes).document)
    }
}

extension PreparedDocument {
    /// Every app the URL opens (M2), in first-appearance order of `appIDs`. An empty `domain` skips
    /// the host check (U3).
    public func appsOpening(_ url: ParsedURL, appIDs: [String], domain: String) -> [String] {
        appIDs.filter { decide(url, appID: $0, domain: domain).outcome == .match }
    }

    /// The decision for `url` and `appID` (SPEC.md M1), checking the URL's host against `domain`
    /// (U3), or not at all when `domain` is nil. The same decision as the requirement with `domain ?? ""`.
    public func decide(_ url: ParsedURL, appID: String, domain: String?) -> Decision {
        decide(url, appID: appID, domain: domain ?? "")
    }

    /// Every app the URL opens (M2), in first-appearance order of `appIDs`; nil `domain`: no host check (U3).
    public func appsOpening(_ url: ParsedURL, appIDs: [String], domain: String?) -> [String] {
        appsOpening(url, appIDs: appIDs, domain: domain ?? "")
    }
}
