import Foundation
import LinkMatch
import LinkMatchTestData

let benchApp = "ABCDE12345.com.example.app"

/// A synthetic document shaped like real ones: a few site-wide rules first (fragment opt-out,
/// `*/checkout`, a static exclude), then `sections` groups of rules under their own first path
/// segment (prefix, `????` ids, literal pages, globs, excludes, query and case-insensitive rules),
/// then a catch-all with a query condition. Rule count = 8 x sections + 4.
func syntheticDocument(sections: Int) -> AASADocument {
    var rules: [ComponentFields] = [
        ComponentFields(fragment: "no_universal_links", exclude: true),
        ComponentFields(path: "*/checkout"),
        ComponentFields(path: "/static/*", exclude: true),
    ]
    for i in 0..<sections {
        let s = "/s\(i)"
        rules += [
            ComponentFields(path: s + "/private/*", exclude: true),
            ComponentFields(path: s + "/item/????"),
            ComponentFields(path: s + "/about"),
            ComponentFields(path: s + "/*/detail/?*"),
            ComponentFields(path: s + "/search", query: .items([(name: "q", pattern: "?*")])),
            ComponentFields(path: s + "/x/*", caseSensitive: false),
            ComponentFields(path: s + "/doc/*", fragment: "*", percentEncoded: false),
            ComponentFields(path: s + "/*"),
        ]
    }
    rules.append(ComponentFields(path: "*", query: .items([(name: "utm_source", pattern: "?*")])))
    let entry = DetailEntry(appIDs: [benchApp],
                            rules: rules.enumerated().map { DocumentRule(fields: $1, sourcePath: "applinks.details[0].components[\($0)]") },
                            sourcePath: "applinks.details[0]")
    return AASADocument(entries: [entry])
}

/// 1,000 URLs over sections 0..<150 (so the same URLs hit both the 100-rule and the 1,000-rule
/// document, partly in sections only the larger one has), plus misses and site-wide cases.
func syntheticURLs(count: Int = 1_000) -> [ParsedURL] {
    var out: [ParsedURL] = []
    for i in 0..<count {
        let s = "/s\((i * 7) % 150)"
        let text: String
        switch i % 12 {
        case 0: text = s + "/42"
        case 1: text = s + "/item/4815"
        case 2: text = s + "/about"
        case 3: text = s + "/a/detail/b"
        case 4: text = s + "/private/x"
        case 5: text = s + "/search?q=pizza"
        case 6: text = s.uppercased() + "/X/y"
        case 7: text = s + "/doc/%C3%A9t%C3%A9#top"
        case 8: text = "/nowhere/\(i)?utm_source=mail"
        case 9: text = "/cart/checkout"
        case 10: text = s + "/about#no_universal_links"
        default: text = "/unknown/\(i)"
        }
        if let url = try? ParsedURL("https://example.com" + text) { out.append(url) }
    }
    return out
}

/// Apple's WWDC20 example: `/$(lang)_$(region)/$(food)/` with a custom `food` variable.
let foods = ["burrito", "pizza", "sushi", "samosa"]

func foodDocumentWithVariables() -> AASADocument {
    let rule = DocumentRule(fields: ComponentFields(path: "/$(lang)_$(region)/$(food)/"), sourcePath: "applinks.details[0].components[0]")
    return AASADocument(variables: VariableTable(custom: [(name: "food", values: foods)]),
                        entries: [DetailEntry(appIDs: [benchApp], rules: [rule], sourcePath: "applinks.details[0]")])
}

/// The same file with the variables expanded into literal patterns, over the first `langs`
/// language codes: langs x regions x foods rules.
func foodDocumentExpanded(langs: [String], regions: [String]) -> AASADocument {
    var rules: [DocumentRule] = []
    rules.reserveCapacity(langs.count * regions.count * foods.count)
    for lang in langs {
        for region in regions {
            for food in foods {
                rules.append(DocumentRule(fields: ComponentFields(path: "/\(lang)_\(region)/\(food)/"),
                                  sourcePath: "applinks.details[0].components[\(rules.count)]"))
            }
        }
    }
    return AASADocument(entries: [DetailEntry(appIDs: [benchApp], rules: rules, sourcePath: "applinks.details[0]")])
}

func foodURLs(langs: [String], regions: [String], count: Int = 1_000) -> [ParsedURL] {
    var out: [ParsedURL] = []
    for i in 0..<count {
        let lang = langs[(i * 31) % langs.count]
        let region = regions[(i * 17) % regions.count]
        let food = foods[i % foods.count]
        let text: String
        switch i % 5 {
        case 0: text = "/\(lang)_\(region)/tacos/"      // no such food
        case 1: text = "/\(lang)-\(region)/\(food)/"    // wrong separator
        default: text = "/\(lang)_\(region)/\(food)/"
        }
        if let url = try? ParsedURL("https://example.com" + text) { out.append(url) }
    }
    return out
}

/// A real-world file with the URLs to decide and the apps to decide them for.
struct RealWorldCase {
    var name: String
    var document: AASADocument
    /// The file as read (for the JSON-read and parse + compile cells).
    var bytes: [UInt8]
    var runs: [(url: ParsedURL, app: String)]
}

/// Every file that parses, with INDEX.md's sample URLs plus URLs built from each rule, each for
/// the first app of the entry the rule is in (sample URLs: for the first listed app).
func realWorldCases(directory: String) -> [RealWorldCase] {
    let base = URL(fileURLWithPath: directory)
    guard let files = try? RealWorldFiles.all(in: base), let index = try? RealWorldFiles.index(in: base) else { return [] }
    let samples = RealWorldFiles.allSampleURLs(in: index).compactMap { try? ParsedURL($0) }
    var out: [RealWorldCase] = []
    for (name, bytes) in files {
        guard let document = try? AASADocument.parse(bytes).document,
              let firstApp = document.appIDs.first else { continue }
        var runs = samples.map { (url: $0, app: firstApp) }
        for entry in document.entries {
            guard let app = entry.appIDs.first else { continue }
            for rule in entry.rules {
                let path = instance(rule.fields.path ?? rule.fields.path ?? "/", document.variables)
                for text in ["https://example.com/" + path, "https://example.com/" + path.uppercased() + "/more"] {
                    if let url = try? ParsedURL(text) { runs.append((url, app)) }
                }
            }
        }
        out.append(RealWorldCase(name: name, document: document, bytes: bytes, runs: runs))
    }
    return out
}

/// A text a pattern matches: `*` -> "x", `?` -> "q", a variable -> its first value.
func instance(_ pattern: String, _ variables: VariableTable) -> String {
    guard let parsed = try? PatternParser.parse(pattern) else { return pattern }
    var out = ""
    for element in parsed.elements {
        switch element {
        case .literal(let c): out.unicodeScalars.append(c)
        case .anyOne: out += "q"
        case .anyMany: out += "x"
        case .variable(let name): out += instance(variables.values(of: name)?.first ?? "", VariableTable())
        }
    }
    while out.hasPrefix("/") { out.removeFirst() }
    return out
}
