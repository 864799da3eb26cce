/// One effective rule compared with one URL, part by part, exactly as the reference engine does it
/// (for `linkmatch explain`, which shows why a rule did or did not match). It calls the reference
/// engine's own evaluation, so the explanation cannot drift from the decision; it lives in the
/// LinkMatch module because that evaluation is internal.
public enum RuleProbe {
    /// The parts compared, in the order path, query (or each named item), fragment, stopping after
    /// the first part that does not match. Scheme, host and app are not checked here.
    public static func parts(of rule: EffectiveRule, url: ParsedURL, variables: VariableTable,
                             budget: Int = ReferenceEngine.defaultBudget) -> [PartTrace] {
        var remaining = budget
        let prepared = ReferenceEngine.Prepared(document: ReferenceDocument(variables: variables), budget: budget,
                                                   builds: ReferenceBuilds(capacity: 16, variablesVary: false))
        return prepared.evaluate(rule, url, budget: &remaining)
    }
}
