/// Tries of keys in compressed sparse rows: node `n`'s edges are `first..<first + count` of
/// `edgeLabels` / `edgeTargets` (`nodes[n]`), sorted by label. The one construction behind the rule
/// index's byte tries (`IndexTries`, every trie of a document in one set of rows) and ValueTrie (a
/// variable's values, one trie whose root is node 0).
///
/// A node with many edges (`$(lang)`'s root has one per first letter) also gets a direct table over
/// its labels' range, so that a step there is one load instead of a binary search. What a walk reads
/// of a node is in one `TrieNode` (one load per step, not one per array).
struct TrieRows<Label: FixedWidthInteger & UnsignedInteger> {
    /// Every node of every trie appended, each trie's after the previous one's.
    private(set) var nodes: [TrieNode] = []
    /// Every node's edges, each node's together and sorted by label; targets are node numbers.
    private(set) var edgeLabels: [Label] = []
    private(set) var edgeTargets: [Int32] = []
    /// The direct tables, one after the other: the child per label, or -1.
    private(set) var denseTargets: [Int32] = []
    /// Per key given to `init(sortedKeys:)`, in that order: the node where it ends (equal keys end
    /// at the same node). Empty for rows built by `append`.
    private(set) var endNodes: [Int32] = []

    var nodeCount: Int { nodes.count }

    /// Nodes with at least this many edges get a direct table (below it a binary search is a few probes).
    static var denseMinimumEdges: Int { 3 }
    /// The widest label range a direct table covers (so a table is at most this many entries).
    static var denseMaximumSpan: Int { 256 }

    /// No trie yet: `append` adds them.
    init() {}

    /// The rows of one trie of `keys` (root node 0), which must be sorted (lexicographically, any
    /// order among equal keys). Each key is a zero-based array or a slice (its indices from `startIndex`).
    init<Key: RandomAccessCollection<Label>>(sortedKeys keys: [Key]) where Key.Index == Int {
        var ends = [Int32](repeating: 0, count: keys.count)
        ends.withUnsafeMutableBufferPointer { ends in
            _ = append(CollectionKeys(keys: keys), endNodes: ends)
        }
        endNodes = ends
    }

    /// Keys given as collections of labels.
    private struct CollectionKeys<Key: RandomAccessCollection<Label>>: TrieKeys where Key.Index == Int {
        let keys: [Key]
        var count: Int { keys.count }
        func length(_ k: Int) -> Int { keys[k].count }
        func label(_ k: Int, _ d: Int) -> Label { keys[k][keys[k].startIndex + d] }
    }

