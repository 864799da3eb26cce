import LinkMatch

/// Generates URLs aimed at a document's rules: a rule is picked and its path, query and fragment
/// patterns are filled in (`Instantiator`), then the URL is varied the ways that matter: scheme and
/// host case (U2, U3), port and userinfo, no query / empty query `?`, repeated query names, items
/// without `=`, case-swapped or percent-encoded item names (E4), no fragment / empty fragment.
public enum URLGenerator {
    static let schemes = ChoiceTable<String>([("https", 232), ("HTTPS", 8), ("http", 10), ("ftp", 6)])

    enum Host: Sendable, Equatable { case domain, upper, other, port, userinfo, written }

    static let hosts = ChoiceTable<Host>([
        (.domain, 216), (.upper, 12), (.other, 10), (.port, 8), (.userinfo, 6), (.written, 4),
    ])

    enum Part: Sendable, Equatable { case fromRule, none, empty, written }

    static let pathModes = ChoiceTable<Part>([(.fromRule, 210), (.written, 46)])
    /// When the rule has a pattern for the part, the URL mostly fills it in; else it mostly omits the part.
    static let partForPattern = ChoiceTable<Part>([(.fromRule, 212), (.none, 20), (.empty, 14), (.written, 10)])
    static let partWithoutPattern = ChoiceTable<Part>([(.none, 160), (.empty, 28), (.fromRule, 50), (.written, 18)])

    enum Item: Sendable, Equatable { case normal, swapName, encodeName, valueless, omit, repeated, repeatedOther }

    static let itemModes = ChoiceTable<Item>([
        (.normal, 160), (.swapName, 14), (.encodeName, 10), (.valueless, 16), (.omit, 18), (.repeated, 18), (.repeatedOther, 20),
    ])

    /// Every rule of the document with its defaults resolved, in document order.
    static func rules(of document: AASADocument) -> [EffectiveRule] {
        var out: [EffectiveRule] = []
        for (e, entry) in document.entries.enumerated() {
            for (k, rule) in entry.rules.enumerated() {
                out.append(EffectiveRule(rule: rule, entryIndex: e, ruleIndex: k,
                                         entryDefaults: entry.defaults, domainDefaults: document.defaults))
            }
        }
        return out
    }

    /// A URL for `document`, aimed at one of the rules that apply to `appID` (any rule when none do).
    public static func read(_ r: inout ByteReader, document: AASADocument, domain: String, appID: String? = nil) -> String {
        let forApp = appID.map { document.effectiveRules(for: $0) } ?? []
        let rules = forApp.isEmpty ? rules(of: document) : forApp
        let rule = rules.isEmpty ? EffectiveRule(path: nil, query: nil, fragment: nil) : rules[Int(r.byte()) % rules.count]
        let vars = document.variables
        let host = domain.isEmpty ? "example.com" : domain
        var url = r.pick(schemes) + "://"
        switch r.pick(hosts) {
        case .domain: url += host
        case .upper: url += host.uppercased()
        case .other: url += "other.example"
        case .port: url += host + ":443"
        case .userinfo: url += "user@" + host
        case .written: url += TextCoding.read(&r, .name)
        }

        var path: String
        switch r.pick(pathModes) {
        case .written: path = TextCoding.read(&r, .url)
        default: path = PercentCoding.escapingBarePercents(Instantiator.text(for: rule.path ?? "*", variables: vars, &r))
        }
        // A `?` or `#` filled into the path would end it: written as escapes, the URL stays in one
        // piece (and still matches a literal `?`/`#` with percentEncoded false).
        if !path.hasPrefix("/") { path = "/" + path }
        url += escaping(path, ["?", "#"])

        switch r.pick(rule.query == nil ? partWithoutPattern : partForPattern) {
        case .none: break
        case .empty: url += "?"
        case .written: url += "?" + TextCoding.read(&r, .url)
        case .fromRule:
            switch rule.query {
            case nil: url += "?" + escaping(PercentCoding.escapingBarePercents(Instantiator.text(for: "*", variables: vars, &r)), ["#"])
            case .whole(let pattern): url += "?" + escaping(PercentCoding.escapingBarePercents(Instantiator.text(for: pattern, variables: vars, &r)), ["#"])
            case .items(let items): url += "?" + escaping(PercentCoding.escapingBarePercents(query(items, variables: vars, &r)), ["#"])
            }
        }

        switch r.pick(rule.fragment == nil ? partWithoutPattern : partForPattern) {
        case .none: break
        case .empty: url += "#"
        case .written: url += "#" + TextCoding.read(&r, .url)
        case .fromRule: url += "#" + PercentCoding.escapingBarePercents(Instantiator.text(for: rule.fragment ?? "*", variables: vars, &r))
        }
        return url
    }

    /// `s` with each of `scalars` written as its `%XX` escape.
    static func escaping(_ s: String, _ scalars: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            if scalars.contains(c) {
                out.append(contentsOf: Instantiator.percentEncoded(c, upper: true).unicodeScalars)
            } else {
                out.append(c)
            }
        }
        return String(out)
    }

    static func query(_ items: [(name: String, pattern: String)], variables: VariableTable, _ r: inout ByteReader) -> String {
        var pieces: [String] = []
        for item in items {
            let value = Instantiator.text(for: item.pattern, variables: variables, &r)
            switch r.pick(itemModes) {
            case .normal: pieces.append(item.name + "=" + value)
            case .swapName: pieces.append(swappingASCIICase(item.name) + "=" + value)
            case .encodeName: pieces.append(PercentCoding.encode(item.name) + "=" + value)
            case .valueless: pieces.append(item.name)
            case .omit: break
            case .repeated:
                pieces.append(item.name + "=" + value)
                pieces.append(item.name + "=" + Instantiator.text(for: item.pattern, variables: variables, &r))
            case .repeatedOther:
                // Q4: the second occurrence is unrelated text, so it usually does not match.
                pieces.append(item.name + "=" + value)
                pieces.append(item.name + "=" + TextCoding.read(&r, .name))
            }
        }
        if r.bool() { pieces.append(TextCoding.read(&r, .name) + "=" + TextCoding.read(&r, .name)) }
        return pieces.joined(separator: "&")
    }
}
