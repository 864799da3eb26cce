import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// `unreachable-rule`: an earlier rule (for every app the rule's entry lists) matches every URL this
/// rule could match, so this rule never decides (C3, D7). Decided with `RuleCoverage`, which only
/// says yes when it is sure.
enum UnreachableRuleLint {
    static func findings(_ document: AASADocument) -> [Diagnostic] {
        let coverage = RuleCoverage(variables: document.variables)
        // Shapes are the same for every app listing an entry (defaults depend on the entry only),
        // so coverage answers are cached per (earlier, later) rule.
        var cache: [Pair: Bool] = [:]
        // rule source path -> app -> the earlier rule that covers it for that app.
        var coveredBy: [String: [String: String]] = [:]
        for app in document.appIDs {
            let shapes = document.effectiveRules(for: app).map { RuleShape($0, variables: document.variables) }
            for j in shapes.indices where shapes[j].isValid {
                for i in 0..<j {
                    let key = Pair(earlier: shapes[i].rule.sourcePath, later: shapes[j].rule.sourcePath)
                    let covers: Bool
                    if let known = cache[key] {
                        covers = known
                    } else {
                        covers = coverage.covers(shapes[i], shapes[j])
                        cache[key] = covers
                    }
                    if covers {
                        coveredBy[shapes[j].rule.sourcePath, default: [:]][app] = shapes[i].rule.sourcePath
                        break
                    }
                }
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
                out.append(Diagnostic(.warning, "unreachable-rule", at: rule.sourcePath,
                    "this rule never decides: \(which) every URL it could match (rules are tried in order, the first match wins)"))
            }
        }
        return out
    }

    private struct Pair: Hashable {
        var earlier: String
        var later: String
    }
}
