import LinkMatch

/// The `diff` target's case: a generated AASA file, an edit that derives the two files OLD and NEW
/// from it, and URLs to probe both with.
///
/// Bytes: the file (`AASAGenerator`), the edit, two position bytes, the number of probes (24 minus a
/// count, so 24 past the end of the input), then each probe: generated from OLD's or NEW's rules
/// (`URLGenerator`) or written out (token text).
public struct DiffCase: Sendable, Equatable {
    /// How OLD and NEW are derived from the generated file.
    public enum Edit: Int, Sendable, CaseIterable {
        /// NEW: defaults hoisted into every rule, legacy `paths` as components, maybe pretty-printed.
        case rewrite
        /// NEW: two adjacent rules of one entry swapped (a pair with different `exclude` if any).
        case swapAdjacentRules
        /// NEW: one rule's `exclude` flipped.
        case flipExclude
        /// NEW: one rule removed.
        case dropRule
        /// NEW: a copy of one rule inserted first in its entry.
        case duplicateRuleFirst
        /// NEW: `applinks.defaults.caseSensitive` flipped.
        case changeDefaults
        /// OLD: a rule followed by its copy with `exclude` flipped (the copy can never match first);
        /// NEW: the two swapped. Two adjacent rules that overlap fully and differ in `exclude`: the
        /// swap changes every URL that reaches the rule, and only the reorder proof's scan of
        /// adjacent pairs stands between it and a wrong "proved unchanged".
        case swapOverlappingPair
        /// OLD: a rule made case-sensitive, followed by its copy with `exclude` flipped, case-insensitive
        /// and its pattern's letters in the other case (so the two overlap on the first's URLs);
        /// NEW: the two swapped. Two overlapping rules with different flags: only the overlap proof's
        /// refusal to compare rules that read URLs differently (E1) stands between the swap and a
        /// wrong "proved unchanged".
        case swapFlagVariants
        /// NEW: an app no file lists yet added to one entry's `appIDs` (its changes: `app-added`).
        case addApp
        /// NEW: one entry's first app ID removed (`app-dropped` when no other entry lists it).
        case dropApp

        /// Whether the edit keeps every decision by construction.
        public var keepsMeaning: Bool { self == .rewrite }

        /// The cause the diff must give every change this edit makes, when each rule of the app is
        /// written once (no two effective rules alike in OLD, nor in NEW) and OLD's rules are where NEW
        /// writes them (no legacy `paths`, no skipped entry or component before one); nil when the edit names no
        /// single cause (a rewrite changes nothing; a duplicated rule or changed defaults may touch
        /// several rules).
        public var expectedCause: DiffCause? {
            switch self {
            case .swapAdjacentRules, .swapOverlappingPair, .swapFlagVariants: return .ruleMoved
            case .flipExclude: return .ruleChanged
            case .dropRule: return .ruleRemoved
            // The app's listing decides these (DiffCauses): app-added or app-dropped where it changes.
            case .rewrite, .duplicateRuleFirst, .changeDefaults, .addApp, .dropApp: return nil
            }
        }

        /// The name in readable twins.
        public var name: String {
            switch self {
            case .rewrite: return "rewrite"
            case .swapAdjacentRules: return "swap-adjacent-rules"
            case .flipExclude: return "flip-exclude"
            case .dropRule: return "drop-rule"
            case .duplicateRuleFirst: return "duplicate-rule-first"
            case .changeDefaults: return "change-defaults"
            case .swapOverlappingPair: return "swap-overlapping-pair"
            case .swapFlagVariants: return "swap-flag-variants"
            case .addApp: return "add-app"
            case .dropApp: return "drop-app"
            }
        }
    }

    /// The generated file OLD and NEW are derived from.
    public var aasa: JSONValue
    public var edit: Edit
    /// Which entry (among those with rules) and which rule the edit applies to, by remainder; the
    /// first byte's low bit also pretty-prints the derived files.
    public var entryByte: UInt8
    public var ruleByte: UInt8
    /// URLs asked of both files for every app (at most `maxProbes`).
    public var probes: [String]

    public static let maxProbes = 24

    public init(aasa: JSONValue, edit: Edit, entryByte: UInt8 = 0, ruleByte: UInt8 = 0, probes: [String]) {
        self.aasa = aasa
        self.edit = edit
        self.entryByte = entryByte
        self.ruleByte = ruleByte
        self.probes = probes
    }

