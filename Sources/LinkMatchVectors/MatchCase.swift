import LinkMatch

/// One whole-document matching case: an AASA file, a URL, an app ID, a domain and the expected
/// outcome. The spec examples (`spec-examples.json`, written by hand from SPEC.md) and the conformance
/// corpus (`conformance.json`, observed with Apple's swcutil) are both read into this type.
public struct MatchCase: Sendable {
    /// The app ID and domain a spec example uses when it names none.
    public static let defaultAppID = "ABCDE12345.com.example.app"
    /// The domain a spec example uses when it names none.
    public static let defaultDomain = "example.com"

    /// The SPEC.md rule ID (spec examples only).
    public var rule: String?
    /// The case's name in its file.
    public var name: String
    /// "oracle" (observed with Apple's tool) or "decided" (conformance cases only).
    public var status: String?
    /// The whole file; a spec example's lone component already wrapped (`wrap`).
    public var aasa: JSONValue
    /// The URL to decide.
    public var url: String
    /// The app to decide for.
    public var appID: String
    /// The domain the file is served from; "" skips the host check (U3).
    public var domain: String
    /// "match", "exclude" or "no_match" (`Decision.Outcome` raw values).
    public var expect: String
    /// The no_match reason when the case states one (`Decision.Reason` raw values).
    public var reason: String?
    /// M2: the apps the URL opens, in first-appearance order, when the case states them.
    public var opens: [String]?
    /// The case object as the file has it.
    public var source: JSONValue

    /// "<rule> <name>" for spec examples, the name for conformance cases.
    public var label: String { rule.map { "\($0) \(name)" } ?? name }

    /// Spec examples: `aasa` or a lone `component`; `appId` and `domain` default to the values above.
    public static func specExamples(_ file: VectorFile) throws -> [MatchCase] {
        try file.objects("cases").map { c in
            let aasa: JSONValue
            switch (c["aasa"], c["component"]) {
            case (let doc?, nil): aasa = doc
            case (nil, let component?): aasa = wrap(component)
            default: throw TestDataError("\(c.place) needs exactly one of \"aasa\" and \"component\"")
            }
            return try MatchCase(c, rule: c.string("rule"), status: nil, aasa: aasa,
                                 appID: c.optionalString("appId") ?? defaultAppID,
                                 domain: c.optionalString("domain") ?? defaultDomain)
        }
    }

    /// Conformance cases: every field stated.
    public static func conformance(_ file: VectorFile) throws -> [MatchCase] {
        try file.objects("cases").map { c in
            try MatchCase(c, rule: nil, status: c.string("status"), aasa: c.value("aasa"),
                          appID: c.string("appId"), domain: c.string("domain"))
        }
    }

    private init(_ c: VectorFile.Fields, rule: String?, status: String?, aasa: JSONValue, appID: String, domain: String) throws {
        self.rule = rule
        self.name = try c.string("name")
        self.status = status
        self.aasa = aasa
        self.url = try c.string("url")
        self.appID = appID
        self.domain = domain
        self.expect = try c.string("expect")
        guard ["match", "exclude", "no_match"].contains(expect) else {
            throw TestDataError("\(c.place): \"expect\" is \(expect), not match / exclude / no_match")
        }
        self.reason = try c.optionalString("reason")
        self.opens = try c.optionalStrings("opens")
        self.source = c.value
    }

    /// A lone component as a one-entry document for the default app.
    public static func wrap(_ component: JSONValue) -> JSONValue {
        let entry = JSONValue.object(JSONObject([
            JSONMember(key: "appIDs", value: .array([.string(defaultAppID)])),
            JSONMember(key: "components", value: .array([component])),
        ]))
        let applinks = JSONValue.object(JSONObject([JSONMember(key: "details", value: .array([entry]))]))
        return .object(JSONObject([JSONMember(key: "applinks", value: applinks)]))
    }

    /// Runs the case through `engine`: nil when it passes (outcome, and the reason and the apps opened
    /// when the case states them), else what went wrong, labelled with the case.
    public func mismatch(engine: any MatchEngine) -> String? {
        let document: AASADocument
        do {
            document = try AASADocument.parse(Array(aasa.serialized().utf8)).document
        } catch {
            return "\(label): document did not load: \(error)"
        }
        let parsedURL: ParsedURL
        do {
            parsedURL = try ParsedURL(url)
        } catch {
            return "\(label): URL \(url) did not parse: \(error)"
        }
        let prepared = engine.prepare(document)
        let decision = prepared.decide(parsedURL, appID: appID, domain: domain)
        var problems: [String] = []
        if decision.outcome.rawValue != expect {
            problems.append("expected \(expect), got \(decision)")
        } else if let reason, decision.reason?.rawValue != reason {
            problems.append("expected reason \(reason), got \(decision)")
        }
        if let opens {
            let got = prepared.appsOpening(parsedURL, appIDs: document.appIDs, domain: domain)
            if got != opens { problems.append("expected to open \(opens), opens \(got)") }
        }
        return problems.isEmpty ? nil : "\(label) [\(url)]: " + problems.joined(separator: "; ")
    }
}
