import LinkMatch

/// One diagnostic as the `diagnostics` target compares them: severity, code and JSON path (the
/// message's wording is not stable, SPEC.md section 12).
public struct ExpectedDiagnostic: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var severity: Diagnostic.Severity
    public var code: String
    public var path: String

    public init(_ severity: Diagnostic.Severity, _ code: String, at path: String) {
        self.severity = severity
        self.code = code
        self.path = path
    }

    /// The parts of `diagnostic` that are compared.
    public init(_ diagnostic: Diagnostic) {
        self.init(diagnostic.severity, diagnostic.code, at: diagnostic.path)
    }

    /// `severity [code] path`, as `validate` prints it without the message.
    public var description: String { "\(severity) [\(code)] \(path.isEmpty ? "(document)" : path)" }

    public static func < (a: ExpectedDiagnostic, b: ExpectedDiagnostic) -> Bool { a.description < b.description }
}

/// Builds a `DiagnosticCase`'s file and, by construction, the diagnostics it must cause.
///
/// The base document is clean: each base entry names one well-formed app of its own and its rules
/// have paths `/e<entry>r<rule>` plus a tail, so no rule covers another and no rule touches an open
/// point (`DiagnosticsCheck`'s tests check that the shapes cause nothing). Each fault then changes
/// the model and records what it causes, relative to the entry or rule it touches; paths are
/// written once every rule and entry has its final index. The expectations come from SPEC.md's
/// rules (named at each fault), never from running the parser or the lints.
struct DiagnosticPlan {
    typealias Expectation = (severity: Diagnostic.Severity, code: String, steps: [Step])

    enum Step { case key(String), index(Int) }

    struct Rule {
        var base: [(String, JSONValue)]
        var extra: [(String, JSONValue)] = []
        var expected: [Expectation] = []
        var isBase = true
        /// A copy placed after its original: never decides (C3).
        var duplicate = false
        /// A `*` rule (no query, no fragment): every rule after it in the entry is unreachable.
        var coversAll = false
        var keys: [String] { (base + extra).map(\.0) }
        /// The rule's own `exclude` is true (a wrong-typed one in `extra` is ignored, D10; no
        /// default sets it).
        var isExclude: Bool { base.contains { $0.0 == "exclude" && $0.1 == .bool(true) } }
    }

    struct Entry {
        var appID: String?
        var appIDs: [JSONValue] = []
        /// `appIDs` as a value that is not an array (replaces `appIDs`).
        var appIDsValue: JSONValue?
        var rules: [Rule] = []
        var components = true
        var paths: [String]?
        var defaults: JSONValue?
        var extra: [(String, JSONValue)] = []
        var expected: [Expectation] = []
        var isBase = true
        var keys: [String] { ["appID", "appIDs", "components", "paths", "defaults"] + extra.map(\.0) }
    }

    var entries: [Entry] = []
    var apps: JSONValue?
    var defaults: JSONValue?
    var applinksExtra: [(String, JSONValue)] = []
    var applinksExpected: [Expectation] = []
    /// Bytes the file should have (a `size` fault), padded in `applinks.defaults.comment`.
    var targetSize: Int?

    static let teams = ["ABCDE12345", "FGHIJ67890", "KLMNO13579"]

    /// The tail of a base rule's path, by the low three bits of its shape.
    static let tails = ["", "/*", "/?", "/a?c", "/*/x", "/x/*/y", "/$(v)", "/?*"]

    init(_ c: DiagnosticCase) {
        for (i, shapes) in c.entries.enumerated() {
            var entry = Entry(appIDs: [.string("\(Self.teams[i % Self.teams.count]).com.example.e\(i)")])
            for (j, shape) in shapes.enumerated() { entry.rules.append(Rule(base: Self.baseRule(shape, entry: i, rule: j))) }
            entries.append(entry)
        }
        for (k, fault) in c.faults.enumerated() { plant(fault, number: k) }
    }

