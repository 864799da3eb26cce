/// A trie of keys in compressed sparse rows: node `n`'s edges are `edgeOffsets[n]..<edgeOffsets[n + 1]`
/// of `edgeLabels` / `edgeTargets`, sorted by label, node 0 the root. The one construction behind
/// PrefixTrie (the rule index's byte keys) and ValueTrie (a variable's values).
struct TrieRows<Label: Comparable> {
    let edgeOffsets: [Int32]
    let edgeLabels: [Label]
    let edgeTargets: [Int32]
    /// Per key, in the order given: the node where it ends (equal keys end at the same node).
    let endNodes: [Int32]

    var nodeCount: Int { edgeOffsets.count - 1 }

    /// `keys` must be sorted (lexicographically, any order among equal keys): each node's edges are
    /// then created in label order, and a stable counting sort by node keeps that order.
    init(sortedKeys keys: some Sequence<[Label]>) {
        var edges: [(from: Int32, label: Label, to: Int32)] = []
        edges.reserveCapacity(keys.reduce(0) { $0 + $1.count }) // at most one edge per key element
        var endNodes: [Int32] = []
        endNodes.reserveCapacity(keys.underestimatedCount)
        var nodeCount: Int32 = 1
        // path[d] = node at depth d along the previous key, for d < depth (entries past it are stale).
        var path: [Int32] = [0]
        var previous: [Label] = []
        for key in keys {
            var common = 0
            let shared = min(key.count, previous.count)
            while common < shared, key[common] == previous[common] { common += 1 }
            var depth = common + 1
            for d in common..<key.count {
                edges.append((path[d], key[d], nodeCount))
                if depth < path.count { path[depth] = nodeCount } else { path.append(nodeCount) }
                depth += 1
                nodeCount += 1
            }
            endNodes.append(path[key.count])
            previous = key
        }
        // A stable counting sort of the edges by their node, through raw buffers (no uniqueness
        // check per write).
        let n = Int(nodeCount)
        var offsets = [Int32](repeating: 0, count: n + 1)
        var targets = [Int32](repeating: 0, count: edges.count)
        var labels: [Label] = []
        if let first = edges.first {
            labels = [Label](repeating: first.label, count: edges.count)
        }
        edges.withUnsafeBufferPointer { edges in
            offsets.withUnsafeMutableBufferPointer { offsets in
                for e in edges { offsets[Int(e.from) + 1] += 1 }
                for i in 0..<n { offsets[i + 1] += offsets[i] }
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { fill in
                    for i in 0..<n { fill[i] = offsets[i] }
                    labels.withUnsafeMutableBufferPointer { labels in
                        targets.withUnsafeMutableBufferPointer { targets in
                            for e in edges {
                                let at = Int(fill[Int(e.from)])
                                labels[at] = e.label
                                targets[at] = e.to
                                fill[Int(e.from)] += 1
                            }
                        }
                    }
                }
            }
        }
        edgeOffsets = offsets
        edgeLabels = labels
        edgeTargets = targets
        self.endNodes = endNodes
    }

    /// The child of `node` along `label` in the edge rows given (binary search over the node's
    /// sorted edges, one work unit per probe), or nil.
    @inline(__always)
    static func child(of node: Int, _ label: Label, offsets: UnsafeBufferPointer<Int32>, labels: UnsafeBufferPointer<Label>,
                      targets: UnsafeBufferPointer<Int32>, work: inout Int) -> Int? {
        var a = Int(offsets[node])
        let end = Int(offsets[node + 1])
        var z = end
        while a < z {
            work += 1
            let mid = (a + z) >> 1
            if labels[mid] < label { a = mid + 1 } else { z = mid }
        }
        guard a < end, labels[a] == label else { return nil }
        return Int(targets[a])
    }
}
