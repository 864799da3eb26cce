import LinkMatch

/// The `diff` check (issue 22): a generated document OLD, a second document NEW derived from it, and
/// `DocumentDiff.compare(OLD, NEW)` checked against the reference engine, which decides on its own:
/// - a rewrite that keeps the meaning (pretty-printing and key order, defaults hoisted into every
///   rule, legacy `paths` written as components) gives no change;
/// - every reported witness really changes decision (the reference decides it under both files);
/// - a URL generated for either document (URLGenerator) that the reference decides differently
///   under OLD and NEW belongs to an app the diff reports as changed: never to an app "proved"
///   unchanged, nor to one where the search found nothing.
public enum DiffCheck {
    /// How NEW is derived from OLD.
    public enum Edit: Int, Sendable, CaseIterable {
        case rewrite, swapAdjacentRules, flipExclude, dropRule, duplicateRuleFirst, changeDefaults
        /// Whether the edit keeps every decision by construction.
        public var keepsMeaning: Bool { self == .rewrite }
    }

    /// One case: OLD's JSON, the edit and where it applies, and URLs to probe both files with.
    public struct Case: Sendable {
        public var old: AASADocument
        public var new: AASADocument
        public var edit: Edit
        public var probes: [String]

        public init(old: AASADocument, new: AASADocument, edit: Edit, probes: [String]) {
            self.old = old
            self.new = new
            self.edit = edit
            self.probes = probes
        }
    }

    /// Decodes a case from fuzzer bytes (total: every byte string is a case).
    public static func decode(_ bytes: [UInt8]) -> Case {
        var r = ByteReader(bytes)
        let json = AASAGenerator.read(&r)
        let old = (try? AASADocument.parse(Array(json.serialized().utf8)).document) ?? AASADocument()
        let edit = Edit(rawValue: Int(r.byte()) % Edit.allCases.count) ?? .rewrite
        let where1 = Int(r.byte()), where2 = Int(r.byte())
        let new = derive(old, edit, where1, where2)
        var probes: [String] = []
        let apps = DocumentDiff.apps(old, new)
        for i in 0..<24 {
            probes.append(URLGenerator.read(&r, document: i % 2 == 0 ? old : new, domain: "",
                                            appID: apps.isEmpty ? nil : apps[i % apps.count]))
        }
        return Case(old: old, new: new, edit: edit, probes: probes)
    }

    /// NEW from OLD, read back from its JSON (so the reference reads NEW's file itself).
    public static func derive(_ old: AASADocument, _ edit: Edit, _ a: Int, _ b: Int) -> AASADocument {
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
        }
        for e in out.entries.indices {
            for r in out.entries[e].rules.indices { out.entries[e].rules[r].legacyPath = nil }
        }
        let text = DocumentSerializer.json(out).serialized(pretty: a & 1 == 1)
        return (try? AASADocument.parse(Array(text.utf8)).document) ?? out
    }

    /// Defaults hoisted into every rule (C5), `defaults` removed; legacy paths become components
    /// when the caller clears `legacyPath`.
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

    /// The first problem, in words, or nil. `mistakes` plants a mistake in the diff (the self-test).
    public static func problem(_ c: Case, mistakes: Set<DiffPlantedMistake> = [], probeBudget: Int = 64) -> String? {
        let report = DocumentDiff.compare(old: .document(c.old), new: .document(c.new),
                                          options: DiffOptions(probeBudget: probeBudget, plantedMistakes: mistakes))
        if c.edit.keepsMeaning, report.hasChanges { return "a rewrite that keeps the meaning is reported as a change" }
        let o = ReferenceEngine().prepare(c.old), n = ReferenceEngine().prepare(c.new)
        for app in report.apps {
            for change in app.changes {
                if change.witnesses.isEmpty { return "\(app.appID): \(change.cause.rawValue) has no witness" }
                for w in change.witnesses {
                    guard let url = try? ParsedURL(w.url) else { return "witness \(w.url) is not a URL" }
                    let a = o.decide(url, appID: app.appID, domain: "").outcome, b = n.decide(url, appID: app.appID, domain: "").outcome
                    if a == b || a != w.old || b != w.new {
                        return "\(app.appID): witness \(w.url) of \(change.cause.rawValue) is \(w.old.rawValue) -> \(w.new.rawValue), the reference says \(a.rawValue) -> \(b.rawValue)"
                    }
                }
            }
        }
        // The proofs against the search: a witness (checked above for the search-only run below too)
        // on an app the first run proved unchanged means the proof is wrong.
        var searchOnly = DiffOptions(probeBudget: probeBudget, plantedMistakes: mistakes)
        searchOnly.skipsProofs = true
        let searched = DocumentDiff.compare(old: .document(c.old), new: .document(c.new), options: searchOnly)
        for (app, other) in zip(report.apps, searched.apps) {
            guard case .provedSame(let why) = app.verdict, let w = other.changes.first?.witnesses.first,
                  let url = try? ParsedURL(w.url) else { continue }
            let a = o.decide(url, appID: app.appID, domain: "").outcome, b = n.decide(url, appID: app.appID, domain: "").outcome
            if a != b { return "\(app.appID): proved unchanged (\(why)) but \(w.url) is \(a.rawValue) -> \(b.rawValue)" }
        }
        for text in c.probes {
            guard let url = try? ParsedURL(text) else { continue }
            for app in report.apps {
                let a = o.decide(url, appID: app.appID, domain: ""), b = n.decide(url, appID: app.appID, domain: "")
                guard a.outcome != b.outcome, a.outcome != .undecided, b.outcome != .undecided else { continue }
                switch app.verdict {
                case .changed: continue
                case .provedSame(let why): return "\(app.appID): proved unchanged (\(why)) but \(text) is \(a.outcome.rawValue) -> \(b.outcome.rawValue)"
                case .notProved: return "\(app.appID): no change found in \(app.checkedURLs) URLs but \(text) is \(a.outcome.rawValue) -> \(b.outcome.rawValue)"
                }
            }
        }
        return nil
    }
}
