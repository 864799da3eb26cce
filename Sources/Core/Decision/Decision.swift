/// The answer for one URL and one app (SPEC.md M1), with the trace of the rule that decided it.
/// Codable as `{"outcome": "no_match", "reason": "no_rule_matched", "rule": null}` (a deferred trace
/// is built when encoded), the names the CLI's `--json` uses.
public struct Decision: Sendable, Equatable, CustomStringConvertible, Codable {
    /// The decision's result (M1). The raw values are the names the CLI's JSON and the conformance corpus use.
    public enum Outcome: String, Sendable, Equatable, Codable {
        /// A rule matched and it is not an exclusion: the URL opens the app (C3).
        case match
        /// A rule matched and it is an exclusion: the URL opens in the browser (C3).
        case exclude
        /// Nothing opens the app; `reason` says why (M1).
        case noMatch = "no_match"
        /// Only the reference matcher answers this, when its step budget is spent.
        case undecided
    }

    /// Why nothing matched (only for `.noMatch` / `.undecided`). Its one spelling outside Swift code
    /// is `name` (`no_rule_matched`): `description`, the Codable form and the CLI's text and `--json`
    /// all use it. `rawValue` is the Swift case name (`noRuleMatched`), kept for source compatibility
    /// and the conformance vectors that use it.
    public enum Reason: String, Sendable, Equatable, Codable, CaseIterable {
        /// The URL's scheme is not `https` (U2).
        case scheme
        /// The URL's host is not the document's domain (U3).
        case host
        /// No entry of the document names the app.
        case appNotListed
        /// The app is listed, but no rule for it matched (rules with invalid patterns never match).
        case noRuleMatched
        /// The reference engine's step budget for this decision ran out (outcome `.undecided`).
        case budget

        /// The reason as the CLI's `--json` documents it, snake_case like the outcomes (`no_match`):
        /// `scheme`, `host`, `app_not_listed`, `no_rule_matched`, `budget`.
        public var name: String {
            switch self {
            case .scheme: return "scheme"
            case .host: return "host"
            case .appNotListed: return "app_not_listed"
            case .noRuleMatched: return "no_rule_matched"
            case .budget: return "budget"
            }
        }

        /// The reason named `name`; the Swift case name (`rawValue`) is accepted too.
        public init?(name: String) {
            guard let reason = Self.allCases.first(where: { $0.name == name }) ?? Self(rawValue: name) else { return nil }
            self = reason
        }

        /// Decodes `name` (or the Swift case name).
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let reason = Self(name: text) else {
                throw Swift.DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown reason \"\(text)\""))
            }
            self = reason
        }

        /// Encodes `name`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(name)
        }
    }

    /// What was decided (M1).
    public var outcome: Outcome
    /// Why, for `.noMatch` and `.undecided`; nil for `.match` and `.exclude`.
    public var reason: Reason?
    /// A deferred trace's rule number, as its source names its rules (0 otherwise). Documents have
    /// far fewer than 2^31 rules (Apple's size limit).
    private var deferredRule: Int32
    /// The rule that decided (`.match` / `.exclude`). A deferred trace (see
    /// `init(outcome:deciding:rule:path:query:fragment:)`) is built each time this is read, to the same value.
    public var rule: RuleTrace? {
        get {
            switch trace {
            case .built(let rule): return rule
            case .deferred(let deferred): return deferred.source.ruleTrace(rule: Int(deferredRule), path: deferred.path, query: deferred.query,
                                                                           fragment: deferred.fragment)
            }
        }
        set { trace = .built(newValue) }
    }

    /// The trace as given, or what builds it: most callers of a fast engine read only the outcome, and
    /// building the trace (its strings and arrays) cost more than the decision itself.
    private var trace: TraceStorage

    private enum TraceStorage: Sendable {
        case built(RuleTrace?)
        case deferred(DeferredTrace)
    }

    /// The deciding rule's source and the URL's parts its trace shows; the strings are shared, not
    /// copied. (The rule's number is `deferredRule`, beside `reason`, where it fits in what would be
    /// padding: a larger decision is copied through `memcpy`.)
    private struct DeferredTrace: Sendable {
        let source: any RuleTraceSource
        let path: String
        let query: String?
        let fragment: String?
    }

    /// Makes a decision from its parts (engines and tests; nothing is checked).
    public init(outcome: Outcome, reason: Reason? = nil, rule: RuleTrace? = nil) {
        self.outcome = outcome
        self.reason = reason
        deferredRule = 0
        trace = .built(rule)
    }

    /// A decision by rule number `rule` of `source`, whose trace `source` builds when `rule` is read,
    /// from the URL's path, query and fragment as written (the same trace as building it now and
    /// passing it as `rule`). One source serves every rule of a document.
    public init(outcome: Outcome, deciding source: any RuleTraceSource, rule: Int, path: String, query: String?, fragment: String?) {
        self.outcome = outcome
        reason = nil
        deferredRule = Int32(truncatingIfNeeded: rule)
        trace = .deferred(DeferredTrace(source: source, path: path, query: query, fragment: fragment))
    }

    /// Equal when outcome, reason and the rule's trace (built, if deferred) are equal.
    public static func == (a: Decision, b: Decision) -> Bool {
        a.outcome == b.outcome && a.reason == b.reason && a.rule == b.rule
    }

    /// `.noMatch` with `reason` and no rule.
    public static func noMatch(_ reason: Reason) -> Decision { Decision(outcome: .noMatch, reason: reason) }

    private enum CodingKeys: String, CodingKey { case outcome, reason, rule }

    /// Decodes `outcome`, `reason` (a `Reason.name`, or null) and `rule` (a `RuleTrace`, or null).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(outcome: try c.decode(Outcome.self, forKey: .outcome),
                  reason: try c.decodeIfPresent(Reason.self, forKey: .reason),
                  rule: try c.decodeIfPresent(RuleTrace.self, forKey: .rule))
    }

    /// Encodes `outcome`, `reason` and `rule`, each present (null when there is none).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outcome, forKey: .outcome)
        try c.encode(reason, forKey: .reason)
        try c.encode(rule, forKey: .rule)
    }

    /// `match by applinks.details[0].components[1]`, `no_match (no_rule_matched)`: the outcome, the
    /// reason's `name` if any, the deciding rule's path if any.
    public var description: String {
        var s = outcome.rawValue
        if let reason { s += " (\(reason.name))" }
        if let rule { s += " by \(rule.sourcePath)" }
        return s
    }
}

