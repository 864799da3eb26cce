import LinkMatchCore

extension RuleTrace {
    /// The trace of `rule` (its place and effective flags) with the parts compared. The reference
    /// engine builds its traces from its own rule type; this is the compiled side's.
    public init(rule: EffectiveRule, parts: [PartTrace]) {
        self.init(entryIndex: rule.entryIndex, ruleIndex: rule.ruleIndex, sourcePath: rule.sourcePath,
                  exclude: rule.exclude, caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded,
                  parts: parts)
    }
}
