import LinkMatchCore
import LinkMatchModel

extension CompiledDocument {
    /// Reads the AASA file `bytes` and compiles it, without building the document model: the rules
    /// are compiled straight from the file's JSON (a `JSONTape`), found as `AASADocument.parse` finds
    /// them, so the result decides every URL as `CompiledDocument(AASADocument.parse(bytes).document)`
    /// does, traces included (a trace reads the model, built from the same JSON the first time one
    /// is read). For callers that want decisions and not the model or its diagnostics.
    ///
    /// - Throws: what `AASADocument.parse(_:limits:)` throws for the same bytes, with the same code
    ///   and message: `file-too-large`, `too-deep`, `invalid-json`, `top-level-not-object`, `too-complex`.
    public init(parsing bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits()) throws(DocumentLoadError) {
        var built = 0
        try self.init(parsing: bytes, limits: limits, hashing: .perProcess, builtIndexes: &built)
    }

    /// `init(parsing:limits:)` with the compile's hash tables hashing as `hashing` says, also
    /// setting `builtIndexes` (see `init(_:hashing:builtIndexes:)`).
    init(parsing bytes: [UInt8], limits: JSONParser.Limits, hashing: TableHashing, builtIndexes: inout Int) throws(DocumentLoadError) {
        let (tape, _) = try AASADocument.readTape(bytes, limits: limits)
        guard tape.root.object != nil else { throw AASADocument.topLevelNotObject(tape) }
        // The rules found (P5 checked before anything is compiled), then compiled: each a walk over
        // the tape's buffers, whose results are returned (moved), not copied out of a wrapper.
        let document = tape.withBuffers { TapeDocument(tape, $0) }
        guard document.expandedSize <= PatternLimits.maxDocumentExpandedSize else { throw AASADocument.tooComplex(document.expandedSize) }
        let (compiled, apps) = tape.withBuffers { document.compile(on: $0, hashing: hashing) }
        self.init(compiled, apps: apps, sources: .tape(TapeModel(text: tape.bytes, limits: limits)), builtIndexes: &builtIndexes)
    }
}

extension TapeDocument {
    /// Every rule compiled, entry by entry (an invalid one left out, P3/P4), and the apps that list
    /// the entries; `json` is the buffers of the tape the document was read from.
    func compile(on json: JSONTapeBuffers, hashing: TableHashing) -> (CompiledRules, DocumentApps) {
        var compiled = CompiledRules(VariableResolver(variables), rules: ruleCount, entries: entries.count, hashing: hashing)
        for e in entries.indices {
            compiled.startEntry()
            // Real files repeat one list of paths in an entry per app: such an entry is the one before it again.
            if entries[e].repeatsPrevious {
                compiled.repeatPreviousEntry(as: Int32(e))
                continue
            }
            let entry = entries[e]
            for r in entry.firstRule..<entry.endRule {
                guard CompiledRule.compile(rules[Int(r)], entryDefaults: entry.defaults, domainDefaults: defaults,
                                           on: json, into: &compiled) else { continue }
                compiled.origins.append(RuleOrigin(entry: Int32(e), rule: r - entry.firstRule))
            }
        }
        compiled.finishEntries()
        let listed = appIDs.count // an upper bound on the apps: each entry lists each ID once
        var apps = DocumentApps(listed: listed, hashing: listed > CompiledDocument.fewAppsLimit ? hashing : nil)
        for (entry, id) in appIDs {
            json.withUTF8(at: Int(id)) { apps.add(utf8: $0, entry: Int(entry)) }
        }
        return (compiled, apps)
    }
}

