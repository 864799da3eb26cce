// Turns a whole-document source case into readable cases for each target (the JSON that
// Checks.encodeSeed reads): the document itself (document, parser), each rule's URL parts against the
// URL's parts (differential, metamorphic), and the texts involved (percent-encoding).
import LinkMatch

/// One seed before encoding: file name and readable JSON.
struct SeedCase {
    var name: String
    var readable: JSONValue
}

enum SeedDerivation {
    static func document(_ c: SourceCase) -> SeedCase {
        SeedCase(name: c.name, readable: object([
            ("aasa", c.aasa), ("domain", .string(c.domain)), ("appIDs", strings(c.appIDs)), ("urls", strings(c.urls)),
        ]))
    }

    /// A real file cut down to what the document seed format holds: only `applinks`, and at most
    /// three members and four elements per container (the first ones: real rule shapes survive).
    static func trimmedDocument(_ c: SourceCase) -> SeedCase {
        var trimmed = c
        if case .object(let top) = c.aasa, let applinks = top["applinks"] {
            trimmed.aasa = .object(JSONObject([JSONMember(key: "applinks", value: trim(applinks))]))
        }
        return document(trimmed)
    }

    static func trim(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let list): return .array(list.prefix(4).map(trim))
        case .object(let object):
            return .object(JSONObject(object.members.prefix(3).map { JSONMember(key: $0.key, value: trim($0.value)) }))
        default: return value
        }
    }

    static func parser(_ c: SourceCase) -> SeedCase {
        SeedCase(name: c.name, readable: object([("aasa", c.aasa)]))
    }

    static func parserFile(_ file: RealWorldFile) -> SeedCase {
        let digits = Array("0123456789abcdef")
        let hex = file.bytes.map { String(digits[Int($0 >> 4)]) + String(digits[Int($0 & 15)]) }.joined()
        return SeedCase(name: file.name, readable: object([("fileHex", .string(hex))]))
    }

    /// Every rule part of the document for the case's apps, against the matching part of each URL.
    static func parts(_ c: SourceCase, maxRules: Int = .max) -> [SeedCase] {
        guard let document = try? AASADocument.parse(Array(c.aasa.serialized().utf8)).document else { return [] }
        var seeds: [SeedCase] = []
        for (u, text) in c.urls.enumerated() {
            guard let url = try? ParsedURL(text) else { continue }
            let urlTag = c.urls.count > 1 ? "-u\(u)" : ""
            var rules: [EffectiveRule] = []
            for app in c.appIDs {
                for rule in document.effectiveRules(for: app) where !rules.contains(rule) { rules.append(rule) }
            }
            for (k, rule) in rules.prefix(maxRules).enumerated() {
                let stem = "\(c.name)\(urlTag)-r\(k)"
                func part(_ suffix: String, _ pattern: String, _ kind: PartRequest.Kind, _ text: String) {
                    seeds.append(SeedCase(name: "\(stem)-\(suffix)", readable: object([
                        ("pattern", .string(pattern)), ("kind", .string(kind.rawValue)), ("text", .string(text)),
                        ("caseSensitive", .bool(rule.caseSensitive)), ("percentEncoded", .bool(rule.percentEncoded)),
                        ("variables", variables(document.variables, usedBy: pattern)),
                    ])))
                }
                if let path = rule.path { part("path", path, .path, url.path) }
                switch rule.query {
                case .whole(let pattern)?: part("query", pattern, .plain, url.query ?? "")
                case .items(let items)?:
                    let present = ParsedURL.queryItems(url.query ?? "")
                    for (i, item) in items.enumerated() {
                        let values = present.filter { $0.name == item.name }.map { String($0.value) }
                        for (v, value) in (values.isEmpty ? [""] : values).enumerated() {
                            part("q\(i)" + (v > 0 ? "-\(v)" : ""), item.pattern, .plain, value)
                        }
                    }
                case nil: break
                }
                if let fragment = rule.fragment { part("fragment", fragment, .plain, url.fragment ?? "") }
            }
        }
        return seeds
    }

    /// The URL parts as written and every pattern of the document: texts to encode and decode.
    static func percentTexts(_ c: SourceCase, maxRules: Int = .max) -> [SeedCase] {
        var texts: [String] = []
        for text in c.urls {
            guard let url = try? ParsedURL(text) else { continue }
            texts += [url.path, url.query, url.fragment].compactMap { $0 }
        }
        if let document = try? AASADocument.parse(Array(c.aasa.serialized().utf8)).document {
            for app in c.appIDs {
                for rule in document.effectiveRules(for: app).prefix(maxRules) {
                    texts += [rule.path, rule.fragment].compactMap { $0 }
                    switch rule.query {
                    case .whole(let pattern)?: texts.append(pattern)
                    case .items(let items)?: texts += items.flatMap { [$0.name, $0.pattern] }
                    case nil: break
                    }
                }
            }
        }
        var seen = Set<String>()
        return texts.filter { !$0.isEmpty && seen.insert($0).inserted }.enumerated().map { i, text in
            SeedCase(name: "\(c.name)-t\(i)", readable: object([("text", .string(text))]))
        }
    }

    /// The custom variables a pattern refers to, last definition of a name winning (V5, D5).
    static func variables(_ table: VariableTable, usedBy pattern: String) -> JSONValue {
        let used = (try? PatternParser.parse(pattern).variableNames) ?? table.custom.map(\.name)
        var chosen: [(String, JSONValue)] = []
        for name in used where !chosen.contains(where: { $0.0 == name }) {
            if let definition = table.custom.last(where: { $0.name == name }) {
                chosen.append((name, strings(definition.values)))
            }
        }
        return object(chosen)
    }

    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    static func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
}
