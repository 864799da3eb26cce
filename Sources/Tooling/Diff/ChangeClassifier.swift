import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel

/// Names the cause of one witness from the rules that decided it under OLD (X) and NEW (Y).
/// Rules are matched across the files by their effective rule (`RuleKey`), so a rule that only moved
/// or got renumbered is the same rule; a rule whose key is in one file only was added, removed or
/// edited in place (edited: the other file has, at the same JSON path, a rule whose key is also in
/// one file only).
struct ChangeClassifier {
    let app: String
    let old: AASADocument?
    let new: AASADocument?
    let oldRules: AppRules?
    let newRules: AppRules?

    func classify(_ w: DiffWitness) -> DiffChange {
        let oldListed = old?.appIDs.contains { $0.isExactly(app) } ?? false
        let newListed = new?.appIDs.contains { $0.isExactly(app) } ?? false
        let x = w.oldRule.flatMap { oldRules?.bySourcePath[$0] }
        let y = w.newRule.flatMap { newRules?.bySourcePath[$0] }
        func change(_ cause: DiffCause, _ a: EffectiveRule?, _ b: EffectiveRule?) -> DiffChange {
            DiffChange(cause: cause, oldRule: a.map(Self.describe), newRule: b.map(Self.describe), witnesses: [w])
        }
        if new == nil { return change(.fileNoLongerParses, nil, nil) }
        if old == nil { return change(.fileNowParses, nil, nil) }
        if !newListed { return change(.appDropped, nil, nil) }
        if !oldListed { return change(.appAdded, nil, nil) }
        guard let oldRules, let newRules else { return change(.ruleChanged, x, y) }
        let inOld = Set(oldRules.normalised), inNew = Set(newRules.normalised)
        if let y, !inOld.contains(RuleKey(y)) {
            if let c = oldRules.bySourcePath[y.sourcePath], !inNew.contains(RuleKey(c)) {
                // Y is C edited in place.
                if sameAsWritten(c, y) { return change(.defaultChanged, c, y) }
                if let x, x.sourcePath == c.sourcePath { return change(.ruleChanged, c, y) }
                return change(.ruleWidened, c, y)
            }
            if let x, inNew.contains(RuleKey(x)) { return change(.ruleShadowed, x, y) }
            return change(.ruleAdded, x, y)
        }
        if let x, !inNew.contains(RuleKey(x)) {
            if let c = newRules.bySourcePath[x.sourcePath], !inOld.contains(RuleKey(c)) {
                if sameAsWritten(x, c) { return change(.defaultChanged, x, c) }
                return change(.ruleNarrowed, x, c)
            }
            return change(.ruleRemoved, x, y)
        }
        if let x, let y, RuleKey(x) != RuleKey(y) {
            let ox = oldRules.normalised.firstIndex(of: RuleKey(x)) ?? 0, oy = oldRules.normalised.firstIndex(of: RuleKey(y)) ?? 0
            let nx = newRules.normalised.firstIndex(of: RuleKey(x)) ?? 0, ny = newRules.normalised.firstIndex(of: RuleKey(y)) ?? 0
            if (ox < oy) != (nx < ny) { return change(.ruleMoved, x, y) }
        }
        // The same rules, in the same order, decide differently: only their variables can differ.
        return change(.variablesChanged, x, y)
    }

    /// Whether the two rules are written the same (comment aside), so only inherited defaults differ.
    private func sameAsWritten(_ a: EffectiveRule, _ b: EffectiveRule) -> Bool {
        guard let old, let new, old.entries.indices.contains(a.entryIndex), new.entries.indices.contains(b.entryIndex),
              old.entries[a.entryIndex].rules.indices.contains(a.ruleIndex),
              new.entries[b.entryIndex].rules.indices.contains(b.ruleIndex) else { return false }
        var f = old.entries[a.entryIndex].rules[a.ruleIndex].fields, g = new.entries[b.entryIndex].rules[b.ruleIndex].fields
        f.comment = nil
        g.comment = nil
        return f == g
    }

    /// The rule's path and its effective keys as compact JSON (`caseSensitive`/`percentEncoded` only
    /// when false, `exclude` only when true).
    static func describe(_ rule: EffectiveRule) -> DiffRule {
        let fields = ComponentFields(path: rule.path, query: rule.query, fragment: rule.fragment,
                                     exclude: rule.exclude ? true : nil, caseSensitive: rule.caseSensitive ? nil : false,
                                     percentEncoded: rule.percentEncoded ? nil : false)
        return DiffRule(sourcePath: rule.sourcePath, summary: DocumentSerializer.fields(fields).serialized())
    }
}
