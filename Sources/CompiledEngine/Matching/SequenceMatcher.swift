import LinkMatchCore

/// The matcher for patterns with variables whose values are plain literals (every predefined
/// variable's, and most custom ones): the pattern is a sequence of steps (a literal unit, `?`, `*`,
/// a variable), and matching carries the set of text positions the steps so far can end at, one
/// step at a time. A literal or `?` moves each position one unit on, `*` turns the set into every
/// position from its smallest on, and a variable walks its values' trie from each position and
/// adds every position where a value ends. The text matches when its end is in the last set.
///
/// This is the pattern's automaton run on positions instead of states: a variable costs the length
/// of the value it reads, not the size of its automaton, so `$(lang)` (615 values) costs about as
/// much as a literal of two or three units. Values are never expanded into patterns, and each
/// predefined variable's trie is built once per process. Cost: per step, the set's words plus, per
/// position in it, one comparison or one trie walk (at most the longest value's units): at most
/// (|text| + 1) x |pattern| comparisons, no backtracking, no allocation (two sets per text).
/// Values with `?` or `*` (V2) go to the bit-set automaton instead (BitNFA).
final class SequenceMatcher: Sendable {
    enum Step: Sendable {
        case unit(UInt32)
        case any
        case star
        case values(ValueTrie)
    }

    let steps: [Step]

    /// nil when a variable has a value that is not all literal units (then BitNFA runs the pattern).
    init?(_ pattern: AtomPattern) {
        var steps: [Step] = []
        steps.reserveCapacity(pattern.atoms.count)
        for atom in pattern.atoms {
            switch atom {
            case .unit(let u): steps.append(.unit(u))
            case .any: steps.append(.any)
            case .star:
                if case .star? = steps.last { continue }
                steps.append(.star)
            case .choice(let k):
                let origin = k < pattern.origins.count ? pattern.origins[k] : nil
                guard let trie = ValueTrie.of(pattern.choices[k], origin: origin) else { return nil }
                steps.append(.values(trie))
            }
        }
        self.steps = steps
    }

    func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
        let n = text.count
        let words = (n + 1 + 63) >> 6
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * words) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var current = UnsafeMutableBufferPointer(start: base, count: words)
            var next = UnsafeMutableBufferPointer(start: base + words, count: words)
            current.update(repeating: 0)
            current[0] = 1 // position 0
            return steps.withUnsafeBufferPointer { steps -> Bool in
            for s in 0..<steps.count {
                next.update(repeating: 0)
                work += words
                var any: UInt64 = 0
                switch steps[s] {
                case .star:
                    // Every position from the smallest on.
                    var w = 0
                    while current[w] == 0 { w += 1 }
                    let low = current[w] & (0 &- current[w])
                    next[w] = ~(low &- 1)
                    for v in (w + 1)..<words { next[v] = ~0 }
                    // No position past the end (bit n is the last in use).
                    next[words - 1] &= ~0 >> UInt64(63 - (n & 63))
                    any = 1
                case .unit(let u):
                    Self.forEach(in: current) { p in
                        work += 1
                        if p < n, UInt32(truncatingIfNeeded: text[p]) == u { Self.insert(p + 1, next); any = 1 }
                    }
                case .any:
                    Self.forEach(in: current) { p in
                        work += 1
                        if p < n { Self.insert(p + 1, next); any = 1 }
                    }
                case .values(let trie):
                    Self.forEach(in: current) { p in
                        work += 1
                        any |= trie.ends(in: text, from: p, into: next, work: &work)
                    }
                }
                if any == 0 { return false }
                swap(&current, &next)
            }
            return current[n >> 6] & (UInt64(1) << UInt64(n & 63)) != 0
            }
        }
    }

    /// Calls `body` with each position in `set`, ascending.
    @inline(__always)
    static func forEach(in set: UnsafeMutableBufferPointer<UInt64>, _ body: (Int) -> Void) {
        for w in 0..<set.count {
            var bits = set[w]
            while bits != 0 {
                body((w << 6) | bits.trailingZeroBitCount)
                bits &= bits &- 1
            }
        }
    }

    @inline(__always)
    static func insert(_ p: Int, _ set: UnsafeMutableBufferPointer<UInt64>) {
        set[p >> 6] |= UInt64(1) << UInt64(p & 63)
    }
}

