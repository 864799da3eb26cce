// The swcutil probe kit (SPEC.md "Settling open points with swcutil"): requests that LinkMatch cannot
// settle on its own, written out so Apple's `swcutil` can answer them on a Mac. A probe is one AASA
// file, one app, one URL and what each reading of the spec predicts for it.
import LinkMatch

/// One request to put to Apple's `swcutil`.
public struct Probe: Sendable {
    public enum Kind: String, Sendable, Equatable {
        /// From the open-point registry (`OpenPoints.all`): the readings disagree on it.
        case openPoint = "open-point"
        /// A representative spec example of a SPEC rule marked `decided` (LinkMatch's own choice).
        case decidedRule = "decided-rule"
    }

    /// Stable and file-name safe: `<open point id>.<n>` or `rule-<rule id>`.
    public var id: String
    public var kind: Kind
    /// The open point it belongs to (`.openPoint` only).
    public var point: String?
    /// SPEC rule IDs it confirms or contradicts.
    public var rules: [String]
    public var title: String
    /// The AASA file, written byte for byte (it may be deliberately unusual JSON).
    public var aasa: String
    public var domain: String
    public var appID: String
    public var url: String
    /// Reading -> predicted outcome ("match", "exclude", "no_match", "error"); "linkmatch" first, the
    /// others by name.
    public var predictions: [(reading: String, outcome: String)]
    /// Where the probe came from (registry entry or spec example), for people reading the manifest.
    public var source: String
    /// The single component of a one-rule file, as JSON text, when `swcutil match` can check it alone.
    public var component: String?

    public init(id: String, kind: Kind, point: String?, rules: [String], title: String, aasa: String,
                domain: String, appID: String, url: String, predictions: [(reading: String, outcome: String)],
                source: String, component: String?) {
        self.id = id
        self.kind = kind
        self.point = point
        self.rules = rules
        self.title = title
        self.aasa = aasa
        self.domain = domain
        self.appID = appID
        self.url = url
        self.predictions = predictions
        self.source = source
        self.component = component
    }

    /// LinkMatch's own prediction (always present: the kit refuses a probe without one).
    public var linkMatchPrediction: String {
        predictions.first { $0.reading == Probe.linkMatchReading }?.outcome ?? ""
    }

    /// The readings that predict `outcome`.
    public func readings(predicting outcome: String) -> [String] {
        predictions.filter { $0.outcome == outcome }.map(\.reading)
    }

    public static let linkMatchReading = "linkmatch"
    /// The outcomes a prediction or an observation may name.
    public static let outcomes: Set<String> = ["match", "exclude", "no_match", "error"]
}

/// A rule or open point the kit could not turn into a probe, and why.
public struct SkippedProbe: Sendable, Equatable {
    public var subject: String
    public var why: String

    public init(subject: String, why: String) {
        self.subject = subject
        self.why = why
    }
}
