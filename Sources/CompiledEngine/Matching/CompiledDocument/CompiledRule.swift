import LinkMatchCore
import LinkMatchModel

/// One effective rule with every pattern compiled (C1, C2, C5, Q1–Q5).
final class CompiledRule: RuleTraceSource {
    enum Query: Sendable {
        /// No `?` key (or a dictionary ignored by Q5): any query (C2).
        case any
        /// `?` as a string: the whole query (Q1).
        case whole(CompiledPattern)
        /// `?` as a dictionary: every named item (Q2–Q4).
        case items([Item])
    }

    struct Item: Sendable {
        /// The name compared with the URL's item names: folded when case-insensitive (E4).
        let comparableName: String
        let pattern: CompiledPattern
    }

    let effective: EffectiveRule
    /// Which of the four caseSensitive x percentEncoded text forms the rule reads.
    let form: TextForm
    let path: CompiledPattern?
    let query: Query
    let fragment: CompiledPattern?
    /// `path`, `fragment` and the query items as `matches` reads them (no reference counting; the
    /// properties above own the objects).
    private let pathRef: UnownedRef<CompiledPattern>?
    private let fragmentRef: UnownedRef<CompiledPattern>?
    private let itemsRef: UnownedRef<QueryItemKeys>?
    /// Owns what `itemsRef` points to.
    private let itemKeys: QueryItemKeys?

    /// nil when a pattern of the rule is invalid (P3) or names an undefined variable (P4): every
    /// pattern of a rule is compared before it can match, so such a rule never matches.
    /// `patterns` compiles each distinct pattern of the document once.
    init?(_ rule: EffectiveRule, patterns: inout PatternMemo) {
        effective = rule
        form = TextForm(caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded)
        let cs = rule.caseSensitive
        if let source = rule.path {
            guard let p = patterns.compile(source, isPath: true, caseSensitive: cs) else { return nil }
            path = p
        } else {
            path = nil
        }
        switch rule.query {
        case nil:
            query = .any
        case .whole(let source):
            guard let p = patterns.compile(source, isPath: false, caseSensitive: cs) else { return nil }
            query = .whole(p)
        case .items(let list):
            var items: [Item] = []
            for item in list {
                guard let p = patterns.compile(item.pattern, isPath: false, caseSensitive: cs) else {
                    return nil
                }
                items.append(Item(comparableName: cs ? item.name : CaseFolding.fold(item.name), pattern: p))
            }
            query = .items(items)
        }
        if let source = rule.fragment {
            guard let p = patterns.compile(source, isPath: false, caseSensitive: cs) else { return nil }
            fragment = p
        } else {
            fragment = nil
        }
        pathRef = path.map(UnownedRef.init)
        fragmentRef = fragment.map(UnownedRef.init)
        if case .items(let items) = query {
            let keys = QueryItemKeys(items)
            itemKeys = keys
            itemsRef = UnownedRef(keys)
        } else {
            itemKeys = nil
            itemsRef = nil
        }
    }

    /// The byte strings of which every path this rule matches starts with one, else the bytes every
    /// such path ends with, reversed (in the rule's text form), as ranges of the document's key bytes.
    var pathKeys: IndexKeys { path?.keys ?? .none }

    /// Whether every part matches (C2, C4, Q2–Q4), in the order path, query, fragment.
    func matches(_ texts: inout URLTexts, work: inout Int) -> Bool {
        let form = form
        if let pathRef, !pathRef.with({ texts.matches(.path, form, $0, work: &work) }) { return false }
        if let itemsRef {
            if let inPlace = itemsRef.with({ texts.queryItemsMatchInPlace($0, form, work: &work) }) {
                guard inPlace else { return false }
            } else if !itemsMatch(&texts, work: &work) {
                return false
            }
        } else if case .whole(let pattern) = query {
            guard texts.matches(.query, form, pattern, work: &work) else { return false }
        }
        if let fragmentRef, !fragmentRef.with({ texts.matches(.fragment, form, $0, work: &work) }) { return false }
        return true
    }

    /// Q2–Q4 on the query items prepared (decoded, folded) for this rule's form.
    private func itemsMatch(_ texts: inout URLTexts, work: inout Int) -> Bool {
        guard case .items(let items) = query else { return true }
        for item in items {
            // Q4: every occurrence must match; Q3: an absent item reads as "".
            var present = false
            for occurrence in texts.queryItems(form) where occurrence.name.isExactly(item.comparableName) {
                present = true
                guard occurrence.value.matches(item.pattern, work: &work) else { return false }
            }
            if !present, !MatchText.empty.matches(item.pattern, work: &work) { return false }
        }
        return true
    }

    /// The trace of this rule for a URL it matched (its path, query and fragment as written): every
    /// part, all `.matched`. A decision builds it only when its `rule` is read.
    func ruleTrace(path: String, query: String?, fragment: String?) -> RuleTrace {
        let rule = effective
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
            for (item, compiled) in zip(list, itemNames) {
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

    private var itemNames: [String] {
        guard case .items(let items) = query else { return [] }
        return items.map(\.comparableName)
    }
}

/// A rule's query item names (as compared, E4) and patterns in flat arrays, for matching items read
/// in place from the query (`URLTexts.queryItemsMatchInPlace`) without reference counting.
final class QueryItemKeys: Sendable {
    /// Every name's UTF-8 one after the other; name `i` is `names[nameEnds[i - 1]..<nameEnds[i]]` (from 0 for the first).
    let names: [UInt8]
    let nameEnds: [Int]
    /// Owned by the rule's `Query.items`.
    let patterns: [UnownedRef<CompiledPattern>]

    init(_ items: [CompiledRule.Item]) {
        var names: [UInt8] = []
        var ends: [Int] = []
        for item in items {
            names += item.comparableName.utf8
            ends.append(names.count)
        }
        self.names = names
        nameEnds = ends
        patterns = items.map { UnownedRef($0.pattern) }
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
