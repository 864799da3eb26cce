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

    /// Makes room for `nodes` more nodes and their edges, so that appending tries of that many nodes
    /// in all grows each array once (a document's index reserves for all its tries up front).
    mutating func reserve(nodes count: Int) {
        nodes.reserveCapacity(nodes.count + count)
        edgeLabels.reserveCapacity(edgeLabels.count + count)
        edgeTargets.reserveCapacity(edgeTargets.count + count)
    }

    /// Appends the trie of `keys`, which must be sorted (lexicographically, any order among equal
    /// keys), and returns its root. Writes in `endNodes` (one slot per key) the node where each key
    /// ends; those ascend with the keys (nodes are numbered in key order), so a caller can list
    /// per node the keys that end there in one pass.
    ///
    /// Two passes over the keys and one over the nodes, no label read twice but those the
    /// neighbouring keys share (`TrieKeys.commonPrefix`): the first counts the nodes (per key, the
    /// labels it does not share with the key before it); the second creates them depth-first, node
    /// numbers ascending from `nodeCount` (the root first), noting each node's parent and label;
    /// the last writes each node's edges together in label order (a node's children are created in
    /// label order) and its row.
    mutating func append<Keys: TrieKeys>(_ keys: Keys, endNodes: UnsafeMutableBufferPointer<Int32>) -> Int32 where Keys.Label == Label {
        let keyCount = keys.count
        // SAFETY: `endNodes` has a slot per key, and every index below is a key's (`k < keyCount`).
        assert(endNodes.count >= keyCount)
        // Pass 1: the node count and the longest key; each key's shared labels wait in its slot.
        var nodeCount = 1
        var longest = 0
        for k in 0..<keyCount {
            let n = keys.length(k)
            let common = k == 0 ? 0 : keys.commonPrefix(k)
            assert(common <= n, "sorted keys: a key shares no more than its own labels with the one before")
            endNodes[k] = Int32(common)
            nodeCount += n - common
            longest = max(longest, n)
        }
        return Self.append(keys, endNodes: endNodes, nodeCount: nodeCount, longest: longest,
                           nodes: &nodes, edgeLabels: &edgeLabels, edgeTargets: &edgeTargets, denseTargets: &denseTargets)
    }

    /// Passes 2 and 3 of `append`, on the four arrays as separate arguments (so that the table
    /// appends need no access to the rows being written).
    private static func append<Keys: TrieKeys>(_ keys: Keys, endNodes: UnsafeMutableBufferPointer<Int32>, nodeCount: Int, longest: Int,
                                               nodes: inout [TrieNode], edgeLabels: inout [Label], edgeTargets: inout [Int32],
                                               denseTargets: inout [Int32]) -> Int32 where Keys.Label == Label {
        let keyCount = keys.count
        let root = Int32(nodes.count)
        let edgeBase = edgeLabels.count
        nodes.append(contentsOf: repeatElement(TrieNode(first: 0, count: 0, dense: -1, low: 0, span: 0, isEnd: false), count: nodeCount))
        edgeLabels.append(contentsOf: repeatElement(0, count: nodeCount - 1))
        edgeTargets.append(contentsOf: repeatElement(0, count: nodeCount - 1))
        // Per node (local number): its parent, its label (as 32 bits), its edges' start; then the path of the key before.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * nodeCount + 1 + longest + 1) { scratch in
            nodes.withUnsafeMutableBufferPointer { rows in
                edgeLabels.withUnsafeMutableBufferPointer { labels in
                    edgeTargets.withUnsafeMutableBufferPointer { targets in
                        let parent = scratch.baseAddress!
                        let label = parent + nodeCount
                        let start = label + nodeCount // nodeCount + 1 entries
                        let path = start + nodeCount + 1 // longest + 1 entries
                        // SAFETY: local node numbers are under `nodeCount` (pass 1 counted them), depths at most `longest`; the rows, labels and targets grew by `nodeCount`, `nodeCount - 1`, `nodeCount - 1` above.
                        assert(scratch.count >= 3 * nodeCount + longest + 2 && rows.count == Int(root) + nodeCount
                            && labels.count == edgeBase + nodeCount - 1 && targets.count == labels.count)
                        start.initialize(repeating: 0, count: nodeCount + 1)
                        path[0] = 0
                        // Pass 2: per key, a node per label past those it shares with the key before
                        // (whose path is in `path`); the key ends at the last.
                        var next = 1
                        for k in 0..<keyCount {
                            let n = keys.length(k)
                            let common = Int(endNodes[k])
                            var p = path[common]
                            if common < n {
                                for d in common..<n {
                                    assert(next < nodeCount && d + 1 <= longest)
                                    parent[next] = p
                                    label[next] = Int32(bitPattern: UInt32(truncatingIfNeeded: keys.label(k, d)))
                                    start[Int(p) + 1] += 1
                                    path[d + 1] = Int32(next)
                                    p = Int32(next)
                                    next += 1
                                }
                            }
                            endNodes[k] = root + p
                        }
                        assert(next == nodeCount, "one node per label not shared with the key before, as counted")
                        // Pass 3: edge starts from the child counts; then each child's edge at its
                        // parent's next slot (children come in label order, so each node's edges are sorted).
                        for v in 0..<nodeCount { start[v + 1] += start[v] }
                        for v in 1..<max(1, nodeCount) {
                            let p = Int(parent[v])
                            let e = Int(start[p])
                            assert(p < v && e < nodeCount - 1)
                            labels[edgeBase + e] = Label(truncatingIfNeeded: UInt32(bitPattern: label[v]))
                            targets[edgeBase + e] = root + Int32(v)
                            start[p] += 1
                        }
                        // Now `start[v]` is where node v's edges end (and `start[v - 1]` where they begin).
                        var k = 0
                        for v in 0..<nodeCount {
                            let node = root + Int32(v)
                            let first = v == 0 ? 0 : Int(start[v - 1])
                            let end = Int(start[v])
                            var isEnd = false
                            while k < keyCount, endNodes[k] == node {
                                isEnd = true
                                k += 1
                            }
                            var row = TrieNode(first: Int32(edgeBase + first), count: Int32(end - first), dense: -1, low: 0, span: 0, isEnd: isEnd)
                            if end - first >= denseMinimumEdges {
                                let low = Int(labels[edgeBase + first])
                                let span = Int(labels[edgeBase + end - 1]) - low + 1
                                if span <= denseMaximumSpan {
                                    row = TrieNode(first: row.first, count: row.count, dense: Int32(denseTargets.count),
                                                   low: UInt32(low), span: UInt32(span), isEnd: isEnd)
                                    let table = denseTargets.count
                                    denseTargets.append(contentsOf: repeatElement(-1, count: span))
                                    for e in edgeBase + first..<edgeBase + end { denseTargets[table + Int(labels[e]) - low] = targets[e] }
                                }
                            }
                            rows[Int(node)] = row
                        }
                        assert(k == keyCount, "every key's end node is one of the trie's, ascending")
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
/// `commonPrefix(k)` (for `k >= 1`): how many first labels key `k` shares with key `k - 1`; by
/// default read label by label.
protocol TrieKeys {
    associatedtype Label: Equatable
    var count: Int { get }
    func length(_ k: Int) -> Int
    func label(_ k: Int, _ d: Int) -> Label
    func commonPrefix(_ k: Int) -> Int
}

extension TrieKeys {
    func commonPrefix(_ k: Int) -> Int {
        let shared = min(length(k), length(k - 1))
        var common = 0
        while common < shared, label(k, common) == label(k - 1, common) { common += 1 }
        return common
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
