import LinkMatch

/// The `diagnostics` target's case: a clean document (base entries of rules that cause no
/// diagnostic), a list of faults to plant in it, and a byte that steers the metamorphic relations.
/// `DiagnosticPlan` turns it into the file and the exact diagnostics `validate` must report.
///
/// A case type of its own (not `DocumentCase`): the document target's generator plants wrong types
/// and unknown keys at random without recording them, and its byte format must stay as it is so
/// that the committed corpus of the other targets replays unchanged. Byte format, front to back
/// (`ByteReader`: past the end every decision takes its first choice, a one-rule clean document):
/// entries (1 + 0...2), per entry its rules (1 + 0...3) as one shape byte each (`DiagnosticPlan`
/// reads the bits), faults (0...6) as a kind (`Fault.kinds`) and four parameter bytes each, then
/// the relations byte.
public struct DiagnosticCase: Sendable, Equatable {
    /// Per base entry, the shape byte of each of its rules.
    public var entries: [[UInt8]]
    /// The faults to plant, in order (a fault that does not fit the document as built so far is skipped).
    public var faults: [Fault]
    /// Steers the relations: which rotation of the entries, where the unrelated entry goes.
    public var relations: UInt8

    /// One planted fault: what kind, and four bytes saying where and which variant (taken modulo
    /// whatever they choose from, so every byte value means something).
    public struct Fault: Sendable, Equatable {
        public var kind: Kind
        public var params: [UInt8]

        public init(_ kind: Kind, _ params: [UInt8]) {
            self.kind = kind
            self.params = (params + [0, 0, 0, 0]).prefix(4).map { $0 }
        }

        /// The kinds of fault, each causing diagnostics of known codes (DiagnosticPlan says which).
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            /// A malformed team ID in an entry's `appIDs` (or a well-formed near miss): `app-id-format` (D12).
            case teamID = "team-id"
            /// A known key or an `appIDs` element of the wrong type: `wrong-type` (D10).
            case wrongType = "wrong-type"
            /// An unknown key, a case variant of a known one (warning with a hint) or not: `unknown-key` (D9).
            case unknownKey = "unknown-key"
            /// A rule shadowed by an earlier one (an exact duplicate after it, or a `*` rule first): `unreachable-rule`, `catch-all`.
            case shadowed
            /// An entry whose rule depends on an open point: `open-point` (section 15).
            case openPoint = "open-point"
            /// Padding that puts the file over Apple's 128 KB: `over-apple-size-limit` (D1).
            case size
            /// `paths` beside `components`: `mixed-formats` (D6).
            case mixedFormats = "mixed-formats"
            /// `appID` beside `appIDs` (its value never checked): `both-app-id-forms` (D4).
            case bothAppIDForms = "both-app-id-forms"
            /// An entry with `components: []`: `empty-components` (D8).
            case emptyComponents = "empty-components"
            /// A non-empty legacy `applinks.apps`: `legacy-apps-not-empty` (D3).
            case legacyApps = "legacy-apps"
            /// A rule whose `/` key appears twice (same value): `duplicate-key` (D5).
            case duplicateKey = "duplicate-key"
            /// An entry whose `appIDs` is a string: `wrong-type` and `missing-app-id` (D10, D3).
            case appIDsString = "appids-string"
            /// An entry of its own app whose rule holds an authoring mistake: a component `NOT `, a
            /// `#` or `?name=` in a path, a raw character, or an exclusion after a match covering it
            /// (`not-in-component`, `fragment-in-path`, `query-in-path`, `unmatchable-character`,
            /// `unreachable-rule` as an error; D6, U1, P1, U4, C3).
            case authoring
        }

        /// The five bytes of this fault in a case (the kind's byte, then the parameters): a
        /// dictionary entry for libFuzzer.
        public var encoded: [UInt8] {
            var w = ByteWriter()
            w.pick(Self.kinds, index: Self.kinds.choices.firstIndex(of: kind) ?? 0)
            for p in params { w.byte(p) }
            return w.bytes
        }

