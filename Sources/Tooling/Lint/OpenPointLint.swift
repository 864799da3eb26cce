import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// `open-point`: a rule whose decision on some plausible URL depends on an open point (SPEC.md
/// section 15). For each reading of the rule (`OpenPointReadings`) the URLs written out from the
/// rule are decided under LinkMatch's reading and under the other one; the first URL where they
/// differ is reported with both outcomes. Warning when one reading matches and the other excludes
/// (the author meant one of them), info otherwise.
enum OpenPointLint {
    static func findings(_ document: AASADocument, json: JSONValue? = nil,
                         budget: Int = OpenPointJudge.defaultBudget) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var judge = OpenPointJudge(document, budget: budget)
        for (e, entry) in document.entries.enumerated() {
            var readings: [(path: String, reading: OpenPointReading)] = []
            for r in entry.rules.indices {
                for reading in OpenPointReadings.readings(entryIndex: e, ruleIndex: r, in: document) {
                    readings.append((entry.rules[r].sourcePath, reading))
                }
            }
            for key in dictionaryKeyWithInnerApps(entry, json: json) {
                for reading in OpenPointReadings.dictionaryKeyReadings(entryIndex: e, key: key, in: document) {
                    readings.append((entry.sourcePath, reading))
                }
            }
            for (path, reading) in readings {
                if let d = judge.first(reading, at: path) {
                    out.append(Diagnostic(d.flipsMatchAndExclude ? .warning : .info, "open-point", at: path, d.message, fix: d.fix))
                }
            }
        }
        if !judge.notChecked.isEmpty {
            let shown = judge.notChecked.prefix(5).joined(separator: ", ") + (judge.notChecked.count > 5 ? ", …" : "")
            out.append(Diagnostic(.info, "lint-budget", at: "",
                "open-point: \(judge.notChecked.count) readings were not checked (\(budget) rules compiled for other readings): \(shown)"))
        }
        return out
    }

    /// D5: the dictionary key of an entry of a dictionary `details` whose value has `appID`/`appIDs`.
    static func dictionaryKeyWithInnerApps(_ entry: DetailEntry, json: JSONValue?) -> [String] {
        guard case .object(let top)? = json, case .object(let applinks)? = top["applinks"],
              case .object(let details)? = applinks["details"] else { return [] }
        return details.keys.filter { key in
            guard JSONPath.member("applinks.details", key) == entry.sourcePath, case .object(let value)? = details[key] else { return false }
            return value["appID"] != nil || value["appIDs"] != nil
        }
    }
}

/// A URL on which an open point's readings decide differently.
public struct OpenPointDifference: Sendable {
    /// The reading that decides differently.
    public let reading: OpenPointReading
    /// The URL on which they differ.
    public let url: String
    /// The outcome under LinkMatch's reading.
    public let linkMatch: Decision.Outcome
    /// The outcome under the other reading.
    public let other: Decision.Outcome

    /// True when one reading gives `.match` and the other `.exclude` (then the `open-point` diagnostic is a warning).
    public var flipsMatchAndExclude: Bool { Set([linkMatch, other]) == [.match, .exclude] }

    /// The `open-point` diagnostic's message: the point, the app, the URL and both outcomes.
    public var message: String {
        "depends on the open point \(reading.pointID) (SPEC.md section 15): for \(reading.appID) on \(url) "
            + "LinkMatch's reading gives \(linkMatch.rawValue), the reading \(reading.reading) gives \(other.rawValue)"
    }

    /// The `open-point` diagnostic's fix: a rule placed first that decides the disputed URL and its
    /// neighbours (its first path segment and everything under it), so that the rule whose reading
    /// differs never decides them (C3). An example, named as such: the author knows which outcome they mean.
    public var fix: String {
        let segment = ((try? ParsedURL(url))?.path ?? "/").split(separator: "/").first.map { "/\($0)/*" } ?? "/"
        let pattern = JSONValue.string(segment).serialized()
        return "have every reading agree on \(url) by deciding it first: put a rule before this one such as "
            + "{\"/\": \(pattern), \"exclude\": true} (to keep it in the browser) or {\"/\": \(pattern)} (to open the app)"
    }

    /// The example URLs of a reading, in the order they are tried: each example rule's URLs with the
    /// document's variables, then with the alternative's.
    static func candidates(_ reading: OpenPointReading, in document: AASADocument) -> [String] {
        var candidates: [String] = []
        // A reading of one rule keeps the document's variables: writing the rules out a second time
        // with the same table would only repeat the URLs (and cost half of `validate` on a large file).
        var otherVariables: VariableTable?
        if case .document(let d) = reading.change { otherVariables = d.variables }
        for rule in reading.exampleRules {
            candidates += ExampleURLs.urls(for: rule, variables: document.variables)
            if let otherVariables { candidates += ExampleURLs.urls(for: rule, variables: otherVariables) }
        }
        var seen = Set<String>()
        return candidates.filter { seen.insert($0).inserted }
    }

