import LinkMatchCore
import LinkMatchModel

/// One effective rule compiled (C1, C2, C5, Q1–Q5): plain values, its patterns as indices into the
/// document's `patterns`, its query items a range of the document's `items`.
struct CompiledRule: Sendable {
    enum QueryKind: UInt8, Sendable {
        /// No `?` key (or a dictionary ignored by Q5): any query (C2).
        case any
        /// `?` as a string: the whole query (Q1), the pattern `query`.
        case whole
        /// `?` as a dictionary: every named item (Q2–Q4), `items[query..<query + itemCount]`.
        case items
    }

    /// Which of the four caseSensitive x percentEncoded text forms the rule reads.
    let form: TextForm
    /// The rule's effective `exclude` (C5): the outcome when it decides.
    let exclude: Bool
    /// The byte strings of which every path this rule matches starts with one, else the bytes every
    /// such path ends with, reversed (in the rule's text form), as ranges of the document's key bytes.
    let pathKeys: IndexKeys
    /// The path pattern's index, -1 without one.
    let path: Int32
    /// The fragment pattern's index, -1 without one.
    let fragment: Int32
    let queryKind: QueryKind
    /// `.whole`: the query pattern's index; `.items`: where its items start in `items`.
    let query: Int32
    let itemCount: Int32

    /// Compiles the rule with fields `fields` in an entry with defaults `entryDefaults` (C5: each
    /// key read through `EffectiveRule`'s chain in place, no effective rule made) and appends it to
    /// `rules`, made where the array holds it (no copy, so no retain of its keys). False, and nothing
    /// appended, when a pattern of the rule is invalid (P3) or names an undefined variable (P4):
    /// every pattern of a rule is compared before it can match, so such a rule never matches.
    /// `patterns` compiles each distinct pattern of the document once; the query items go to
    /// `items` and their names to `itemNames` (left as they were when false). The fields are
    /// borrowed: read where the model keeps them, not copied.
    static func compile(_ fields: borrowing ComponentFields, entryDefaults: borrowing ComponentFields,
                        domainDefaults: borrowing ComponentFields, into rules: inout [CompiledRule], patterns: inout PatternMemo,
                        items: inout [QueryItemKey], itemNames: inout [UInt8]) -> Bool {
        let cs = EffectiveRule.caseSensitive(fields, entryDefaults, domainDefaults)
        let form = TextForm(caseSensitive: cs, percentEncoded: EffectiveRule.percentEncoded(fields, entryDefaults, domainDefaults))
        let exclude = EffectiveRule.exclude(fields, entryDefaults, domainDefaults)
        var path: Int32 = -1
        if let source = EffectiveRule.path(fields, entryDefaults, domainDefaults) {
            guard let p = patterns.compile(source, isPath: true, caseSensitive: cs) else { return false }
            path = p
        }
        let queryKind: QueryKind
        let firstItem = items.count
        let firstName = itemNames.count
        var query: Int32 = 0
        var itemCount: Int32 = 0
        switch EffectiveRule.query(fields, entryDefaults, domainDefaults) {
        case nil:
            queryKind = .any
        case .whole(let source):
            guard let p = patterns.compile(source, isPath: false, caseSensitive: cs) else { return false }
            queryKind = .whole
            query = p
        case .items(let list):
            // Each item straight into `items` (no array of the patterns first); an invalid pattern
            // takes back what this rule added, so `items` and `itemNames` are as they were.
            for item in list {
                guard let p = patterns.compile(item.pattern, isPath: false, caseSensitive: cs) else {
                    items.removeSubrange(firstItem...)
                    itemNames.removeSubrange(firstName...)
                    return false
                }
                let start = Int32(itemNames.count)
                itemNames.append(contentsOf: (cs ? item.name : CaseFolding.fold(item.name)).utf8)
                items.append(QueryItemKey(nameStart: start, nameEnd: Int32(itemNames.count), pattern: p))
            }
            queryKind = .items
            query = Int32(firstItem)
            itemCount = Int32(list.count)
        }
        var fragment: Int32 = -1
        if let source = EffectiveRule.fragment(fields, entryDefaults, domainDefaults) {
            guard let p = patterns.compile(source, isPath: false, caseSensitive: cs) else {
                // The query items this rule added go too (see above).
                items.removeSubrange(firstItem...)
                itemNames.removeSubrange(firstName...)
                return false
            }
            fragment = p
        }
        rules.append(CompiledRule(form: form, exclude: exclude, pathKeys: path >= 0 ? patterns.keys[Int(path)] : .none, path: path,
                                  fragment: fragment, queryKind: queryKind, query: query, itemCount: itemCount))
        return true
    }
}

