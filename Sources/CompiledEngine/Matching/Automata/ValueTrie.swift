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
    /// The rows are ranges of the process-wide predefined rows (`ValueTries.shared`), not of the store's.
    let isShared: Bool
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
/// other in four arrays. A predefined variable's rows are not copied in: they are built once per
/// process into buffers that are never freed (`shared`), and a store's trie of one refers to them
/// there (`ValueTrie.isShared`). A large custom list's rows are kept with the recent ones.
struct ValueTries: Sendable {
    private(set) var nodes: [TrieNode] = []
    private(set) var labels: [UInt32] = []
    private(set) var targets: [Int32] = []
    private(set) var dense: [Int32] = []
    /// Some trie of this store is one of the shared predefined ones: its view needs `shared`'s buffers.
    private(set) var usesShared = false

    /// Whether every value is literal units only (a predefined variable's always are): the values a
    /// trie can hold.
    static func areLiteral(_ values: [[CompiledAtom]], origin: PredefinedVariable?) -> Bool {
        if let origin, shared.tries[origin] != nil { return true }
        return values.allSatisfy { value in value.allSatisfy { if case .unit = $0 { return true } else { return false } } }
    }

    /// The trie of `values` (a predefined variable's when `origin` names one), added to these rows;
    /// nil when a value holds something other than literal units (`?`, `*`), and nothing is added then.
    mutating func add(_ values: [[CompiledAtom]], origin: PredefinedVariable?) -> ValueTrie? {
        if let origin, let known = Self.shared.tries[origin] {
            usesShared = true
            return known
        }
        let rows = values.count > 16 ? Self.recent.value(for: values) { Self.rows(values) } : Self.rows(values)
        return rows.map { append($0, isShared: false) }
    }

    private mutating func append(_ rows: ValueTrieRows, isShared: Bool) -> ValueTrie {
        let trie = ValueTrie(nodeStart: Int32(nodes.count), nodeCount: Int32(rows.nodes.count),
                             edgeStart: Int32(labels.count), edgeCount: Int32(rows.labels.count),
                             denseStart: Int32(dense.count), denseCount: Int32(rows.dense.count), isShared: isShared)
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

    /// Every predefined variable's tries in both fold modes (all literal units), built once per
    /// process, on the first pattern that asks.
    static let shared = SharedTries()

    /// The predefined variables' rows in buffers allocated once per process and never freed, so a
    /// compiled document's view can point at them for as long as the process runs (copying them
    /// into every document cost more than compiling the rest of a small one).
    struct SharedTries: @unchecked Sendable { // (nothing it points to changes after `init`)
        /// The tries, as ranges of `buffers`. Keyed lookups only, never iterated.
        let tries: [PredefinedVariable: ValueTrie]
        // SAFETY: allocated once per process and never freed, so every view of it stays valid.
        let buffers: UnsafePointer<Buffers>

        init() {
            var rows = ValueTries()
            var tries: [PredefinedVariable: ValueTrie] = [:]
            // In name order, so that every process lays the rows out alike.
            for (name, values) in VariableResolver.predefined.sorted(by: { $0.key < $1.key }) {
                for caseSensitive in [true, false] {
                    if let built = ValueTries.rows(caseSensitive ? values.sensitive : values.folded) {
                        tries[PredefinedVariable(name: name, caseSensitive: caseSensitive)] = rows.append(built, isShared: true)
                    }
                }
            }
            self.tries = tries
            buffers = Self.immortal(Buffers(nodes: Self.immortal(rows.nodes), labels: Self.immortal(rows.labels),
                                            targets: Self.immortal(rows.targets), dense: Self.immortal(rows.dense), shared: nil))
        }

        /// A copy of `array` in a buffer that is never freed.
        private static func immortal<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
            _ = buffer.initialize(from: array)
            // SAFETY: the buffer has room for max(1, array.count) elements, the first array.count of them initialized just above.
            assert(buffer.count >= array.count)
            return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
        }

        /// `value` in a buffer that is never freed.
        private static func immortal<T>(_ value: T) -> UnsafePointer<T> {
            let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
            pointer.initialize(to: value)
            return UnsafePointer(pointer)
        }
    }

    /// Large custom value lists' rows built lately (a document's rules use the same variables again and again).
    static let recent = RecentTable<[[CompiledAtom]], ValueTrieRows?>(capacity: 64)

    /// The rows' storage.
    struct Buffers {
        let nodes: UnsafeBufferPointer<TrieNode>
        let labels: UnsafeBufferPointer<UInt32>
        let targets: UnsafeBufferPointer<Int32>
        let dense: UnsafeBufferPointer<Int32>
        /// `ValueTries.shared`'s buffers when some trie of the store is shared (`usesShared`), else nil.
        let shared: UnsafePointer<Buffers>?
    }

    /// The rows' storage, for matching: one word (what it points to is kept by an `OwnedMatchers` or a `FlatRules`),
    /// so handing it on copies nothing.
    struct View {
        // SAFETY: points into the arena of the owning `FlatRules` or `OwnedMatchers` (or `shared`'s, never freed), alive while the view is read.
        let buffers: UnsafePointer<Buffers>

        // SAFETY: `buffers` is in the arena of the owning `FlatRules` or `OwnedMatchers`, or is `shared`'s and never freed, while a match reads this view (liveness cannot be asserted).
        var nodes: UnsafeBufferPointer<TrieNode> { buffers.pointee.nodes }
        var labels: UnsafeBufferPointer<UInt32> { buffers.pointee.labels }
        var targets: UnsafeBufferPointer<Int32> { buffers.pointee.targets }
        var dense: UnsafeBufferPointer<Int32> { buffers.pointee.dense }

        /// The view whose rows `trie` is a range of: this one, or the shared predefined rows'. Taken
        /// once per step, before its walks (`ends` reads the rows of the view it is called on).
        @inline(__always)
        func rows(of trie: ValueTrie) -> View {
            guard trie.isShared else { return self }
            // SAFETY: a store with a shared trie has `shared` set in its view (`OwnedMatchers`).
            assert(buffers.pointee.shared != nil)
            return View(buffers: buffers.pointee.shared.unsafelyUnwrapped)
        }

        /// Calls `found` with every position where a value of `trie` starting at `start` ends,
        /// ascending; this view must be `rows(of: trie)`.
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
                // SAFETY: `node` is the root (nodeCount > 0, asserted above) or a child `rows.child` read from this trie's rows.
                assert(node >= 0 && node < rows.nodes.count)
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
