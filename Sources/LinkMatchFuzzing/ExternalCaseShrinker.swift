import LinkMatch

/// Greedy minimization of one conformance request (document JSON, URL, domain, app ID)
/// while a predicate still holds, for `linkmatch fuzz`. Each step tries single reductions in a fixed
/// order (drop an array element or object member, replace a container by an empty one, drop part of
/// a string or replace an unusual character by `a`, drop URL parts, empty the domain, shorten the
/// app ID) and keeps the first that still fails; it stops when
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

    /// Every single-step reduction: the URL first (it is the cheapest to change), then the
    /// document, the domain and the app ID.
    static func reductions(of r: ConformanceProtocol.Request) -> [ConformanceProtocol.Request] {
        var out: [ConformanceProtocol.Request] = []
        for url in urlReductions(r.url) { var c = r; c.url = url; out.append(c) }
        for aasa in reductions(of: r.aasa) { var c = r; c.aasa = aasa; out.append(c) }
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

    /// Shorter strings (chunks of halving size removed, down to single scalars), then the same
    /// length with one unusual scalar replaced by `a`.
    static func stringReductions(_ s: String) -> [String] {
        let scalars = Array(s.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        return (chunksRemoved(scalars) + simplerScalars(scalars)).map { String(String.UnicodeScalarView($0)) }
    }

    /// `items` with one chunk removed: halves first, then quarters, ... down to single elements.
    static func chunksRemoved<T>(_ items: [T]) -> [[T]] {
        var out: [[T]] = []
        var size = max(1, items.count / 2)
        while !items.isEmpty {
            var start = 0
            while start < items.count {
                var copy = items
                copy.removeSubrange(start..<min(items.count, start + size))
                out.append(copy)
                start += size
            }
            if size == 1 { break }
            size = max(1, size / 2)
        }
        return out
    }

    /// One unusual scalar (not a lowercase ASCII letter, digit or `/`) replaced by `a`: the same
    /// length, easier to read.
    static func simplerScalars(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        scalars.indices.compactMap { i in
            let c = scalars[i]
            guard !(c >= "a" && c <= "z"), !(c >= "0" && c <= "9"), c != "/" else { return nil }
            var copy = scalars
            copy[i] = "a"
            return copy
        }
    }

    /// Without the fragment, without the query, one query item fewer, then what follows
    /// `scheme://` shortened or simplified like any string.
    static func urlReductions(_ url: String) -> [String] {
        var out: [String] = []
        let hash = url.firstIndex(of: "#")
        let beforeFragment = hash.map { String(url[..<$0]) } ?? url
        let fragment = hash.map { String(url[$0...]) } ?? ""
        if hash != nil { out.append(beforeFragment) }
        if let q = beforeFragment.firstIndex(of: "?") {
            out.append(String(beforeFragment[..<q]) + fragment)
            let items = beforeFragment[beforeFragment.index(after: q)...].split(separator: "&", omittingEmptySubsequences: false)
            if items.count > 1 {
                for i in items.indices {
                    var rest = items
                    rest.remove(at: i)
                    out.append(String(beforeFragment[...q]) + rest.joined(separator: "&") + fragment)
                }
            }
        }
        guard let schemeEnd = url.range(of: "://") else { return out }
        let head = String(url[..<schemeEnd.upperBound])
        return out + stringReductions(String(url[schemeEnd.upperBound...])).filter { !$0.isEmpty }.map { head + $0 }
    }
}