    /// A base rule: bits 0-2 the path's tail, bit 3 `exclude`, bit 4 `caseSensitive: false`, bit 5
    /// a `?` item, bit 6 a `#`, bit 7 `percentEncoded: false`.
    static func baseRule(_ shape: UInt8, entry i: Int, rule j: Int) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("/", .string("/e\(i)r\(j)" + tails[Int(shape & 7)]))]
        if shape & 0x20 != 0 { members.append(("?", ReadableJSON.object([("q", .string("v\(j)"))]))) }
        if shape & 0x40 != 0 { members.append(("#", .string("f\(j)"))) }
        if shape & 0x08 != 0 { members.append(("exclude", .bool(true))) }
        if shape & 0x10 != 0 { members.append(("caseSensitive", .bool(false))) }
        if shape & 0x80 != 0 { members.append(("percentEncoded", .bool(false))) }
        return members
    }

    var baseEntries: [Int] { entries.indices.filter { entries[$0].isBase } }

    func baseRules(_ e: Int) -> [Int] { entries[e].rules.indices.filter { entries[e].rules[$0].isBase } }

    // MARK: - Faults

    mutating func plant(_ fault: DiagnosticCase.Fault, number k: Int) {
        let p = fault.params.map(Int.init)
        let bases = baseEntries
        let e = bases[p[0] % bases.count]
        switch fault.kind {
        case .teamID: plantTeamID(entry: e, variant: p[1], number: k)
        case .wrongType: plantWrongType(p, number: k)
        case .unknownKey: plantUnknownKey(p)
        case .shadowed: plantShadow(entry: e, variant: p[1], rule: p[2], offset: p[3])
        case .openPoint: plantOpenPoint(variant: p[1], number: k)
        case .size:
            // D1: over 131,072 bytes is an error, over 128,000 a warning (expected from the byte count).
            if targetSize == nil { targetSize = p[1] % 2 == 0 ? 129_500 : 140_000 }
        case .mixedFormats:
            // D6: `paths` beside `components` is ignored, with a warning on the entry.
            guard entries[e].paths == nil else { return }
            entries[e].paths = ["/legacy\(k)"]
            entries[e].expected.append((.warning, "mixed-formats", []))
        case .bothAppIDForms:
            // D4: `appIDs` wins; the ignored `appID` is never checked, so a malformed one adds nothing.
            guard entries[e].appID == nil else { return }
            entries[e].appID = p[1] % 2 == 0 ? "ZYXWV98765.com.example.ignored\(k)" : "BAD.ignored\(k)"
            entries[e].expected.append((.warning, "both-app-id-forms", []))
        case .emptyComponents:
            // D8: an empty `components` is an info on the array.
            var entry = Entry(appIDs: [.string("EMPTY\(Self.digits(k, 5)).com.example.empty")], isBase: false)
            entry.expected.append((.info, "empty-components", [.key("components")]))
            entries.append(entry)
        case .legacyApps:
            // D3: the legacy `apps` must be `[]`.
            guard apps == nil else { return }
            apps = .array([.string("ABCDE12345.com.example.legacy")])
            applinksExpected.append((.info, "legacy-apps-not-empty", [.key("apps")]))
        case .duplicateKey:
            // D5: a repeated key (same value here, so nothing else changes) is a warning at the key.
            let rules = baseRules(e)
            let r = rules[p[1] % rules.count]
            guard let path = entries[e].rules[r].base.first(where: { $0.0 == "/" }), !entries[e].rules[r].extra.contains(where: { $0.0 == "/" }) else { return }
            entries[e].rules[r].extra.append(path)
            entries[e].rules[r].expected.append((.warning, "duplicate-key", [.key("/")]))
        case .authoring: plantAuthoringMistake(variant: p[1], number: k)
        case .appIDsString:
            // D10: `appIDs` must be an array; ignored, the entry names no app (D3).
            var entry = Entry(isBase: false)
            entry.appIDsValue = .string("APPSTR\(Self.digits(k, 4)).com.example.str")
            entry.rules = [Rule(base: [("/", .string("/s\(k)"))], isBase: false)]
            entry.expected = [(.error, "wrong-type", [.key("appIDs")]), (.error, "missing-app-id", [])]
            entries.append(entry)
        }
    }

    static func digits(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// Team-ID prefixes (before the bundle ID) and whether D12 flags them: `app-id-format` when the
    /// ID does not start with ten ASCII letters or digits and a dot with something after it.
    static let teamIDs: [(prefix: String, flagged: Bool)] = [
        ("ABCDE1234.", true),      // 9 characters
        ("ABCDE123456.", true),    // 11
        ("ABCDE1234567.", true),   // 12
        ("ABCD-12345.", true),     // punctuation
        ("ABCDE_2345.", true),
        ("ABCDE 2345.", true),
        ("ABCD\u{C9}1234.", true), // É: ten bytes, but not ten letters or digits
        ("ABCDE.2345.", true),     // a dot inside the team
        ("ABCDE12345-", true),     // no dot after the team
        ("abcde12345.", false),    // lowercase letters are letters
        ("0123456789.", false),
        ("ABCDE12345..", false),   // something after the dots
        ("AbCdE12345.", false),
    ]

    mutating func plantTeamID(entry e: Int, variant: Int, number k: Int) {
        let v = variant % (Self.teamIDs.count + 1)
        // The last variant: the team and dots only ("ABCDE12345." and more dots): nothing after the dot.
        let (id, flagged) = v == Self.teamIDs.count
            ? ("ABCDE12345" + String(repeating: ".", count: k + 1), true)
            : (Self.teamIDs[v].prefix + "com.example.t\(k)", Self.teamIDs[v].flagged)
        entries[e].appIDs.append(.string(id))
        if flagged { entries[e].expected.append((.error, "app-id-format", [])) }
    }

    static let flagKeys = ["exclude", "caseSensitive", "percentEncoded"]

    mutating func plantWrongType(_ p: [Int], number k: Int) {
        let bases = baseEntries
        let e = bases[p[1] % bases.count]
        let values: [JSONValue] = [.string("true"), .number("1"), .null, .array([]), .object(JSONObject()), .bool(true)]
        switch p[0] % 5 {
        case 0, 1:
            // D10: a known rule key of the wrong type is ignored (a key the rule lacks, so nothing else changes).
            let rules = baseRules(e)
            let r = rules[p[2] % rules.count]
            let free = (Self.flagKeys + ["#", "?"]).filter { !entries[e].rules[r].keys.contains($0) }
            guard !free.isEmpty else { return }
            let key = free[p[3] % free.count]
            let wrong = values.filter { v in
                switch (key, v) {
                case (_, .bool) where Self.flagKeys.contains(key): return false
                case ("#", .string), ("?", .string), ("?", .object): return false
                default: return true
                }
            }
            entries[e].rules[r].extra.append((key, wrong[(p[3] >> 3) % wrong.count]))
            entries[e].rules[r].expected.append((.error, "wrong-type", [.key(key)]))
        case 2:
            guard entries[e].defaults == nil else { return }
            let wrong = values.filter { if case .object = $0 { return false } else { return true } }
            entries[e].defaults = wrong[p[3] % wrong.count]
            entries[e].expected.append((.error, "wrong-type", [.key("defaults")]))
        case 3:
            let wrong = values.filter { if case .string = $0 { return false } else { return true } }
            entries[e].expected.append((.error, "wrong-type", [.key("appIDs"), .index(entries[e].appIDs.count)]))
            entries[e].appIDs.append(wrong[p[3] % wrong.count])
        default:
            guard apps == nil else { return }
            let wrong = values.filter { if case .array = $0 { return false } else { return true } }
            apps = wrong[p[3] % wrong.count]
            applinksExpected.append((.error, "wrong-type", [.key("apps")]))
        }
    }

    /// Keys with letters, per level, that a case variant is made from (D9).
    static let applinksKeys = ["apps", "details", "defaults", "substitutionVariables"]
    static let entryKeys = ["appID", "appIDs", "components", "paths", "defaults"]
    static let ruleKeys = ["exclude", "caseSensitive", "percentEncoded", "comment"]
    /// Keys no level knows, nor any case variant of a known key.
    static let unrelatedKeys = ["note", "x-team", "appLinks", "detail", "targets", "url", "exclude2", "version"]

    /// A case variant of `key`: the letters at positions whose bit is set in `mask` (cyclically, four
    /// bits) flip case; when none flips, the first letter does.
    static func caseVariant(_ key: String, mask: Int) -> String {
        var scalars = Array(key.unicodeScalars)
        var flipped = false
        for i in scalars.indices where mask & (1 << (i % 4)) != 0 {
            if let f = flip(scalars[i]) { scalars[i] = f; flipped = true }
        }
        if !flipped, let f = flip(scalars[0]) { scalars[0] = f }
        return String(String.UnicodeScalarView(scalars))
    }

    static func flip(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        switch s.value {
        case 0x41...0x5A: return Unicode.Scalar(s.value + 0x20)
        case 0x61...0x7A: return Unicode.Scalar(s.value - 0x20)
        default: return nil
        }
    }

    mutating func plantUnknownKey(_ p: [Int]) {
        let bases = baseEntries
        let e = bases[p[1] % bases.count]
        let hint = p[3] % 2 == 0
        func key(_ known: [String]) -> String {
            hint ? Self.caseVariant(known[(p[3] >> 1) % known.count], mask: p[3] >> 4)
                : Self.unrelatedKeys[(p[3] >> 1) % Self.unrelatedKeys.count]
        }
        // D9: an unknown key is ignored; a warning with a hint when it is a case variant of a known key.
        let expectation: (Diagnostic.Severity, String) = (hint ? .warning : .info, "unknown-key")
        switch p[0] % 3 {
        case 0:
            let k = key(Self.applinksKeys)
            guard !applinksExtra.contains(where: { $0.0 == k }) else { return }
            applinksExtra.append((k, .bool(true)))
            applinksExpected.append((expectation.0, expectation.1, [.key(k)]))
        case 1:
            let k = key(Self.entryKeys)
            guard !entries[e].keys.contains(k) else { return }
            entries[e].extra.append((k, .bool(true)))
            entries[e].expected.append((expectation.0, expectation.1, [.key(k)]))
        default:
            let rules = baseRules(e)
            let r = rules[p[2] % rules.count]
            let k = key(Self.ruleKeys)
            guard !entries[e].rules[r].keys.contains(k) else { return }
            entries[e].rules[r].extra.append((k, .bool(true)))
            entries[e].rules[r].expected.append((expectation.0, expectation.1, [.key(k)]))
        }
    }

    mutating func plantShadow(entry e: Int, variant: Int, rule: Int, offset: Int) {
        switch variant % 4 {
        case 0, 1:
            // C3: an exact copy after its original never decides.
            let rules = baseRules(e)
            let r = rules[rule % rules.count]
            var copy = Rule(base: entries[e].rules[r].base, isBase: false)
            copy.duplicate = true
            let at = r + 1 + offset % (entries[e].rules.count - r)
            entries[e].rules.insert(copy, at: at)
        default:
            // C3, D11: `*` first covers every later rule; as a non-exclusion it also opens every URL.
            guard entries[e].rules.first?.coversAll != true else { return }
            let exclude = variant % 4 == 2
            var star = Rule(base: [("/", .string("*"))] + (exclude ? [("exclude", .bool(true))] : []), isBase: false)
            star.coversAll = true
            if !exclude { star.expected.append((.warning, "catch-all", [])) }
            entries[e].rules.insert(star, at: 0)
        }
    }

    /// Rules that depend on an open point, alone in an entry of their own app, with the
    /// `open-point` diagnostics SPEC.md section 15 says they get (severity per diagnostic).
    static let openPointRules: [(rules: [[(String, JSONValue)]], severities: [[Diagnostic.Severity]])] = [
        // N1-empty-path-pattern: "" is no match on /x (another reading: absent, so a match) and a
        // match on / (another reading: matches nothing). Neither flips match and exclude: infos.
        ([[("/", .string(""))]], [[.info, .info]]),
        // N1-leading-star: */terms/* with the leading / kept in the text also matches /terms/:
        // LinkMatch matches there, the other reading does not; an info.
        ([[("/", .string("*/terms/*"))]], [[.info]]),
        // The same as an exclusion before a rule that matches /terms/: exclude against match, a
        // warning (`/*` would be a catch-all, D11).
        ([[("/", .string("*/terms/*")), ("exclude", .bool(true))], [("/", .string("/terms/*"))]], [[.warning], []]),
        // A rule before the open-point rule decides a URL the readings differ on: the lint writes out
        // `""` as /x (where the reading empty-is-absent matches and LinkMatch's does not) and / (where
        // the reading empty-matches-nothing does not match and LinkMatch's does). An exclusion of /x
        // first decides /x under both readings (exclude), so only / is reported (an info); without the
        // earlier rule both are (the first variant above).
        ([[("/", .string("/x")), ("exclude", .bool(true))], [("/", .string(""))]], [[], [.info]]),
        // The same with a rule that matches /x first: it decides /x under both readings (match).
        ([[("/", .string("/x"))], [("/", .string(""))]], [[], [.info]]),
    ]

    mutating func plantOpenPoint(variant: Int, number k: Int) {
        let (rules, severities) = Self.openPointRules[variant % Self.openPointRules.count]
        var entry = Entry(appIDs: [.string("OPENP\(Self.digits(k, 5)).com.example.open")], isBase: false)
        for (members, found) in zip(rules, severities) {
            var rule = Rule(base: members, isBase: false)
            rule.expected = found.map { ($0, "open-point", []) }
            entry.rules.append(rule)
        }
        entries.append(entry)
    }

    /// Rules with an authoring mistake and the finding each must cause, at the rule plus the steps
    /// given (SPEC.md section 12). `k` makes the paths unique.
    static func authoringRules(_ k: Int) -> [[(members: [(String, JSONValue)], found: [Expectation])]] {
        let path = [Step.key("/")]
        return [
            // D6: `NOT ` means nothing in a component; with percentEncoded true the raw space never matches (U4).
            [([("/", .string("NOT /a\(k)/*"))], [(.error, "not-in-component", path)])],
            [([("/", .string("NOT /a\(k)/*")), ("percentEncoded", .bool(false))], [(.warning, "not-in-component", path)])],
            // U1: the fragment is never part of the path.
            [([("/", .string("/#/s\(k)"))], [(.error, "fragment-in-path", path)])],
            // P1: `?` in a path is one character, not the query.
            [([("/", .string("/search\(k)?q=*"))], [(.warning, "query-in-path", path)])],
            // U4, E2: a raw non-ASCII character or space never appears in a URL as written.
            [([("/", .string("/caf\u{E9}\(k)"))], [(.error, "unmatchable-character", path)])],
            [([("/", .string("/u\(k)")), ("#", .string("a b"))], [(.error, "unmatchable-character", [.key("#")])])],
            // C3: an exclusion after a match that covers it never decides, and its URLs open the app.
            [([("/", .string("/m\(k)/*"))], []),
             ([("/", .string("/m\(k)/x")), ("exclude", .bool(true))], [(.error, "unreachable-rule", [])])],
        ]
    }

    mutating func plantAuthoringMistake(variant: Int, number k: Int) {
        let rules = Self.authoringRules(k)
        var entry = Entry(appIDs: [.string("AUTHR\(Self.digits(k, 5)).com.example.authoring")], isBase: false)
        for (members, found) in rules[variant % rules.count] {
            var rule = Rule(base: members, isBase: false)
            rule.expected = found
            entry.rules.append(rule)
        }
        entries.append(entry)
    }

    // MARK: - The file and its expectations

    /// The file as JSON, and every diagnostic it must cause except the size limit's (which depends
    /// on the bytes as served: `Self.sizeExpectation`).
    func build() -> (json: JSONValue, expected: [ExpectedDiagnostic]) {
        var expected: [ExpectedDiagnostic] = []
        func add(_ list: [Expectation], at base: String) {
            for x in list {
                let path = x.steps.reduce(base) { path, step in
                    switch step {
                    case .key(let k): return JSONPath.member(path, k)
                    case .index(let i): return JSONPath.index(path, i)
                    }
                }
                expected.append(ExpectedDiagnostic(x.severity, x.code, at: path))
            }
        }
        var details: [JSONValue] = []
        for (i, entry) in entries.enumerated() {
            let path = JSONPath.index("applinks.details", i)
            add(entry.expected, at: path)
            var members: [(String, JSONValue)] = []
            if let id = entry.appID { members.append(("appID", .string(id))) }
            members.append(("appIDs", entry.appIDsValue ?? .array(entry.appIDs)))
            var components: [JSONValue] = []
            var covered = false, coveredByMatch = false
            for (j, rule) in entry.rules.enumerated() {
                let rulePath = JSONPath.index(JSONPath.member(path, "components"), j)
                add(rule.expected, at: rulePath)
                // C3: after a `*` rule, or as a copy of an earlier rule, a rule never decides; an
                // error when it is an exclusion and the `*` rule a match (section 12).
                if covered || rule.duplicate {
                    let severity: Diagnostic.Severity = coveredByMatch && rule.isExclude ? .error : .warning
                    expected.append(ExpectedDiagnostic(severity, "unreachable-rule", at: rulePath))
                }
                if rule.coversAll {
                    covered = true
                    coveredByMatch = !rule.isExclude
                }
                components.append(ReadableJSON.object(rule.base + rule.extra))
            }
            if entry.components { members.append(("components", .array(components))) }
            if let paths = entry.paths { members.append(("paths", ReadableJSON.strings(paths))) }
            if let defaults = entry.defaults { members.append(("defaults", defaults)) }
            details.append(ReadableJSON.object(members + entry.extra))
        }
        add(applinksExpected, at: "applinks")
        var applinks: [(String, JSONValue)] = []
        if let apps { applinks.append(("apps", apps)) }
        if targetSize != nil { applinks.append(("defaults", ReadableJSON.object([("comment", .string(""))]))) }
        applinks.append(("substitutionVariables", ReadableJSON.object([("v", ReadableJSON.strings(["red", "blue"]))])))
        applinks.append(("details", .array(details)))
        var json = ReadableJSON.object([("applinks", ReadableJSON.object(applinks + applinksExtra))])
        if let targetSize {
            // Pad the comment so the compact file has `targetSize` bytes ("x" needs no escaping).
            let size = json.serialized().utf8.count
            applinks[applinks.firstIndex { $0.0 == "defaults" } ?? 0].1 =
                ReadableJSON.object([("comment", .string(String(repeating: "x", count: max(0, targetSize - size))))])
            json = ReadableJSON.object([("applinks", ReadableJSON.object(applinks + applinksExtra))])
        }
        return (json, expected)
    }

    /// D1's size diagnostic for a file of `byteCount` bytes as served: an error over 131,072
    /// (128 × 1,024), a warning over 128,000, else none (SPEC.md section 12, written out here).
    static func sizeExpectation(byteCount: Int) -> [ExpectedDiagnostic] {
        if byteCount > 131_072 { return [ExpectedDiagnostic(.error, "over-apple-size-limit", at: "")] }
        if byteCount > 128_000 { return [ExpectedDiagnostic(.warning, "over-apple-size-limit", at: "")] }
        return []
    }
}
