import LinkMatchCore

/// The rules of one app (entries in order, rules in order: D7, C3) with a literal-prefix index (every
/// text form's keys in one trie), and for rules with no literal prefix a literal-suffix index: a decision evaluates only
/// the rules whose literal path prefix the URL's path starts with, or whose literal suffix it ends
/// with, smallest ordinal first, so its cost grows with the rules that could match, not with all
/// (`*/checkout` rules included).
struct RuleIndex: Sendable {
    /// Indexes into `CompiledDocument.rules`, in evaluation order (the ordinal is the position).
    let rules: [Int32]
    /// Literal prefixes of every form's rules, each listed with its form (`TextForm.index`): a trie
    /// of the document's `IndexTries`.
    private let prefixes: IndexTries.Trie?
    /// Reversed literal suffixes of the rules with no literal prefix, each with its form.
    private let suffixes: IndexTries.Trie?
    /// The forms some key is in, as bits `1 << TextForm.index`.
    private let forms: UInt8

    /// Some rule is listed under several keys (one per value of a leading variable), so a text can
    /// reach it twice: candidates are then deduplicated.
    private let listsRulesTwice: Bool

    /// Builds the index of `rules` (numbers into `all`). `keyBytes`: the bytes the rules' `pathKeys`
    /// are ranges of (`PatternMemo.keyBytes`). `tries`: the document's tries so far, to which this
    /// plan's are added (or which already has them, from a plan with the same keys).
    init(rules: [Int32], all: [CompiledRule], keyBytes: [UInt8], tries: inout IndexTriesBuilder) {
        self.rules = rules
        tries.reserve(keys: rules.count)
        var twice = false
        var forms: UInt8 = 0
        all.withUnsafeBufferPointer { all in
            for (ordinal, r) in rules.enumerated() {
                // SAFETY: a plan lists rules of the document (`CompiledDocument` numbers them into `all`).
                assert(r >= 0 && Int(r) < all.count)
                let form = UInt8(all[Int(r)].form.index)
                forms |= 1 << form
                if all[Int(r)].pathKeys.hasNoPrefix, !all[Int(r)].pathKeys.reversedSuffix.isEmpty {
                    tries.add(all[Int(r)].pathKeys.reversedSuffix, ordinal: ordinal, form: form, suffix: true)
                    continue
                }
                if let first = all[Int(r)].pathKeys.first { tries.add(first, ordinal: ordinal, form: form, suffix: false) }
                if !all[Int(r)].pathKeys.more.isEmpty {
                    twice = true
                    IndexKeys.forEachRange(all[Int(r)].pathKeys.more, in: keyBytes) { tries.add($0, ordinal: ordinal, form: form, suffix: false) }
                }
            }
        }
        (prefixes, suffixes) = tries.finishPlan(bytes: keyBytes)
        self.forms = forms
        listsRulesTwice = twice
        maxCandidates = Int(prefixes?.ordinalCount ?? 0) + Int(suffixes?.ordinalCount ?? 0)
    }

    /// The index of `rules` when `earlier`'s rules read, ordinal by ordinal, the same path pattern
    /// in the same form (`RuleIndexBuilder.sameShape`): the same keys, so the same tries, forms and
    /// flags, which list ordinals, here read through `rules`.
    init(rules: [Int32], sharing earlier: RuleIndex) {
        assert(rules.count == earlier.rules.count, "a plan shares the index of a plan as long as itself")
        self.rules = rules
        prefixes = earlier.prefixes
        suffixes = earlier.suffixes
        forms = earlier.forms
        listsRulesTwice = earlier.listsRulesTwice
        maxCandidates = earlier.maxCandidates
    }

    /// The most candidates one text can have: every ordinal listed in the tries.
    let maxCandidates: Int

    /// Writes into `out` the ordinals of the rules that can match `texts`' path, ascending, and
    /// returns how many. Unless `bounded`, `out` has room for `maxCandidates`; if `bounded`, a
    /// count above `out.count` says they did not fit, and `out` holds only some of them: ask again
    /// with more room. (Inlined, so that `bounded` is a constant.) `tries`: the document's
    /// tries this plan was built into.
    ///
    /// One walk when the rules read the path in one form, or when the path reads the same in every
    /// form (the usual case: ASCII, no `%`, no capital); otherwise one walk per form the rules use,
    /// each keeping that form's rules.
    @inline(__always)
    func candidates(_ texts: inout URLTexts, in tries: IndexTries, into out: UnsafeMutableBufferPointer<Int32>,
                    bounded: Bool, work: inout Int) -> Int {
        guard prefixes != nil || suffixes != nil else { return 0 }
        var count = 0
        var lists = 0
        tries.withView { tries in
            if forms & (forms &- 1) == 0 || texts.pathReadsAlikeInEveryForm() {
                let form = TextForm(index: forms.trailingZeroBitCount & 3)
                texts.withUTF8(.path, form) { path in
                    if let prefixes { lists += tries.collect(prefixes, prefixesOf: path, fromEnd: false, form: nil, into: out, bounded: bounded, count: &count, work: &work) }
                    if let suffixes { lists += tries.collect(suffixes, prefixesOf: path, fromEnd: true, form: nil, into: out, bounded: bounded, count: &count, work: &work) }
                }
            } else {
                for index in 0..<4 where forms & (1 << UInt8(index)) != 0 {
                    texts.withUTF8(.path, TextForm(index: index)) { path in
                        if let prefixes { lists += tries.collect(prefixes, prefixesOf: path, fromEnd: false, form: index, into: out, bounded: bounded, count: &count, work: &work) }
                        if let suffixes { lists += tries.collect(suffixes, prefixesOf: path, fromEnd: true, form: index, into: out, bounded: bounded, count: &count, work: &work) }
                    }
                }
            }
        }
        // Too many for `out`: the caller asks again with room for every ordinal.
        if bounded, count > out.count { return count }
        // SAFETY: `collect` wrote `out[0..<count]`, and `count <= out.count` (the check above, or room for every ordinal).
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
