import LinkMatch

/// Generates URLs aimed at a document's rules: a rule is picked and its path, query and fragment
/// patterns are filled in (`Instantiator`), then the URL is varied the ways that matter: scheme and
/// host case (U2, U3), port and userinfo, no query / empty query `?`, repeated query names, items
/// without `=`, case-swapped or percent-encoded item names (E4), no fragment / empty fragment.
public enum URLGenerator {
    static let schemes = ChoiceTable<String>([("https", 232), ("HTTPS", 8), ("http", 10), ("ftp", 6)])

    enum Host: Sendable, Equatable { case domain, upper, other, port, userinfo, written }

    static let hosts = ChoiceTable<Host>([
        (.domain, 200), (.upper, 16), (.other, 14), (.port, 10), (.userinfo, 8), (.written, 8),
    ])

    enum Part: Sendable, Equatable { case fromRule, none, empty, written }

    static let pathModes = ChoiceTable<Part>([(.fromRule, 210), (.written, 46)])
    static let queryModes = ChoiceTable<Part>([(.fromRule, 150), (.none, 60), (.empty, 20), (.written, 26)])
    static let fragmentModes = ChoiceTable<Part>([(.none, 110), (.fromRule, 110), (.empty, 20), (.written, 16)])

    enum Item: Sendable, Equatable { case normal, swapName, encodeName, valueless, omit, repeated }

    static let itemModes = ChoiceTable<Item>([
        (.normal, 170), (.swapName, 14), (.encodeName, 10), (.valueless, 18), (.omit, 20), (.repeated, 24),
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

    public static func read(_ r: inout ByteReader, document: AASADocument, domain: String) -> String {
        let rules = rules(of: document)
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
        default: path = Instantiator.text(for: rule.path ?? "*", variables: vars, &r)
        }
        if !path.hasPrefix("/") { path = "/" + path }
        url += path

        switch r.pick(queryModes) {
        case .none: break
        case .empty: url += "?"
        case .written: url += "?" + TextCoding.read(&r, .url)
        case .fromRule:
            switch rule.query {
            case nil: url += "?" + Instantiator.text(for: "*", variables: vars, &r)
            case .whole(let pattern): url += "?" + Instantiator.text(for: pattern, variables: vars, &r)
            case .items(let items): url += "?" + query(items, variables: vars, &r)
            }
        }

        switch r.pick(fragmentModes) {
        case .none: break
        case .empty: url += "#"
        case .written: url += "#" + TextCoding.read(&r, .url)
        case .fromRule: url += "#" + Instantiator.text(for: rule.fragment ?? "*", variables: vars, &r)
        }
        return url
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
            }
        }
        if r.bool() { pieces.append(TextCoding.read(&r, .name) + "=" + TextCoding.read(&r, .name)) }
        return pieces.joined(separator: "&")
    }
}
