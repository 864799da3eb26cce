/// Every trie of a document's rule index (each plan's literal-prefix trie and reversed-suffix trie,
/// `RuleIndex`) as values in shared arrays: one set of trie rows, and per node the rules whose key
/// ends there. A plan names its tries by `Trie` (a root node). Walking a text's bytes from a root
/// visits exactly the keys that are prefixes of the text, so only the rules that can match are
/// listed. Each listed rule also carries the text form its key is in (`TextForm.index`), so one trie
/// holds the keys of every form and a walk can keep only one form's rules. `IndexTriesBuilder` makes it.
struct IndexTries: Sendable {
    /// One trie of the document: where its walk starts, and how many rule ordinals it lists (the
    /// most one walk can write).
    struct Trie: Sendable, Equatable {
        let root: Int32
        let ordinalCount: Int32
    }

    /// Every trie's nodes, edges and direct tables, each trie's nodes after the previous one's.
    var rows = TrieRows<UInt8>()
    /// Per node `n`: its rules are `ruleOffsets[n]..<ruleOffsets[n + 1]` of `ruleOrdinals` and
    /// `ruleForms`, ordinals ascending (so one entry more than there are nodes).
    var ruleOffsets: [Int32] = [0]
    var ruleOrdinals: [Int32] = []
    var ruleForms: [UInt8] = []

    /// The arrays read through buffers for one decision (made by `withView`).
    struct View {
        let rows: TrieRows<UInt8>.View
        let ruleOffsets: UnsafeBufferPointer<Int32>
        let ruleOrdinals: UnsafeBufferPointer<Int32>
        let ruleForms: UnsafeBufferPointer<UInt8>

        /// Writes at `out[count...]` the ordinals of every key of `trie` that is a prefix of `text`
        /// (with `fromEnd`, of `text` read backwards: a trie of reversed keys then finds the keys that
        /// are suffixes of `text`), advancing `count`; only the keys in text form `form`, or in any
        /// form when `form` is nil (the text reads the same in every form). Unless `bounded`, `out`
        /// has room for `trie.ordinalCount` more; if `bounded`, it writes only below `out.count`:
        /// when a node's list does not fit, it sets `count` past `out.count` and stops, which says
        /// `out` was too small (the caller then asks again with room for every ordinal).
        /// Returns how many lists (nodes with rules) contributed, so the caller knows whether it must sort.
        @inline(__always)
        func collect(_ trie: Trie, prefixesOf text: UnsafeBufferPointer<UInt8>, fromEnd: Bool, form: Int?,
                     into out: UnsafeMutableBufferPointer<Int32>, bounded: Bool, count: inout Int, work: inout Int) -> Int {
            var node = Int(trie.root)
            var lists = 0
            var depth = 0
            let n = text.count
            while true {
                // SAFETY: `node` is the trie's root or a child `rows.child` gave, so a node, and `node + 1 < ruleOffsets.count`.
                assert(node >= 0 && node + 1 < ruleOffsets.count)
                let lo = Int(ruleOffsets[node])
                let hi = Int(ruleOffsets[node + 1])
                if lo < hi {
                    // Checked per list, not per ordinal, and only when `out` may be too small
                    // (`bounded`, a constant where this is inlined): a list that might not fit ends the walk.
                    if bounded, hi - lo > out.count - count {
                        count = out.count + 1
                        return lists
                    }
                    let before = count
                    for k in lo..<hi where form == nil || Int(ruleForms[k]) == form {
                        // SAFETY: the node's rules lie in `ruleOrdinals` (`withView` asserts the offsets' shape), and the guard above left room in `out` for all of them.
                        assert(k < ruleOrdinals.count && k < ruleForms.count && count < out.count)
                        out[count] = ruleOrdinals[k]
                        count += 1
                    }
                    if count > before { lists += 1 }
                }
                guard depth < n else { break }
                // SAFETY: `0 <= depth < n`, by the guard above.
                assert(depth >= 0)
                let byte = fromEnd ? text[n - 1 - depth] : text[depth]
                guard let child = rows.child(of: node, byte, work: &work) else { break }
                node = child
                depth += 1
            }
            return lists
        }
    }

    /// Calls `body` with the arrays as buffers.
    @inline(__always)
    func withView<R>(_ body: (View) -> R) -> R {
        // SAFETY: `View.collect` relies on `ruleOffsets` having one entry per node of `rows` and one more, each a range of `ruleOrdinals` and `ruleForms` (`IndexTriesBuilder` appends them so).
        assert(ruleOffsets.count == rows.nodeCount + 1 && ruleOrdinals.count == ruleForms.count)
        return rows.withRowsView { rows in
            ruleOffsets.withUnsafeBufferPointer { ruleOffsets in
                ruleOrdinals.withUnsafeBufferPointer { ruleOrdinals in
                    ruleForms.withUnsafeBufferPointer { ruleForms in
                        body(View(rows: rows, ruleOffsets: ruleOffsets, ruleOrdinals: ruleOrdinals, ruleForms: ruleForms))
                    }
                }
            }
        }
    }
}
