import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel

/// One side of a `DocumentDiff`: a document, or a file that does not parse at all (then no URL opens
/// any app through it: every decision is `no_match`).
public enum DiffSide: Sendable {
    /// A parsed document. Keep `source` (the file's JSON) when there is one: the reference engine
    /// then reads the file itself, so each witness is decided by two independent readings.
    case document(AASADocument)
    /// The file was refused (`DocumentLoadError` code and message).
    case unparseable(code: String, message: String)

    var document: AASADocument? {
        if case .document(let d) = self { return d }
        return nil
    }
}

/// Why a URL's decision changed (docs/DIFF.md lists them with examples).
public enum DiffCause: String, Sendable, Equatable, CaseIterable {
    /// NEW has a rule OLD does not have, and it decides URLs that no rule of OLD decided.
    case ruleAdded = "rule-added"
    /// OLD's deciding rule is gone from NEW.
    case ruleRemoved = "rule-removed"
    /// Both rules are in both files, in the other order.
    case ruleMoved = "rule-moved"
    /// A rule new in NEW now decides a URL before OLD's deciding rule, which is still there.
    case ruleShadowed = "rule-shadowed"
    /// A rule edited in place now decides a URL it did not decide before.
    case ruleWidened = "rule-widened"
    /// A rule edited in place no longer decides a URL it decided before.
    case ruleNarrowed = "rule-narrowed"
    /// A rule edited in place decides the URL under both files but its flags changed (`exclude`).
    case ruleChanged = "rule-changed"
    /// The rule as written is the same, but a `defaults` it inherits from changed (C5).
    case defaultChanged = "default-changed"
    /// The same rules decide differently: the substitution variables they use changed (V1).
    case variablesChanged = "variables-changed"
    /// NEW lists the app, OLD did not.
    case appAdded = "app-added"
    /// OLD listed the app, NEW does not.
    case appDropped = "app-dropped"
    /// OLD parses, NEW does not (so NEW opens nothing).
    case fileNoLongerParses = "file-no-longer-parses"
    /// OLD did not parse, NEW does.
    case fileNowParses = "file-now-parses"

    /// A cause of the whole file or app (parses or not, lists the app or not): one change per app,
    /// naming no rule.
    public var isWholeApp: Bool { [.appAdded, .appDropped, .fileNoLongerParses, .fileNowParses].contains(self) }

    /// The cause in words, for the text output.
    public var words: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }
}

/// A URL whose decision differs between OLD and NEW, decided by both engines (compiled and
/// reference), which agree on both decisions.
public struct DiffWitness: Sendable, Equatable {
    /// The URL as written (parsed by `ParsedURL`).
    public var url: String
    /// Its decision under OLD.
    public var old: Decision.Outcome
    /// Its decision under NEW.
    public var new: Decision.Outcome
    /// The rule that decided under OLD (its JSON path), nil when no rule matched.
    public var oldRule: String?
    /// The rule that decided under NEW (its JSON path), nil when no rule matched.
    public var newRule: String?
}

/// A rule named in a change: where it is and what it says (after defaults, C5).
public struct DiffRule: Sendable, Equatable {
    /// The rule's JSON path in its file, e.g. `applinks.details[0].components[2]`.
    public var sourcePath: String
    /// The effective rule as compact JSON, e.g. `{"/":"/buy/*","exclude":true}`.
    public var summary: String
}

/// One change of one app: a cause, the rules involved, and the URLs that show it.
public struct DiffChange: Sendable, Equatable {
    /// Why the URLs changed.
    public var cause: DiffCause
    /// OLD's rule involved (removed, moved, shadowed, edited), when there is one.
    public var oldRule: DiffRule?
    /// NEW's rule involved (added, moved, shadowing, edited), when there is one.
    public var newRule: DiffRule?
    /// At least one; at most `DiffOptions.witnessesPerChange`.
    public var witnesses: [DiffWitness]
}