/// What builds the trace of a deciding rule on demand (`Decision.rule` of a deferred decision).
public protocol RuleTraceSource: AnyObject, Sendable {
    /// The trace of rule number `rule` for a URL with this path, query and fragment (as written),
    /// which it matched.
    func ruleTrace(rule: Int, path: String, query: String?, fragment: String?) -> RuleTrace
}

/// Which rule decided, with its effective flags and what each part compared (SPEC.md C5).
public struct RuleTrace: Sendable, Equatable, Codable {
    /// The index of the rule's entry in `AASADocument.entries`.
    public var entryIndex: Int
    /// The index of the rule in its entry.
    public var ruleIndex: Int
    /// Where the rule is in the file, e.g. `applinks.details[0].components[1]`.
    public var sourcePath: String
    /// The rule's effective `exclude` (C5): true when the decision is `.exclude`.
    public var exclude: Bool
    /// The rule's effective `caseSensitive` (C5, E1).
    public var caseSensitive: Bool
    /// The rule's effective `percentEncoded` (C5, E2, E3).
    public var percentEncoded: Bool
    /// Each part compared, in the order path, query (or each named item), fragment; all `.matched`
    /// for a deciding rule.
    public var parts: [PartTrace]

    /// Each engine builds its traces from its own rule type (the compiled side from `EffectiveRule`,
    /// the reference from its own reading), through this.
    public init(entryIndex: Int, ruleIndex: Int, sourcePath: String, exclude: Bool, caseSensitive: Bool,
                percentEncoded: Bool, parts: [PartTrace]) {
        self.entryIndex = entryIndex
        self.ruleIndex = ruleIndex
        self.sourcePath = sourcePath
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.parts = parts
    }
}

/// One comparison inside a rule: a pattern against the URL part(s) it applies to.
public struct PartTrace: Sendable, Equatable, Codable {
    /// Which part of the URL a comparison was about.
    public enum Part: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The path (N1–N4 apply).
        case path
        /// The whole query, for a string `?` (Q1).
        case query
        /// The named query item, for a dictionary `?` (Q2–Q4, E4).
        case queryItem(String)
        /// The fragment.
        case fragment

        /// `path`, `query`, `query item "name"` or `fragment`.
        public var description: String {
            switch self {
            case .path: return "path"
            case .query: return "query"
            case .queryItem(let name): return "query item \"\(name)\""
            case .fragment: return "fragment"
            }
        }
    }

    /// Which part was compared.
    public var part: Part
    /// The effective pattern as written; nil when the key is absent (then it is `*`, C2).
    public var pattern: String?
    /// The text(s) compared: the URL part as written, or decoded when percentEncoded is false.
    /// One entry per occurrence of a query item; `[""]` when the part is absent (C4, Q3).
    public var texts: [String]
    /// Whether the pattern matched every text (`.matched`), or why not.
    public var verdict: PartVerdict

    /// Makes a trace from its parts (engines and tests; nothing is checked).
    public init(part: Part, pattern: String?, texts: [String], verdict: PartVerdict) {
        self.part = part
        self.pattern = pattern
        self.texts = texts
        self.verdict = verdict
    }
}
