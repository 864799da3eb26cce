import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// Open-point probes as conformance-protocol request lines (docs/PROTOCOL.md), for SPEC.md, the
/// CLI and anyone who wants to ask another matcher the same questions.
extension OpenPointProbe {
    /// `{"id":ID,"aasa":{..},"domain":..,"appId":..,"url":..}` on one line; nil when `aasa` is not a
    /// JSON object (the protocol carries the document as JSON, not as text).
    public func requestLine(id: String) -> String? {
        guard let document = try? JSONParser.parse(Array(aasa.utf8)), case .object = document else {
            return nil
        }
        return JSONValue.object(JSONObject([
            JSONMember(key: "id", value: .string(id)), JSONMember(key: "aasa", value: document),
            JSONMember(key: "domain", value: .string(domain)), JSONMember(key: "appId", value: .string(appID)),
            JSONMember(key: "url", value: .string(url)),
        ])).serialized()
    }

    /// The readings in a stable order: "linkmatch" first, then the others alphabetically.
    public var readings: [String] {
        ["linkmatch"] + predictions.keys.filter { $0 != "linkmatch" }.sorted()
    }
}

extension OpenPoint {
    /// The request ID of probe `index`: `POINT-ID/1`, `POINT-ID/2`, ...
    public func probeID(_ index: Int) -> String { "\(id)/\(index + 1)" }
}