    public static func == (a: DiffCase, b: DiffCase) -> Bool {
        a.aasa.serialized().utf8.elementsEqual(b.aasa.serialized().utf8) && a.edit == b.edit && a.entryByte == b.entryByte
            && a.ruleByte == b.ruleByte && sameScalars(a.probes, b.probes)
    }

    enum ProbeMode: Sendable, Equatable { case fromOld, fromNew, written }

    static let probeModes = ChoiceTable<ProbeMode>([(.fromOld, 108), (.fromNew, 108), (.written, 40)])

    public init(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        aasa = AASAGenerator.read(&r)
        edit = Edit(rawValue: Int(r.byte()) % Edit.allCases.count) ?? .rewrite
        entryByte = r.byte()
        ruleByte = r.byte()
        let count = Self.maxProbes - r.count(max: Self.maxProbes)
        let (old, new) = DiffCase.derive(aasa, edit, entryByte, ruleByte)
        let apps = DocumentDiff.apps(old, new)
        var probes: [String] = []
        for i in 0..<count {
            let app = apps.isEmpty ? nil : apps[i % apps.count]
            switch r.pick(Self.probeModes) {
            case .fromOld: probes.append(URLGenerator.read(&r, document: old, domain: "", appID: app))
            case .fromNew: probes.append(URLGenerator.read(&r, document: new, domain: "", appID: app))
            case .written: probes.append(TextCoding.read(&r, .url))
            }
        }
        self.probes = probes
    }

    /// Bytes that decode to this case.
    public func encoded() throws(SeedEncodingError) -> [UInt8] {
        var w = ByteWriter()
        try AASAGenerator.write(aasa, to: &w)
        w.byte(UInt8(edit.rawValue))
        w.byte(entryByte)
        w.byte(ruleByte)
        guard probes.count <= Self.maxProbes else { throw SeedEncodingError("a diff case holds at most \(Self.maxProbes) probes, not \(probes.count)") }
        try w.count(Self.maxProbes - probes.count, max: Self.maxProbes, what: "probes")
        for url in probes {
            w.pick(Self.probeModes, index: 2)
            try TextCoding.write(url, .url, to: &w, what: "probe")
        }
        return w.bytes
    }

    /// OLD and NEW, each read back from its JSON (so the reference reads each file itself).
    public var documents: (old: AASADocument, new: AASADocument) { Self.derive(aasa, edit, entryByte, ruleByte) }

    static func derive(_ aasa: JSONValue, _ edit: Edit, _ a: UInt8, _ b: UInt8) -> (old: AASADocument, new: AASADocument) {
        let generated = (try? AASADocument.parse(Array(aasa.serialized().utf8)).document) ?? AASADocument()
        let pretty = a & 1 == 1
        let withRules = generated.entries.indices.filter { !generated.entries[$0].rules.isEmpty }
        guard edit == .swapOverlappingPair || edit == .swapFlagVariants, !withRules.isEmpty else {
            return (generated, reread(derive(generated, edit, Int(a), Int(b)), pretty: pretty))
        }
        let e = withRules[Int(a) % withRules.count]
        let i = Int(b) % generated.entries[e].rules.count
        var old = generated
        var copy = old.entries[e].rules[i]
        let current = EffectiveRule(rule: copy, entryIndex: e, ruleIndex: i,
                                    entryDefaults: old.entries[e].defaults, domainDefaults: old.defaults).exclude
        copy.fields.exclude = !current
        if edit == .swapFlagVariants {
            old.entries[e].rules[i].fields.caseSensitive = true
            copy.fields.caseSensitive = false
            copy.fields.path = copy.fields.path.map(otherCase)
        }
        old.entries[e].rules.insert(copy, at: i + 1)
        old = reread(old, pretty: pretty)
        var new = old
        if new.entries.indices.contains(e), new.entries[e].rules.count > i + 1 { new.entries[e].rules.swapAt(i, i + 1) }
        return (old, reread(new, pretty: pretty))
    }