/// A variable's values as a trie over units (folded like the pattern): walking a text from a
/// position visits exactly the values that start there. Flat arrays, edges sorted per node.
final class ValueTrie: Sendable {
    /// Per node: its edges `edgeOffsets[n]..<edgeOffsets[n + 1]`, sorted by label.
    private let edgeOffsets: [Int32]
    private let edgeLabels: [UInt32]
    private let edgeTargets: [Int32]
    /// Per node: whether a value ends there.
    private let terminal: [Bool]

    /// nil when a value holds something other than literal units (`?`, `*`).
    init?(_ values: [[CompiledAtom]]) {
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
        // Sorted keys: each node's edges are created in label order; then group them by node.
        var edges: [(from: Int32, label: UInt32, to: Int32)] = []
        var terminalNodes: [Int32] = []
        var nodeCount: Int32 = 1
        var path: [Int32] = [0]
        var previous: [UInt32] = []
        for key in units {
            var common = 0
            while common < key.count, common < previous.count, key[common] == previous[common] { common += 1 }
            path.removeLast(path.count - (common + 1))
            for d in common..<key.count {
                edges.append((path[d], key[d], nodeCount))
                path.append(nodeCount)
                nodeCount += 1
            }
            terminalNodes.append(path[key.count])
            previous = key
        }
        let n = Int(nodeCount)
        var offsets = [Int32](repeating: 0, count: n + 1)
        for e in edges { offsets[Int(e.from) + 1] += 1 }
        for i in 0..<n { offsets[i + 1] += offsets[i] }
        var fill = offsets
        var labels = [UInt32](repeating: 0, count: edges.count)
        var targets = [Int32](repeating: 0, count: edges.count)
        for e in edges {
            let at = Int(fill[Int(e.from)])
            labels[at] = e.label
            targets[at] = e.to
            fill[Int(e.from)] += 1
        }
        var terminal = [Bool](repeating: false, count: n)
        for t in terminalNodes { terminal[Int(t)] = true }
        edgeOffsets = offsets
        edgeLabels = labels
        edgeTargets = targets
        self.terminal = terminal
    }

    /// Adds to `set` every position where a value starting at `start` ends; returns 1 when it added one.
    @inline(__always)
    func ends<U: FixedWidthInteger & UnsignedInteger>(in text: UnsafeBufferPointer<U>, from start: Int,
                                                      into set: UnsafeMutableBufferPointer<UInt64>, work: inout Int) -> UInt64 {
        edgeOffsets.withUnsafeBufferPointer { offsets in
            edgeLabels.withUnsafeBufferPointer { labels in
                edgeTargets.withUnsafeBufferPointer { targets in
                    terminal.withUnsafeBufferPointer { terminal in
                        var found: UInt64 = 0
                        var node = 0
                        var p = start
                        let n = text.count
                        while true {
                            if terminal[node] {
                                SequenceMatcher.insert(p, set)
                                found = 1
                            }
                            guard p < n else { break }
                            let unit = UInt32(truncatingIfNeeded: text[p])
                            var a = Int(offsets[node])
                            let end = Int(offsets[node + 1])
                            var z = end
                            while a < z {
                                work += 1
                                let mid = (a + z) >> 1
                                if labels[mid] < unit { a = mid + 1 } else { z = mid }
                            }
                            guard a < end, labels[a] == unit else { break }
                            node = Int(targets[a])
                            p += 1
                        }
                        return found
                    }
                }
            }
        }
    }

    /// The trie of a predefined variable's values (built once per process), else of these values.
    static func of(_ values: [[CompiledAtom]], origin: PredefinedVariable?) -> ValueTrie? {
        if let origin, let prebuilt = predefined[origin] { return prebuilt }
        if values.count > 16 { return recent.value(for: values) { ValueTrie(values) } }
        return ValueTrie(values)
    }

    /// Every predefined variable's values in both fold modes (all literal units).
    static let predefined: [PredefinedVariable: ValueTrie] = {
        var out: [PredefinedVariable: ValueTrie] = [:]
        for (name, values) in VariableResolver.predefined {
            out[PredefinedVariable(name: name, caseSensitive: true)] = ValueTrie(values.sensitive)
            out[PredefinedVariable(name: name, caseSensitive: false)] = ValueTrie(values.folded)
        }
        return out
    }()

    /// Large custom value lists built lately (a document's rules use the same variables again and again).
    static let recent = RecentTable<[[CompiledAtom]], ValueTrie?>(capacity: 64)
}
