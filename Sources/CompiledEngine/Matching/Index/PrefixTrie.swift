import LinkMatchCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte trie from literal path prefixes to the rules that have them: walking a text's bytes
/// visits exactly the keys that are prefixes of the text, so only the rules that can match are
/// returned (the others need a different first few units). Flat arrays, built from sorted keys.
/// Each listed rule also carries the text form its key is in (`TextForm.index`), so one trie holds
/// the keys of every form and a walk can keep only one form's rules.
final class PrefixTrie: Sendable {
    /// Per node: its edges (sorted by byte) and direct table, in TrieRows' form.
    private let edgeBytes: [UInt8]
    private let edgeTargets: [Int32]
    private let nodes: [TrieNode]
    private let denseTargets: [Int32]
    /// Per node: the rule ordinals whose key ends there, ascending, and each one's form.
    private let ruleOffsets: [Int32]
    private let ruleOrdinals: [Int32]
    private let ruleForms: [UInt8]

    var nodeCount: Int { nodes.count }

    /// One key: a range of the document's key bytes, with the rule ordinal and text form it lists.
    /// Hashable so that plans whose rules have the same keys share one trie (`RuleIndex`).
    struct Key: Hashable {
        let start: Int32
        let end: Int32
        let ordinal: Int32
        let form: UInt8

        init(_ key: Range<Int32>, ordinal: Int32, form: UInt8) {
            start = key.lowerBound
            end = key.upperBound
            self.ordinal = ordinal
            self.form = form
        }

        var key: Range<Int32> { start..<end }
    }

    /// `keys`: ranges of `bytes`, each with the rule ordinal and form it lists.
    init(keys: [Key], bytes: [UInt8]) {
        // SAFETY: every key is a range of `bytes`, so `key.lowerBound + i` for `i < key.count` is inside.
        assert(keys.allSatisfy { $0.key.lowerBound >= 0 && Int($0.key.upperBound) <= bytes.count })
        let order = bytes.withUnsafeBufferPointer { bytes in
            // Each key's first eight bytes as one big-endian word (zero-padded): most comparisons
            // are one word comparison.
            let heads = keys.map { key -> UInt64 in
                var head: UInt64 = 0
                for i in 0..<8 { head = head << 8 | UInt64(i < key.key.count ? bytes[Int(key.key.lowerBound) + i] : 0) }
                return head
            }
            return keys.indices.sorted { a, b in
                // Byte order (the shorter first when one starts the other), then ordinal.
                if heads[a] != heads[b] { return heads[a] < heads[b] }
                let x = keys[a].key
                let y = keys[b].key
                // Equal heads: when one key has at most eight bytes it starts the other (the padding
                // equals the other's bytes), so the shorter comes first; else the rest decides.
                let n = Int(min(x.count, y.count))
                if n > 8, let base = bytes.baseAddress {
                    let c = memcmp(base + Int(x.lowerBound) + 8, base + Int(y.lowerBound) + 8, n - 8)
                    if c != 0 { return c < 0 }
                }
                return x.count != y.count ? x.count < y.count : keys[a].ordinal < keys[b].ordinal
            }
        }
        let rows = TrieRows(sortedKeys: order.lazy.map { bytes[Int(keys[$0].key.lowerBound)..<Int(keys[$0].key.upperBound)] })
        // Keys were visited sorted, equal keys by ordinal, so each node's ordinals come ascending:
        // a stable counting sort by node keeps them so.
        let n = rows.nodeCount
        var ruleOffsets = [Int32](repeating: 0, count: n + 1)
        var ruleOrdinals = [Int32](repeating: 0, count: order.count)
        var ruleForms = [UInt8](repeating: 0, count: order.count)
        // SAFETY: `endNodes` has one node (< n) per key in `order`; each node's slots run from its offset to the next, all under `order.count`.
        assert(rows.endNodes.count == order.count && rows.endNodes.allSatisfy { $0 >= 0 && Int($0) < n })
        rows.endNodes.withUnsafeBufferPointer { endNodes in
            ruleOffsets.withUnsafeMutableBufferPointer { ruleOffsets in
                for node in endNodes { ruleOffsets[Int(node) + 1] += 1 }
                for i in 0..<n { ruleOffsets[i + 1] += ruleOffsets[i] }
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { fill in
                    for i in 0..<n { fill[i] = ruleOffsets[i] }
                    ruleOrdinals.withUnsafeMutableBufferPointer { ruleOrdinals in
                        ruleForms.withUnsafeMutableBufferPointer { ruleForms in
                            for (k, i) in order.enumerated() {
                                let node = Int(endNodes[k])
                                assert(fill[node] < ruleOffsets[node + 1])
                                ruleOrdinals[Int(fill[node])] = keys[i].ordinal
                                ruleForms[Int(fill[node])] = keys[i].form
                                fill[node] += 1
                            }
                        }
                    }
                }
            }
        }
        edgeBytes = rows.edgeLabels
        edgeTargets = rows.edgeTargets
        nodes = rows.nodes
        denseTargets = rows.denseTargets
        self.ruleOffsets = ruleOffsets
        self.ruleOrdinals = ruleOrdinals
        self.ruleForms = ruleForms
    }

    /// Every rule ordinal listed, all nodes together (the most `collect` can write).
    var ordinalCount: Int { ruleOrdinals.count }

    /// Writes at `out[count...]` the ordinals of every key that is a prefix of `text` (with
    /// `fromEnd`, of `text` read backwards: a trie of reversed keys then finds the keys that are
    /// suffixes of `text`), advancing `count`; only the keys in text form `form`, or in any form when
    /// `form` is nil (the text reads the same in every form). `out` has room for `ordinalCount` more.
    /// Returns how many lists (nodes with rules) contributed, so the caller knows whether it must sort.
    @inline(__always)
    func collect(prefixesOf text: UnsafeBufferPointer<UInt8>, fromEnd: Bool, form: Int?, into out: UnsafeMutableBufferPointer<Int32>,
                 count: inout Int, work: inout Int) -> Int {
        var node = 0
        var lists = 0
        var depth = 0
        let n = text.count
        return TrieRows.withView(nodes: nodes, labels: edgeBytes, targets: edgeTargets, denseTargets: denseTargets) { rows in
            ruleOffsets.withUnsafeBufferPointer { ruleOffsets in
                ruleOrdinals.withUnsafeBufferPointer { ruleOrdinals in
                    ruleForms.withUnsafeBufferPointer { ruleForms in
                        // SAFETY: `node` is a trie node (`rows.child` returns only those), so `node + 1 < ruleOffsets.count`; `out` has room for `ordinalCount` more (the caller's promise).
                        while true {
                            assert(node >= 0 && node + 1 < ruleOffsets.count)
                            let lo = Int(ruleOffsets[node])
                            let hi = Int(ruleOffsets[node + 1])
                            if lo < hi {
                                let before = count
                                for k in lo..<hi where form == nil || Int(ruleForms[k]) == form {
                                    assert(count < out.count && k < ruleOrdinals.count)
                                    out[count] = ruleOrdinals[k]
                                    count += 1
                                }
                                if count > before { lists += 1 }
                            }
                            guard depth < n else { break }
                            // SAFETY: `0 <= depth < n`, by the guard above.
                            let byte = fromEnd ? text[n - 1 - depth] : text[depth]
                            guard let child = rows.child(of: node, byte, work: &work) else { break }
                            node = child
                            depth += 1
                        }
                        return lists
                    }
                }
            }
        }
    }
}
