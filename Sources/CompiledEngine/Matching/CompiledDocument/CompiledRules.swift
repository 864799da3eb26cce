/// What compiling a document's rules builds before its apps get their plans: every valid rule
/// compiled, entry by entry, with the patterns, query items and matchers they index. The compile
/// from the model (`CompiledDocument.init(_:)`) and the compile straight from the JSON tape
/// (`CompiledDocument.init(parsing:)`) both fill one and hand it to the same last step.
struct CompiledRules {
    /// Each distinct pattern compiled once; what it built the document keeps.
    var patterns: PatternMemo
    var rules: [CompiledRule] = []
    /// Per compiled rule, its entry and its place there (the trace rebuilds the effective rule from them).
    var origins: [RuleOrigin] = []
    var items: [QueryItemKey] = []
    var itemNames: [UInt8] = []
    /// Entry e's valid rules (invalid ones never match, P3/P4) are `rules[firstRule[e]..<firstRule[e + 1]]`.
    private(set) var firstRule: [Int32] = []

    /// Room for about `rules` rules in `entries` entries; `variables` and `hashing` for the patterns.
    init(_ variables: VariableResolver, rules: Int, entries: Int, hashing: TableHashing) {
        patterns = PatternMemo(variables, rules: rules, hashing: hashing)
        self.rules.reserveCapacity(rules)
        origins.reserveCapacity(rules)
        firstRule.reserveCapacity(entries + 1)
    }

    /// The next entry's rules start here.
    mutating func startEntry() {
        firstRule.append(Int32(rules.count))
    }

    /// Compiles the entry just started as the one before it: its rules are that entry's compiled
    /// rules again (the same values, so the same patterns and query items), with their origins in
    /// entry `entry`. For an entry whose rules and defaults are the previous entry's, key for key.
    mutating func repeatPreviousEntry(as entry: Int32) {
        // SAFETY: `startEntry` was called for this entry and the one before it, so both starts are there.
        assert(firstRule.count >= 2)
        let previous = Int(firstRule[firstRule.count - 2])..<Int(firstRule[firstRule.count - 1])
        // One by one: a slice of `rules` appended to it would hold its storage, so the append would
        // copy it all. (Rules and origins are plain values: each append is a copy of a few words.)
        for k in previous {
            rules.append(rules[k])
            origins.append(RuleOrigin(entry: entry, rule: origins[k].rule))
        }
    }

    /// After the last entry: closes its range.
    mutating func finishEntries() {
        firstRule.append(Int32(rules.count))
    }
}
