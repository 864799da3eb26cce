import LinkMatch

/// The words of `linkmatch diff`, checked against what the `diff` case knows by construction:
/// - a whole-app cause exactly where the app's listing changed: `app-added` only for an app NEW
///   lists and OLD does not, `app-dropped` only for the reverse, and one of them whenever the
///   listing changed (both files parse in this target);
/// - the edit's own cause (`DiffCase.Edit.expectedCause`) for every change it makes, where it names one
///   and each rule is at the same JSON path in both files;
/// - each rule a change names is described as it is: the rule at that JSON path of its file, with
///   its effective `/`, `exclude`, `caseSensitive` and `percentEncoded` after defaults (C5),
///   resolved here from the document, not by the diff.
enum DiffCauses {
    static func problem(_ report: DiffReport, old: AASADocument, new: AASADocument, edit: DiffCase.Edit) -> String? {
        for app in report.apps {
            let oldListed = old.appIDs.contains { $0.isExactly(app.appID) }
            let newListed = new.appIDs.contains { $0.isExactly(app.appID) }
            let oldRules = old.effectiveRules(for: app.appID), newRules = new.effectiveRules(for: app.appID)
            let expected: DiffCause?
            if oldListed != newListed {
                expected = oldListed ? .appDropped : .appAdded
            } else if let cause = edit.expectedCause, writtenOnce(oldRules), writtenOnce(newRules), writtenWhereSerialized(old) {
                expected = cause
            } else {
                expected = nil
            }
            for change in app.changes {
                if let expected, change.cause != expected {
                    return "\(app.appID): a change labelled \(change.cause.rawValue), expected \(expected.rawValue) (edit \(edit.name); OLD lists the app: \(oldListed), NEW: \(newListed))"
                }
                if change.cause.isWholeApp, change.cause == .appAdded || change.cause == .appDropped, oldListed == newListed {
                    return "\(app.appID): labelled \(change.cause.rawValue), but both files list the app: \(oldListed)"
                }
                if let rule = change.oldRule, let problem = descriptionProblem(rule, among: oldRules, file: "OLD") { return "\(app.appID): \(problem)" }
                if let rule = change.newRule, let problem = descriptionProblem(rule, among: newRules, file: "NEW") { return "\(app.appID): \(problem)" }
            }
        }
        return nil
    }

    /// No two effective rules of the app alike (then each rule is known by what it says).
    static func writtenOnce(_ rules: [EffectiveRule]) -> Bool {
        var seen = Set<String>()
        return rules.allSatisfy { seen.insert(key($0)).inserted }
    }

    static func key(_ r: EffectiveRule) -> String {
        "\(r.path.debugDescription) \(String(describing: r.query)) \(r.fragment.debugDescription) \(r.exclude) \(r.caseSensitive) \(r.percentEncoded)"
    }

    /// Whether every rule of `d` sits at the JSON path NEW's rewrite gives it
    /// (`applinks.details[e].components[r]`): not so for legacy `paths`, nor after an entry or a
    /// component the parser skipped (a wrong type), and then one rule is at two paths in the two files.
    static func writtenWhereSerialized(_ d: AASADocument) -> Bool {
        for (e, entry) in d.entries.enumerated() {
            for (r, rule) in entry.rules.enumerated()
            where rule.sourcePath != JSONPath.index(JSONPath.member(JSONPath.index("applinks.details", e), "components"), r) {
                return false
            }
        }
        return true
    }

    /// The rule named must be at its path in the file, and its summary must say what the rule says.
    static func descriptionProblem(_ named: DiffRule, among rules: [EffectiveRule], file: String) -> String? {
        guard let rule = rules.first(where: { $0.sourcePath == named.sourcePath }) else {
            return "the change names \(named.sourcePath), which is no rule of the app in \(file)"
        }
        guard case .object(let summary)? = try? JSONParser.parse(Array(named.summary.utf8)) else {
            return "the description of \(named.sourcePath) is no JSON object: \(named.summary)"
        }
        func flag(_ key: String) -> Bool? {
            if case .bool(let b)? = summary[key] { return b }
            return nil
        }
        var path: String?
        if case .string(let p)? = summary["/"] { path = p }
        let says = (path: path, exclude: flag("exclude") ?? false, caseSensitive: flag("caseSensitive") ?? true,
                    percentEncoded: flag("percentEncoded") ?? true)
        if says.path != rule.path || says.exclude != rule.exclude || says.caseSensitive != rule.caseSensitive
            || says.percentEncoded != rule.percentEncoded {
            return "\(file)'s \(named.sourcePath) is described as \(named.summary), but it is \(key(rule)) (path, query, fragment, exclude, caseSensitive, percentEncoded)"
        }
        return nil
    }
}
