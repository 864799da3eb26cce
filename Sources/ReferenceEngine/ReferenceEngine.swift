import LinkMatchCore

/// The reference engine: SPEC.md's algorithm, step by step, on top of `ReferencePatternMatcher`.
/// Slow is fine, wrong is not. Every step that decides a match is its own (ReferenceDocument,
/// ReferencePattern, ReferenceVariables, ReferenceLimits, ReferenceDecoding, ReferenceFolding,
/// ReferenceQuery), and so is its loader (ReferenceLoader); it shares only LinkMatchCore (the JSON
/// reader, the URL splitter, the code tables) with the compiled engine, whose module it cannot
/// import. It conforms to `MatchEngine` (LinkMatchModel, which it cannot import either) in LinkMatchTooling.
public struct ReferenceEngine: Sendable {
    /// Steps one decision may take before it answers `undecided` (M1).
    public static let defaultBudget = 1_000_000

    /// The pattern-matching steps allowed: per call for `matchPart`, and per `decide` call (shared by
    /// every rule and part that decision compares) for a prepared document. When spent, the answer
    /// is `undecided` (`Decision.Reason.budget`); no per-part reset inside one decision.
    public var budget: Int
    /// `"reference"`.
    public var name: String { "reference" }
    /// Patterns `matchPart` built lately (callers often ask about one pattern with several texts).
    private let builds = ReferenceBuilds(capacity: 64, variablesVary: true)

    /// An engine whose decisions may take `budget` steps each before answering `.undecided` (M1).
    public init(budget: Int = ReferenceEngine.defaultBudget) {
        self.budget = budget
    }

    /// A file's JSON (already read, a signed envelope already unwrapped), read into rules by the
    /// reference itself. Rejects nothing: `load` is the reference's way in from bytes.
    public func prepare(json: JSONValue) -> Prepared {
        prepared(ReferenceDocument(json: json))
    }

    /// A document built in code, with no JSON behind it: its entries and rules are taken as they
    /// are, and the defaults chain (C5) is resolved here.
    public func prepare(defaults: ReferenceFields, entries: [ReferenceEntry],
                        variables: [(name: String, values: [String])]) -> Prepared {
        prepared(ReferenceDocument(defaults: defaults, entries: entries, variables: variables))
    }

    func prepared(_ document: ReferenceDocument) -> Prepared {
        Prepared(document: document, budget: budget, builds: ReferenceBuilds(capacity: 4096, variablesVary: false))
    }

    /// One effective rule compared with one URL, part by part (path, query or each named item,
    /// fragment; stopping after the first part that does not match), exactly as `decide` compares it:
    /// what `linkmatch explain` shows. Scheme, host and app are not checked here.
    public static func parts(of rule: ReferenceRule, url: ParsedURL, variables: VariableTable,
                             budget: Int = ReferenceEngine.defaultBudget) -> [PartTrace] {
        var remaining = budget
        let prepared = Prepared(document: ReferenceDocument(variables: variables), budget: budget,
                                builds: ReferenceBuilds(capacity: 16, variablesVary: false))
        return prepared.evaluate(rule, url, budget: &remaining)
    }

    /// One pattern against one URL part, with the contract of `MatchEngine.matchPart`; `.undecided`
    /// when this call's `budget` runs out.
    public func matchPart(_ request: PartRequest) -> PartVerdict {
        var budget = self.budget
        return Self.compare(pattern: request.pattern, raw: request.text, isPath: request.kind == .path,
                            caseSensitive: request.caseSensitive, percentEncoded: request.percentEncoded,
                            variables: ReferenceVariables(custom: request.variables.custom), builds: builds, budget: &budget)
    }

    /// One pattern against one raw URL part.
    static func compare(pattern: String, raw: String, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool,
                        variables: ReferenceVariables, builds: ReferenceBuilds, budget: inout Int) -> PartVerdict {
        guard let matchers = builds.matchers(pattern: pattern, isPath: isPath, caseSensitive: caseSensitive,
                                             variables: variables) else {
            return .invalidPattern
        }
        let text = ReferencePatternMatcher.prepare(Array(raw.unicodeScalars), isPath: isPath, caseSensitive: caseSensitive,
                                                   percentEncoded: percentEncoded)
        for matcher in matchers {
            switch matcher.matches(text, budget: &budget) {
            case true?: return .matched
            case false?: continue
            case nil: return .undecided
            }
        }
        return .notMatched
    }

