import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// `linkmatch diff OLD NEW`: per app, which URLs change decision between two AASA files, grouped
/// by cause, each change shown by witness URLs decided by both engines; "no change" only when proved
/// (docs/DIFF.md).
public enum DocumentDiff {
    /// Compares `old` and `new`. Never traps and never throws; the work is bounded by the rules'
    /// example URLs plus `options.probeBudget` random URLs per app.
    public static func compare(old: DiffSide, new: DiffSide, options: DiffOptions = DiffOptions()) -> DiffReport {
        let sides = Sides(old: old, new: new, hooks: options.hooks)
        let apps = options.apps ?? Self.apps(old.document, new.document)
        return DiffReport(apps: apps.map { sides.diff(app: $0, options: options) })
    }

    /// OLD's apps, then NEW's apps OLD does not list, exact IDs (D12).
    public static func apps(_ old: AASADocument?, _ new: AASADocument?) -> [String] {
        var seen = Set<[UInt8]>()
        return ((old?.appIDs ?? []) + (new?.appIDs ?? [])).filter { seen.insert(Array($0.utf8)).inserted }
    }
}

/// Both documents, prepared once by both engines.
private struct Sides {
    let old: AASADocument?
    let new: AASADocument?
    let oldCompiled: CompiledDocument?
    let newCompiled: CompiledDocument?
    let oldReference: (any PreparedDocument)?
    let newReference: (any PreparedDocument)?
    let hooks: DiffHooks

    init(old: DiffSide, new: DiffSide, hooks: DiffHooks) {
        self.old = old.document
        self.new = new.document
        oldCompiled = self.old.map(CompiledDocument.init)
        newCompiled = self.new.map(CompiledDocument.init)
        oldReference = self.old.map { ReferenceEngine().prepare($0) }
        newReference = self.new.map { ReferenceEngine().prepare($0) }
        self.hooks = hooks
    }

    func diff(app: String, options: DiffOptions) -> AppDiff {
        let oldRules = old.map { AppRules($0, app: app) }
        let newRules = new.map { AppRules($0, app: app) }
        let oldListed = old?.appIDs.contains { $0.isExactly(app) } ?? false
        let newListed = new?.appIDs.contains { $0.isExactly(app) } ?? false
        if let old, let new, let oldRules, let newRules, oldListed == newListed {
            if !oldListed {
                return AppDiff(appID: app, verdict: .provedSame("neither file lists the app"), changes: [], checkedURLs: 0)
            }
            if !options.skipsProofs, let why = DiffProof.sameRules(oldRules, newRules, old.variables, new.variables)
                ?? DiffProof.harmlessReorder(oldRules, newRules, old.variables, new.variables, hooks: hooks) {
                return AppDiff(appID: app, verdict: .provedSame(why), changes: [], checkedURLs: 0)
            }
        } else if old == nil, new == nil {
            return AppDiff(appID: app, verdict: .provedSame("neither file parses"), changes: [], checkedURLs: 0)
        } else if !oldListed, !newListed {
            return AppDiff(appID: app, verdict: .provedSame("no file that parses lists the app"), changes: [], checkedURLs: 0)
        }
        return search(app: app, oldRules: oldRules, newRules: newRules, options: options)
    }

    private func search(app: String, oldRules: AppRules?, newRules: AppRules?, options: DiffOptions) -> AppDiff {
        var sources: [(EffectiveRule, VariableTable)] = []
        if let old, let oldRules { sources += oldRules.rules.map { ($0, old.variables) } }
        if let new, let newRules { sources += newRules.rules.map { ($0, new.variables) } }
        let candidates = WitnessCandidates(rules: sources, domain: options.domain)
        let classifier = ChangeClassifier(app: app, old: old, new: new, oldRules: oldRules, newRules: newRules)
        var seen = Set<String>()
        var changes: [DiffChange] = []
        var indexOfGroup: [String: Int] = [:]
        func check(_ text: String) {
            guard seen.insert(text).inserted, let url = try? ParsedURL(text) else { return }
            guard let witness = witness(url, app: app, domain: options.domain) else { return }
            let change = classifier.classify(witness)
            // A whole-file or whole-app cause is one change, whatever rule each witness met.
            let group = change.cause.isWholeApp ? change.cause.rawValue
                : "\(change.cause.rawValue) \(change.oldRule?.sourcePath ?? "-") \(change.newRule?.sourcePath ?? "-")"
            if let i = indexOfGroup[group] {
                if changes[i].witnesses.count < options.witnessesPerChange { changes[i].witnesses.append(witness) }
            } else {
                indexOfGroup[group] = changes.count
                changes.append(change)
            }
        }
        for text in candidates.fixed { check(text) }
        for text in candidates.random(budget: options.probeBudget, seed: options.seed) { check(text) }
        return AppDiff(appID: app, verdict: changes.isEmpty ? .notProved : .changed, changes: changes, checkedURLs: seen.count)
    }

    /// A witness when both engines decide `url` differently under OLD and NEW and agree on both
    /// decisions; nil otherwise.
    private func witness(_ url: ParsedURL, app: String, domain: String) -> DiffWitness? {
        let o = decide(oldCompiled, url, app, domain), n = decide(newCompiled, url, app, domain)
        guard hooks.confirmsWitness(o, n, { (decide(oldReference, url, app, domain), decide(newReference, url, app, domain)) })
        else { return nil }
        return DiffWitness(url: url.text, old: o.outcome, new: n.outcome, oldRule: o.rule?.sourcePath, newRule: n.rule?.sourcePath)
    }

    private func decide(_ document: (any PreparedDocument)?, _ url: ParsedURL, _ app: String, _ domain: String) -> Decision {
        document?.decide(url, appID: app, domain: domain) ?? .noMatch(.appNotListed)
    }

    private func decide(_ document: CompiledDocument?, _ url: ParsedURL, _ app: String, _ domain: String) -> Decision {
        document?.decide(url, appID: app, domain: domain) ?? .noMatch(.appNotListed)
    }
}
