import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// URLs a rule matches, written out from its patterns: each `*` as nothing (then, in a second URL,
/// as `x`), each `?` as `a`, each `$(name)` as the variable's first value (itself written out). They are the "plausible URLs" on
/// which `validate` compares the readings of an open point; `example.com` stands for the domain.
enum ExampleURLs {
    static let origin = "https://example.com"

    /// The rule's written-out URL, and for a case-insensitive rule also its upper- and lower-case
    /// variants. Empty when a pattern cannot be written out (undefined variable, broken `$(`).
    ///
    /// `lenient`: text that is not URL text (a raw non-ASCII character, a bare `%`, a delimiter) is
    /// percent-encoded instead of dropping the rule. Such a URL need not match the rule (with
    /// `percentEncoded` true the pattern is compared with the URL as written), but it is the URL a
    /// user would type for it: `linkmatch diff` tries it as a witness.
    static func urls(for rule: EffectiveRule, variables: VariableTable, lenient: Bool = false) -> [String] {
        urls(for: rule, variables: variables, star: "", lenient: lenient) + urls(for: rule, variables: variables, star: "x", lenient: lenient)
    }

    static func urls(for rule: EffectiveRule, variables: VariableTable, star: String, lenient: Bool = false) -> [String] {
        func text(_ pattern: String, _ variables: VariableTable) -> String? { Self.text(pattern, variables, star: star) }
        func encode(_ text: String, _ percentEncoded: Bool, keeping: String) -> String? {
            // `&` and `=` are plain text in a path (only query items use them as delimiters).
            Self.encode(text, percentEncoded, keeping: keeping) ?? (lenient ? Self.escaped(text, keeping: keeping == "/" ? "/&=" : keeping) : nil)
        }
        guard let path = text(rule.path ?? "*", variables),
              let pathPart = encode(path.hasPrefix("/") ? path : "/" + path, rule.percentEncoded, keeping: "/") else { return [] }
        var query: String?
        switch rule.query {
        case .whole(let p)?:
            guard let q = text(p, variables), let encoded = encode(q, rule.percentEncoded, keeping: "/?=&") else { return [] }
            query = encoded.isEmpty ? nil : encoded
        case .items(let items)?:
            var pieces: [String] = []
            for item in items {
                guard let value = text(item.pattern, variables),
                      let name = encode(item.name, rule.percentEncoded, keeping: "/?"),
                      let v = encode(value, rule.percentEncoded, keeping: "/?=") else { return [] }
                pieces.append(name + "=" + v)
            }
            query = pieces.isEmpty ? nil : pieces.joined(separator: "&")
        case nil:
            query = nil
        }
        var fragment: String?
        if let f = rule.fragment {
            guard let t = text(f, variables), let encoded = encode(t, rule.percentEncoded, keeping: "/?=&#") else { return [] }
            fragment = encoded.isEmpty ? nil : encoded
        }
        func url(_ p: String, _ q: String?, _ f: String?) -> String {
            origin + p + (q.map { "?" + $0 } ?? "") + (f.map { "#" + $0 } ?? "")
        }
        var out = [url(pathPart, query, fragment)]
        if !rule.caseSensitive {
            out.append(url(upper(pathPart), query.map(upper), fragment.map(upper)))
            out.append(url(pathPart.lowercased(), query?.lowercased(), fragment?.lowercased()))
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// ASCII upper case, keeping `%XX` escapes' hex digits as they are.
    private static func upper(_ s: String) -> String { String(s.map { $0.isASCII ? Character($0.uppercased()) : $0 }) }

    /// One text the pattern matches, or nil when it cannot be written out.
    static func text(_ pattern: String, _ variables: VariableTable, star: String) -> String? {
        guard let parsed = try? PatternParser.parse(pattern) else { return nil }
        return text(parsed.elements, variables, star: star)
    }

    private static func text(_ elements: [PatternElement], _ variables: VariableTable, star: String) -> String? {
        var out = ""
        for element in elements {
            switch element {
            case .literal(let c): out.unicodeScalars.append(c)
            case .anyOne: out += "a"
            case .anyMany: out += star
            case .variable(let name):
                // V2: a value's `*` and `?` are wildcards and it holds no variables, so this recursion stops.
                guard let first = variables.values(of: name)?.first,
                      let value = text(PatternParser.parseValue(first).elements, variables, star: star) else { return nil }
                out += value
            }
        }
        return out
    }

    /// The text as it would be written in a URL part: with `percentEncoded` false it is encoded
    /// (keeping the given delimiters); otherwise it must already be URL text (nil if not).
    /// `text` as URL text whatever it holds: unsafe bytes, a `%` that starts no escape and the
    /// delimiters not in `keeping` percent-encoded (upper-case hex).
    static func escaped(_ text: String, keeping: String) -> String {
        let bytes = Array(text.utf8)
        let forbidden = "#?&=/".utf8.filter { !keeping.utf8.contains($0) }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            let startsEscape = b == UInt8(ascii: "%") && i + 2 < bytes.count
                && PercentCoding.hexValue(bytes[i + 1]) != nil && PercentCoding.hexValue(bytes[i + 2]) != nil
            if ParsedURL.isUnsafe(b) || forbidden.contains(b) || (b == UInt8(ascii: "%") && !startsEscape) {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func encode(_ text: String, _ percentEncoded: Bool, keeping: String) -> String? {
        if !percentEncoded {
            return text.split(separator: "/", omittingEmptySubsequences: false).map { PercentCoding.encode(String($0)) }
                .joined(separator: "/")
        }
        // By bytes: `validate` writes out a URL per rule and reading, so this runs thousands of times.
        let forbidden = "#?&=/".utf8.filter { !keeping.utf8.contains($0) }
        guard !text.utf8.contains(where: { ParsedURL.isUnsafe($0) || forbidden.contains($0) }),
              (try? ParsedURL(origin + "/" + text)) != nil else { return nil }
        return text
    }
}