/// A rule's query item: its name as compared (E4), a range of the document's `itemNames`, and its
/// pattern's index.
struct QueryItemKey: Sendable {
    let nameStart: Int32
    let nameEnd: Int32
    let pattern: Int32
}

/// Where a compiled rule is in its document: its entry's index and its index among that entry's rules.
struct RuleOrigin: Sendable {
    let entry: Int32
    let rule: Int32
}

/// A compiled document's storage as pointers, for one decision: the rules, the patterns' programs,
/// the query items and the matchers they index. One word (what it points to is kept by the
/// document's `FlatRules`), so handing it on copies nothing.
struct DocumentView {
    struct Buffers {
        let rules: UnsafeBufferPointer<CompiledRule>
        let patterns: UnsafeBufferPointer<PatternPrograms>
        let items: UnsafeBufferPointer<QueryItemKey>
        let itemNames: UnsafeBufferPointer<UInt8>
        let matchers: MatcherView
    }

    // SAFETY: points into the arena of the `FlatRules` that made this view, alive while a decision reads it.
    let buffers: UnsafePointer<Buffers>

    // SAFETY: `buffers` points at a `Buffers` kept by the `FlatRules` that made this view while a decision reads it (liveness cannot be asserted).
    var rules: UnsafeBufferPointer<CompiledRule> { buffers.pointee.rules }
    var patterns: UnsafeBufferPointer<PatternPrograms> { buffers.pointee.patterns }
    var items: UnsafeBufferPointer<QueryItemKey> { buffers.pointee.items }
    var itemNames: UnsafeBufferPointer<UInt8> { buffers.pointee.itemNames }
    var matchers: MatcherView { buffers.pointee.matchers }

    /// Whether rule `r` excludes (C5) when it decides.
    @inline(__always)
    func excludes(_ r: Int) -> Bool {
        let rules = rules
        // SAFETY: `r` is a rule number from a plan of this document, so inside `rules`.
        assert(r >= 0 && r < rules.count)
        return rules[r].exclude
    }

    /// Pattern `index` (one a rule of this document names).
    @inline(__always)
    func pattern(_ index: Int32) -> PatternPrograms {
        let patterns = patterns
        // SAFETY: rules and items name patterns by the indices `PatternMemo` gave, all inside `patterns`.
        assert(index >= 0 && Int(index) < patterns.count)
        return patterns[Int(index)]
    }

    /// Whether every part of rule `r` matches (C2, C4, Q2–Q4), in the order path, query, fragment.
    @inline(__always)
    func ruleMatches(_ r: Int, _ texts: inout URLTexts, work: inout Int) -> Bool {
        let rules = rules
        // SAFETY: `r` is a rule number from a plan of this document, so inside `rules`.
        assert(r >= 0 && r < rules.count)
        let form = rules[r].form
        let path = rules[r].path
        if path >= 0, !texts.matches(.path, form, pattern(path), matchers, work: &work) { return false }
        switch rules[r].queryKind {
        case .any:
            break
        case .whole:
            guard texts.matches(.query, form, pattern(rules[r].query), matchers, work: &work) else { return false }
        case .items:
            let start = Int(rules[r].query)
            let count = Int(rules[r].itemCount)
            // SAFETY: `CompiledRule.init` appended this rule's `itemCount` items at `query`.
            assert(start >= 0 && start + count <= items.count)
            let mine = UnsafeBufferPointer(rebasing: items[start..<(start + count)])
            if let inPlace = texts.queryItemsMatchInPlace(mine, self, form, work: &work) {
                guard inPlace else { return false }
            } else if !itemsMatch(mine, &texts, form, work: &work) {
                return false
            }
        }
        let fragment = rules[r].fragment
        if fragment >= 0, !texts.matches(.fragment, form, pattern(fragment), matchers, work: &work) { return false }
        return true
    }

