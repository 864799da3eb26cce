import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// `catch-all`: a rule that is not an exclusion and whose path, query and fragment all match every
/// URL (each `*` or absent, after defaults, C5). It opens the app for every link on the domain,
/// including pages the app cannot show; usually an exclude list should come before it.
enum CatchAllLint {
    static func findings(_ document: AASADocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (e, entry) in document.entries.enumerated() {
            for (r, rule) in entry.rules.enumerated() {
                let effective = EffectiveRule(rule: rule, entryIndex: e, ruleIndex: r,
                                              entryDefaults: entry.defaults, domainDefaults: document.defaults)
                let shape = RuleShape(effective, variables: document.variables)
                guard !effective.exclude, shape.pathMatchesEverything, shape.queryMatchesEverything,
                      shape.fragmentMatchesEverything else { continue }
                out.append(Diagnostic(.warning, "catch-all", at: rule.sourcePath,
                    "this rule matches every URL on the domain: the app opens for every link, including pages it may not handle"))
            }
        }
        return out
    }
}
