import Foundation
import LinkMatch

/// `Vectors/spec-examples.json`: hand-written cases, one or more per SPEC.md rule about matching.
/// Loading and running them lives here so every engine runs the same file the same way.
enum SpecExamples {
    static let defaultAppID = "ABCDE12345.com.example.app"
    static let defaultDomain = "example.com"

    struct Case {
        var rule: String
        var name: String
        /// The whole file, after wrapping a lone component.
        var aasa: JSONValue
        var url: String
        var appID: String
        var domain: String
        /// "match", "exclude" or "no_match" (Decision.Outcome raw values).
        var expect: String
        /// The no_match reason when the case states one (Decision.Reason raw values).
        var reason: String?
        /// M2: the apps the URL opens, in first-appearance order, when the case states them.
        var opens: [String]?

        var label: String { "\(rule) \(name)" }
    }

    static func load() throws -> [Case] {
        guard case .object(let top) = try Vectors.load("spec-examples.json"), case .array(let list)? = top["cases"] else {
            throw VectorError("spec-examples.json has no \"cases\" array")
        }
        return try list.map(parseCase)
    }

    static func parseCase(_ value: JSONValue) throws -> Case {
        guard case .object(let c) = value,
              case .string(let rule)? = c["rule"], case .string(let name)? = c["name"],
              case .string(let url)? = c["url"], case .string(let expect)? = c["expect"] else {
            throw VectorError("malformed case \(value.serialized())")
        }
        let aasa: JSONValue
        switch (c["aasa"], c["component"]) {
        case (let doc?, nil): aasa = doc
        case (nil, let component?): aasa = wrap(component)
        default: throw VectorError("case \(rule) \(name) needs exactly one of \"aasa\" and \"component\"")
        }
        func optionalString(_ key: String) throws -> String? {
            switch c[key] {
            case nil: return nil
            case .string(let s)?: return s
            case let other?: throw VectorError("case \(rule) \(name): \"\(key)\" is a \(other.typeName)")
            }
        }
        var opens: [String]?
        if let list = c["opens"] {
            guard case .array(let items) = list else { throw VectorError("case \(rule) \(name): \"opens\" is not an array") }
            opens = try items.map {
                guard case .string(let s) = $0 else { throw VectorError("case \(rule) \(name): \"opens\" holds a \($0.typeName)") }
                return s
            }
        }
        return Case(rule: rule, name: name, aasa: aasa, url: url,
                    appID: try optionalString("appId") ?? defaultAppID,
                    domain: try optionalString("domain") ?? defaultDomain,
                    expect: expect, reason: try optionalString("reason"), opens: opens)
    }

    /// A lone component becomes a one-entry document for the default app.
    static func wrap(_ component: JSONValue) -> JSONValue {
        let entry = JSONValue.object(JSONObject([
            JSONMember(key: "appIDs", value: .array([.string(defaultAppID)])),
            JSONMember(key: "components", value: .array([component])),
        ]))
        let applinks = JSONValue.object(JSONObject([JSONMember(key: "details", value: .array([entry]))]))
        return .object(JSONObject([JSONMember(key: "applinks", value: applinks)]))
    }

    /// Runs one case through `engine`; nil when it passes, else what went wrong.
    static func mismatch(_ c: Case, engine: any MatchEngine) -> String? {
        let document: AASADocument
        do {
            document = try AASADocument.parse(Array(c.aasa.serialized().utf8)).document
        } catch {
            return "\(c.label): document did not load: \(error)"
        }
        let url: ParsedURL
        do {
            url = try ParsedURL(c.url)
        } catch {
            return "\(c.label): URL \(c.url) did not parse: \(error)"
        }
        let prepared = engine.prepare(document)
        let decision = prepared.decide(url, appID: c.appID, domain: c.domain)
        var problems: [String] = []
        if decision.outcome.rawValue != c.expect {
            problems.append("expected \(c.expect), got \(decision)")
        } else if let reason = c.reason, decision.reason?.rawValue != reason {
            problems.append("expected reason \(reason), got \(decision)")
        }
        if let opens = c.opens {
            let got = prepared.appsOpening(url, appIDs: document.appIDs, domain: c.domain)
            if got != opens { problems.append("expected to open \(opens), opens \(got)") }
        }
        return problems.isEmpty ? nil : "\(c.label) [\(c.url)]: " + problems.joined(separator: "; ")
    }

    /// Every mismatch of `engine` on the whole file (empty when all pass).
    static func mismatches(engine: any MatchEngine) throws -> (cases: Int, failures: [String]) {
        let cases = try load()
        return (cases.count, cases.compactMap { mismatch($0, engine: engine) })
    }
}
