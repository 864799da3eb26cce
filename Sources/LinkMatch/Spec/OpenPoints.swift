// STUB (branch `probes` only): the open-point registry is owned by the `spec` branch, which commits
// the real file at this path. This copy has the identical API and two points so the probe kit can be
// built and tested before that merge; it is replaced wholesale when `spec` is merged.

/// One rule where Apple's behaviour has not been observed and a reasonable implementation could differ.
public struct OpenPoint: Sendable {
    public let id: String
    public let rules: [String]
    public let title: String
    public let linkMatchChoice: String
    public let alternatives: [String]
    public let settledBy: String
    public let probes: [OpenPointProbe]
}

/// One request that tells the readings apart.
public struct OpenPointProbe: Sendable {
    public let aasa: String
    public let domain: String
    public let appID: String
    public let url: String
    /// Reading name -> predicted outcome ("match", "exclude", "no_match", or "error"). The reading named
    /// "linkmatch" is LinkMatch's own choice and is always present.
    public let predictions: [String: String]
}

public enum OpenPoints {
    public static let all: [OpenPoint] = [
        OpenPoint(
            id: "N1-leading-star", rules: ["N1"],
            title: "a pattern starting with `*` against a path",
            linkMatchChoice: "`*/terms/*` does not match `/terms/x`",
            alternatives: ["the leading `*` may match the empty string before the leading slash"],
            settledBy: "swcutil on `*/terms/*` and `https://example.com/terms/x`",
            probes: [OpenPointProbe(
                aasa: #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"*/terms/*"}]}]}}"#,
                domain: "example.com", appID: "ABCDE12345.com.example.app", url: "https://example.com/terms/x",
                predictions: ["linkmatch": "no_match", "star-spans-slash": "match"])]),
        OpenPoint(
            id: "U2-http", rules: ["U2"],
            title: "`http` URLs",
            linkMatchChoice: "only `https` URLs open apps",
            alternatives: ["the scheme is not checked"],
            settledBy: "swcutil on an `http` URL that a rule matches",
            probes: [OpenPointProbe(
                aasa: #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a"}]}]}}"#,
                domain: "example.com", appID: "ABCDE12345.com.example.app", url: "http://example.com/a",
                predictions: ["linkmatch": "no_match", "any-scheme": "match"])]),
    ]
}
