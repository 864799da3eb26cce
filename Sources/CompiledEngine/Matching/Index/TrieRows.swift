/// A trie of keys in compressed sparse rows: node `n`'s edges are `edgeOffsets[n]..<edgeOffsets[n + 1]`
/// of `edgeLabels` / `edgeTargets`, sorted by label, node 0 the root. The one construction behind
/// PrefixTrie (the rule index's byte keys) and ValueTrie (a variable's values).
///
/// A node with many edges (`$(lang)`'s root has one per first letter) also gets a direct table over
/// its labels' range, so that a step there is one load instead of a binary search. What a walk reads
/// of a node is in one `TrieNode` (one load per step, not one per array).
struct TrieRows<Label: FixedWidthInteger & UnsignedInteger> {
    let edgeOffsets: [Int32]
    let edgeLabels: [Label]
    let edgeTargets: [Int32]
    /// Per node: its edges and its direct table, if any.
    let nodes: [TrieNode]
    /// The direct tables, one after the other: the child per label, or -1.
    let denseTargets: [Int32]
    /// Per key, in the order given: the node where it ends (equal keys end at the same node).
    let endNodes: [Int32]

    var nodeCount: Int { edgeOffsets.count - 1 }

    /// Nodes with at least this many edges get a direct table (below it a binary search is a few probes).
    static var denseMinimumEdges: Int { 3 }
    /// The widest label range a direct table covers (so a table is at most this many entries).
    static var denseMaximumSpan: Int { 256 }

    /// `keys` must be sorted (lexicographically, any order among equal keys): each node's edges are
    /// then created in label order, and a stable counting sort by node keeps that order.
    /// Each key is a zero-based array or a slice (its indices from `startIndex`).
    init<Key: RandomAccessCollection<Label>>(sortedKeys keys: some Sequence<Key>) where Key.Index == Int {
        var edges: [(from: Int32, label: Label, to: Int32)] = []
        edges.reserveCapacity(keys.reduce(0) { $0 + $1.count }) // at most one edge per key element
        var endNodes: [Int32] = []
        endNodes.reserveCapacity(keys.underestimatedCount)
        var nodeCount: Int32 = 1
        // path[d] = node at depth d along the previous key, for d < depth (entries past it are stale).
        var path: [Int32] = [0]
        var previous: Key?
        for key in keys {
            let base = key.startIndex
            var common = 0
            if let previous {
                let shared = min(key.count, previous.count)
                let previousBase = previous.startIndex
                while common < shared, key[base + common] == previous[previousBase + common] { common += 1 }
            }
            var depth = common + 1
            for d in common..<key.count {
                edges.append((path[d], key[base + d], nodeCount))
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
        // SAFETY: every edge's `from` is a node (< n), so `from + 1 < offsets.count`; each node's slots run from its offset to the next, all under `edges.count`.
        assert(edges.allSatisfy { $0.from >= 0 && Int($0.from) < n })
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
                                assert(at < Int(offsets[Int(e.from) + 1]) && at < targets.count)
                                labels[at] = e.label
                                targets[at] = e.to
                                fill[Int(e.from)] += 1
                            }
                        }
                    }
                }
            }
        }
        var nodes: [TrieNode] = []
        nodes.reserveCapacity(n)
        var denseTargets: [Int32] = []
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { isEnd in
            isEnd.initialize(repeating: false)
            // SAFETY: every end node is a node (< n), the allocation's count.
            assert(endNodes.allSatisfy { $0 >= 0 && Int($0) < n })
            for node in endNodes { isEnd[Int(node)] = true }
            for node in 0..<n {
                let a = Int(offsets[node])
                let end = Int(offsets[node + 1])
                nodes.append(TrieNode(first: Int32(a), count: Int32(end - a), dense: -1, low: 0, span: 0, isEnd: isEnd[node]))
                guard end - a >= Self.denseMinimumEdges else { continue }
                let low = Int(labels[a])
                let span = Int(labels[end - 1]) - low + 1
                guard span <= Self.denseMaximumSpan else { continue }
                nodes[node] = TrieNode(first: Int32(a), count: Int32(end - a), dense: Int32(denseTargets.count), low: UInt32(low),
                                       span: UInt32(span), isEnd: isEnd[node])
                let start = denseTargets.count
                denseTargets.append(contentsOf: repeatElement(-1, count: span))
                for e in a..<end { denseTargets[start + Int(labels[e]) - low] = targets[e] }
            }
        }
        edgeOffsets = offsets
        edgeLabels = labels
        edgeTargets = targets
        self.nodes = nodes
        self.denseTargets = denseTargets
        self.endNodes = endNodes
    }

    /// The rows read through buffers for one walk (made by `withView`).
    struct View {
        let nodes: UnsafeBufferPointer<TrieNode>
        let labels: UnsafeBufferPointer<Label>
        let targets: UnsafeBufferPointer<Int32>
        let denseTargets: UnsafeBufferPointer<Int32>

        /// The child of `node` along `label`, or nil: one load at a node with a direct table, else a
        /// binary search over its sorted edges; one work unit per probe.
        @inline(__always)
        func child(of node: Int, _ label: Label, work: inout Int) -> Int? {
            // SAFETY: `node` is 0 or a target the rows gave, so a node; its edges `first..<first + count` and table `dense..<dense + span` lie in the rows `init` built.
            assert(node >= 0 && node < nodes.count)
            let row = nodes[node]
            if row.dense >= 0 {
                work += 1
                let i = UInt32(truncatingIfNeeded: label) &- row.low
                guard i < row.span else { return nil } // labels are at most 32 bits: truncating changes none
                assert(Int(row.dense) + Int(i) < denseTargets.count)
                let target = denseTargets[Int(row.dense) + Int(i)]
                return target >= 0 ? Int(target) : nil
            }
            var a = Int(row.first)
            let end = a + Int(row.count)
            assert(a >= 0 && end <= labels.count && end <= targets.count)
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

    /// Calls `body` with the rows of a trie (stored by its owner as these arrays) as buffers.
    @inline(__always)
    static func withView<R>(nodes: [TrieNode], labels: [Label], targets: [Int32], denseTargets: [Int32], _ body: (View) -> R) -> R {
        // SAFETY: `View.child` relies on the four arrays being one trie's rows, as its owner stored them.
        nodes.withUnsafeBufferPointer { n in
            labels.withUnsafeBufferPointer { l in
                targets.withUnsafeBufferPointer { t in
                    denseTargets.withUnsafeBufferPointer { dt in
                        body(View(nodes: n, labels: l, targets: t, denseTargets: dt))
                    }
                }
            }
        }
    }
}

/// One trie node as a walk reads it: its edges `first..<first + count` of the edge rows, and when it
/// has a direct table (`dense` >= 0), the table's start in `denseTargets`, covering labels
/// `low..<low + span`; `isEnd` when a key ends here (read in the same load as the edges).
struct TrieNode: Sendable {
    let first: Int32
    let count: Int32
    let dense: Int32
    let low: UInt32
    let span: UInt32
    let isEnd: Bool
}
