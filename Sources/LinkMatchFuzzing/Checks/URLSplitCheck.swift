import Foundation
import LinkMatch

/// The URL splitter (ParsedURL, SPEC.md U1) is one of the two pieces both engines still share, so it
/// is checked against an independent oracle: Foundation's `URLComponents`, given the U4-normalized
/// text. Scheme, host, path, query and fragment must be the same, after these known differences of
/// URLComponents (swift-corelibs-foundation in Swift 6.3 on Linux), which are written out here:
/// - it percent-encodes `[` and `]` outside the host and `#` inside the fragment, and a part that
///   holds one of them is re-encoded whole, its `%` included (`/a[%41]` -> `/a%5B%2541%5D`);
///   ParsedURL keeps every character as written (U1) — compared after encoding such a part the same way;
/// - it refuses ports above 65535 (the host comes back empty or the URL does not parse); ParsedURL
///   accepts any digits (the port is never compared) — such URLs are not compared;
/// - a URL it cannot parse at all is not compared (ParsedURL's own errors are checked by the
///   unit tests and the U4 examples);
/// - it accepts a `%` not followed by two hex digits, which ParsedURL refuses (U4).
/// A URL ParsedURL refuses is compared too: when URLComponents reads it with a scheme and a
/// non-empty host, and it holds no bad `%` escape, ParsedURL must not refuse it. So a splitter that
/// refuses a good scheme or port (say its digit test lost `0`, and `:8080` became "not a port") is
/// a finding, not a URL quietly skipped.
public enum URLSplitCheck {
    public typealias Splitter = @Sendable (String) -> ParsedURL?

    /// The first difference between ParsedURL (or a stand-in splitter, for the tests) and
    /// URLComponents on `url`, or nil.
    public static func problem(_ url: String, split: Splitter = { try? ParsedURL($0) }) -> String? {
        guard let parsed = split(url) else { return refusal(url) }
        guard !hasLargePort(parsed.text), let oracle = URLComponents(string: parsed.text) else { return nil }
        let pairs: [(String, String?, String?)] = [
            ("scheme", parsed.scheme, oracle.scheme),
            ("host", parsed.host, oracle.percentEncodedHost),
            ("path", asFoundationEncodes(parsed.path, fragment: false), oracle.percentEncodedPath),
            ("query", parsed.query.map { asFoundationEncodes($0, fragment: false) }, oracle.percentEncodedQuery),
            ("fragment", parsed.fragment.map { asFoundationEncodes($0, fragment: true) }, oracle.percentEncodedFragment),
        ]
        for (part, ours, theirs) in pairs where !sameBytes(ours, theirs) {
            return "URL \(url.debugDescription): ParsedURL's \(part) is \(ours.debugDescription), URLComponents' is \(theirs.debugDescription)"
        }
        return nil
    }

    /// Why ParsedURL should not have refused `url`, or nil when URLComponents refuses it as well
    /// (or has no scheme or host, or the URL holds a bad escape, which only ParsedURL refuses).
    static func refusal(_ url: String) -> String? {
        let text = ParsedURL.encodeUnsafeCharacters(url)
        guard !hasLargePort(text), !hasBadEscape(text), let oracle = URLComponents(string: text),
              let scheme = oracle.scheme, let host = oracle.percentEncodedHost, !host.isEmpty else { return nil }
        return "URL \(url.debugDescription): ParsedURL refuses it, URLComponents reads scheme \(scheme.debugDescription), "
            + "host \(host.debugDescription)" + (oracle.port.map { ", port \($0)" } ?? "")
    }

    /// A `%` not followed by two hex digits (checked with the standard library's `isHexDigit`).
    static func hasBadEscape(_ text: String) -> Bool {
        let characters = Array(text)
        for (i, c) in characters.enumerated() where c == "%" {
            guard i + 2 < characters.count, characters[i + 1].isASCII, characters[i + 1].isHexDigit,
                  characters[i + 2].isASCII, characters[i + 2].isHexDigit else { return true }
        }
        return false
    }

    public static func check(_ urls: [String], target: FuzzTarget, readable: () -> String) -> CheckFailure? {
        for url in urls {
            if let problem = problem(url) { return CheckFailure(target: target, summary: problem, readable: readable()) }
        }
        return nil
    }

    static func sameBytes(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return x.utf8.elementsEqual(y.utf8)
        default: return false
        }
    }

    static func asFoundationEncodes(_ part: String, fragment: Bool) -> String {
        let invalid: [Character] = fragment ? ["[", "]", "#"] : ["[", "]"]
        guard part.contains(where: invalid.contains) else { return part }
        var out = part.replacingOccurrences(of: "%", with: "%25")
        out = out.replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
        return out.replacingOccurrences(of: "#", with: "%23")
    }

    /// Whether the authority ends in a port above 65535.
    static func hasLargePort(_ text: String) -> Bool {
        guard let start = text.range(of: "//")?.upperBound else { return false }
        let authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") else { return false }
        let digits = authority[authority.index(after: colon)...]
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && (digits.count > 5 || (Int(digits) ?? 0) > 65535)
    }
}
