import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// One rule where Apple's behaviour has not been observed and a reasonable implementation could differ
/// (SPEC.md "Open points"). The same IDs, in the same order, head SPEC's section; a test checks both.
public struct OpenPoint: Sendable {
    /// Stable ID, e.g. `N1-leading-star`: the rule it belongs to, then a short name.
    public let id: String            // stable, e.g. "N1-leading-star"
    /// The SPEC rule IDs it belongs to, e.g. `["N1"]`.
    public let rules: [String]       // SPEC rule IDs it belongs to, e.g. ["N1"]
    /// A one-line title, as SPEC.md section 15 heads it.
    public let title: String
    /// What LinkMatch decided, in words.
    public let linkMatchChoice: String
    /// The other readings, each `name: description`; the names appear in `OpenPointProbe.predictions`.
    public let alternatives: [String]
    /// What observation of Apple's behaviour would settle the point.
    public let settledBy: String     // what observation would settle it
    /// Requests that tell the readings apart, with each reading's predicted outcome.
    public let probes: [OpenPointProbe]

    /// A point from its parts (the registry in `OpenPoints` is written this way; nothing is checked here,
    /// `OpenPointsTests` checks the registry).
    public init(id: String, rules: [String], title: String, linkMatchChoice: String, alternatives: [String],
                settledBy: String, probes: [OpenPointProbe]) {
        self.id = id
        self.rules = rules
        self.title = title
        self.linkMatchChoice = linkMatchChoice
        self.alternatives = alternatives
        self.settledBy = settledBy
        self.probes = probes
    }
}

/// One request that tells the readings apart.
public struct OpenPointProbe: Sendable {
    /// The AASA document, as JSON text.
    public let aasa: String          // the AASA document as JSON text
    /// The domain the document is served from.
    public let domain: String
    /// The app ID to decide for.
    public let appID: String
    /// The URL to decide.
    public let url: String
    /// Reading name -> predicted outcome ("match", "exclude", "no_match", or "error"). The reading named
    /// "linkmatch" is LinkMatch's own choice and is always present.
    public let predictions: [String: String]

    /// A probe; domain and app default to the spec's examples (`example.com`, `ABCDE12345.com.example.app`).
    public init(aasa: String, domain: String = OpenPoints.exampleDomain, appID: String = OpenPoints.exampleApp,
                url: String, predictions: [String: String]) {
        self.aasa = aasa
        self.domain = domain
        self.appID = appID
        self.url = url
        self.predictions = predictions
    }
}

/// The registry. Every prediction here is written by hand from SPEC.md, never computed by an engine:
/// `OpenPointsTests` runs each "linkmatch" prediction through both engines.
public enum OpenPoints {
    /// The examples' domain, as in SPEC.md section 1.
    public static let exampleDomain = "example.com"
    /// The examples' app ID, as in SPEC.md section 1.
    public static let exampleApp = "ABCDE12345.com.example.app"

    /// Every open point, in SPEC.md section 15's order.
    public static let all: [OpenPoint] = documentPoints + patternPoints + urlPoints + pathPoints + encodingPoints

    /// The point with this ID, if any.
    public static func point(_ id: String) -> OpenPoint? { all.first { $0.id == id } }

    /// One entry for `exampleApp` holding `components` (a JSON array text), plus optional extra
    /// `applinks` members (e.g. `"substitutionVariables":{...}`).
    public static func components(_ components: String, applinks extra: String = "") -> String {
        let prefix = extra.isEmpty ? "" : extra + ","
        return #"{"applinks":{"# + prefix + #""details":[{"appIDs":[""# + exampleApp + #""],"components":"#
            + components + "}]}}"
    }

    /// One entry for `exampleApp` holding legacy `paths` (a JSON array text).
    public static func paths(_ paths: String, applinks extra: String = "") -> String {
        let prefix = extra.isEmpty ? "" : extra + ","
        return #"{"applinks":{"# + prefix + #""details":[{"appIDs":[""# + exampleApp + #""],"paths":"#
            + paths + "}]}}"
    }

    static func url(_ pathQueryFragment: String) -> String { "https://" + exampleDomain + pathQueryFragment }
}
