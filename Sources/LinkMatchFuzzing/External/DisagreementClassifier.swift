import LinkMatch

/// The SPEC rules a *minimized* disagreement turns on. Shrinking has removed whatever did not matter
/// to the disagreement, so each feature still present (a `defaults`, a pattern ending in `/*`, a
/// repeated query item...) is part of why the programs differ and names its rule. Our engine's
/// decision adds what the trace says: the scheme (U2), the host (U3) or an unlisted app (D12)
/// decided before any rule. Only the app's own rules are looked at (the others cannot decide).
///
/// Deliberately coarse: the rule IDs, not the texts, so the same difference found from two random
/// cases lands in one class. Not a proof: a feature the shrinker could not remove without also
/// changing the rest (a component needs some key) can add an ID to every class.
public enum DisagreementClassifier {
    public static func rules(of request: ConformanceProtocol.Request) -> [String] {
        var ids = Set<String>()
        guard let url = try? ParsedURL(request.url) else { return ["U4"] }
        // As written: canonical forms lowercase the scheme unless that changes an answer.
        if url.scheme != "https" { ids.insert("U2") }
        // The shrinker empties the domain when the host does not matter.
        if !request.domain.isEmpty { ids.insert("U3") }
        if afterHost(request.url).unicodeScalars.contains(where: { $0.value > 0x7E || $0.value <= 0x20 }) { ids.insert("U4") }
        guard let parsed = try? AASADocument.parse(Array(request.aasa.serialized().utf8)) else { return specOrder(ids.union(["D1"])) }
        let document = parsed.document
        for diagnostic in parsed.diagnostics {
            if let id = diagnosticRules[diagnostic.code] { ids.insert(id) }
        }
        if case .object(let top) = parsed.json, case .object(let applinks)? = top["applinks"],
           case .object? = applinks["details"] {
            ids.insert("D5")
        }
        let entries = document.entries.filter { $0.appIDs.contains { $0.isExactly(request.appID) } }
        if entries.isEmpty {
            ids.insert("D12")
            return specOrder(ids)
        }
        if entries.count > 1 { ids.insert("D7") }
        if !document.defaults.isEmpty || entries.contains(where: { !$0.defaults.isEmpty }) { ids.insert("C5") }
        let rules = document.effectiveRules(for: request.appID)
        if rules.count > 1 { ids.insert("C3") }
        var hasPattern = false
        let raw = entries.flatMap(\.rules)
        if raw.contains(where: { $0.legacyPath != nil }) { ids.insert("D6") }
        for rule in rules {
            if rule.exclude { ids.insert("C3") }
            if !rule.caseSensitive { ids.insert("E1") }
            if !rule.percentEncoded { ids.insert("E3") }
            if let path = rule.path { ids.formUnion(pathPatternRules(path)) }
            var patterns = [rule.path, rule.fragment].compactMap { $0 }
            switch rule.query {
            case .whole(let p)?:
                ids.insert("Q1")
                patterns.append(p)
                if url.query == nil { ids.insert("C4") }
            case .items(let items)?:
                ids.insert("Q2")
                let present = ParsedURL.queryItems(url.query ?? "")
                for item in items {
                    patterns.append(item.pattern)
                    let values = present.filter { $0.name == item.name }.map(\.value)
                    if values.isEmpty || values.contains(where: \.isEmpty) { ids.insert("Q3") }
                    if values.count > 1 { ids.insert("Q4") }
                }
            case nil:
                break
            }
            if rule.fragment != nil, url.fragment == nil { ids.insert("C4") }
            for pattern in patterns {
                ids.formUnion(variableRules(pattern, document.variables, caseSensitive: rule.caseSensitive))
                hasPattern = true
                if pattern.unicodeScalars.contains(where: { $0.value > 0x7F }) { ids.insert("P2") }
            }
            if rule.percentEncoded, request.url.contains("%") { ids.insert("E2") }
        }
        if url.path.hasPrefix("//") { ids.insert("N1") }
        if url.path.count > 1, url.path.hasSuffix("/") { ids.insert("N2") }
        // P1 (a pattern matches the whole text, `*` and `?` are wildcards, the rest literal) is in
        // every case with a pattern, and a minimized pattern often keeps a wildcard where the URL
        // text it matched could not shrink in step: P1 names the class only when nothing more
        // specific does.
        if ids.isEmpty, hasPattern { ids.insert("P1") }
        // `{}` is the smallest component, so it is in most minimized cases; it names D11 only when
        // nothing else explains the difference.
        if ids.isEmpty, rules.contains(where: { $0.path == nil && $0.query == nil && $0.fragment == nil }) { ids.insert("D11") }
        return specOrder(ids)
    }

