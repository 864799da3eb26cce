/// The answer for one URL and one app (SPEC.md M1), with the trace of the rule that decided it.
public struct Decision: Sendable, Equatable, CustomStringConvertible {
    public enum Outcome: String, Sendable, Equatable, Codable {
        case match
        case exclude
        case noMatch = "no_match"
        /// Only the reference matcher answers this, when its step budget is spent.
        case undecided
    }

    /// Why nothing matched (only for `.noMatch` / `.undecided`).
    public enum Reason: String, Sendable, Equatable, Codable {
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
    }

    public var outcome: Outcome
    public var reason: Reason?
    /// The rule that decided (`.match` / `.exclude`).
    public var rule: RuleTrace?

    public init(outcome: Outcome, reason: Reason? = nil, rule: RuleTrace? = nil) {
        self.outcome = outcome
        self.reason = reason
        self.rule = rule
    }

    public static func noMatch(_ reason: Reason) -> Decision { Decision(outcome: .noMatch, reason: reason) }

    public var description: String {
        var s = outcome.rawValue
        if let reason { s += " (\(reason.rawValue))" }
        if let rule { s += " by \(rule.sourcePath)" }
        return s
    }
}

/// Which rule decided, with its effective flags and what each part compared (SPEC.md C5).
public struct RuleTrace: Sendable, Equatable, Codable {
    public var entryIndex: Int
    public var ruleIndex: Int
    public var sourcePath: String
    public var exclude: Bool
    public var caseSensitive: Bool
    public var percentEncoded: Bool
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
    public enum Part: Sendable, Equatable, Codable, CustomStringConvertible {
        case path
        case query
        case queryItem(String)
        case fragment

        public var description: String {
            switch self {
            case .path: return "path"
            case .query: return "query"
            case .queryItem(let name): return "query item \"\(name)\""
            case .fragment: return "fragment"
            }
        }
    }

    public var part: Part
    /// The effective pattern as written; nil when the key is absent (then it is `*`, C2).
    public var pattern: String?
    /// The text(s) compared: the URL part as written, or decoded when percentEncoded is false.
    /// One entry per occurrence of a query item; `[""]` when the part is absent (C4, Q3).
    public var texts: [String]
    public var verdict: PartVerdict

    public init(part: Part, pattern: String?, texts: [String], verdict: PartVerdict) {
        self.part = part
        self.pattern = pattern
        self.texts = texts
        self.verdict = verdict
    }
}
