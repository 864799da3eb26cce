import LinkMatchCore

/// The reference side's own reading of an AASA file's JSON into the rules it evaluates (SPEC.md
/// D3–D8, D10, C1, C5, Q5, V1, V6). Written from the spec's wording, one rule at a time, and
/// independent of the compiled side's DocumentParser/EffectiveRule (another module, which this one
/// cannot import). Diagnostics are not its business: only what decides a match, and the
/// document-wide P5 total that decides whether the file loads at all (`expandedTotal`).
struct ReferenceDocument {
    struct Entry {
        /// The apps the entry names (D4, D5), empty strings left out (D3).
        var apps: [String]
        /// The entry's rules with every key resolved (C5), in order (C3).
        var rules: [ReferenceRule]
    }

    var entries: [Entry] = []
    var variables = ReferenceVariables(custom: [])
    /// P5, document-wide: the expanded sizes of every pattern the file gives (applinks.defaults,
    /// each entry's defaults, each rule; broken ones not counted), added up. Only a JSON reading
    /// counts it: a document built in code was loaded (or not) by whoever built it.
    var expandedTotal = 0

    typealias Fields = ReferenceFields

    /// No entries, only variables (RuleProbe evaluates rules it is given).
    init(variables: VariableTable) {
        self.variables = ReferenceVariables(custom: variables.custom)
    }

    /// A document built in code, with no JSON behind it: its entries and rules are taken as they
    /// are (D3–D6 are already applied), and the defaults chain (C5) is still resolved here.
    init(defaults: Fields, entries given: [ReferenceEntry], variables: [(name: String, values: [String])]) {
        self.variables = ReferenceVariables(custom: variables)
        for (e, entry) in given.enumerated() {
            let rules = entry.rules.enumerated().map { r, rule in
                Self.effective(rule.fields, entry: entry.defaults, domain: defaults, entryIndex: e, ruleIndex: r,
                               sourcePath: rule.sourcePath)
            }
            entries.append(Entry(apps: entry.apps.filter { !$0.isEmpty }, rules: rules))
        }
    }

    init(json: JSONValue) {
        // D3: without an `applinks` object nothing matches.
        guard case .object(let top) = json, case .object(let applinks)? = top["applinks"] else { return }
        let domainDefaults = Self.fields(applinks["defaults"])
        variables = Self.variables(applinks["substitutionVariables"])

        // D3, D5: `details` is an array of entries, or an object keyed by app ID (document order).
        var found: [(key: String?, entry: JSONObject, path: String)] = []
        switch applinks["details"] {
        case .array(let list)?:
            for (i, value) in list.enumerated() {
                if case .object(let entry) = value { found.append((nil, entry, "applinks.details[\(i)]")) } // D10
            }
        case .object(let dictionary)?:
            for key in dictionary.keys {
                if case .object(let entry)? = dictionary[key] { found.append((key, entry, ReferencePaths.member("applinks.details", key))) }
            }
        default:
            break
        }
        var total = ReferenceLimits.Total(variables: variables)
        total.add(domainDefaults)
        for (e, item) in found.enumerated() {
            let entryDefaults = Self.fields(item.entry["defaults"])
            total.add(entryDefaults)
            let read = Self.rules(of: item.entry, at: item.path)
            for rule in read { total.add(rule.fields) }
            let rules = read.enumerated().map { r, rule in
                Self.effective(rule.fields, entry: entryDefaults, domain: domainDefaults,
                               entryIndex: e, ruleIndex: r, sourcePath: rule.path)
            }
            entries.append(Entry(apps: Self.apps(of: item.entry, key: item.key), rules: rules))
        }
        expandedTotal = total.sum
    }

    /// D4: `appIDs` (an array) names the apps, and then `appID` is ignored, even when `appIDs` is
    /// []; otherwise `appID` (a string) does. D5: a dictionary key plays the part of `appID`: an
    /// `appID` in its value is ignored, an `appIDs` there wins over the key. D10: a wrong-typed
    /// `appIDs` counts as absent, non-string elements are skipped. D3: "" names no app.
    static func apps(of entry: JSONObject, key: String?) -> [String] {
        var apps: [String] = []
        if case .array(let list)? = entry["appIDs"] {
            for case .string(let id) in list { apps.append(id) }
        } else if let key {
            apps = [key]
        } else if case .string(let id)? = entry["appID"] {
            apps = [id]
        }
        return apps.filter { !$0.isEmpty }
    }