/// What the diff knows about one app.
public enum DiffVerdict: Sendable, Equatable {
    /// No URL changes decision: proved (the reason says how; docs/DIFF.md "What proved means").
    case provedSame(String)
    /// At least one URL changes decision (see `changes`).
    case changed
    /// No witness was found among the URLs checked, but equality is not proved.
    case notProved
}

/// The diff of one app.
public struct AppDiff: Sendable, Equatable {
    /// The app ID, as the files write it.
    public var appID: String
    /// Changed, proved unchanged, or not proved.
    public var verdict: DiffVerdict
    /// Grouped by cause and rules, in the order first found.
    public var changes: [DiffChange]
    /// Distinct URLs decided under both files while searching for witnesses (0 when proved at once).
    public var checkedURLs: Int
}

/// The result of `DocumentDiff.compare`.
public struct DiffReport: Sendable, Equatable {
    /// One per app of either file (or the apps asked for), OLD's apps first.
    public var apps: [AppDiff]

    /// Whether any app has a change with a witness.
    public var hasChanges: Bool { apps.contains { $0.verdict == .changed } }
}

/// The knobs of a diff.
public struct DiffOptions: Sendable {
    /// The apps to compare; nil for every app of either file.
    public var apps: [String]?
    /// The domain the files are served from: witnesses use it as host. Empty: `example.com`, and
    /// the host is not checked (U3).
    public var domain: String
    /// The work budget of the random probing, in URLs per app (beyond the example URLs of every
    /// rule and their variants, which are always checked).
    public var probeBudget: Int
    /// Seed of the random probing (the same seed gives the same report).
    public var seed: UInt64
    /// Witnesses kept per change.
    public var witnessesPerChange: Int
    /// Steps of the diff that the `diff` fuzz target's planted mistakes replace (LinkMatchMutants).
    /// Package access: the shipped CLI and library users only ever run the defaults.
    package var hooks = DiffHooks()
    /// Search witnesses even where a proof applies (the `diff` check compares the two: a verified
    /// witness on a "proved" app is an unsound proof).
    public var skipsProofs = false

    /// Options with the defaults of `linkmatch diff`.
    public init(apps: [String]? = nil, domain: String = "", probeBudget: Int = DiffOptions.defaultProbeBudget,
                seed: UInt64 = 0x5EED, witnessesPerChange: Int = 3) {
        self.apps = apps
        self.domain = domain
        self.probeBudget = probeBudget
        self.seed = seed
        self.witnessesPerChange = witnessesPerChange
    }

    /// 2,000 random URLs per app (docs/DIFF.md "The work budget").
    public static let defaultProbeBudget = 2_000
}

/// Two steps of the diff as replaceable functions, so that LinkMatchMutants can plant a mistake in
/// each and the `diff` fuzz target can be shown to find it (as `DocumentParser`'s hooks do for
/// `validate`). Package access: nothing outside this package can change them.
package struct DiffHooks: Sendable {
    /// Whether a URL is a witness, given its compiled decisions under OLD and NEW and a way to ask
    /// the reference for its own two decisions.
    package var confirmsWitness: @Sendable (_ old: Decision, _ new: Decision, _ reference: () -> (old: Decision, new: Decision)) -> Bool
        = DiffHooks.decisionChangedForBothEngines
    /// The positions in OLD's normalised rule list that the reorder proof compares with rule `i`
    /// (every later one: each pair whose order changed must be harmless).
    package var laterRules: @Sendable (_ i: Int, _ count: Int) -> Range<Int> = { i, count in (i + 1)..<max(i + 1, count) }

    package init() {}

    /// The outcome changed, and the reference decides both files the same as the compiled engine.
    package static func decisionChangedForBothEngines(_ old: Decision, _ new: Decision,
                                                      _ reference: () -> (old: Decision, new: Decision)) -> Bool {
        guard old.outcome != new.outcome else { return false }
        let r = reference()
        return r.old.outcome == old.outcome && r.new.outcome == new.outcome
    }
}