    /// A document ready for decisions (read from JSON, loaded from bytes, or built in code).
    public struct Prepared: Sendable {
        let document: ReferenceDocument
        let budget: Int
        /// The document's patterns as built so far (its variables never change).
        let builds: ReferenceBuilds

        /// The decision for `url` and `appID` (SPEC.md M1); an empty `domain` skips the host check (U3).
        public func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision {
            // U2: universal links are https only.
            guard Self.asciiLowercased(url.scheme) == "https" else { return .noMatch(.scheme) }
            // U3: the URL must be on the file's domain (an empty domain skips the check).
            if !domain.isEmpty, Self.asciiLowercased(url.host) != Self.asciiLowercased(domain) { return .noMatch(.host) }
            guard document.lists(appID) else { return .noMatch(.appNotListed) }

            var budget = self.budget
            // D7, C3: entries in order, rules in order; the first rule whose parts all match decides.
            for rule in document.rules(for: appID) {
                var parts: [PartTrace] = []
                var allMatched = true
                for part in evaluate(rule, url, budget: &budget) {
                    parts.append(part)
                    if part.verdict == .undecided { return Decision(outcome: .undecided, reason: .budget) }
                    if part.verdict != .matched { allMatched = false; break }
                }
                if allMatched {
                    return Decision(outcome: rule.exclude ? .exclude : .match, rule: rule.trace(parts))
                }
            }
            return .noMatch(.noRuleMatched)
        }

        /// Every part of one rule, in the order path, query, fragment (C2); stops at the first
        /// part that does not match.
        func evaluate(_ rule: ReferenceRule, _ url: ParsedURL, budget: inout Int) -> [PartTrace] {
            var out: [PartTrace] = []
            func compared(_ raw: String) -> String {
                rule.percentEncoded ? raw : String(String.UnicodeScalarView(ReferenceDecoding.decode(raw)))
            }
            func run(_ part: PartTrace.Part, _ pattern: String?, _ raws: [String], isPath: Bool) -> Bool {
                var verdict = PartVerdict.matched
                if let pattern {
                    for raw in raws {
                        verdict = ReferenceEngine.compare(pattern: pattern, raw: raw, isPath: isPath,
                                                          caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded,
                                                          variables: document.variables, builds: builds, budget: &budget)
                        if verdict != .matched { break }
                    }
                }
                out.append(PartTrace(part: part, pattern: pattern, texts: raws.map(compared), verdict: verdict))
                return verdict == .matched
            }

            // C2: a missing key means `*`; C4: an absent query or fragment reads as "".
            guard run(.path, rule.path, [url.path], isPath: true) else { return out }
            switch rule.query {
            case nil:
                guard run(.query, nil, [url.query ?? ""], isPath: false) else { return out }
            case .whole(let pattern):
                guard run(.query, pattern, [url.query ?? ""], isPath: false) else { return out }
            case .items(let items):
                // Q2–Q4, E4: each named item must match; every occurrence of a repeated name must
                // match; an absent item reads as "".
                let present = ReferenceQuery.items(url.query ?? "")
                for item in items {
                    let wanted = ReferenceQuery.keyName(item.name, caseSensitive: rule.caseSensitive)
                    let values = present.filter {
                        ReferenceQuery.urlName($0.name, caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded) == wanted
                    }.map { String(String.UnicodeScalarView($0.value)) }
                    guard run(.queryItem(item.name), item.pattern, values.isEmpty ? [""] : values, isPath: false) else { return out }
                }
            }
            _ = run(.fragment, rule.fragment, [url.fragment ?? ""], isPath: false)
            return out
        }

        static func asciiLowercased(_ s: String) -> String {
            String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
    }
}
