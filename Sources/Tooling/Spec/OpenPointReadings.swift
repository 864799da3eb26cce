import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// The other readings of one rule, each as a whole document that LinkMatch evaluates the way that
/// reading would (SPEC.md section 15). `validate` compares decisions under LinkMatch's reading and
/// under these on URLs built from the rule; `explain` does the same on the URL it explains.
///
/// A reading is modelled with LinkMatch's own rules, so the engines decide both sides: the rule is
/// replaced by rules that match what the other reading matches (e.g. `*/terms/*` read with the
/// leading `/` kept in the text is `*/terms/*` or `/terms/*`), or the document is changed where the
/// reading is about the document (which apps an entry names, which variable definition counts).
/// The models cover the points a served file can touch through its rules; points about URLs alone
/// (U2–U4), about parsing limits (D1, P5) or about decoding details (E1, E3, P2) are not modelled.
public struct OpenPointReading: Sendable {
    /// The open point's ID, e.g. `N1-leading-star` (`OpenPoint.id`).
    public let pointID: String
    /// The reading's name, as in the point's `alternatives` ("slash-kept-in-text").
    public let reading: String
    /// The app the reading is about (an app the rule's entry names, or a dictionary key for D5).
    public let appID: String
    /// Rules (in LinkMatch's reading) whose example URLs are worth comparing the two readings on.
    public let exampleRules: [EffectiveRule]
    /// The change the reading makes: one rule replaced, or a whole other document.
    let change: Change

    enum Change: Sendable {
        /// `details[entryIndex]`'s rule `ruleIndex` read as `rules` (none, one or several) in `base`.
        case rule(base: AASADocument, entryIndex: Int, ruleIndex: Int, rules: [DocumentRule])
        case document(AASADocument)
    }

    /// The document as the other reading sees it. Built on each use: a reading of one rule is
    /// usually judged on that rule alone (`OpenPointDifference`), and building a copy of a large
    /// document for each of its rules would make `validate` quadratic.
    public var alternative: AASADocument {
        switch change {
        case .document(let d):
            return d
        case .rule(var d, let e, let r, let rules):
            d.entries[e].rules.replaceSubrange(r...r, with: rules)
            return d
        }
    }
}

