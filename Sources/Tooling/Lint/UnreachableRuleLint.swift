import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// `unreachable-rule`: an earlier rule (for every app the rule's entry lists) matches every URL this
/// rule could match, so this rule never decides (C3, D7). Decided with `RuleCoverage`, which only
/// says yes when it is sure. An error when the rule is an exclusion and a match covers it (the URLs
/// it should send to the browser open the app: "move it before …"), else a warning.
enum UnreachableRuleLint {
    /// Work one document may cost: each candidate listed, each inner-index look-up and each
    /// coverage comparison (`RuleCoverage.covers`, whose engine calls are bounded too) is a unit. The
    /// indexes of `CoverCandidates` keep realistic files far below it (a 7,500-rule file: a few units
    /// a rule); a file built to defeat them gets a `lint-budget` diagnostic naming the rules it
    /// could not compare with every earlier rule, never an unbounded run.
    static let defaultBudget = 1_000_000

    static func findings(_ document: AASADocument, budget: Int = defaultBudget) -> [Diagnostic] {
        let coverage = RuleCoverage(variables: document.variables)
        // Apps listed in the same entries see the same rule list (defaults depend on the entry
        // only): each distinct list is checked once.
        var appsOfEntries: [[Int]: [String]] = [:]
        var listOrder: [[Int]] = []
        for app in document.appIDs {
            let entries = document.entries.indices.filter { document.entries[$0].appIDs.contains { $0.isExactly(app) } }
            if appsOfEntries[entries] == nil { listOrder.append(entries) }
            appsOfEntries[entries, default: []].append(app)
        }
        // rule source path -> app -> the earlier rule that covers it for that app.
        var coveredBy: [String: [String: String]] = [:]
        var remaining = budget
        var notCompared: [String] = []
        var notComparedSet = Set<String>()
        func leftOut(_ path: String) {
            if notComparedSet.insert(path).inserted { notCompared.append(path) }
        }
        for entries in listOrder {
            let apps = appsOfEntries[entries] ?? []
            let shapes = document.effectiveRules(for: apps[0]).map { RuleShape($0, variables: document.variables) }
            var index = CoverCandidates()
            for j in shapes.indices {
                if shapes[j].isValid {
                    guard remaining > 0, let candidates = index.candidates(for: shapes[j], work: &remaining) else {
                        leftOut(shapes[j].rule.sourcePath)
                        remaining = 0
                        index.add(shapes[j], at: j)
                        continue
                    }
                    // An exclusion covered by an exclusion looks on for a covering match: that one
                    // decides the severity (error) and the fix ("move it before" the match).
                    var found: Int?
                    for i in candidates {
                        guard remaining > 0 else {
                            if found == nil { leftOut(shapes[j].rule.sourcePath) }
                            break
                        }
                        remaining -= 1
                        if coverage.covers(shapes[i], shapes[j]) {
                            if found == nil || !shapes[i].rule.exclude { found = i }
                            if !shapes[j].rule.exclude || !shapes[i].rule.exclude { break }
                        }
                    }
                    if let i = found {
                        for app in apps { coveredBy[shapes[j].rule.sourcePath, default: [:]][app] = shapes[i].rule.sourcePath }
                    }
                }
                index.add(shapes[j], at: j)
            }
        }
        // Effective `exclude` of each rule: a shadowed exclusion lets through URLs meant for the browser.
        var excludes = Set<String>()
        for (e, entry) in document.entries.enumerated() {
            for (r, rule) in entry.rules.enumerated()
            where EffectiveRule(rule: rule, entryIndex: e, ruleIndex: r, entryDefaults: entry.defaults,
                                domainDefaults: document.defaults).exclude {
                excludes.insert(rule.sourcePath)
            }
        }
        var out: [Diagnostic] = []
        for entry in document.entries where !entry.appIDs.isEmpty {
            for rule in entry.rules {
                guard let byApp = coveredBy[rule.sourcePath],
                      entry.appIDs.allSatisfy({ byApp[$0] != nil }) else { continue }
                var earlier: [String] = []
                for app in entry.appIDs { if let e = byApp[app], !earlier.contains(e) { earlier.append(e) } }
                let which = earlier.count == 1
                    ? "the earlier rule \(earlier[0]) matches"
                    : "earlier rules (\(entry.appIDs.compactMap { app in byApp[app].map { "\($0) for \(app)" } }.joined(separator: ", "))) match"
                let shadowedExclude = excludes.contains(rule.sourcePath) && earlier.contains { !excludes.contains($0) }
                let first = earlier.first ?? ""
                out.append(Diagnostic(shadowedExclude ? .error : .warning, "unreachable-rule", at: rule.sourcePath,
                    "this rule never decides: \(which) every URL it could match (rules are tried in order, the first match wins)"
                        + (shadowedExclude ? ", so the URLs it should exclude open the app" : ""),
                    fix: shadowedExclude || excludes.contains(first) != excludes.contains(rule.sourcePath)
                        ? "move it before \(first)"
                        : "remove it (\(first) already decides the same way), or move it before \(first) if it should decide first"))
            }
        }
        if !notCompared.isEmpty {
            let shown = notCompared.prefix(5).joined(separator: ", ") + (notCompared.count > 5 ? ", …" : "")
            out.append(Diagnostic(.info, "lint-budget", at: "",
                "unreachable-rule: \(notCompared.count) rules were not compared with every earlier rule (a work budget of \(budget) spent): \(shown)"))
        }
        return out
    }
}
