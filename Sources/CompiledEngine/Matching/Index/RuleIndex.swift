import LinkMatchCore

/// The rules of one app (entries in order, rules in order: D7, C3) with a literal-prefix index (every
/// text form's keys in one trie), and for rules with no literal prefix a literal-suffix index: a decision evaluates only
/// the rules whose literal path prefix the URL's path starts with, or whose literal suffix it ends
/// with, smallest ordinal first, so its cost grows with the rules that could match, not with all
/// (`*/checkout` rules included).
struct RuleIndex: Sendable {
    /// Indexes into `CompiledDocument.rules`, in evaluation order (the ordinal is the position).
    let rules: [Int32]
    /// Literal prefixes of every form's rules, each listed with its form (`TextForm.index`).
    private let prefixes: PrefixTrie?
    /// Reversed literal suffixes of the rules with no literal prefix, each with its form.
    private let suffixes: PrefixTrie?
    /// The forms some key is in, as bits `1 << TextForm.index`.
    private let forms: UInt8

    /// Some rule is listed under several keys (one per value of a leading variable), so a text can
    /// reach it twice: candidates are then deduplicated.
    private let listsRulesTwice: Bool

    /// `keyBytes`: the bytes the rules' `pathKeys` are ranges of (`PatternMemo.keyBytes`). `tries`:
    /// the tries built so far for the document's other plans, by their keys: files list the same
    /// rules in one entry per app, and the same keys (the same patterns, so the same ranges) make
    /// the same trie, which is then built once.
    init(rules: [Int32], all: [CompiledRule], keyBytes: [UInt8], tries: inout [[PrefixTrie.Key]: PrefixTrie]) {
        self.rules = rules
        var keys: [PrefixTrie.Key] = []
        keys.reserveCapacity(rules.count)
        var suffixKeys: [PrefixTrie.Key] = []
        var twice = false
        var forms: UInt8 = 0
        for (ordinal, r) in rules.enumerated() {
            let rule = all[Int(r)]
            let form = UInt8(rule.form.index)
            forms |= 1 << form
            let ruleKeys = rule.pathKeys
            if ruleKeys.hasNoPrefix, !ruleKeys.reversedSuffix.isEmpty {
                suffixKeys.append(PrefixTrie.Key(ruleKeys.reversedSuffix, ordinal: Int32(ordinal), form: form))
                continue
            }
            if let first = ruleKeys.first { keys.append(PrefixTrie.Key(first, ordinal: Int32(ordinal), form: form)) }
            if !ruleKeys.more.isEmpty {
                twice = true
                for prefix in ruleKeys.more { keys.append(PrefixTrie.Key(prefix, ordinal: Int32(ordinal), form: form)) }
            }
        }
        prefixes = keys.isEmpty ? nil : Self.trie(keys, keyBytes, &tries)
        suffixes = suffixKeys.isEmpty ? nil : Self.trie(suffixKeys, keyBytes, &tries)
        self.forms = forms
        listsRulesTwice = twice
        maxCandidates = (prefixes?.ordinalCount ?? 0) + (suffixes?.ordinalCount ?? 0)
    }

    /// The trie of `keys`, built unless an earlier plan had the same keys.
    private static func trie(_ keys: [PrefixTrie.Key], _ bytes: [UInt8], _ tries: inout [[PrefixTrie.Key]: PrefixTrie]) -> PrefixTrie {
        if let known = tries[keys] { return known }
        let trie = PrefixTrie(keys: keys, bytes: bytes)
        tries[keys] = trie
        return trie
    }

    /// The most candidates one text can have: every ordinal listed in the tries.
    let maxCandidates: Int

    /// Writes into `out` (room for `maxCandidates`) the ordinals of the rules that can match
    /// `texts`' path, ascending, and returns how many.
    ///
    /// One walk when the rules read the path in one form, or when the path reads the same in every
    /// form (the usual case: ASCII, no `%`, no capital); otherwise one walk per form the rules use,
    /// each keeping that form's rules.
    func candidates(_ texts: inout URLTexts, into out: UnsafeMutableBufferPointer<Int32>, work: inout Int) -> Int {
        guard prefixes != nil || suffixes != nil else { return 0 }
        var count = 0
        var lists = 0
        if forms & (forms &- 1) == 0 || texts.pathReadsAlikeInEveryForm() {
            let form = TextForm(index: forms.trailingZeroBitCount & 3)
            texts.withUTF8(.path, form) { path in
                if let prefixes { lists += prefixes.collect(prefixesOf: path, fromEnd: false, form: nil, into: out, count: &count, work: &work) }
                if let suffixes { lists += suffixes.collect(prefixesOf: path, fromEnd: true, form: nil, into: out, count: &count, work: &work) }
            }
        } else {
            for index in 0..<4 where forms & (1 << UInt8(index)) != 0 {
                texts.withUTF8(.path, TextForm(index: index)) { path in
                    if let prefixes { lists += prefixes.collect(prefixesOf: path, fromEnd: false, form: index, into: out, count: &count, work: &work) }
                    if let suffixes { lists += suffixes.collect(prefixesOf: path, fromEnd: true, form: index, into: out, count: &count, work: &work) }
                }
            }
        }
        // SAFETY: `collect` wrote `out[0..<count]` and stops at `out.count` (the caller gives room for every ordinal listed).
        assert(count >= 0 && count <= out.count)
        if lists > 1 {
            Self.sort(UnsafeMutableBufferPointer(rebasing: out[0..<count]))
            if listsRulesTwice {
                var kept = 0
                for i in 0..<count where i == 0 || out[i] != out[kept - 1] {
                    out[kept] = out[i]
                    kept += 1
                }
                count = kept
            }
        }
        return count
    }

    /// Sorts ascending: by insertion when short (a decision's candidates are a few short ascending
    /// runs), else by the standard library's sort.
    @inline(__always)
    private static func sort(_ found: UnsafeMutableBufferPointer<Int32>) {
        guard found.count <= 32 else {
            var found = found
            found.sort()
            return
        }
        for i in 1..<max(1, found.count) {
            let x = found[i]
            var j = i
            while j > 0, found[j - 1] > x {
                found[j] = found[j - 1]
                j -= 1
            }
            found[j] = x
        }
    }
}
