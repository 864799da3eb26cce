/// Builds the probe kit: one probe per request of every open point (`OpenPoints.all`) and one per
/// `decided` SPEC rule. For a decided rule the probe is a spec example (`spec-examples.json`, written
/// by hand, never computed by the engines): the first example of the rule, in file order, that
/// swcutil can be asked about (it has a domain: an empty one only skips our host check, U3).
import LinkMatch
public enum ProbeKit {
    public struct Built: Sendable {
        public var probes: [Probe]
        public var skipped: [SkippedProbe]
    }

    /// The app and domain a spec example uses when it names none (as in spec-examples.json's "about").
    public static let defaultAppID = "ABCDE12345.com.example.app"
    public static let defaultDomain = "example.com"

    public static func build(openPoints: [OpenPoint], specText: String, specExamples: JSONValue) -> Built {
        var built = Built(probes: [], skipped: [])
        for point in openPoints {
            if point.probes.isEmpty {
                built.skipped.append(SkippedProbe(subject: "open point \(point.id)", why: "the registry gives no probe"))
            }
            for (n, request) in point.probes.enumerated() {
                let probe = Probe(
                    id: "\(fileNameSafe(point.id)).\(n + 1)", kind: .openPoint, point: point.id, rules: point.rules,
                    title: point.title, aasa: request.aasa, domain: request.domain, appID: request.appID,
                    url: request.url, predictions: request.readings.map { (reading: $0, outcome: request.predictions[$0] ?? "(none)") },
                    source: "OpenPoints.all, request \(point.probeID(n)) (SPEC.md section 15)",
                    component: singleComponent(request.aasa, domain: request.domain, appID: request.appID, url: request.url, rules: point.rules))
                if let why = unusable(probe) {
                    built.skipped.append(SkippedProbe(subject: "open point \(point.id) probe \(n + 1)", why: why))
                } else {
                    built.probes.append(probe)
                }
            }
        }
        let examples = specCases(specExamples)
        for heading in DecidedRules.decided(inSpec: specText) {
            let candidates = examples.filter { $0.rule == heading.rule }
            let usable = candidates.lazy.map { probe(for: $0, heading: heading) }.first { unusable($0) == nil }
            if let usable {
                built.probes.append(usable)
            } else {
                var why = candidates.isEmpty ? "spec-examples.json has no example for it"
                    : "none of its \(candidates.count) spec examples can be put to swcutil (each lacks a domain or has an unusable URL)"
                let points = openPoints.filter { $0.rules.contains(heading.rule) && !$0.probes.isEmpty }.map(\.id)
                if !points.isEmpty { why += "; its open points are probed (\(points.joined(separator: ", ")))" }
                built.skipped.append(SkippedProbe(subject: "decided rule \(heading.rule)", why: why))
            }
        }
        return built
    }

    /// Why swcutil cannot be asked this, or nil when it can.
    static func unusable(_ probe: Probe) -> String? {
        if probe.domain.isEmpty { return "no domain (swcutil verify needs -d DOMAIN)" }
        if probe.predictions.first?.reading != Probe.linkMatchReading { return "no \"linkmatch\" prediction" }
        if let bad = probe.predictions.first(where: { !Probe.outcomes.contains($0.outcome) }) {
            return "reading \"\(bad.reading)\" predicts \"\(bad.outcome)\", not one of \(Probe.outcomes.sorted())"
        }
        // probes.tsv carries one command per line, tab separated; oracle.sh passes the fields as they are.
        let controls = probe.url.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            || probe.domain.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if controls { return "the URL or domain holds a control character (cannot be one field of probes.tsv)" }
        return nil
    }

    static func fileNameSafe(_ s: String) -> String {
        String(s.unicodeScalars.map { c -> Character in
            let ok = ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "-" || c == "_"
            return ok ? Character(c) : "-"
        })
    }

    // MARK: spec examples

    struct SpecCase {
        var rule: String
        var name: String
        var aasa: JSONValue
        var url: String
        var appID: String
        var domain: String
        var expect: String
    }