    /// The URL after `scheme://host`, by scalars (a combining mark after `/` would hide the `/`
    /// from a search by characters).
    static func afterHost(_ url: String) -> String {
        let scalars = Array(url.unicodeScalars)
        var slashes = 0
        for (i, c) in scalars.enumerated() {
            if slashes == 2, c == "/" || c == "?" || c == "#" { return String(String.UnicodeScalarView(scalars[i...])) }
            if c == "/", slashes < 2 { slashes += 1 }
        }
        return ""
    }

    /// N1–N3 from the shape of a path pattern.
    static func pathPatternRules(_ path: String) -> Set<String> {
        var ids = Set<String>()
        if !path.isEmpty, !path.hasPrefix("/") || path.hasPrefix("//") { ids.insert("N1") }
        if path.hasSuffix("/*") {
            ids.insert("N3")
        } else if path.count > 1, path.hasSuffix("/") {
            ids.insert("N2")
        }
        return ids
    }

    /// P3 (broken reference), P4 (undefined), V1 (custom), V2 (a value with wildcards), V3 (values
    /// folded), V4 (predefined), V5 (a custom one named like a predefined one).
    static func variableRules(_ pattern: String, _ table: VariableTable, caseSensitive: Bool) -> Set<String> {
        guard pattern.contains("$(") else { return [] }
        guard let parsed = try? PatternParser.parse(pattern) else { return ["P3"] }
        var ids = Set<String>()
        for name in parsed.variableNames {
            let custom = table.custom.first { $0.name == name }
            let predefined = VariableTable.predefinedNames.contains(name)
            switch (custom, predefined) {
            case (let c?, _):
                ids.insert(predefined ? "V5" : "V1")
                if c.values.contains(where: { $0.contains("*") || $0.contains("?") }) { ids.insert("V2") }
            case (nil, true): ids.insert("V4")
            case (nil, false): ids.insert("P4")
            }
            if !caseSensitive { ids.insert("V3") }
        }
        return ids
    }

    /// The pattern with `$(name)` references removed (their names may hold `?` or `*`).
    static func withoutVariables(_ pattern: String) -> String {
        guard pattern.contains("$("), let parsed = try? PatternParser.parse(pattern) else { return pattern }
        return Shrinker.source(of: parsed.elements.filter { if case .variable = $0 { return false } else { return true } })
    }

    /// Parser diagnostics that name a rule on their own. Infos about style (app ID format, size)
    /// are left out: they say nothing about a difference.
    static let diagnosticRules: [String: String] = [
        "unknown-key": "D9", "wrong-type": "D10", "duplicate-key": "D5", "both-app-id-forms": "D4",
        "mixed-formats": "D6", "empty-components": "D8", "non-string-query-value": "Q5",
        "predefined-variable-overridden": "V5", "variable-in-value": "V2", "undefined-variable": "P4",
        "invalid-pattern": "P3", "no-applinks": "D3", "no-details": "D3", "missing-app-id": "D3",
        "too-deep": "D1", "too-complex": "P5", "signed-envelope": "D2",
    ]

    static let sections = ["D", "C", "P", "V", "U", "N", "E", "Q", "M"]

    /// IDs sorted as SPEC lists them: by section, then number (`D3` < `D12` < `C1`).
    public static func specOrder<S: Sequence>(_ ids: S) -> [String] where S.Element == String {
        func key(_ id: String) -> (Int, Int, String) {
            let section = sections.firstIndex(of: String(id.prefix(1))) ?? sections.count
            return (section, Int(id.dropFirst()) ?? 0, id)
        }
        return Set(ids).sorted { key($0) < key($1) }
    }

    static func asciiLowercased(_ s: String) -> String {
        String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