    /// The name of `item` (as compared, E4).
    @inline(__always)
    func name(of item: QueryItemKey) -> UnsafeBufferPointer<UInt8> {
        // SAFETY: `CompiledRule.init` appended every item's name at `nameStart..<nameEnd` of `itemNames`.
        assert(item.nameStart >= 0 && item.nameStart <= item.nameEnd && Int(item.nameEnd) <= itemNames.count)
        return UnsafeBufferPointer(rebasing: itemNames[Int(item.nameStart)..<Int(item.nameEnd)])
    }

    /// Q2–Q4 on the query items prepared (decoded, folded) for `form`.
    private func itemsMatch(_ items: UnsafeBufferPointer<QueryItemKey>, _ texts: inout URLTexts, _ form: TextForm,
                            work: inout Int) -> Bool {
        let present = texts.queryItems(form)
        for item in items {
            let wanted = name(of: item)
            let programs = pattern(item.pattern)
            // Q4: every occurrence must match; Q3: an absent item reads as "".
            var found = false
            for occurrence in present where occurrence.name.utf8.elementsEqual(wanted) {
                found = true
                guard occurrence.value.matches(programs, matchers, work: &work) else { return false }
            }
            if !found, !MatchText.empty.matches(programs, matchers, work: &work) { return false }
        }
        return true
    }
}

/// A compiled document's rules and everything they index, in document-wide buffers: the rules, the
/// patterns' programs, the query items and their names, the matchers and their tables. One object
/// per document, which keeps the arrays compilation built (taken over as they are, not copied) and
/// the view of them a decision reads, made once here (its headers in a small `FlatArena`): a
/// decision takes the view as it is instead of opening some twenty arrays. It also builds the
/// deciding rule's trace when a decision's `rule` is read (the rule named by its number).
/// Sendable unchecked: nothing it holds or points to changes after `init`.
final class FlatRules: RuleTraceSource, @unchecked Sendable {
    /// How many rules were compiled.
    let ruleCount: Int
    /// Where the document's rules are, and per compiled rule where it is in them: the effective
    /// rule a trace shows is resolved again when read (C5), so compiling keeps no copy per rule.
    private let sources: RuleSources
    private let origins: [RuleOrigin]
    /// The view's headers.
    private let arena: FlatArena
    /// The arrays the view points to, never mutated (`Array.storageKeptByOwner`). The rules keep
    /// their keys although only the index build reads them: a plain-data rule made the decision
    /// loop's code dearer (HISTORY.md).
    private let rules: [CompiledRule]
    private let patterns: [PatternPrograms]
    private let items: [QueryItemKey]
    private let itemNames: [UInt8]
    private let matchers: MatcherStore
    private let document: UnsafePointer<DocumentView.Buffers>

    /// Takes the arrays over (the view points into them) and makes the view. `origins` has one
    /// origin per rule.
    init(rules: [CompiledRule], patterns: [PatternPrograms], items: [QueryItemKey], itemNames: [UInt8],
         matchers store: MatcherStore, sources: RuleSources, origins: [RuleOrigin]) {
        assert(origins.count == rules.count, "one origin per compiled rule")
        ruleCount = rules.count
        self.sources = sources
        self.origins = origins
        var layout = ArenaLayout()
        MatcherStore.reserveHeaders(in: &layout)
        layout.reserve(DocumentView.Buffers.self)
        var arena = FlatArena(layout)
        var store = store
        store.dropSpareRoom()
        var patterns = patterns
        patterns.dropSpareRoom()
        let matcherView = store.view(in: &arena)
        document = arena.place(DocumentView.Buffers(
            rules: rules.storageKeptByOwner(), patterns: patterns.storageKeptByOwner(), items: items.storageKeptByOwner(),
            itemNames: itemNames.storageKeptByOwner(), matchers: matcherView))
        arena.assertFilled()
        self.arena = arena
        self.rules = rules
        self.patterns = patterns
        self.items = items
        self.itemNames = itemNames
        matchers = store
    }

