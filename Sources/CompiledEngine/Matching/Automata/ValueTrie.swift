import LinkMatchCore

/// A variable's values as a trie over units (folded like the pattern): walking a text from a
/// position visits exactly the values that start there. A plain value: its rows (`TrieRows`' form:
/// per node its sorted edges, whether a value ends there and, for nodes with many edges, a direct
/// table) are ranges of the `ValueTries` it was added to.
struct ValueTrie: Sendable {
    let nodeStart: Int32
    let nodeCount: Int32
    let edgeStart: Int32
    let edgeCount: Int32
    let denseStart: Int32
    let denseCount: Int32
}

/// One trie's rows as `TrieRows` builds them (nodes, sorted edge labels and targets, direct tables),
/// kept between documents (a predefined variable's, a recent large list's).
struct ValueTrieRows: Sendable {
    let nodes: [TrieNode]
    let labels: [UInt32]
    let targets: [Int32]
    let dense: [Int32]
}

/// The value tries of one store (a document's, or one compiled part's), their rows one after the
/// other in four arrays. A predefined variable's rows are built once per process and copied in once
/// per store and fold mode; a large custom list's are kept with the recent ones.
struct ValueTries: Sendable {
    private(set) var nodes: [TrieNode] = []
    private(set) var labels: [UInt32] = []
    private(set) var targets: [Int32] = []
    private(set) var dense: [Int32] = []
    /// The predefined variables' tries already copied in. Keyed lookups only, never iterated.
    private var copied: [PredefinedVariable: ValueTrie] = [:]

    /// Whether every value is literal units only (a predefined variable's always are): the values a
    /// trie can hold.
    static func areLiteral(_ values: [[CompiledAtom]], origin: PredefinedVariable?) -> Bool {
        if let origin, predefined[origin] != nil { return true }
        return values.allSatisfy { value in value.allSatisfy { if case .unit = $0 { return true } else { return false } } }
    }

    /// The trie of `values` (a predefined variable's when `origin` names one), added to these rows;
    /// nil when a value holds something other than literal units (`?`, `*`), and nothing is added then.
    mutating func add(_ values: [[CompiledAtom]], origin: PredefinedVariable?) -> ValueTrie? {
        if let origin, let rows = Self.predefined[origin] {
            if let known = copied[origin] { return known }
            let trie = append(rows)
            copied[origin] = trie
            return trie
        }
        let rows = values.count > 16 ? Self.recent.value(for: values) { Self.rows(values) } : Self.rows(values)
        return rows.map { append($0) }
    }

    private mutating func append(_ rows: ValueTrieRows) -> ValueTrie {
        let trie = ValueTrie(nodeStart: Int32(nodes.count), nodeCount: Int32(rows.nodes.count),
                             edgeStart: Int32(labels.count), edgeCount: Int32(rows.labels.count),
                             denseStart: Int32(dense.count), denseCount: Int32(rows.dense.count))
        nodes.append(contentsOf: rows.nodes)
        labels.append(contentsOf: rows.labels)
        targets.append(contentsOf: rows.targets)
        dense.append(contentsOf: rows.dense)
        return trie
    }

    /// The rows of a trie of `values`; nil when a value holds something other than literal units.
    static func rows(_ values: [[CompiledAtom]]) -> ValueTrieRows? {
        var units: [[UInt32]] = []
        units.reserveCapacity(values.count)
        for value in values {
            var u: [UInt32] = []
            u.reserveCapacity(value.count)
            for atom in value {
                guard case .unit(let x) = atom else { return nil }
                u.append(x)
            }
            units.append(u)
        }
        units.sort { $0.lexicographicallyPrecedes($1) }
        let rows = TrieRows(sortedKeys: units)
        return ValueTrieRows(nodes: rows.nodes, labels: rows.edgeLabels, targets: rows.edgeTargets, dense: rows.denseTargets)
    }

    /// Every predefined variable's rows in both fold modes (all literal units), built once per process.
    static let predefined: [PredefinedVariable: ValueTrieRows] = {
        var out: [PredefinedVariable: ValueTrieRows] = [:]
        for (name, values) in VariableResolver.predefined {
            out[PredefinedVariable(name: name, caseSensitive: true)] = rows(values.sensitive)
            out[PredefinedVariable(name: name, caseSensitive: false)] = rows(values.folded)
        }
        return out
    }()

    /// Large custom value lists' rows built lately (a document's rules use the same variables again and again).
    static let recent = RecentTable<[[CompiledAtom]], ValueTrieRows?>(capacity: 64)

    /// The rows' storage.
    struct Buffers {
        let nodes: UnsafeBufferPointer<TrieNode>
        let labels: UnsafeBufferPointer<UInt32>
        let targets: UnsafeBufferPointer<Int32>
        let dense: UnsafeBufferPointer<Int32>
    }

    /// The rows' storage, for matching: one word (what it points to is kept by an `OwnedMatchers`),
    /// so handing it on copies nothing.
    struct View {
        let buffers: UnsafePointer<Buffers>

        var nodes: UnsafeBufferPointer<TrieNode> { buffers.pointee.nodes }
        var labels: UnsafeBufferPointer<UInt32> { buffers.pointee.labels }
        var targets: UnsafeBufferPointer<Int32> { buffers.pointee.targets }
        var dense: UnsafeBufferPointer<Int32> { buffers.pointee.dense }

        /// Calls `found` with every position where a value of `trie` starting at `start` ends, ascending.
        @inline(__always)
        func ends<U: FixedWidthInteger & UnsignedInteger>(of trie: ValueTrie, in text: UnsafeBufferPointer<U>, from start: Int,
                                                          work: inout Int, _ found: (Int) -> Void) {
            let n0 = Int(trie.nodeStart), e0 = Int(trie.edgeStart), d0 = Int(trie.denseStart)
            let nodes = nodes, labels = labels, targets = targets, dense = dense
            // SAFETY: `add` put this trie's rows at these ranges of the four arrays, and its nodes' edge and table offsets are relative to them (`TrieRows.View.child` asserts each read).
            assert(n0 + Int(trie.nodeCount) <= nodes.count && e0 + Int(trie.edgeCount) <= labels.count
                   && e0 + Int(trie.edgeCount) <= targets.count && d0 + Int(trie.denseCount) <= dense.count && trie.nodeCount > 0)
            let rows = TrieRows<UInt32>.View(nodes: UnsafeBufferPointer(rebasing: nodes[n0..<(n0 + Int(trie.nodeCount))]),
                                             labels: UnsafeBufferPointer(rebasing: labels[e0..<(e0 + Int(trie.edgeCount))]),
                                             targets: UnsafeBufferPointer(rebasing: targets[e0..<(e0 + Int(trie.edgeCount))]),
                                             denseTargets: UnsafeBufferPointer(rebasing: dense[d0..<(d0 + Int(trie.denseCount))]))
            var node = 0
            var p = start
            let n = text.count
            while true {
                if rows.nodes[node].isEnd { found(p) }
                guard p < n else { break }
                let unit = UInt32(truncatingIfNeeded: text[p])
                guard let child = rows.child(of: node, unit, work: &work) else { break }
                node = child
                p += 1
            }
        }
    }
}