extension CompiledRule {
    /// `compile(_:entryDefaults:domainDefaults:into:patterns:items:itemNames:)` for a rule read from a
    /// JSON tape (`TapeDocument`): each key through C5's chain (the rule's, its entry's defaults, the
    /// domain's, the built-in), each pattern compiled from its bytes on `tape`. False, and nothing
    /// added, when a pattern is invalid (P3) or names an undefined variable (P4).
    static func compile(_ fields: borrowing TapeFields, entryDefaults entry: borrowing TapeFields, domainDefaults domain: borrowing TapeFields,
                        on tape: JSONTapeBuffers, into compiled: inout CompiledRules) -> Bool {
        let cs = Self.effective(fields.caseSensitive, entry.caseSensitive, domain.caseSensitive, builtIn: true)
        let form = TextForm(caseSensitive: cs,
                            percentEncoded: Self.effective(fields.percentEncoded, entry.percentEncoded, domain.percentEncoded, builtIn: true))
        let exclude = Self.effective(fields.exclude, entry.exclude, domain.exclude, builtIn: false)
        var path: Int32 = -1
        // Each key's first holder in C5's chain: its entry on the tape (-1: none) and what goes with it.
        let (pathString, pathSkip) = fields.path >= 0 ? (fields.path, fields.pathSkip)
            : entry.path >= 0 ? (entry.path, entry.pathSkip) : (domain.path, domain.pathSkip)
        if pathString >= 0 {
            let skip = Int(pathSkip)
            guard let p = tape.withUTF8(at: Int(pathString), { b in
                // SAFETY: `pathSkip` is 4 only for a string that starts with the four bytes `NOT ` (TapeFields), else 0.
                assert(skip <= b.count)
                return compiled.patterns.compile(utf8: UnsafeBufferPointer(rebasing: b[skip...]), isPath: true, caseSensitive: cs)
            }) else { return false }
            path = p
        }
        let (queryEntry, queryKindGiven) = fields.queryKind != .none ? (fields.query, fields.queryKind)
            : entry.queryKind != .none ? (entry.query, entry.queryKind) : (domain.query, domain.queryKind)
        let queryKind: QueryKind
        let firstItem = compiled.items.count
        let firstName = compiled.itemNames.count
        var query: Int32 = 0
        var itemCount: Int32 = 0
        switch queryKindGiven {
        case .none:
            queryKind = .any
        case .whole:
            guard let p = compile(Int(queryEntry), on: tape, into: &compiled.patterns, caseSensitive: cs) else { return false }
            queryKind = .whole
            query = p
        case .items, .itemsWithRepeats:
            var valid = true
            TapeFields.forEachItem(of: Int(queryEntry), on: tape, repeats: queryKindGiven == .itemsWithRepeats) { key, value in
                guard valid else { return }
                guard let p = compile(value, on: tape, into: &compiled.patterns, caseSensitive: cs) else {
                    valid = false
                    return
                }
                let start = Int32(compiled.itemNames.count)
                tape.withUTF8(at: key) { name in appendName(name, caseSensitive: cs, to: &compiled.itemNames) }
                compiled.items.append(QueryItemKey(nameStart: start, nameEnd: Int32(compiled.itemNames.count), pattern: p))
                itemCount += 1
            }
            // An invalid item takes back what this rule added, so `items` and `itemNames` are as they were.
            guard valid else {
                compiled.items.removeSubrange(firstItem...)
                compiled.itemNames.removeSubrange(firstName...)
                return false
            }
            queryKind = .items
            query = Int32(firstItem)
        }
        var fragment: Int32 = -1
        let fragmentString = fields.fragment >= 0 ? fields.fragment : entry.fragment >= 0 ? entry.fragment : domain.fragment
        if fragmentString >= 0 {
            guard let p = compile(Int(fragmentString), on: tape, into: &compiled.patterns, caseSensitive: cs) else {
                compiled.items.removeSubrange(firstItem...)
                compiled.itemNames.removeSubrange(firstName...)
                return false
            }
            fragment = p
        }
        compiled.rules.append(CompiledRule(form: form, exclude: exclude, pathKeys: path >= 0 ? compiled.patterns.keys[Int(path)] : .none,
                                           path: path, fragment: fragment, queryKind: queryKind, query: query, itemCount: itemCount))
        return true
    }

    /// The effective value of a flag (C5): the first of the rule's, the entry's and the domain's that
    /// is given (-1: not given), else `builtIn`.
    @inline(__always)
    private static func effective(_ rule: Int8, _ entry: Int8, _ domain: Int8, builtIn: Bool) -> Bool {
        rule >= 0 ? rule == 1 : entry >= 0 ? entry == 1 : domain >= 0 ? domain == 1 : builtIn
    }

    /// The query or fragment pattern whose string is at entry `string` of `tape`, compiled.
    @inline(__always)
    private static func compile(_ string: Int, on tape: JSONTapeBuffers, into patterns: inout PatternMemo, caseSensitive: Bool) -> Int32? {
        tape.withUTF8(at: string) { patterns.compile(utf8: $0, isPath: false, caseSensitive: caseSensitive) }
    }

    /// Appends a query item's name as compared (E4): as written, or folded (E1) when the rule is
    /// case-insensitive (ASCII in place; other text through `CaseFolding`).
    private static func appendName(_ name: UnsafeBufferPointer<UInt8>, caseSensitive: Bool, to names: inout [UInt8]) {
        if caseSensitive {
            names.append(contentsOf: name)
        } else if name.allSatisfy({ $0 < 0x80 }) {
            for byte in name { names.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
        } else {
            names.append(contentsOf: CaseFolding.fold(String(decoding: name, as: UTF8.self)).utf8)
        }
    }
}
