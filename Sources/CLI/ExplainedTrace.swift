import LinkMatch

/// One part of a rule as `explain` shows it: the reference engine's trace, or, where the reference's
/// step budget ran out (M1), the compiled engine's verdict for that part (`byCompiled`).
@dynamicMemberLookup
struct ExplainedPart {
    var trace: PartTrace
    /// The reference engine ran out of steps on this part; `trace.verdict` is the compiled engine's.
    var byCompiled = false

    subscript<T>(dynamicMember key: KeyPath<PartTrace, T>) -> T { trace[keyPath: key] }
}

/// The part-by-part evaluation of one rule for `explain`. The reference engine's trace reads like
/// SPEC.md, but on an adversarial pattern its step budget can run out (an `undecided` part) where
/// the compiled engine, which decides, never does. Then that part's verdict is the compiled
/// engine's, and when it matched, the parts after it are traced with that part's pattern set to
/// `*` (so the budget goes to them), until every part is decided. The decision itself is never taken
/// from here: `Explanation` takes it from the compiled engine.
enum ExplainedTrace {
    static let budget = ReferenceEngine.defaultBudget
    static var budgetWords: String { "\(budget.formatted) steps per rule" }

    static func parts(of rule: EffectiveRule, url: ParsedURL, variables: VariableTable) -> [ExplainedPart] {
        var probe = rule
        var byCompiled: [Int: PartVerdict] = [:]
        while true {
            let parts = RuleProbe.parts(of: probe, url: url, variables: variables, budget: budget)
            var out = parts.enumerated().map { i, part in
                var shown = ExplainedPart(trace: part)
                shown.trace.pattern = pattern(of: rule, at: part.part) // the probe may have `*` in its place
                if let verdict = byCompiled[i] {
                    shown.trace.verdict = verdict
                    shown.byCompiled = true
                }
                return shown
            }
            // The reference stops at the first part that does not match, so an undecided part is the last.
            guard let i = parts.indices.first(where: { parts[$0].verdict == .undecided && byCompiled[$0] == nil }) else { return out }
            let verdict = compiledVerdict(pattern: out[i].pattern ?? "*", part: parts[i], rule: rule, variables: variables)
            out[i].trace.verdict = verdict
            out[i].byCompiled = true
            guard verdict == .matched, let replaced = replacing(parts[i].part, in: probe) else { return out }
            byCompiled[i] = verdict
            probe = replaced
        }
    }

    /// The compiled engine's verdict on one traced part: every text must match (Q4). The trace holds
    /// the texts as compared (decoded when percentEncoded is false); `%` is escaped again so the
    /// compiled engine decodes them back to the same text.
    static func compiledVerdict(pattern: String, part: PartTrace, rule: EffectiveRule, variables: VariableTable) -> PartVerdict {
        let compiled = CompiledPart(pattern: pattern, kind: part.part == .path ? .path : .plain,
                                    caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded, variables: variables)
        for text in part.texts {
            let raw = rule.percentEncoded ? text : text.replacingOccurrences(of: "%", with: "%25")
            let verdict = compiled.verdict(for: raw)
            if verdict != .matched { return verdict }
        }
        return .matched
    }

    static func pattern(of rule: EffectiveRule, at part: PartTrace.Part) -> String? {
        switch part {
        case .path: return rule.path
        case .fragment: return rule.fragment
        case .query:
            if case .whole(let p)? = rule.query { return p }
            return nil
        case .queryItem(let name):
            if case .items(let items)? = rule.query { return items.first { $0.name == name }?.pattern }
            return nil
        }
    }

    /// The rule with the pattern of `part` replaced by `*` (which every text matches at once).
    static func replacing(_ part: PartTrace.Part, in rule: EffectiveRule) -> EffectiveRule? {
        var rule = rule
        switch part {
        case .path: rule.path = nil
        case .fragment: rule.fragment = nil
        case .query: rule.query = nil
        case .queryItem(let name):
            guard case .items(let items)? = rule.query else { return nil }
            rule.query = .items(items.map { $0.name == name ? (name: $0.name, pattern: "*") : $0 })
        }
        return rule
    }

    /// `matched`, `not_matched`… plus, for a part the compiled engine decided, why.
    static func verdictWords(_ part: ExplainedPart) -> String {
        part.verdict.rawValue + (part.byCompiled ? " (compiled engine: the reference engine's step budget ran out here, M1)" : "")
    }
}

extension Int {
    /// 1000000 → "1,000,000".
    var formatted: String {
        let digits = String(self)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
