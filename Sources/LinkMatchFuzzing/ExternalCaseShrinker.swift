import LinkMatch

/// Greedy minimization of one conformance request (document JSON, URL, domain, app ID)
/// while a predicate still holds, for `linkmatch fuzz`. Each step tries single reductions in a fixed
/// order (drop an array element or object member, replace a container by an empty one, drop part of
/// a string, drop URL parts, empty the domain, shorten the app ID) and keeps the first that still fails; it stops when
/// none does or the step budget is spent. Deterministic.
// TODO(cli): switch to LinkMatchFuzzing's shrinker once it lands on main, if it fits requests.
public enum ExternalCaseShrinker {
    public static func shrink(_ request: ConformanceProtocol.Request, maxAttempts: Int = 2_000,
                              stillFails: (ConformanceProtocol.Request) -> Bool) -> (request: ConformanceProtocol.Request, attempts: Int) {
        var current = request
        var attempts = 0
        var improved = true
        while improved, attempts < maxAttempts {
            improved = false
            for candidate in reductions(of: current) where attempts < maxAttempts {
                attempts += 1
                if stillFails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
            }
        }
        return (current, attempts)
    }

    /// Every single-step reduction, biggest first.
    static func reductions(of r: ConformanceProtocol.Request) -> [ConformanceProtocol.Request] {
        var out: [ConformanceProtocol.Request] = []
        for aasa in reductions(of: r.aasa) { var c = r; c.aasa = aasa; out.append(c) }
        for url in urlReductions(r.url) { var c = r; c.url = url; out.append(c) }
        if !r.domain.isEmpty { var c = r; c.domain = ""; out.append(c) }
        for app in stringReductions(r.appID) { var c = r; c.appID = app; out.append(c) }
        return out
    }

    static func reductions(of value: JSONValue) -> [JSONValue] {
        switch value {
        case .array(let items):
            var out: [JSONValue] = items.isEmpty ? [] : [.array([])]
            for i in items.indices { var a = items; a.remove(at: i); out.append(.array(a)) }
            for i in items.indices {
                for smaller in reductions(of: items[i]) { var a = items; a[i] = smaller; out.append(.array(a)) }
            }
            return out
        case .object(let obj):
            var out: [JSONValue] = []
            for i in obj.members.indices { var m = obj.members; m.remove(at: i); out.append(.object(JSONObject(m))) }
            for i in obj.members.indices {
                for smaller in reductions(of: obj.members[i].value) {
                    var m = obj.members
                    m[i].value = smaller
                    out.append(.object(JSONObject(m)))
                }
            }
            return out
        case .string(let s):
            return stringReductions(s).map(JSONValue.string)
        case .number, .bool, .null:
            return []
        }
    }

    /// Halves first, then single scalars.
    static func stringReductions(_ s: String) -> [String] {
        let scalars = Array(s.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        func string(_ part: some Sequence<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
        var out = [""]
        if scalars.count > 2 {
            out.append(string(scalars[(scalars.count / 2)...]))
            out.append(string(scalars[..<(scalars.count / 2)]))
        }
        if scalars.count > 1 {
            for i in scalars.indices { var c = scalars; c.remove(at: i); out.append(string(c)) }
        }
        return out
    }

    /// The fragment, the query, then single scalars after `scheme://` (host, path and the rest).
    static func urlReductions(_ url: String) -> [String] {
        var out: [String] = []
        if let hash = url.firstIndex(of: "#") { out.append(String(url[..<hash])) }
        if let q = url.firstIndex(of: "?") {
            let end = url.firstIndex(of: "#") ?? url.endIndex
            if q < end { out.append(String(url[..<q]) + String(url[end...])) }
        }
        guard let schemeEnd = url.range(of: "://") else { return out }
        let head = String(url[..<schemeEnd.upperBound]), tail = Array(url[schemeEnd.upperBound...].unicodeScalars)
        for i in tail.indices {
            var t = tail
            t.remove(at: i)
            out.append(head + String(String.UnicodeScalarView(t)))
        }
        return out
    }
}