/// Builds the other readings of a rule or an entry (SPEC.md section 15), for the `open-point` lint
/// and `linkmatch explain`.
public enum OpenPointReadings {
    /// The readings that concern the rule at `details[entryIndex]`, rule `ruleIndex`, for `appID`
    /// (default: the first app the entry names).
    public static func readings(entryIndex e: Int, ruleIndex r: Int, in document: AASADocument,
                                appID: String? = nil) -> [OpenPointReading] {
        let entry = document.entries[e]
        let rule = entry.rules[r]
        let effective = EffectiveRule(rule: rule, entryIndex: e, ruleIndex: r,
                                      entryDefaults: entry.defaults, domainDefaults: document.defaults)
        var out: [OpenPointReading] = []
        func replacing(_ point: String, _ reading: String, with rules: [DocumentRule]) {
            guard let app = appID ?? entry.appIDs.first else { return }
            let examples = rules.map {
                EffectiveRule(rule: $0, entryIndex: e, ruleIndex: r, entryDefaults: entry.defaults, domainDefaults: document.defaults)
            }
            out.append(OpenPointReading(pointID: point, reading: reading, appID: app, exampleRules: [effective] + examples,
                                        change: .rule(base: document, entryIndex: e, ruleIndex: r, rules: rules)))
        }

        // N1-leading-star: with the leading `/` kept in the text, `*` can match the empty string
        // before it, so `*/x` also matches `/x` (LinkMatch strips the text's `/`: it does not).
        if let path = effective.path, let pattern = try? PatternParser.parse(path) {
            let stars = pattern.elements.prefix { $0 == .anyMany }.count
            if stars > 0, stars < pattern.elements.count, pattern.elements[stars] == .literal("/") {
                var rest = rule
                rest.fields.path = String(path.unicodeScalars.dropFirst(stars))
                replacing("N1-leading-star", "slash-kept-in-text", with: [rule, rest])
            }
            // N1-empty-path-pattern: `""` read as `*`, or as matching nothing.
            if path.isEmpty {
                var star = rule
                star.fields.path = "*"
                replacing("N1-empty-path-pattern", "empty-is-absent", with: [star])
                replacing("N1-empty-path-pattern", "empty-matches-nothing", with: [])
            }
        }

        // D6-not-prefix-spacing: `NOT` with extra spaces, or with none, read as an exclusion of the rest.
        if let legacy = rule.legacyPath, legacy.hasPrefix("NOT") {
            let rest = legacy.dropFirst(3)
            if rest.hasPrefix("  ") || rest.hasPrefix("\t") {
                var trimmed = rule
                trimmed.fields.path = String(rest.drop { $0 == " " || $0 == "\t" })
                trimmed.fields.exclude = true
                replacing("D6-not-prefix-spacing", "trim-after-not", with: [trimmed])
            } else if let first = rest.first, first != " ", !first.isLetter {
                var excluded = rule
                excluded.fields.path = String(rest)
                excluded.fields.exclude = true
                replacing("D6-not-prefix-spacing", "not-without-space", with: [excluded])
            }
        }

        // D6-legacy-paths-take-defaults: a legacy path keeps the built-in defaults.
        if let legacy = rule.legacyPath, effective.caseSensitive != true || effective.percentEncoded != true
            || effective.query != nil || effective.fragment != nil || effective.exclude != legacy.hasPrefix("NOT ") {
            var plain = rule
            plain.fields = ComponentFields(path: rule.fields.path, query: .whole("*"), fragment: "*",
                                           exclude: legacy.hasPrefix("NOT "), caseSensitive: true, percentEncoded: true)
            replacing("D6-legacy-paths-take-defaults", "defaults-only-for-components", with: [plain])
        }

        // U5-plus-as-space: with decoding on, `+` in the URL would also read as a space.
        if !effective.percentEncoded, let query = effective.query {
            var plus = rule
            switch query {
            case .whole(let p) where p.contains(" "):
                plus.fields.query = .whole(p.replacingSpaces())
                replacing("U5-plus-as-space", "form-decoding", with: [rule, plus])
            case .items(let items) where items.contains(where: { $0.pattern.contains(" ") || $0.name.contains(" ") }):
                plus.fields.query = .items(items.map { ($0.name.replacingSpaces(), $0.pattern.replacingSpaces()) })
                replacing("U5-plus-as-space", "form-decoding", with: [rule, plus])
            default:
                break
            }
        }

        // V5-predefined-overridden: the predefined list instead of the custom one.
        let used = [effective.path, effective.fragment].compactMap { $0 } + (effective.query?.patterns ?? [])
        let customNames = Set(document.variables.custom.map(\.name))
        let overridden = Set(used.compactMap { try? PatternParser.parse($0) }.flatMap { $0.variableNames })
            .filter { VariableTable.predefinedNames.contains($0) && customNames.contains($0) }
        if !overridden.isEmpty, let app = appID ?? entry.appIDs.first {
            var alternative = document
            alternative.variables = VariableTable(custom: document.variables.custom.filter { !overridden.contains($0.name) })
            out.append(OpenPointReading(pointID: "V5-predefined-overridden", reading: "predefined-wins", appID: app,
                                        exampleRules: [effective], change: .document(alternative)))
        }
        return out
    }

    /// D5-dictionary-key-and-app-id: for an entry of a dictionary `details` whose value also names
    /// apps, the readings in which the key still names its app. `key` is the entry's dictionary key.
    public static func dictionaryKeyReadings(entryIndex e: Int, key: String, in document: AASADocument) -> [OpenPointReading] {
        let entry = document.entries[e]
        guard !entry.appIDs.contains(where: { $0.isExactly(key) }), !entry.rules.isEmpty else { return [] }
        var alternative = document
        alternative.entries[e].appIDs.append(key)
        let examples = entry.rules.enumerated().map {
            EffectiveRule(rule: $0.element, entryIndex: e, ruleIndex: $0.offset, entryDefaults: entry.defaults,
                          domainDefaults: document.defaults)
        }
        return [OpenPointReading(pointID: "D5-dictionary-key-and-app-id", reading: "union", appID: key,
                                 exampleRules: examples, change: .document(alternative))]
    }
}

extension QueryPattern {
    /// Every pattern of the query: the whole-query pattern, or each item's value pattern.
    var patterns: [String] {
        switch self {
        case .whole(let p): return [p]
        case .items(let items): return items.map(\.pattern)
        }
    }
}

private extension String {
    func replacingSpaces() -> String { String(map { $0 == " " ? "+" : $0 }) }
}
