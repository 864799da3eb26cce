/// A URL split into the parts matching looks at, exactly as written (SPEC.md U1–U4).
public struct ParsedURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL after U4's normalization (raw non-ASCII and unsafe characters percent-encoded).
    public var text: String
    /// The scheme as written (any case; U2's check for `https` ignores ASCII case).
    public var scheme: String
    /// The host as written (no userinfo, no port).
    public var host: String
    /// The path as written, e.g. `/a%20b/` (may be empty: `https://example.com?x`).
    public var path: String
    /// The query after `?` up to `#`, nil when the URL has no `?` (C4 reads nil as "").
    public var query: String?
    /// The fragment after `#`, nil when the URL has no `#`.
    public var fragment: String?

    /// `text`.
    public var description: String { text }

    /// Splits an absolute URL `scheme://[userinfo@]host[:port][path][?query][#fragment]` (RFC 3986
    /// appendix B) without resolving or decoding anything.
    ///
    /// First U4: raw non-ASCII scalars, controls, space and `" < > \ ^ ` { | }` are
    /// percent-encoded (`encodeUnsafeCharacters`); `text` is that result and offsets count its bytes.
    /// Any scheme is accepted (U2 is `decide`'s check, not the parser's); userinfo and port are
    /// dropped from `host`; an IP literal `[...]` is kept with its brackets.
    ///
    /// Throws `URLParseError`, and only it, with one of these kinds:
    /// - `.invalidPercentEscape`: a `%` not followed by two hex digits (offset of the `%`).
    /// - `.missingScheme`: no `scheme:` before the first `/`, `?` or `#` (offset 0).
    /// - `.invalidScheme`: the scheme is not a letter then letters, digits, `+`, `-`, `.` (offset 0).
    /// - `.missingHost`: no `//` after the scheme, or an empty host (offset where it was expected).
    /// - `.invalidHost`: an unclosed `[`, or a port that is not all digits (offset of the authority).
    public init(_ string: String) throws(URLParseError) {
        let normalized = Self.encodeUnsafeCharacters(string)
        let bytes = Array(normalized.utf8)
        try Self.checkEscapes(bytes)
        text = normalized

        // RFC 3986 appendix B: ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
        var i = 0
        while i < bytes.count, !":/?#".utf8.contains(bytes[i]) { i += 1 }
        guard i > 0, i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            throw URLParseError(kind: .missingScheme, offset: 0)
        }
        let schemeBytes = bytes[0..<i]
        guard let first = schemeBytes.first, Self.isAlpha(first),
              schemeBytes.allSatisfy({ Self.isAlpha($0) || Self.isDigit($0) || "+-.".utf8.contains($0) }) else {
            throw URLParseError(kind: .invalidScheme, offset: 0)
        }
        scheme = String(decoding: schemeBytes, as: UTF8.self)
        i += 1
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") else {
            throw URLParseError(kind: .missingHost, offset: i)
        }
        i += 2
        let authorityStart = i
        while i < bytes.count, !"/?#".utf8.contains(bytes[i]) { i += 1 }
        host = try Self.host(of: bytes[authorityStart..<i], offset: authorityStart)

        let pathStart = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") { i += 1 }
        path = String(decoding: bytes[pathStart..<i], as: UTF8.self)

        if i < bytes.count, bytes[i] == UInt8(ascii: "?") {
            let start = i + 1
            i = start
            while i < bytes.count, bytes[i] != UInt8(ascii: "#") { i += 1 }
            query = String(decoding: bytes[start..<i], as: UTF8.self)
        } else {
            query = nil
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "#") {
            fragment = String(decoding: bytes[(i + 1)...], as: UTF8.self)
        } else {
            fragment = nil
        }
    }

    /// Query items (U5): split on `&`, empty pieces skipped, name and value split at the first `=`.
    /// Both are as written; a piece without `=` has the value "".
    public static func queryItems(_ query: String) -> [(name: Substring, value: Substring)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { piece in
            if let eq = piece.firstIndex(of: "=") {
                return (piece[..<eq], piece[piece.index(after: eq)...])
            }
            return (piece, piece[piece.endIndex...])
        }
    }

    // MARK: - U4

    /// Percent-encodes raw non-ASCII scalars, controls, space and `" < > \ ^ ` { | }` (UTF-8,
    /// uppercase hex), as NSURL does with such a link. Everything else is kept as written.
    /// Public because `URLParseError.offset` counts bytes in this text: tools that point at the
    /// offending byte need it.
    public static func encodeUnsafeCharacters(_ string: String) -> String {
        guard string.utf8.contains(where: { isUnsafe($0) }) else { return string }
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count + 16)
        for b in string.utf8 {
            if isUnsafe(b) {
                out.append(UInt8(ascii: "%"))
                out.append(PercentCoding.hexDigits[Int(b >> 4)])
                out.append(PercentCoding.hexDigits[Int(b & 0xF)])
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a byte of URL text must be percent-encoded (`encodeUnsafeCharacters` encodes it):
    /// controls, space, DEL, every byte of a non-ASCII character, and `"<>\^`{|}`.
    @inline(__always)
    public static func isUnsafe(_ b: UInt8) -> Bool {
        switch b {
        case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
             UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            return true
        default:
            return false
        }
    }

    static func checkEscapes(_ bytes: [UInt8]) throws(URLParseError) {
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, PercentCoding.hexValue(bytes[i + 1]) != nil,
                      PercentCoding.hexValue(bytes[i + 2]) != nil else {
                    throw URLParseError(kind: .invalidPercentEscape, offset: i)
                }
                i += 3
            } else {
                i += 1
            }
        }
    }

    static func host(of authority: ArraySlice<UInt8>, offset: Int) throws(URLParseError) -> String {
        var hostPart = authority
        if let at = hostPart.lastIndex(of: UInt8(ascii: "@")) { hostPart = hostPart[(at + 1)...] }
        if hostPart.first == UInt8(ascii: "[") {
            // IP literal: keep through the closing bracket, drop any port after it.
            guard let close = hostPart.firstIndex(of: UInt8(ascii: "]")) else {
                throw URLParseError(kind: .invalidHost, offset: offset)
            }
            hostPart = hostPart[...close]
        } else if let colon = hostPart.lastIndex(of: UInt8(ascii: ":")) {
            let port = hostPart[(colon + 1)...]
            guard port.allSatisfy(isDigit) else { throw URLParseError(kind: .invalidHost, offset: offset) }
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { throw URLParseError(kind: .missingHost, offset: offset) }
        return String(decoding: hostPart, as: UTF8.self)
    }

    static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}