    /// D6: the `components` when that key holds an array, else the legacy `paths`; D8: possibly none.
    static func rules(of entry: JSONObject, at path: String) -> [(fields: Fields, path: String)] {
        var out: [(fields: Fields, path: String)] = []
        if case .array(let components)? = entry["components"] {
            for (i, value) in components.enumerated() where isObject(value) { // D10: skip non-objects
                out.append((fields(value), ReferencePaths.index(ReferencePaths.member(path, "components"), i)))
            }
        } else if case .array(let paths)? = entry["paths"] {
            for (i, value) in paths.enumerated() {
                guard case .string(let text) = value else { continue } // D10
                // D6: exactly `NOT ` (N, O, T, space) at the start makes an exclusion of the rest.
                let scalars = Array(text.unicodeScalars)
                let not: [Unicode.Scalar] = ["N", "O", "T", " "]
                var f = Fields()
                if scalars.starts(with: not) {
                    f.path = String(String.UnicodeScalarView(scalars.dropFirst(4)))
                    f.exclude = true
                } else {
                    f.path = text
                }
                out.append((f, ReferencePaths.index(ReferencePaths.member(path, "paths"), i)))
            }
        }
        return out
    }

    /// C1 with D10 and Q5: each key when it has the right type.
    static func fields(_ value: JSONValue?) -> Fields {
        var f = Fields()
        guard case .object(let obj)? = value else { return f }
        if case .string(let s)? = obj["/"] { f.path = s }
        if case .string(let s)? = obj["#"] { f.fragment = s }
        switch obj["?"] {
        case .string(let s)?:
            f.query = .whole(s)                                                 // Q1
        case .object(let items)?:
            // Q2; Q5: a single non-string value and the whole dictionary counts as absent.
            var list: [(name: String, pattern: String)] = []
            var allStrings = true
            for name in items.keys {
                if case .string(let s)? = items[name] { list.append((name, s)) } else { allStrings = false }
            }
            if allStrings { f.query = .items(list) }
        default:
            break
        }
        if case .bool(let b)? = obj["exclude"] { f.exclude = b }
        if case .bool(let b)? = obj["caseSensitive"] { f.caseSensitive = b }
        if case .bool(let b)? = obj["percentEncoded"] { f.percentEncoded = b }
        return f
    }

    /// C5: per key, the rule's own value, else the entry's defaults, else applinks.defaults, else the
    /// built-in default (`*` for the parts, i.e. nil; exclude false; caseSensitive and percentEncoded true).
    static func effective(_ rule: Fields, entry: Fields, domain: Fields,
                          entryIndex: Int, ruleIndex: Int, sourcePath: String) -> ReferenceRule {
        func pick<T>(_ key: KeyPath<Fields, T?>) -> T? { rule[keyPath: key] ?? entry[keyPath: key] ?? domain[keyPath: key] }
        return ReferenceRule(path: pick(\.path), query: pick(\.query), fragment: pick(\.fragment),
                             exclude: pick(\.exclude) ?? false, caseSensitive: pick(\.caseSensitive) ?? true,
                             percentEncoded: pick(\.percentEncoded) ?? true,
                             entryIndex: entryIndex, ruleIndex: ruleIndex, sourcePath: sourcePath)
    }

    /// V1, V6: each name with an array value, its string elements; anything else is left out.
    static func variables(_ value: JSONValue?) -> ReferenceVariables {
        var custom: [(name: String, values: [String])] = []
        if case .object(let obj)? = value {
            for name in obj.keys {
                guard case .array(let list)? = obj[name] else { continue }
                var values: [String] = []
                for case .string(let s) in list { values.append(s) }
                custom.append((name, values))
            }
        }
        return ReferenceVariables(custom: custom)
    }

    static func isObject(_ value: JSONValue) -> Bool {
        if case .object = value { return true }
        return false
    }

    /// D7, D12: the rules of every entry naming `app` exactly, entry by entry.
    func rules(for app: String) -> [ReferenceRule] {
        entries.filter { names($0, app) }.flatMap(\.rules)
    }

    func lists(_ app: String) -> Bool {
        entries.contains { names($0, app) }
    }

    func names(_ entry: Entry, _ app: String) -> Bool {
        entry.apps.contains { Array($0.unicodeScalars) == Array(app.unicodeScalars) }
    }
}
