import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// One rule where Apple's behaviour has not been observed and a reasonable implementation could differ
/// (SPEC.md "Open points"). The same IDs, in the same order, head SPEC's section; a test checks both.
public struct OpenPoint: Sendable {
    public let id: String            // stable, e.g. "N1-leading-star"
    public let rules: [String]       // SPEC rule IDs it belongs to, e.g. ["N1"]
    public let title: String
    public let linkMatchChoice: String
    public let alternatives: [String]
    public let settledBy: String     // what observation would settle it
    public let probes: [OpenPointProbe]

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
    public let aasa: String          // the AASA document as JSON text
    public let domain: String
    public let appID: String
    public let url: String
    /// Reading name -> predicted outcome ("match", "exclude", "no_match", or "error"). The reading named
    /// "linkmatch" is LinkMatch's own choice and is always present.
    public let predictions: [String: String]

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
    public static let exampleDomain = "example.com"
    public static let exampleApp = "ABCDE12345.com.example.app"

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