    /// The two readings' outcomes on one URL, when they differ (and neither engine run gave up).
    public static func on(_ text: String, _ reading: OpenPointReading, original: any PreparedDocument,
                          alternative: any PreparedDocument) -> OpenPointDifference? {
        guard let url = try? ParsedURL(text) else { return nil }
        let a = original.decide(url, appID: reading.appID, domain: "").outcome
        let b = alternative.decide(url, appID: reading.appID, domain: "").outcome
        guard a != b, a != .undecided, b != .undecided else { return nil }
        return OpenPointDifference(reading: reading, url: text, linkMatch: a, other: b)
    }
}

/// Decides, for each reading, the first example URL on which it and LinkMatch's reading differ,
/// without deciding on a whole other document where one rule is enough.
///
/// A reading of one rule replaces rule R of the app's ordered list `A + [R] + B` by rules R': the
/// two documents decide a URL alike unless R alone and R' alone decide it differently (if both
/// match alike, or neither matches, the rest of the list is the same). So each URL is first decided
/// on R and R' alone (tiny documents), and only where they differ on the whole document: a rule of
/// A that decides hides the difference; otherwise LinkMatch's outcome is the whole document's, and
/// the reading's is R''s when R' matches, else B's first match, which is the whole document's
/// decision unless R itself decided (only then is the reading's whole document built). Readings
/// about the document (V5, D5) are decided on their whole alternative document. Whole documents
/// built for readings cost rules compiled, within `budget`; past it a reading is not checked and
/// `notChecked` names it. Decisions are the compiled engine's (it agrees with the reference, which
/// the fuzz targets check, and never stops on a step budget).
struct OpenPointJudge {
    /// Rules compiled for readings' whole documents, per `validate` (about a second of work).
    static let defaultBudget = 500_000

    let document: AASADocument
    let original: CompiledDocument
    private var remaining: Int
    /// Where the readings that were not checked are (rule or entry paths), in order.
    private(set) var notChecked: [String] = []
    /// Whole alternative documents with other variables (V5), by their custom variable names.
    private var byVariables: [[String]: CompiledDocument] = [:]
    /// `original`'s decisions for readings of one rule, with the rules the compiled engine cannot
    /// index found by a gram (`GramDecider`): the same answers without trying each such rule per URL.
    private var decider: GramDecider

    init(_ document: AASADocument, budget: Int) {
        self.document = document
        original = CompiledDocument(document)
        decider = GramDecider(document, compiled: original)
        remaining = budget
    }

    /// A whole alternative document, or nil when the budget does not allow it (then `path` is noted).
    private mutating func whole(_ alternative: AASADocument, at path: String) -> CompiledDocument? {
        let cost = max(1, alternative.entries.reduce(0) { $0 + $1.rules.count })
        guard remaining >= cost else {
            if notChecked.last != path { notChecked.append(path) }
            return nil
        }
        remaining -= cost
        return CompiledDocument(alternative)
    }

    mutating func first(_ reading: OpenPointReading, at path: String) -> OpenPointDifference? {
        let urls = OpenPointDifference.candidates(reading, in: document)
        switch reading.change {
        case .document(let alternative):
            let key = alternative.variables.custom.map(\.name)
            let prepared: CompiledDocument
            if reading.pointID == "V5-predefined-overridden", let known = byVariables[key] {
                prepared = known
            } else {
                guard let built = whole(alternative, at: path) else { return nil }
                if reading.pointID == "V5-predefined-overridden" { byVariables[key] = built }
                prepared = built
            }
            for text in urls {
                if let d = OpenPointDifference.on(text, reading, original: original, alternative: prepared) { return d }
            }
            return nil
        case .rule(let base, let e, let r, let rules):
            func alone(_ rules: [DocumentRule]) -> CompiledDocument {
                var tiny = base
                var entry = base.entries[e]
                entry.rules = rules
                entry.appIDs = [reading.appID]
                tiny.entries = [entry]
                return CompiledDocument(tiny)
            }
            let ruleAlone = alone([base.entries[e].rules[r]])
            let readingAlone = alone(rules)
            var readingWhole: CompiledDocument?
            for text in urls {
                guard let url = try? ParsedURL(text) else { continue }
                let mine = ruleAlone.decide(url, appID: reading.appID, domain: "").outcome
                let theirs = readingAlone.decide(url, appID: reading.appID, domain: "").outcome
                guard mine != theirs else { continue }
                let decision = decider.decide(url, appID: reading.appID)
                let decidedBy = decision.rule
                if let (de, dr) = decidedBy, de < e || (de == e && dr < r) { continue } // a rule before R decides
                let other: Decision.Outcome
                if theirs != .noMatch {
                    other = theirs
                } else if let (de, dr) = decidedBy, de == e, dr == r {
                    if readingWhole == nil { readingWhole = whole(reading.alternative, at: path) }
                    guard let readingWhole else { return nil }
                    other = readingWhole.decide(url, appID: reading.appID, domain: "").outcome
                } else {
                    other = decision.outcome
                }
                if decision.outcome != other {
                    return OpenPointDifference(reading: reading, url: text, linkMatch: decision.outcome, other: other)
                }
            }
            return nil
        }
    }
}