    /// Appends the trie of `keys`, which must be sorted (lexicographically, any order among equal
    /// keys). Its nodes are numbered from `nodeCount` on, root first, then breadth-first, so each
    /// node's edges are written together when it is reached (no edge list to sort afterwards).
    /// Writes in `endNodes` (one slot per key) the node where each key ends. Returns the root.
    /// The trie is built in temporary space (on the stack when there is room) and then copied to
    /// the rows in one go per array. (The keys are a generic value, not closures, so that reading
    /// them is specialized and inlined inside the temporary allocations' bodies.)
    mutating func append<Keys: TrieKeys>(_ keys: Keys, endNodes: UnsafeMutableBufferPointer<Int32>) -> Int32 where Keys.Label == Label {
        let keyCount = keys.count
        // SAFETY: `endNodes` has a slot per key; each key is written once, at the node where it ends.
        assert(endNodes.count >= keyCount)
        // The root, and per key the labels it does not share with the key before it: exactly the
        // nodes (many keys repeat or share a start, so the sum of their lengths can be far more).
        var bound = 1
        for k in 0..<keyCount {
            let n = keys.length(k)
            var common = 0
            if k > 0 {
                let shared = min(n, keys.length(k - 1))
                while common < shared, keys.label(k, common) == keys.label(k - 1, common) { common += 1 }
            }
            bound += n - common
        }
        let root = Int32(nodes.count)
        let edgeBase = edgeLabels.count
        withUnsafeTemporaryAllocation(of: TrieNode.self, capacity: bound) { nodes in
            withUnsafeTemporaryAllocation(of: Label.self, capacity: bound) { labels in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: bound) { targets in
                    // Per node waiting, in node order: its keys `lo..<hi` (they share their first `depth` labels), as three entries.
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * bound) { queue in
                        var nodeCount = 0
                        var edgeCount = 0
                        // SAFETY: each node and edge (`bound` and `bound - 1` of them, as counted above) is written once, each node's three queue entries once, before it is read, under the room for `bound`.
                        assert(nodes.count >= bound && labels.count >= bound && targets.count >= bound && queue.count >= 3 * bound)
                        queue[0] = 0
                        queue[1] = Int32(keyCount)
                        queue[2] = 0
                        var created = 1 // nodes numbered so far (the root)
                        while nodeCount < created {
                            let lo = Int(queue[3 * nodeCount])
                            let hi = Int(queue[3 * nodeCount + 1])
                            let depth = Int(queue[3 * nodeCount + 2])
                            let node = root + Int32(nodeCount)
                            // Sorted keys sharing `depth` labels: those with no more labels come first.
                            var k = lo
                            while k < hi, keys.length(k) == depth {
                                endNodes[k] = node
                                k += 1
                            }
                            let isEnd = k > lo
                            let first = edgeCount
                            while k < hi {
                                let l = keys.label(k, depth)
                                var end = k + 1
                                while end < hi, keys.label(end, depth) == l { end += 1 }
                                assert(edgeCount < bound - 1 && created < bound)
                                labels[edgeCount] = l
                                targets[edgeCount] = root + Int32(created)
                                edgeCount += 1
                                queue[3 * created] = Int32(k)
                                queue[3 * created + 1] = Int32(end)
                                queue[3 * created + 2] = Int32(depth + 1)
                                created += 1
                                k = end
                            }
                            let count = edgeCount - first
                            var row = TrieNode(first: Int32(edgeBase + first), count: Int32(count), dense: -1, low: 0, span: 0, isEnd: isEnd)
                            if count >= Self.denseMinimumEdges {
                                let low = Int(labels[first])
                                let span = Int(labels[edgeCount - 1]) - low + 1
                                if span <= Self.denseMaximumSpan {
                                    row = TrieNode(first: row.first, count: row.count, dense: Int32(denseTargets.count),
                                                   low: UInt32(low), span: UInt32(span), isEnd: isEnd)
                                    let start = denseTargets.count
                                    denseTargets.append(contentsOf: repeatElement(-1, count: span))
                                    for e in first..<edgeCount { denseTargets[start + Int(labels[e]) - low] = targets[e] }
                                }
                            }
                            nodes.initializeElement(at: nodeCount, to: row)
                            nodeCount += 1
                        }
                        assert(nodeCount == bound, "one node per distinct key start, as counted")
                        // SAFETY: the first nodeCount nodes and edgeCount labels and targets were written above, under the room for `bound`.
                        assert(nodeCount <= nodes.count && edgeCount <= labels.count && edgeCount <= targets.count)
                        self.nodes.append(contentsOf: UnsafeBufferPointer(rebasing: nodes[0..<nodeCount]))
                        edgeLabels.append(contentsOf: UnsafeBufferPointer(rebasing: labels[0..<edgeCount]))
                        edgeTargets.append(contentsOf: UnsafeBufferPointer(rebasing: targets[0..<edgeCount]))
                    }
                }
            }
        }
        return root
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
            // SAFETY: `node` is a root or a target the rows gave, so a node; its edges `first..<first + count` and table `dense..<dense + span` lie in the rows `append` built.
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

    /// Calls `body` with these rows as buffers.
    @inline(__always)
    func withRowsView<R>(_ body: (View) -> R) -> R {
        Self.withView(nodes: nodes, labels: edgeLabels, targets: edgeTargets, denseTargets: denseTargets, body)
    }

    /// Calls `body` with the rows of a trie (stored by its owner as these arrays) as buffers.
    @inline(__always)
    static func withView<R>(nodes: [TrieNode], labels: [Label], targets: [Int32], denseTargets: [Int32], _ body: (View) -> R) -> R {
        // SAFETY: `View.child` relies on the four arrays being the rows `append` built, as their owner stored them.
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

extension TrieRows: Sendable where Label: Sendable {}

/// Sorted keys as `TrieRows.append` reads them: `count` keys, key `k` being `length(k)` labels
/// `label(k, 0)`, `label(k, 1)`, ... (read only below its length).
protocol TrieKeys {
    associatedtype Label
    var count: Int { get }
    func length(_ k: Int) -> Int
    func label(_ k: Int, _ d: Int) -> Label
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
