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
    /// ends; those ascend with the keys (nodes are numbered in key order, depth-first), so a caller
    /// can list per node the keys that end there in one pass. `reservedNodes`: when these rows have
    /// no trie yet, the capacity (in nodes and edges) to make them with, as `reserve(nodes:)` would
    /// (without making arrays that the first trie then replaces).
    ///
    /// Two passes over the keys, reading no label twice but those neighbouring keys share
    /// (`TrieKeys.commonPrefix`). The first counts the nodes (per key, the labels it does not share
    /// with the key before it), so every array grows once. The second walks the keys as a path:
    /// it creates a node per label past the shared ones, and finishes the path's nodes the next key
    /// leaves (no later key reaches them), writing each one's row and its edges together (its
    /// children were created in label order, so its edges are sorted).
    mutating func append<Keys: TrieKeys>(_ keys: Keys, endNodes: UnsafeMutableBufferPointer<Int32>, reservedNodes: Int = 0) -> Int32 where Keys.Label == Label {
        let keyCount = keys.count
        // SAFETY: `endNodes` has a slot per key, and every index below is a key's (`k < keyCount`).
        assert(endNodes.count >= keyCount)
        // Pass 1: the node count and the longest key; each key's shared labels wait in its slot.
        var nodeCount = 1
        var longest = 0
        for k in 0..<keyCount {
            let n = keys.length(k)
            let common = k == 0 ? 0 : keys.commonPrefix(k)
            assert(common >= 0 && common <= n, "sorted keys: a key shares no more than its own labels with the one before")
            endNodes[k] = Int32(truncatingIfNeeded: common)
            nodeCount &+= n &- common
            longest = max(longest, n)
        }
        // Node and edge numbers are 32 bits (a document's size limit keeps them far below).
        precondition(nodes.count + nodeCount <= Int(Int32.max) && edgeLabels.count + nodeCount <= Int(Int32.max))
        return Self.append(keys, endNodes: endNodes, nodeCount: nodeCount, longest: longest, reservedNodes: reservedNodes,
                           nodes: &nodes, edgeLabels: &edgeLabels, edgeTargets: &edgeTargets, denseTargets: &denseTargets)
    }

    /// Pass 2 of `append` and the direct tables (on the four arrays, passed as separate arguments).
    /// The first trie is written straight into new arrays of the capacity reserved; a later one in
    /// one temporary block (rows, scratch, edge targets, edge labels) then appended in one copy each.
    private static func append<Keys: TrieKeys>(_ keys: Keys, endNodes: UnsafeMutableBufferPointer<Int32>, nodeCount: Int, longest: Int,
                                               reservedNodes: Int, nodes: inout [TrieNode], edgeLabels: inout [Label], edgeTargets: inout [Int32],
                                               denseTargets: inout [Int32]) -> Int32 where Keys.Label == Label {
        let root = nodes.count
        let edgeBase = edgeLabels.count
        let edgeCount = nodeCount - 1
        let scratchCount = scratchSize(nodeCount: nodeCount, longest: longest)
        assert(endNodes.count >= keys.count)
        if nodes.isEmpty, edgeLabels.isEmpty, edgeTargets.isEmpty {
            let rowCapacity = max(nodes.capacity, nodeCount, reservedNodes)
            let edgeCapacity = max(edgeLabels.capacity, edgeTargets.capacity, edgeCount, reservedNodes, 1)
            var labelsOut: [Label] = []
            var targetsOut: [Int32] = []
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: scratchCount) { scratch in
                nodes = [TrieNode](unsafeUninitializedCapacity: rowCapacity) { rows, rowsWritten in
                    labelsOut = [Label](unsafeUninitializedCapacity: edgeCapacity) { labels, labelsWritten in
                        targetsOut = [Int32](unsafeUninitializedCapacity: edgeCapacity) { targets, targetsWritten in
                            // SAFETY: each buffer has room for the rows or edges `build` writes (`nodeCount`, `nodeCount - 1`), all of which it writes.
                            assert(rows.count >= nodeCount && labels.count >= edgeCount && targets.count >= edgeCount && scratch.count == scratchCount)
                            build(keys, endNodes: endNodes.baseAddress!, nodeCount: nodeCount, longest: longest, root: root, edgeBase: edgeBase,
                                  rows: rows.baseAddress!, labels: labels.baseAddress!, targets: targets.baseAddress!,
                                  scratch: scratch.baseAddress!, denseTargets: &denseTargets)
                            targetsWritten = edgeCount
                        }
                        labelsWritten = edgeCount
                    }
                    rowsWritten = nodeCount
                }
            }
            edgeLabels = labelsOut
            edgeTargets = targetsOut
            return Int32(root)
        }
        let rowBytes = nodeCount * MemoryLayout<TrieNode>.stride
        let numberBytes = (scratchCount + edgeCount) * MemoryLayout<Int32>.stride
        // SAFETY: the regions are laid out in decreasing alignment (rows, 32-bit numbers, labels of at most 32 bits), each at a multiple of the next one's alignment, within the block; each is bound to one type only.
        assert(MemoryLayout<TrieNode>.alignment >= MemoryLayout<Int32>.alignment && MemoryLayout<Int32>.alignment >= MemoryLayout<Label>.alignment
            && rowBytes % MemoryLayout<Int32>.alignment == 0)
        withUnsafeTemporaryAllocation(byteCount: rowBytes + numberBytes + edgeCount * MemoryLayout<Label>.stride,
                                      alignment: MemoryLayout<TrieNode>.alignment) { block in
            let base = block.baseAddress!
            let rows = base.bindMemory(to: TrieNode.self, capacity: nodeCount)
            let scratch = (base + rowBytes).bindMemory(to: Int32.self, capacity: scratchCount + edgeCount)
            let targets = scratch + scratchCount
            let labels = (base + rowBytes + numberBytes).bindMemory(to: Label.self, capacity: edgeCount)
            build(keys, endNodes: endNodes.baseAddress!, nodeCount: nodeCount, longest: longest, root: root, edgeBase: edgeBase,
                  rows: rows, labels: labels, targets: targets, scratch: scratch, denseTargets: &denseTargets)
            nodes.append(contentsOf: UnsafeBufferPointer(start: rows, count: nodeCount))
            edgeLabels.append(contentsOf: UnsafeBufferPointer(start: labels, count: edgeCount))
            edgeTargets.append(contentsOf: UnsafeBufferPointer(start: targets, count: edgeCount))
        }
        return Int32(root)
    }

    /// `walk`, then the direct tables for the nodes with many edges (after the walk, so that it
    /// stays free of appends), all appended to `denseTargets` in one go. The walk lists those nodes
    /// in its scratch, so only they are read again.
    @inline(__always)
    private static func build<Keys: TrieKeys>(_ keys: Keys, endNodes: UnsafeMutablePointer<Int32>, nodeCount: Int, longest: Int,
                                              root: Int, edgeBase: Int, rows: UnsafeMutablePointer<TrieNode>,
                                              labels: UnsafeMutablePointer<Label>, targets: UnsafeMutablePointer<Int32>,
                                              scratch: UnsafeMutablePointer<Int32>, denseTargets: inout [Int32]) where Keys.Label == Label {
        let many = walk(keys, endNodes: endNodes, nodeCount: nodeCount, longest: longest, root: root, edgeBase: edgeBase,
                        rows: rows, labels: labels, targets: targets, scratch: scratch)
        guard many > 0 else { return }
        // The nodes with many edges, in node order (the walk listed them as it finished them,
        // children first): the tables are laid out in node order.
        // SAFETY: `scratch` holds `scratchSize(nodeCount:longest:)` slots and `many <= manyCapacity(nodeCount:)`, the last part of them.
        assert(many >= 0 && many <= Self.manyCapacity(nodeCount: nodeCount))
        var manyNodes = UnsafeMutableBufferPointer(start: scratch + 3 * (longest + 1) + 2 * nodeCount, count: many)
        manyNodes.sort()
        var tableEntries = 0
        for v in manyNodes {
            // SAFETY: the walk listed `many` local nodes, each under `nodeCount`, whose edges it wrote.
            assert(Int(v) < nodeCount && Int(rows[Int(v)].count) >= denseMinimumEdges)
            let row = rows[Int(v)]
            let first = Int(row.first) - edgeBase
            let span = Int(labels[first + Int(row.count) - 1]) - Int(labels[first]) + 1
            if span <= denseMaximumSpan { tableEntries += span }
        }
        guard tableEntries > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: tableEntries) { tables in
            // SAFETY: each table is `span` entries from `next`, and the spans add up to `tableEntries` (counted above with the same rule); the edges read are the node's, which `walk` wrote.
            assert(tables.count == tableEntries)
            tables.initialize(repeating: -1)
            var next = 0
            for node in manyNodes {
                let v = Int(node)
                let row = rows[v]
                let first = Int(row.first) - edgeBase
                let last = first + Int(row.count) - 1
                let low = Int(labels[first])
                let span = Int(labels[last]) - low + 1
                guard span <= denseMaximumSpan else { continue }
                rows[v] = TrieNode(first: row.first, count: row.count, dense: Int32(denseTargets.count + next),
                                   low: UInt32(low), span: UInt32(span), isEnd: row.isEnd)
                for e in first...last {
                    assert(next + Int(labels[e]) - low < tableEntries)
                    tables[next + Int(labels[e]) - low] = targets[e]
                }
                next += span
            }
            assert(next == tableEntries)
            denseTargets.append(contentsOf: tables)
        }
    }

    /// The numbers `walk` uses: the path (three per depth), the waiting edges (two per node), the
    /// nodes with many edges.
    private static func scratchSize(nodeCount: Int, longest: Int) -> Int {
        3 * (longest + 1) + 2 * nodeCount + manyCapacity(nodeCount: nodeCount)
    }

    /// The most nodes with `denseMinimumEdges` edges a trie of `nodeCount` nodes has (it has one edge fewer than nodes).
    private static func manyCapacity(nodeCount: Int) -> Int { nodeCount / denseMinimumEdges + 1 }

    /// The walk of `append`'s pass 2 over `keys`, whose `endNodes` hold what each shares with the
    /// key before: writes the `nodeCount` rows at `rows` (of nodes `root...`), the `nodeCount - 1`
    /// edges at `labels` and `targets` (edges `edgeBase...`), and each key's end node. `scratch`:
    /// `scratchSize(nodeCount:longest:)` numbers. Returns how many nodes have at least
    /// `denseMinimumEdges` edges, listed from `scratch + 3 * (longest + 1) + 2 * nodeCount` on.
    ///
    /// A key's nodes past what it shares with the next key (a chain: one edge each, the last one
    /// the key's end) are finished as soon as they are created, deepest first, as the path would
    /// finish them when the next key leaves them; only the nodes the next key shares go on the path.
    @inline(__always)
    private static func walk<Keys: TrieKeys>(_ keys: Keys, endNodes: UnsafeMutablePointer<Int32>, nodeCount: Int, longest: Int,
                                             root: Int, edgeBase: Int, rows: UnsafeMutablePointer<TrieNode>,
                                             labels: UnsafeMutablePointer<Label>, targets: UnsafeMutablePointer<Int32>,
                                             scratch: UnsafeMutablePointer<Int32>) -> Int where Keys.Label == Label {
        let keyCount = keys.count
        // Per depth of the path: its node (local number), where its children's waiting edges
        // start, whether a key ends there. Then the waiting edges (label, target), then the nodes
        // with many edges.
        let pathNode = scratch
        let pathMark = pathNode + (longest + 1)
        let pathEnd = pathMark + (longest + 1)
        let waitingLabel = pathEnd + (longest + 1)
        let waitingTarget = waitingLabel + nodeCount
        let manyNodes = waitingTarget + nodeCount
        pathNode[0] = 0
        pathMark[0] = 0
        pathEnd[0] = 0
        var depth = 0 // the path's deepest node
        var next = 1 // local nodes created
        var waiting = 0
        var written = 0 // edges written
        var many = 0 // nodes with many edges listed
        var k = 0
        while true {
            // The depth the path keeps: what key k shares with the last; -1 after the last key (finish the root too).
            let keep = k < keyCount ? Int(endNodes[k]) : -1
            while depth > keep {
                // Finish the node at `depth`: its waiting edges are its children's, in label order.
                let node = Int(pathNode[depth])
                let mark = Int(pathMark[depth])
                let count = waiting &- mark
                // SAFETY: local nodes are under `nodeCount`, and every edge is written once, under `nodeCount - 1` (pass 1 counted them).
                assert(node >= 0 && node < nodeCount && mark >= 0 && mark <= waiting && written &+ count <= nodeCount - 1)
                for i in 0..<count {
                    labels[written &+ i] = Label(truncatingIfNeeded: UInt32(bitPattern: waitingLabel[mark &+ i]))
                    targets[written &+ i] = waitingTarget[mark &+ i]
                }
                rows[node] = TrieNode(first: Int32(truncatingIfNeeded: edgeBase &+ written), count: Int32(truncatingIfNeeded: count),
                                      dense: -1, low: 0, span: 0, isEnd: pathEnd[depth] != 0)
                if count >= denseMinimumEdges {
                    // SAFETY: every node listed has `denseMinimumEdges` edges of the `nodeCount - 1`, so fewer than `manyCapacity` are.
                    assert(many < manyCapacity(nodeCount: nodeCount))
                    manyNodes[many] = Int32(truncatingIfNeeded: node)
                    many &+= 1
                }
                written &+= count
                waiting = mark
                depth &-= 1
            }
            guard k < keyCount else { break }
            let n = keys.length(k)
            // What the next key shares with this one: the path keeps this key's nodes down to there.
            let split = Swift.max(keep, k &+ 1 < keyCount ? Int(endNodes[k &+ 1]) : 0)
            // SAFETY: keys are sorted, so the path keeps exactly what key k shares with the last, then grows to what the next shares, at most its length, at most `longest`.
            assert(keep == depth && n >= split && n <= longest)
            var d = keep
            while d < split {
                assert(next < nodeCount && waiting < nodeCount)
                waitingLabel[waiting] = Int32(bitPattern: UInt32(truncatingIfNeeded: keys.label(k, d)))
                waitingTarget[waiting] = Int32(truncatingIfNeeded: root &+ next)
                waiting &+= 1
                d &+= 1
                pathNode[d] = Int32(truncatingIfNeeded: next)
                pathMark[d] = Int32(truncatingIfNeeded: waiting)
                pathEnd[d] = 0
                next &+= 1
            }
            depth = split
            if n == split {
                pathEnd[n] = 1
                endNodes[k] = Int32(truncatingIfNeeded: root &+ Int(pathNode[n]))
            } else {
                // The chain past `split`: nodes `next..<next + n - split`, the first a waiting edge of the path's node at `split`.
                assert(next &+ (n &- split) <= nodeCount && waiting < nodeCount && written &+ (n &- split &- 1) <= nodeCount - 1)
                waitingLabel[waiting] = Int32(bitPattern: UInt32(truncatingIfNeeded: keys.label(k, split)))
                waitingTarget[waiting] = Int32(truncatingIfNeeded: root &+ next)
                waiting &+= 1
                var node = next &+ (n &- split &- 1) // the key's end, a leaf
                rows[node] = TrieNode(first: Int32(truncatingIfNeeded: edgeBase &+ written), count: 0, dense: -1, low: 0, span: 0, isEnd: true)
                endNodes[k] = Int32(truncatingIfNeeded: root &+ node)
                var d = n
                while node > next {
                    d &-= 1
                    labels[written] = keys.label(k, d)
                    targets[written] = Int32(truncatingIfNeeded: root &+ node)
                    node &-= 1
                    rows[node] = TrieNode(first: Int32(truncatingIfNeeded: edgeBase &+ written), count: 1, dense: -1, low: 0, span: 0, isEnd: false)
                    written &+= 1
                }
                next &+= n &- split
            }
            k &+= 1
        }
        assert(next == nodeCount && written == nodeCount - 1 && waiting == 0, "every node created and finished, as counted")
        return many
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