    /// NEW from OLD by one of the edits that change NEW only.
    static func derive(_ old: AASADocument, _ edit: Edit, _ a: Int, _ b: Int) -> AASADocument {
        var out = old
        let withRules = old.entries.indices.filter { !old.entries[$0].rules.isEmpty }
        let e = withRules.isEmpty ? nil : withRules[a % withRules.count]
        switch edit {
        case .rewrite:
            out = hoisted(old)
        case .swapAdjacentRules:
            if let e, out.entries[e].rules.count >= 2 {
                // A pair with different `exclude` when there is one: only such a swap can change anything.
                let n = out.entries[e].rules.count - 1
                let effective = old.effectiveRules(for: old.entries[e].appIDs.first ?? "").filter { $0.entryIndex == e }
                let exclude = effective.count == n + 1 ? effective.map(\.exclude) : []
                let i = (0..<n).map { (b + $0) % n }.first { exclude.isEmpty || exclude[$0] != exclude[$0 + 1] } ?? b % n
                out.entries[e].rules.swapAt(i, i + 1)
            }
        case .flipExclude:
            if let e {
                let i = b % out.entries[e].rules.count
                let current = EffectiveRule(rule: out.entries[e].rules[i], entryIndex: e, ruleIndex: i,
                                            entryDefaults: out.entries[e].defaults, domainDefaults: out.defaults).exclude
                out.entries[e].rules[i].fields.exclude = !current
            }
        case .dropRule:
            if let e { out.entries[e].rules.remove(at: b % out.entries[e].rules.count) }
        case .duplicateRuleFirst:
            if let e { out.entries[e].rules.insert(out.entries[e].rules[b % out.entries[e].rules.count], at: 0) }
        case .changeDefaults:
            out.defaults.caseSensitive = !(old.defaults.caseSensitive ?? true)
        case .addApp:
            if let e { out.entries[e].appIDs.append(addedApp) }
        case .dropApp:
            if let e, !out.entries[e].appIDs.isEmpty { out.entries[e].appIDs.removeFirst() }
        case .swapOverlappingPair, .swapFlagVariants:
            break // derived with OLD, above
        }
        return out
    }

    /// The app `addApp` adds (no generated file lists it: its team ID is none the generator writes).
    static let addedApp = "ADDED98765.com.example.added"

    /// ASCII letters in the other case, outside `$(name)` references (a variable's name is not text).
    static func otherCase(_ pattern: String) -> String {
        var out = String.UnicodeScalarView()
        var inName = false
        var previous: Unicode.Scalar?
        for c in pattern.unicodeScalars {
            if previous == "$", c == "(" { inName = true } else if inName, c == ")" { inName = false }
            previous = c
            switch c.value {
            case 0x41...0x5A where !inName: out.append(Unicode.Scalar(c.value + 0x20)!)
            case 0x61...0x7A where !inName: out.append(Unicode.Scalar(c.value - 0x20)!)
            default: out.append(c)
            }
        }
        return String(out)
    }

    /// The document written as JSON (legacy `paths` as components) and parsed again.
    static func reread(_ document: AASADocument, pretty: Bool) -> AASADocument {
        var out = document
        for e in out.entries.indices {
            for r in out.entries[e].rules.indices { out.entries[e].rules[r].legacyPath = nil }
        }
        let text = DocumentSerializer.json(out).serialized(pretty: pretty)
        return (try? AASADocument.parse(Array(text.utf8)).document) ?? out
    }

    /// Defaults hoisted into every rule (C5), `defaults` removed; legacy paths become components
    /// when `reread` clears `legacyPath`.
    static func hoisted(_ document: AASADocument) -> AASADocument {
        var out = document
        out.defaults = ComponentFields()
        for e in out.entries.indices {
            out.entries[e].defaults = ComponentFields()
            for r in out.entries[e].rules.indices {
                let f = document.entries[e].rules[r].fields, x = document.entries[e].defaults, d = document.defaults
                out.entries[e].rules[r].fields = ComponentFields(
                    path: f.path ?? x.path ?? d.path, query: f.query ?? x.query ?? d.query, fragment: f.fragment ?? x.fragment ?? d.fragment,
                    exclude: f.exclude ?? x.exclude ?? d.exclude ?? false,
                    caseSensitive: f.caseSensitive ?? x.caseSensitive ?? d.caseSensitive ?? true,
                    percentEncoded: f.percentEncoded ?? x.percentEncoded ?? d.percentEncoded ?? true, comment: f.comment)
            }
        }
        return out
    }
}