    /// The cases of spec-examples.json that have the fields a probe needs; others are passed over
    /// (the spec tests load the file strictly and fail on a malformed case).
    static func specCases(_ file: JSONValue) -> [SpecCase] {
        guard case .object(let top) = file, case .array(let list)? = top["cases"] else { return [] }
        return list.compactMap { value in
            guard case .object(let c) = value, case .string(let rule)? = c["rule"], case .string(let name)? = c["name"],
                  case .string(let url)? = c["url"], case .string(let expect)? = c["expect"] else { return nil }
            let aasa: JSONValue
            switch (c["aasa"], c["component"]) {
            case (let doc?, nil): aasa = doc
            case (nil, let component?): aasa = wrap(component)
            default: return nil
            }
            var appID = defaultAppID, domain = defaultDomain
            if case .string(let s)? = c["appId"] { appID = s }
            if case .string(let s)? = c["domain"] { domain = s }
            return SpecCase(rule: rule, name: name, aasa: aasa, url: url, appID: appID, domain: domain, expect: expect)
        }
    }

    /// A lone component becomes a one-entry file for the default app (spec-examples.json's convention).
    static func wrap(_ component: JSONValue) -> JSONValue {
        let entry = JSONValue.object(JSONObject([
            JSONMember(key: "appIDs", value: .array([.string(defaultAppID)])),
            JSONMember(key: "components", value: .array([component])),
        ]))
        return .object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject([JSONMember(key: "details", value: .array([entry]))])))]))
    }

    static func probe(for c: SpecCase, heading: DecidedRules.Heading) -> Probe {
        let aasa = c.aasa.serialized()
        return Probe(id: "rule-\(fileNameSafe(c.rule))", kind: .decidedRule, point: nil, rules: [c.rule],
                     title: "\(heading.title) (spec example \"\(c.name)\")", aasa: aasa, domain: c.domain, appID: c.appID,
                     url: c.url, predictions: [(reading: Probe.linkMatchReading, outcome: c.expect)],
                     source: "spec-examples.json \(c.rule) \(c.name)",
                     component: singleComponent(aasa, domain: c.domain, appID: c.appID, url: c.url, rules: [c.rule]))
    }

    // MARK: swcutil match

    /// The component, when the file is one entry naming only this app with one component and nothing
    /// else that could decide (no defaults, no variables, no legacy paths), the URL is `https` on the
    /// domain, and the question is about the component: then `swcutil match -u URL -j DICT` asks the same
    /// question as the whole file. Rules about the document (D*), the scheme or host (U2, U3) or several
    /// apps (M2) are whole-file questions that a lone component would answer by missing the point.
    static func singleComponent(_ aasa: String, domain: String, appID: String, url: String, rules: [String]) -> String? {
        if rules.contains(where: { $0.hasPrefix("D") || $0 == "U2" || $0 == "U3" || $0 == "M2" }) { return nil }
        let origin = "https://" + domain
        guard url.hasPrefix(origin), url.dropFirst(origin.count).first.map({ "/?#".contains($0) }) ?? true,
              case .object(let top)? = try? JSONParser.parse(Array(aasa.utf8)), top.keys == ["applinks"],
              case .object(let applinks)? = top["applinks"], applinks.keys == ["details"],
              case .array(let details)? = applinks["details"], details.count == 1,
              case .object(let entry) = details[0], Set(entry.keys) == ["appIDs", "components"],
              entry["appIDs"] == .array([.string(appID)]),
              case .array(let components)? = entry["components"], components.count == 1,
              case .object = components[0] else { return nil }
        return components[0].serialized()
    }

    // MARK: LinkMatch's own answer

    /// What `engine` answers for the probe: "error" when the file or the URL cannot be used at all.
    public static func engineOutcome(_ probe: Probe, engine: any MatchEngine) -> String {
        guard let parsed = try? AASADocument.parse(Array(probe.aasa.utf8)), let url = try? ParsedURL(probe.url) else {
            return "error"
        }
        return engine.prepare(parsed.document).decide(url, appID: probe.appID, domain: probe.domain).outcome.rawValue
    }
}
