import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

/// Misreadings of how a URL is read (SPEC.md U2–U5): the scheme, the host and its port, raw
/// characters and broken escapes (U4), and how the query is cut into items (U5). Like the other
/// misreadings, each is the compiled engine over rewritten inputs (`ReadingEngine`); the ones about
/// what U4 changes split the URL as it was sent (`ReadingEngine.rawURL`).
enum URLMisreadings {
    static var all: [Reading] {
        [
            Reading(name: "any-scheme", kind: .misreading(rule: "U2"),
                    summary: "the scheme is not checked: `http://` and `ftp://` URLs open apps like `https://` ones",
                    engine: ReadingEngine(name: "reading:any-scheme", url: { u in
                        var u = u
                        u.scheme = "https"
                        return u
                    })),
            Reading(name: "host-with-port", kind: .misreading(rule: "U3"),
                    summary: "the host is compared with its port: `example.com:443` is not the domain `example.com`",
                    engine: ReadingEngine(name: "reading:host-with-port", rawURL: { text in
                        // A port that is not digits (or an empty host before `:`) is no error here:
                        // the host is whatever the authority holds.
                        guard let host = hostWithPort(text) else { return parsed(text) }
                        return parsed(replacingHost(of: text, with: "h")).map { u in
                            var u = u
                            u.host = host
                            return u
                        }
                    })),
            Reading(name: "raw-characters-unencoded", kind: .misreading(rule: "U4"),
                    summary: "raw characters (a space, `é`) are compared as sent, not percent-encoded first: `/a b` does not match `/a%20b`",
                    engine: ReadingEngine(name: "reading:raw-characters-unencoded", rawURL: { text in
                        parsed(text).map { u in
                            var u = withParts(u, of: text)
                            u.host = rawHost(text) ?? u.host
                            return u
                        }
                    })),
            Reading(name: "bare-percent-literal", kind: .misreading(rule: "U4"),
                    summary: "a `%` not followed by two hex digits is an ordinary character: `/100%` is decided, not refused",
                    engine: ReadingEngine(name: "reading:bare-percent-literal", rawURL: { text in
                        let encoded = ParsedURL.encodeUnsafeCharacters(text)
                        return parsed(PercentCoding.escapingBarePercents(encoded)).map { u in withParts(u, of: encoded) }
                    })),
            Reading(name: "query-decoded-before-split", kind: .misreading(rule: "U5"),
                    summary: "the query is decoded before it is cut into items, so `%26` and `%3D` separate items and values",
                    engine: ReadingEngine(name: "reading:query-decoded-before-split", itemQuery: splittersDecoded)),
            Reading(name: "empty-query-items-kept", kind: .misreading(rule: "U5"),
                    summary: "empty pieces of the query (`&&`, a `&` at either end) are items named \"\" with the value \"\"",
                    engine: ReadingEngine(name: "reading:empty-query-items-kept", itemQuery: emptyPiecesKept)),
            Reading(name: "valueless-query-items-dropped", kind: .misreading(rule: "U5"),
                    summary: "an item with no value (`id` or `id=`) is dropped, as form parsers do: of a repeated name only the occurrences with a value must match",
                    engine: ReadingEngine(name: "reading:valueless-query-items-dropped", itemQuery: valuelessDropped)),
        ]
    }

    /// The URL as LinkMatch splits it (U1–U4).
    static func parsed(_ text: String) -> Result<ParsedURL, URLParseError> {
        Result { () throws(URLParseError) in try ParsedURL(text) }
    }

    // MARK: - U3

    /// The host with its port as written (`example.com:443`, `[::1]:8443`), or nil when the
    /// authority has no port; userinfo is dropped as U3 drops it.
    static func hostWithPort(_ text: String) -> String? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        let afterBracket = host.hasPrefix("[") ? host.firstIndex(of: "]").map { host[$0...] } ?? host[host.endIndex...] : host
        guard afterBracket.contains(":") else { return nil }
        return ParsedURL.encodeUnsafeCharacters(String(host))
    }

    /// The host as sent (userinfo and a digits-only port dropped as U3 drops them, nothing
    /// encoded), or nil when there is no authority.
    static func rawHost(_ text: String) -> String? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        if host.hasPrefix("[") {
            if let close = host.firstIndex(of: "]") { host = host[...close] }
        } else if let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...].allSatisfy(\.isASCIIDigit) {
            host = host[..<colon]
        }
        return String(host)
    }

    /// `text` with the host and port of its authority replaced by `host` (userinfo dropped).
    static func replacingHost(of text: String, with host: String) -> String {
        guard let start = text.range(of: "://")?.upperBound else { return text }
        let end = text[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        return String(text[..<start]) + host + String(text[end...])
    }

    // MARK: - U4

    /// `u` with its path, query and fragment taken from `text` as it is (split as U1 splits).
    static func withParts(_ u: ParsedURL, of text: String) -> ParsedURL {
        var u = u
        let scalars = Array(text.unicodeScalars)
        var i = 0
        if let sep = text.range(of: "://") { i = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: sep.upperBound) }
        while i < scalars.count, scalars[i] != "/", scalars[i] != "?", scalars[i] != "#" { i += 1 }
        func piece(until stops: Set<Unicode.Scalar>) -> String {
            let from = i
            while i < scalars.count, !stops.contains(scalars[i]) { i += 1 }
            return String(String.UnicodeScalarView(scalars[from..<i]))
        }
        u.path = piece(until: ["?", "#"])
        u.query = nil
        u.fragment = nil
        if i < scalars.count, scalars[i] == "?" {
            i += 1
            u.query = piece(until: ["#"])
        }
        if i < scalars.count, scalars[i] == "#" {
            i += 1
            u.fragment = piece(until: [])
        }
        return u
    }

    // MARK: - U5

    /// The escapes of the characters that cut the query (`%26` `&`, `%3D` `=`) decoded, the rest
    /// kept: the items then split where a matcher that decodes first splits them.
    @Sendable static func splittersDecoded(_ q: String) -> String {
        var s = q
        for (escape, plain) in [("%26", "&"), ("%3D", "="), ("%3d", "=")] { s = s.replacingOccurrences(of: escape, with: plain) }
        return s
    }

    /// Empty pieces written `=` (name "", value ""), so U5 no longer skips them.
    @Sendable static func emptyPiecesKept(_ q: String) -> String {
        guard !q.isEmpty else { return q }
        return q.split(separator: "&", omittingEmptySubsequences: false).map { $0.isEmpty ? "=" : String($0) }.joined(separator: "&")
    }

    /// The pieces with an empty value (`id`, `id=`) left out.
    @Sendable static func valuelessDropped(_ q: String) -> String {
        q.split(separator: "&", omittingEmptySubsequences: true).filter { piece in
            guard let eq = piece.firstIndex(of: "=") else { return false }
            return piece.index(after: eq) < piece.endIndex
        }.joined(separator: "&")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