        static let kinds = ChoiceTable<Kind>([
            (.teamID, 40), (.wrongType, 36), (.unknownKey, 40), (.shadowed, 36), (.openPoint, 24), (.size, 4),
            (.mixedFormats, 12), (.bothAppIDForms, 16), (.emptyComponents, 10), (.legacyApps, 10),
            // `authoring` took half of the last kind's bytes: the committed seeds (each kind written as its
            // first byte) keep their faults; other inputs with those bytes now plant authoring mistakes.
            (.duplicateKey, 14), (.appIDsString, 7), (.authoring, 7),
        ])
    }

    public init(entries: [[UInt8]], faults: [Fault], relations: UInt8 = 0) {
        self.entries = entries
        self.faults = faults
        self.relations = relations
    }

    /// How many open-point plantings there are (an `open-point` fault's second parameter picks one, by remainder).
    public static var openPointVariants: Int { DiagnosticPlan.openPointRules.count }

    static let maxEntries = 3
    static let maxRules = 4
    static let maxFaults = 6

    public init(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        entries = (0...r.count(max: Self.maxEntries - 1)).map { _ in
            (0...r.count(max: Self.maxRules - 1)).map { _ in r.byte() }
        }
        faults = (0..<r.count(max: Self.maxFaults)).map { _ in
            Fault(r.pick(Fault.kinds), [r.byte(), r.byte(), r.byte(), r.byte()])
        }
        relations = r.byte()
    }

    /// Bytes that decode to this case.
    public func encoded() throws(SeedEncodingError) -> [UInt8] {
        var w = ByteWriter()
        try w.count(entries.count - 1, max: Self.maxEntries - 1, what: "entries (1 to \(Self.maxEntries))")
        for rules in entries {
            try w.count(rules.count - 1, max: Self.maxRules - 1, what: "rules of an entry (1 to \(Self.maxRules))")
            for shape in rules { w.byte(shape) }
        }
        try w.count(faults.count, max: Self.maxFaults, what: "faults")
        for fault in faults { w.append(fault.encoded) }
        w.byte(relations)
        return w.bytes
    }

    /// The parameters as readable JSON (what `init(readable:)` reads back).
    var readableParameters: [(String, JSONValue)] {
        [
            ("entries", .array(entries.map { .array($0.map { .number(String($0)) }) })),
            ("faults", .array(faults.map { f in
                ReadableJSON.object([("kind", .string(f.kind.rawValue)), ("params", .array(f.params.map { .number(String($0)) }))])
            })),
            ("relations", .number(String(relations))),
        ]
    }

    /// Reads `entries`, `faults` and `relations` from a readable twin (the rest of it is ignored).
    public init(readable obj: JSONObject) throws(SeedEncodingError) {
        func byte(_ v: JSONValue, _ what: String) throws(SeedEncodingError) -> UInt8 {
            guard case .number(let text) = v, let b = UInt8(text) else { throw SeedEncodingError("\(what) must be a number 0...255") }
            return b
        }
        func list(_ v: JSONValue?, _ what: String) throws(SeedEncodingError) -> [JSONValue] {
            guard case .array(let items)? = v else { throw SeedEncodingError("\(what) must be an array") }
            return items
        }
        var entries: [[UInt8]] = []
        for e in try list(obj["entries"], "\"entries\"") {
            var shapes: [UInt8] = []
            for s in try list(e, "an entry of \"entries\"") { shapes.append(try byte(s, "a rule shape")) }
            entries.append(shapes)
        }
        var faults: [Fault] = []
        for f in try list(obj["faults"] ?? .array([]), "\"faults\"") {
            guard case .object(let fo) = f else { throw SeedEncodingError("a fault must be an object") }
            let name = try ReadableJSON.string(fo, "kind")
            guard let kind = Fault.Kind(rawValue: name) else { throw SeedEncodingError("unknown fault kind \"\(name)\"") }
            var params: [UInt8] = []
            for p in try list(fo["params"] ?? .array([]), "\"params\"") { params.append(try byte(p, "a fault parameter")) }
            guard params.count <= 4 else { throw SeedEncodingError("a fault has at most 4 parameters") }
            faults.append(Fault(kind, params))
        }
        self.init(entries: entries, faults: faults, relations: try obj["relations"].map { v throws(SeedEncodingError) in try byte(v, "\"relations\"") } ?? 0)
    }
}
