import LinkMatchCore

/// The rules of one app (entries in order, rules in order: D7, C3) with a literal-prefix index per
/// text form, and for rules with no literal prefix a literal-suffix index: a decision evaluates only
/// the rules whose literal path prefix the URL's path starts with, or whose literal suffix it ends
/// with, smallest ordinal first, so its cost grows with the rules that could match, not with all
/// (`*/checkout` rules included).
struct RuleIndex: Sendable {
    /// Indexes into `CompiledDocument.rules`, in evaluation order (the ordinal is the position).
    let rules: [Int32]
    /// One trie per text form that has rules (`TextForm.index`): literal prefixes.
    private let tries: [PrefixTrie?]
    /// One trie per text form: reversed literal suffixes of the rules with no literal prefix.
    private let suffixTries: [PrefixTrie?]

    /// Some rule is listed under several keys (one per value of a leading variable), so a text can
    /// reach it twice: candidates are then deduplicated.
    private let listsRulesTwice: Bool

    init(rules: [Int32], all: [CompiledRule]) {
        self.rules = rules
        var keys = [[(key: [UInt8], ordinal: Int32)]](repeating: [], count: 4)
        var suffixKeys = [[(key: [UInt8], ordinal: Int32)]](repeating: [], count: 4)
        var twice = false
        for (ordinal, r) in rules.enumerated() {
            let rule = all[Int(r)]
            let prefixes = rule.pathKeys
            let suffix = prefixes.count == 1 && prefixes[0].isEmpty ? rule.reversedPathSuffix : []
            if !suffix.isEmpty {
                suffixKeys[rule.form.index].append((suffix, Int32(ordinal)))
                continue
            }
            if prefixes.count > 1 { twice = true }
            for prefix in prefixes { keys[rule.form.index].append((prefix, Int32(ordinal))) }
        }
        tries = keys.map { $0.isEmpty ? nil : PrefixTrie(keys: $0) }
        suffixTries = suffixKeys.map { $0.isEmpty ? nil : PrefixTrie(keys: $0) }
        listsRulesTwice = twice
        maxCandidates = (tries + suffixTries).reduce(0) { $0 + ($1?.ordinalCount ?? 0) }
    }

    /// The most candidates one text can have: every ordinal listed in the tries.
    let maxCandidates: Int

    /// Writes into `out` (room for `maxCandidates`) the ordinals of the rules that can match
    /// `texts`' path, ascending, and returns how many.
    func candidates(_ texts: inout URLTexts, into out: UnsafeMutableBufferPointer<Int32>, work: inout Int) -> Int {
        var count = 0
        var lists = 0
        for index in 0..<4 { // TextForm.all's order, without reading that array
            let prefixes = tries[index]
            let suffixes = suffixTries[index]
            guard prefixes != nil || suffixes != nil else { continue }
            texts.withUTF8(.path, TextForm(index: index)) { path in
                if let prefixes { lists += prefixes.collect(prefixesOf: path, into: out, count: &count, work: &work) }
                if let suffixes { lists += suffixes.collect(prefixesOf: path, fromEnd: true, into: out, count: &count, work: &work) }
            }
        }
        if lists > 1 {
            var found = UnsafeMutableBufferPointer(rebasing: out[0..<count])
            found.sort()
            if listsRulesTwice {
                var kept = 0
                for i in 0..<count where i == 0 || found[i] != found[kept - 1] {
                    found[kept] = found[i]
                    kept += 1
                }
                count = kept
            }
        }
        return count
    }
}
