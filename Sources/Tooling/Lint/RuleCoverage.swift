import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// "Every URL the later rule matches, the earlier rule matches too" (SPEC.md C3: then the later rule
/// never decides). Sound but conservative: `true` only when it is certain; `false` means "maybe not".
///
/// Path: the earlier path is `*` (any flags), or, with the same `caseSensitive`/`percentEncoded`,
/// every text the later path can match is covered: a later "starts with S" set needs an earlier
/// `X*` path with S starting with X; a later "exactly T" text is checked by asking the reference
/// engine whether the earlier pattern matches T. Query and fragment: the earlier one matches
/// everything, or (same flags) is identical to the later one, or (named items) is a subset of the
/// later one's items.
struct RuleCoverage {
    let variables: VariableTable
    /// A comparison the engine cannot finish in 10,000 steps answers "maybe not" (undecided is not
    /// matched), which keeps the lint sound and each comparison bounded.
    private let engine = ReferenceEngine(budget: 10_000)

    func covers(_ earlier: RuleShape, _ later: RuleShape) -> Bool {
        guard earlier.isValid, later.isValid else { return false }
        return pathCovers(earlier, later) && queryCovers(earlier, later) && fragmentCovers(earlier, later)
    }

    func pathCovers(_ earlier: RuleShape, _ later: RuleShape) -> Bool {
        if earlier.pathMatchesEverything { return true }
        guard earlier.hasSameFlags(as: later) else { return false }
        if earlier.rule.path == later.rule.path { return true }
        let prefix = earlier.pathMatchesEveryPathStartingWith
        return later.pathMatchesAtMost.allSatisfy { set in
            switch set {
            case .startingWith(let s):
                guard let x = prefix else { return false }
                return s.starts(with: x)
            case .exactly(let t):
                // Normalized text is compared as is: with percentEncoded false both rules see the
                // same decoded text, and the earlier pattern is used as written either way (E3).
                let request = PartRequest(pattern: earlier.rule.path ?? "*", kind: .path,
                                          text: String(String.UnicodeScalarView(t)),
                                          caseSensitive: earlier.rule.caseSensitive, percentEncoded: true,
                                          variables: variables)
                return engine.matchPart(request) == .matched
            }
        }
    }

    func queryCovers(_ earlier: RuleShape, _ later: RuleShape) -> Bool {
        if earlier.queryMatchesEverything { return true }
        guard earlier.hasSameFlags(as: later) else { return false }
        switch (earlier.rule.query, later.rule.query) {
        case (.whole(let a)?, .whole(let b)?):
            return a == b
        case (.items(let a)?, .items(let b)?):
            // Each item the earlier rule requires, the later one requires identically (Q2).
            return a.allSatisfy { item in b.contains { $0.name == item.name && $0.pattern == item.pattern } }
        default:
            return false
        }
    }

    func fragmentCovers(_ earlier: RuleShape, _ later: RuleShape) -> Bool {
        if earlier.fragmentMatchesEverything { return true }
        return earlier.hasSameFlags(as: later) && earlier.rule.fragment == later.rule.fragment
    }
}
