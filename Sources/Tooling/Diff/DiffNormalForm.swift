import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel

/// A rule as matching sees it: its effective patterns and flags (C5), without where it is written or
/// its comment. Two rules with equal keys decide every URL alike (given the same variables).
struct RuleKey: Hashable {
    enum Query: Hashable {
        case whole(String)
        case items([String])
    }

    var path: String?
    var query: Query?
    var fragment: String?
    var exclude: Bool
    var caseSensitive: Bool
    var percentEncoded: Bool

    init(_ rule: EffectiveRule) {
        path = rule.path
        switch rule.query {
        case .whole(let p)?: query = .whole(p)
        case .items(let items)?: query = .items(items.flatMap { [$0.name, $0.pattern] })
        case nil: query = nil
        }
        fragment = rule.fragment
        exclude = rule.exclude
        caseSensitive = rule.caseSensitive
        percentEncoded = rule.percentEncoded
    }
}

/// The rules of one app in one document, normalised for the proofs of `DiffProof`: effective rules
/// (defaults hoisted into every rule, C5; legacy `paths` already read as `/` + `exclude`, D6) in
/// order, with every later duplicate of an earlier rule dropped (it can never be the first to match).
struct AppRules {
    /// The effective rules in document order (all of them).
    let rules: [EffectiveRule]
    /// Keys of `rules` with later duplicates dropped, in order.
    let normalised: [RuleKey]
    /// Key -> the first rule with it.
    let firstOfKey: [RuleKey: EffectiveRule]
    /// (entry, rule) index -> rule, to read a decision's trace.
    let byPosition: [Position: EffectiveRule]
    /// JSON path -> rule.
    let bySourcePath: [String: EffectiveRule]

    struct Position: Hashable {
        var entry: Int
        var rule: Int
    }

    init(_ document: AASADocument, app: String) {
        rules = document.effectiveRules(for: app)
        var seen = Set<RuleKey>()
        var normalised: [RuleKey] = []
        var first: [RuleKey: EffectiveRule] = [:]
        var byPosition: [Position: EffectiveRule] = [:]
        var bySourcePath: [String: EffectiveRule] = [:]
        for rule in rules {
            let key = RuleKey(rule)
            if seen.insert(key).inserted {
                normalised.append(key)
                first[key] = rule
            }
            byPosition[Position(entry: rule.entryIndex, rule: rule.ruleIndex)] = rule
            bySourcePath[rule.sourcePath] = rule
        }
        self.normalised = normalised
        self.firstOfKey = first
        self.byPosition = byPosition
        self.bySourcePath = bySourcePath
    }

    /// The names of the variables the rules use.
    var variableNames: Set<String> {
        var names = Set<String>()
        for rule in rules {
            var patterns = [rule.path, rule.fragment].compactMap { $0 }
            switch rule.query {
            case .whole(let p)?: patterns.append(p)
            case .items(let items)?: patterns += items.map(\.pattern)
            case nil: break
            }
            for p in patterns {
                if let parsed = try? PatternParser.parse(p) { names.formUnion(parsed.variableNames) }
            }
        }
        return names
    }
}

/// The proofs that an app's decisions are the same under two documents (docs/DIFF.md "What proved
/// means"). Each returns the reason in words, or nil when it does not apply.
enum DiffProof {
    /// Same normalised rule list, and every variable a rule uses has the same values: every URL
    /// meets the same rules in the same order, so the first match is the same rule.
    static func sameRules(_ old: AppRules, _ new: AppRules, _ oldVariables: VariableTable,
                          _ newVariables: VariableTable) -> String? {
        guard old.normalised == new.normalised, sameVariables(old, new, oldVariables, newVariables) else { return nil }
        return "the same rules in the same order after normalisation"
    }

    /// The same rules in another order, where every pair whose order changed either has the same
    /// `exclude` or cannot both match one URL (`PatternOverlap`). Then for any URL, if OLD's first
    /// match X and NEW's first match Y differ, X and Y both match it and changed order, so they have
    /// the same `exclude`: the outcome is the same.
    static func harmlessReorder(_ old: AppRules, _ new: AppRules, _ oldVariables: VariableTable,
                                _ newVariables: VariableTable, hooks: DiffHooks = DiffHooks()) -> String? {
        guard old.normalised.count == new.normalised.count, Set(old.normalised) == Set(new.normalised),
              sameVariables(old, new, oldVariables, newVariables) else { return nil }
        var rank: [RuleKey: Int] = [:]
        for (i, key) in new.normalised.enumerated() { rank[key] = i }
        let order = old.normalised.map { rank[$0] ?? 0 }
        var moved = 0
        for i in order.indices {
            for j in hooks.laterRules(i, order.count) where order[i] > order[j] {
                moved += 1
                let a = old.normalised[i], b = old.normalised[j]
                guard let x = old.firstOfKey[a], let y = old.firstOfKey[b] else { return nil }
                if a.exclude != b.exclude, PatternOverlap.rulesMayOverlap(x, y) { return nil }
            }
        }
        return "the same rules; \(moved) pair\(moved == 1 ? "" : "s") changed order, each with the same exclude or unable to match one URL"
    }

    private static func sameVariables(_ old: AppRules, _ new: AppRules, _ oldVariables: VariableTable,
                                      _ newVariables: VariableTable) -> Bool {
        for name in old.variableNames.union(new.variableNames) {
            let a = oldVariables.values(of: name), b = newVariables.values(of: name)
            switch (a, b) {
            case (nil, nil): continue
            case (let a?, let b?) where a.elementsEqual(b, by: { $0.isExactly($1) }): continue
            default: return false
            }
        }
        return true
    }
}