    /// The document as a decision reads it: valid while this object lives.
    @inline(__always)
    var view: DocumentView {
        // SAFETY: `init` made the view's headers in `arena` over the arrays compilation built (every index the rules, patterns and items hold was made for them), which this object keeps unmutated as long as it lives.
        DocumentView(buffers: document)
    }

    /// The trace of rule `rule` for a URL it matched (its path, query and fragment as written): every
    /// part, all `.matched`.
    func ruleTrace(rule number: Int, path: String, query: String?, fragment: String?) -> RuleTrace {
        let origin = origins[number]
        let (entries, defaults) = sources.model
        let entry = entries[Int(origin.entry)]
        let rule = EffectiveRule(rule: entry.rules[Int(origin.rule)], entryIndex: Int(origin.entry), ruleIndex: Int(origin.rule),
                                 entryDefaults: entry.defaults, domainDefaults: defaults)
        let form = TextForm(caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded)
        func compared(_ raw: some StringProtocol) -> String {
            rule.percentEncoded ? String(raw) : PercentCoding.decodeLenient(raw)
        }
        var parts: [PartTrace] = []
        parts.reserveCapacity(2 + (rule.query.map { if case .items(let list) = $0 { return list.count } else { return 1 } } ?? 1))
        parts.append(PartTrace(part: .path, pattern: rule.path, texts: [compared(path)], verdict: .matched))
        switch rule.query {
        case nil:
            parts.append(PartTrace(part: .query, pattern: nil, texts: [compared(query ?? "")], verdict: .matched))
        case .whole(let pattern):
            parts.append(PartTrace(part: .query, pattern: pattern, texts: [compared(query ?? "")], verdict: .matched))
        case .items(let list):
            let present = QueryItemSplitter.items(query ?? "")
            for item in list {
                let compiled = rule.caseSensitive ? item.name : CaseFolding.fold(item.name)
                var texts: [String] = []
                for occurrence in present where form.comparableName(occurrence.name).isExactly(compiled) {
                    texts.append(compared(occurrence.value))
                }
                parts.append(PartTrace(part: .queryItem(item.name), pattern: item.pattern,
                                       texts: texts.isEmpty ? [""] : texts, verdict: .matched))
            }
        }
        parts.append(PartTrace(part: .fragment, pattern: rule.fragment, texts: [compared(fragment ?? "")], verdict: .matched))
        return RuleTrace(rule: rule, parts: parts)
    }
}

/// The four ways a rule can read a URL part: caseSensitive x percentEncoded (E1–E3).
struct TextForm: Sendable, Equatable {
    let caseSensitive: Bool
    let percentEncoded: Bool

    static let all = [false, true].flatMap { cs in [false, true].map { TextForm(caseSensitive: cs, percentEncoded: $0) } }

    var index: Int { (caseSensitive ? 2 : 0) + (percentEncoded ? 1 : 0) }

    init(caseSensitive: Bool, percentEncoded: Bool) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// The form whose `index` is `index` (0..<4).
    @inline(__always)
    init(index: Int) {
        caseSensitive = index & 2 != 0
        percentEncoded = index & 1 != 0
    }

    /// A URL query item name as compared with a rule's item names (E4).
    func comparableName(_ raw: some StringProtocol) -> String {
        let decoded = percentEncoded ? String(raw) : PercentCoding.decodeLenient(raw)
        return caseSensitive ? decoded : CaseFolding.fold(decoded)
    }
}