/// Why a string is not a URL that matching can use (SPEC.md U4).
public struct URLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which check failed (U4); the raw values are the codes the CLI prints.
    public enum Kind: String, Sendable, Equatable {
        /// No `scheme:` before the first `/`, `?` or `#`: not an absolute URL.
        case missingScheme = "missing-scheme"
        /// The scheme is not a letter followed by letters, digits, `+`, `-` or `.`.
        case invalidScheme = "invalid-scheme"
        /// No `//` after the scheme, or an empty host.
        case missingHost = "missing-host"
        /// An unclosed `[` in an IP literal, or a port that is not all digits.
        case invalidHost = "invalid-host"
        /// A `%` not followed by two hex digits.
        case invalidPercentEscape = "invalid-percent-escape"
    }
    /// Which check failed.
    public var kind: Kind
    /// Byte offset in the (U4-normalized) URL.
    public var offset: Int

    /// What is wrong, for people (the CLI adds the URL and a caret at `offset`).
    public var description: String {
        switch kind {
        case .missingScheme: return "not an absolute URL: no scheme (expected https://host/path)"
        case .invalidScheme: return "invalid scheme: a scheme is a letter followed by letters, digits, '+', '-' or '.'"
        case .missingHost: return "no host at byte \(offset) (expected scheme://host/path)"
        case .invalidHost: return "invalid host or port at byte \(offset)"
        case .invalidPercentEscape: return "invalid percent escape at byte \(offset): '%' must be followed by two hex digits"
        }
    }
}
