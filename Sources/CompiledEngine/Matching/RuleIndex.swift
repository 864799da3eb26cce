import LinkMatchCore

/// The rules of one app (entries in order, rules in order: D7, C3) with a literal-prefix index per
/// text form: a decision evaluates only the rules whose literal path prefix the URL's path starts
/// with, smallest ordinal first, so its cost grows with the rules that could match, not with all.
struct RuleIndex: Sendable {
    /// Indexes into `CompiledDocument.rules`, in evaluation order (the ordinal is the position).
    let rules: [Int32]
    /// One trie per text form that has rules (`TextForm.index`).
    private let tries: [PrefixTrie?]

    init(rules: [Int32], all: [CompiledRule]) {
        self.rules = rules
        var keys = [[(key: [UInt8], ordinal: Int32)]](repeating: [], count: 4)
        for (ordinal, r) in rules.enumerated() {
            let rule = all[Int(r)]
            keys[rule.form.index].append((rule.pathKey, Int32(ordinal)))
        }
        tries = keys.map { $0.isEmpty ? nil : PrefixTrie(keys: $0) }
    }

    /// The ordinals of the rules that can match `texts`' path, ascending.
    func candidates(_ texts: inout URLTexts, work: inout Int) -> [Int32] {
        var out: [Int32] = []
        var lists = 0
        for form in TextForm.all {
            guard let trie = tries[form.index] else { continue }
            lists += trie.collect(prefixesOf: texts.path(form).utf8, into: &out, work: &work)
        }
        if lists > 1 { out.sort() }
        return out
    }
}
