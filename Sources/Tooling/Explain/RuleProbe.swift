import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// One effective rule compared with one URL, part by part, exactly as the reference engine does it
/// (for `linkmatch explain`, which shows why a rule did or did not match). It calls the reference
/// engine's own evaluation (`ReferenceEngine.parts(of:)`), so the explanation cannot drift from the
/// decision; the rule is copied into the reference's own rule type first.
public enum RuleProbe {
    /// The parts compared, in the order path, query (or each named item), fragment, stopping after
    /// the first part that does not match. Scheme, host and app are not checked here.
    public static func parts(of rule: EffectiveRule, url: ParsedURL, variables: VariableTable,
                             budget: Int = ReferenceEngine.defaultBudget) -> [PartTrace] {
        ReferenceEngine.parts(of: ReferenceRule(rule), url: url, variables: variables, budget: budget)
    }
}
