import LinkMatchCore

/// A byte trie from literal path prefixes to the rules that have them: walking a text's bytes
/// visits exactly the keys that are prefixes of the text, so only the rules that can match are
/// returned (the others need a different first few units). Flat arrays, built from sorted keys.
final class PrefixTrie: Sendable {
    /// Per node: its edges `edgeOffsets[n]..<edgeOffsets[n + 1]`, sorted by byte.
    private let edgeOffsets: [Int32]
    private let edgeBytes: [UInt8]
    private let edgeTargets: [Int32]
    /// Per node: the rule ordinals whose key ends there, ascending.
    private let ruleOffsets: [Int32]
    private let ruleOrdinals: [Int32]

    var nodeCount: Int { edgeOffsets.count - 1 }

    init(keys: [(key: [UInt8], ordinal: Int32)]) {
        let order = keys.indices.sorted { a, b in
            if keys[a].key == keys[b].key { return keys[a].ordinal < keys[b].ordinal }
            return keys[a].key.lexicographicallyPrecedes(keys[b].key)
        }
        var edges: [(from: Int32, byte: UInt8, to: Int32)] = []
        var owners: [(node: Int32, ordinal: Int32)] = []
        var nodeCount: Int32 = 1
        var path: [Int32] = [0] // path[d] = node at depth d along the previous key
        var previous: [UInt8] = []
        for i in order {
            let key = keys[i].key
            var common = 0
            while common < key.count, common < previous.count, key[common] == previous[common] { common += 1 }
            path.removeLast(path.count - (common + 1))
            for d in common..<key.count {
                edges.append((path[d], key[d], nodeCount))
                path.append(nodeCount)
                nodeCount += 1
            }
            owners.append((path[key.count], keys[i].ordinal))
            previous = key
        }
        // Keys were visited in sorted order, so each node's edges were created in byte order and
        // each node's ordinals ascending: a stable counting sort by node keeps both.
        let n = Int(nodeCount)
        var edgeOffsets = [Int32](repeating: 0, count: n + 1)
        for e in edges { edgeOffsets[Int(e.from) + 1] += 1 }
        for i in 0..<n { edgeOffsets[i + 1] += edgeOffsets[i] }
        var fill = edgeOffsets
        var edgeBytes = [UInt8](repeating: 0, count: edges.count)
        var edgeTargets = [Int32](repeating: 0, count: edges.count)
        for e in edges {
            let at = Int(fill[Int(e.from)])
            edgeBytes[at] = e.byte
            edgeTargets[at] = e.to
            fill[Int(e.from)] += 1
        }
        var ruleOffsets = [Int32](repeating: 0, count: n + 1)
        for o in owners { ruleOffsets[Int(o.node) + 1] += 1 }
        for i in 0..<n { ruleOffsets[i + 1] += ruleOffsets[i] }
        fill = ruleOffsets
        var ruleOrdinals = [Int32](repeating: 0, count: owners.count)
        for o in owners {
            ruleOrdinals[Int(fill[Int(o.node)])] = o.ordinal
            fill[Int(o.node)] += 1
        }
        self.edgeOffsets = edgeOffsets
        self.edgeBytes = edgeBytes
        self.edgeTargets = edgeTargets
        self.ruleOffsets = ruleOffsets
        self.ruleOrdinals = ruleOrdinals
    }

    /// Every rule ordinal listed, all nodes together (the most `collect` can write).
    var ordinalCount: Int { ruleOrdinals.count }

    /// Writes at `out[count...]` the ordinals of every key that is a prefix of `text` (with
    /// `fromEnd`, of `text` read backwards: a trie of reversed keys then finds the keys that are
    /// suffixes of `text`), advancing `count`; `out` has room for `ordinalCount` more. Returns how
    /// many lists (nodes with rules) contributed, so the caller knows whether it must sort.
    func collect(prefixesOf text: UnsafeBufferPointer<UInt8>, fromEnd: Bool = false, into out: UnsafeMutableBufferPointer<Int32>,
                 count: inout Int, work: inout Int) -> Int {
        var node = 0
        var lists = 0
        var depth = 0
        let n = text.count
        return edgeOffsets.withUnsafeBufferPointer { edgeOffsets in
            edgeBytes.withUnsafeBufferPointer { edgeBytes in
                ruleOffsets.withUnsafeBufferPointer { ruleOffsets in
                    ruleOrdinals.withUnsafeBufferPointer { ruleOrdinals in
                        while true {
                            let lo = Int(ruleOffsets[node])
                            let hi = Int(ruleOffsets[node + 1])
                            if lo < hi {
                                for k in lo..<hi {
                                    out[count] = ruleOrdinals[k]
                                    count += 1
                                }
                                lists += 1
                            }
                            guard depth < n else { break }
                            let byte = fromEnd ? text[n - 1 - depth] : text[depth]
                            var a = Int(edgeOffsets[node])
                            let end = Int(edgeOffsets[node + 1])
                            var z = end
                            while a < z {
                                work += 1
                                let mid = (a + z) >> 1
                                if edgeBytes[mid] < byte { a = mid + 1 } else { z = mid }
                            }
                            guard a < end, edgeBytes[a] == byte else { break }
                            node = Int(edgeTargets[a])
                            depth += 1
                        }
                        return lists
                    }
                }
            }
        }
    }
}
