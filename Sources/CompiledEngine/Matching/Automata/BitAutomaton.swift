import LinkMatchCore

/// A position automaton over units whose states are simulated together as a bit set of UInt64
/// words (a Thompson/Glushkov NFA without backtracking). BitNFA puts a pattern together from
/// several of these: one for the pattern's own units, one shared per variable's values.
///
/// States are numbered so that every edge goes forward (except `*` self-loops): the Builder numbers
/// them in creation order.
///
/// One step over a unit: chain edges (i -> i+1, most edges, thanks to preorder numbering) are one
/// shift-and over the words with a per-unit-class mask; the other consuming edges ("jumps", trie
/// branches) are checked only for active sources; then epsilon edges close the set in one
/// forward pass. Cost per unit: O(words + active jump sources' edges + active epsilon edges),
/// never more than O(states); no allocation.
final class BitAutomaton: Sendable {
    let stateCount: Int
    let words: Int
    let accept: Int
    /// The start state and everything it reaches without consuming.
    let initial: [UInt64]
    /// States with a `*` self-loop.
    let selfLoops: [UInt64]

    /// Shift-and step: class of each unit, and for each class the chain-edge targets accepting it.
    let usesShift: Bool
    let asciiClass: [UInt16]
    let wideUnits: [UInt32]
    let wideClasses: [UInt16]
    let classMasks: [UInt64]

    /// Consuming edges that are not chain edges (all of them when `usesShift` is false), grouped
    /// by source, each group sorted by label (`UnitLabel.any` sorts last).
    let jumpSources: [UInt64]
    let jumpOffsets: [Int32]
    let jumpLabels: [UInt32]
    let jumpTargets: [Int32]

    /// Epsilon edges grouped by source.
    let epsilonSources: [UInt64]
    let epsilonOffsets: [Int32]
    let epsilonTargets: [Int32]

    /// Class tables beyond this many words fall back to checking every edge as a jump.
    static let maxClassTableWords = 1 << 16

    /// The automaton of everything `b` collected; `accept` is the state a match must end in.
    init(_ b: Builder, accept: Int) {
        let n = b.labels.count
        stateCount = n
        words = (n + 63) >> 6
        self.accept = accept

        // Unit classes: every distinct literal label gets one; class 0 is "any other unit". ASCII
        // labels (nearly all) are collected in a table, not hashed: a `$(lang)` pattern has
        // thousands of states.
        var asciiSeen = [Bool](repeating: false, count: 128)
        var wideSeen = Set<UInt32>()
        for label in b.labels where label != UnitLabel.any && label != UnitLabel.none {
            if label < 128 { asciiSeen[Int(label)] = true } else { wideSeen.insert(label) }
        }
        let units = (0..<128).filter { asciiSeen[$0] }.map(UInt32.init) + wideSeen.sorted()
        let classCount = units.count + 1
        var asciiClass = [UInt16](repeating: 0, count: 128)
        var wideUnits: [UInt32] = []
        var wideClasses: [UInt16] = []
        for (i, u) in units.enumerated() {
            let cls = UInt16(truncatingIfNeeded: i + 1)
            if u < 128 { asciiClass[Int(u)] = cls } else { wideUnits.append(u); wideClasses.append(cls) }
        }
        self.asciiClass = asciiClass
        self.wideUnits = wideUnits
        self.wideClasses = wideClasses
        // More than 65,535 distinct units cannot be told apart in UInt16 classes; more than the
        // table limit would cost too much memory. Both fall back to jumps only.
        usesShift = classCount <= Int(UInt16.max) && classCount * words <= Self.maxClassTableWords

        var classMasks: [UInt64] = []
        var jumps: [(from: Int, to: Int)] = []
        if usesShift {
            classMasks = [UInt64](repeating: 0, count: classCount * words)
            for edge in b.edges {
                guard edge.to == edge.from + 1 else { jumps.append(edge); continue }
                let label = b.labels[edge.to]
                let word = edge.to >> 6
                let bit = UInt64(1) << UInt64(edge.to & 63)
                if label == UnitLabel.any {
                    for c in 0..<classCount { classMasks[c * words + word] |= bit }
                } else if label != UnitLabel.none {
                    let c = Self.unitClass(label, ascii: asciiClass, wideUnits: wideUnits, wideClasses: wideClasses)
                    classMasks[c * words + word] |= bit
                }
            }
        } else {
            jumps = b.edges
        }
        self.classMasks = classMasks

        let labels = b.labels // read through a constant: a captured `var` costs an access check per read
        let jumpCSR = Self.grouped(jumps, stateCount: n) { labels[$0] }
        jumpSources = jumpCSR.sources
        jumpOffsets = jumpCSR.offsets
        jumpTargets = jumpCSR.targets
        jumpLabels = jumpCSR.targets.map { labels[Int($0)] }

        let epsilonCSR = Self.grouped(b.epsilons, stateCount: n) { UInt32(truncatingIfNeeded: $0) }
        epsilonSources = epsilonCSR.sources
        epsilonOffsets = epsilonCSR.offsets
        epsilonTargets = epsilonCSR.targets

        var loops = [UInt64](repeating: 0, count: words)
        for (s, looped) in b.loops.enumerated() where looped { loops[s >> 6] |= UInt64(1) << UInt64(s & 63) }
        selfLoops = loops


        var start = [UInt64](repeating: 0, count: words)
        start[0] = 1
        var ignoredWork = 0
        // SAFETY: `close` relies on `set` having `words` words, one bit per state, as `start` does.
        start.withUnsafeMutableBufferPointer { set in
            Self.close(set, sources: epsilonCSR.sources, offsets: epsilonCSR.offsets, targets: epsilonCSR.targets,
                       work: &ignoredWork)
        }
        initial = start
    }

    /// Edges grouped by source state (compressed rows), each group ordered by `key` of the target.
    /// Two passes over the edges and one over the states: count per source (noting the sources with
    /// more than one edge), running sums, then each edge placed from the back of its group (stable).
    static func grouped(_ edges: [(from: Int, to: Int)], stateCount: Int,
                        key: (Int) -> UInt32) -> (sources: [UInt64], offsets: [Int32], targets: [Int32]) {
        var offsets = [Int32](repeating: 0, count: stateCount + 1)
        var sources = [UInt64](repeating: 0, count: (stateCount + 63) >> 6)
        var several: [Int] = []
        for e in edges {
            offsets[e.from] += 1
            if offsets[e.from] == 2 { several.append(e.from) }
            sources[e.from >> 6] |= UInt64(1) << UInt64(e.from & 63)
        }
        // offsets[s] = end of group s, then (placing from the back) its start.
        var sum: Int32 = 0
        for s in 0..<stateCount {
            sum += offsets[s]
            offsets[s] = sum
        }
        offsets[stateCount] = sum
        var targets = [Int32](repeating: 0, count: edges.count)
        for e in edges.reversed() {
            offsets[e.from] -= 1
            targets[Int(offsets[e.from])] = Int32(e.to)
        }
        func before(_ a: Int32, _ b: Int32) -> Bool { (key(Int(a)), a) < (key(Int(b)), b) }
        for s in several {
            let range = Int(offsets[s])..<Int(offsets[s + 1])
            // Trie children of sorted value lists (the predefined ones) come sorted already.
            if range.dropFirst().allSatisfy({ before(targets[$0 - 1], targets[$0]) }) { continue }
            let sorted = targets[range].sorted(by: before)
            targets.replaceSubrange(range, with: sorted)
        }
        return (sources, offsets, targets)
    }

    /// Adds every state reachable by epsilon edges (sources before targets, so one pass).
    @inline(__always)
    static func close(_ set: UnsafeMutableBufferPointer<UInt64>, sources: [UInt64], offsets: [Int32], targets: [Int32],
                      work: inout Int) {
        // SAFETY: `set` and `sources` both have one bit per state (`words` words); every target `t` is a state, so `t >> 6 < set.count`.
        assert(sources.count == set.count && offsets.count >= 1)
        for w in 0..<set.count {
            var pending = set[w] & sources[w]
            while pending != 0 {
                let bit = pending.trailingZeroBitCount
                let s = w << 6 | bit
                var e = Int(offsets[s])
                let end = Int(offsets[s + 1])
                while e < end {
                    let t = Int(targets[e])
                    assert(t >= 0 && t >> 6 < set.count)
                    set[t >> 6] |= UInt64(1) << UInt64(t & 63)
                    e += 1
                }
                work += end - Int(offsets[s]) + 1
                pending &= pending &- 1
                // Targets come after their source: pick up the ones just set later in this word.
                if bit < 63 { pending |= set[w] & sources[w] & (~UInt64(0) << UInt64(bit + 1)) }
            }
        }
    }

    @inline(__always)
    func unitClass(_ unit: UInt32) -> Int {
        Self.unitClass(unit, ascii: asciiClass, wideUnits: wideUnits, wideClasses: wideClasses)
    }

    /// The class of `unit`: from the ASCII table, else by binary search in the sorted wide units; 0
    /// when no label is that unit.
    @inline(__always)
    static func unitClass(_ unit: UInt32, ascii asciiClass: [UInt16], wideUnits: [UInt32], wideClasses: [UInt16]) -> Int {
        if unit < 128 { return Int(asciiClass[Int(unit)]) }
        var lo = 0
        var hi = wideUnits.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if wideUnits[mid] < unit { lo = mid + 1 } else { hi = mid }
        }
        return lo < wideUnits.count && wideUnits[lo] == unit ? Int(wideClasses[lo]) : 0
    }

    func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
        let w = words
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * w) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            // SAFETY: the allocation holds `2 * w` words, so `current` is its first half and `next` its second; `accept` is a state, under `64 * w`.
            assert(buffer.count == 2 * w && initial.count == w && accept >= 0 && accept >> 6 < w)
            var current = UnsafeMutableBufferPointer(start: base, count: w)
            var next = UnsafeMutableBufferPointer(start: base + w, count: w)
            for i in 0..<w { current[i] = initial[i] }
            for position in 0..<text.count {
                let unit = UInt32(truncatingIfNeeded: text[position])
                step(from: current, to: next, unit: unit, work: &work)
                var alive: UInt64 = 0
                for i in 0..<w { alive |= next[i] }
                if alive == 0 { return false }
                swap(&current, &next)
            }
            return current[accept >> 6] & (UInt64(1) << UInt64(accept & 63)) != 0
        }
    }

    /// One unit: `next` = the states entered from `current` by consuming `unit`, closed.
    @inline(__always)
    func step(from current: UnsafeMutableBufferPointer<UInt64>, to next: UnsafeMutableBufferPointer<UInt64>,
              unit: UInt32, work: inout Int) {
        consume(from: current, to: next, unit: unit, work: &work)
        close(next, work: &work)
    }

    /// Adds every state reachable from `set` by epsilon edges.
    @inline(__always)
    func close(_ set: UnsafeMutableBufferPointer<UInt64>, work: inout Int) {
        Self.close(set, sources: epsilonSources, offsets: epsilonOffsets, targets: epsilonTargets, work: &work)
    }

    /// `next` = the states entered from `current` by consuming `unit` (self-loops included), not closed.
    @inline(__always)
    func consume(from current: UnsafeMutableBufferPointer<UInt64>, to next: UnsafeMutableBufferPointer<UInt64>,
                 unit: UInt32, work: inout Int) {
        let w = words
        // SAFETY: `current` and `next` are the `words`-word sets `matches` made; every jump target is a state, under `64 * words`.
        assert(current.count == w && next.count == w && selfLoops.count == w && jumpSources.count == w)
        work += w
        if usesShift {
            let base = unitClass(unit) * w
            var carry: UInt64 = 0
            for i in 0..<w {
                let d = current[i]
                next[i] = (((d << 1) | carry) & classMasks[base + i]) | (d & selfLoops[i])
                carry = d >> 63
            }
        } else {
            for i in 0..<w { next[i] = current[i] & selfLoops[i] }
        }
        for i in 0..<w {
            var active = current[i] & jumpSources[i]
            while active != 0 {
                let s = i << 6 | active.trailingZeroBitCount
                active &= active &- 1
                let lo = Int(jumpOffsets[s])
                let hi = Int(jumpOffsets[s + 1])
                if hi - lo <= 8 {
                    work += hi - lo
                    for e in lo..<hi where UnitLabel.accepts(jumpLabels[e], unit) {
                        let t = Int(jumpTargets[e])
                        assert(t >= 0 && t >> 6 < w)
                        next[t >> 6] |= UInt64(1) << UInt64(t & 63)
                    }
                } else {
                    // Labels are sorted and distinct per source (a trie node's children): one
                    // binary search for the unit, and `?` sorts last.
                    var a = lo
                    var z = hi
                    while a < z {
                        work += 1
                        let mid = (a + z) >> 1
                        if jumpLabels[mid] < unit { a = mid + 1 } else { z = mid }
                    }
                    if a < hi, jumpLabels[a] == unit {
                        let t = Int(jumpTargets[a])
                        assert(t >= 0 && t >> 6 < w)
                        next[t >> 6] |= UInt64(1) << UInt64(t & 63)
                    }
                    if jumpLabels[hi - 1] == UnitLabel.any { // no unit equals the `?` sentinel
                        let t = Int(jumpTargets[hi - 1])
                        assert(t >= 0 && t >> 6 < w)
                        next[t >> 6] |= UInt64(1) << UInt64(t & 63)
                    }
                }
            }
        }
    }
}


extension BitAutomaton {
    /// Collects states and edges; numbering follows creation order, which keeps edges forward.
    struct Builder {
        init() {}

        /// The label that enters each state (`UnitLabel.none` for the start, joins and `*` nodes).
        var labels: [UInt32] = [UnitLabel.none]
        var loops: [Bool] = [false]
        var edges: [(from: Int, to: Int)] = []
        var epsilons: [(from: Int, to: Int)] = []

        mutating func newState(_ label: UInt32) -> Int {
            labels.append(label)
            loops.append(false)
            return labels.count - 1
        }

        mutating func consume(from: Int, label: UInt32) -> Int {
            let s = newState(label)
            edges.append((from, s))
            return s
        }

        /// Adds the states and edges of `values` (built below a root 0) below `root`: exactly what
        /// `addTrie` would add there. Returns the join state.
        mutating func append(_ values: BitNFA.ValueStates, root: Int) -> Int {
            assert(values.shared == nil, "a shared automaton's states are not kept")
            let trie = values.trie
            let offset = labels.count - 1
            @inline(__always) func state(_ local: Int) -> Int { local == 0 ? root : local + offset }
            labels.append(contentsOf: trie.labels.dropFirst())
            loops.append(contentsOf: trie.loops.dropFirst())
            for e in trie.edges { edges.append((state(e.from), state(e.to))) }
            for e in trie.epsilons { epsilons.append((state(e.from), state(e.to))) }
            return state(values.join)
        }

        /// Adds the trie of `values` below `root`; returns the join state after it.
        mutating func addTrie(_ values: [[CompiledAtom]], root: Int) -> Int {
            // 1. The trie itself, keyed by atom. A `*` in a value is its own child node (with a
            //    self-loop) so it never leaks onto a prefix that other values share.
            var trie = ValueTrie()
            for value in values {
                var node = 0
                for atom in value {
                    if atom == .star, trie.isStar[node] { continue } // `**` is `*`
                    node = trie.child(of: node, atom)
                }
                trie.isEnd[node] = true
            }
            // 2. States in preorder (explicit stack, values can be long): a node's first child
            //    gets the next number, so most trie edges are chain edges.
            let count = trie.atoms.count
            var stateOf = [Int](repeating: root, count: count)
            var stack: [Int] = []
            trie.pushChildren(of: 0, onto: &stack)
            while let node = stack.popLast() {
                let from = stateOf[trie.parent[node]]
                let s: Int
                switch trie.atoms[node] {
                case .star:
                    s = newState(UnitLabel.none)
                    loops[s] = true
                    epsilons.append((from, s))
                case .unit(let u):
                    s = consume(from: from, label: u)
                case .any:
                    s = consume(from: from, label: UnitLabel.any)
                case .choice:
                    // Values hold no variables (V2); a state nothing can enter keeps the trie sound.
                    s = newState(UnitLabel.none)
                }
                stateOf[node] = s
                trie.pushChildren(of: node, onto: &stack)
            }
            let join = newState(UnitLabel.none)
            for node in 0..<count where trie.isEnd[node] { epsilons.append((stateOf[node], join)) }
            return join
        }
    }

    /// The automaton of a variable's values alone: state 0 is the root the values hang from, and
    /// `accept` is the join every value end reaches without consuming.
    convenience init(values: [[CompiledAtom]]) {
        var b = Builder()
        let join = b.addTrie(values, root: 0)
        self.init(b, accept: join)
    }

    /// The trie of a variable's values, children kept in insertion order. Children are found by a
    /// scan of the sibling list while a node has few of them (most nodes: values are short, and
    /// even `$(lang)`'s root has 26 letters), and through a per-node dictionary beyond that, so a
    /// hostile value list with thousands of first characters stays linear. Far cheaper than a
    /// dictionary for every node, which cost more than everything else in compiling `$(lang)`.
    struct ValueTrie {
        static let scanLimit = 16

        var atoms: [CompiledAtom] = [.star] // the root's atom is never read
        var parent: [Int] = [0]
        var isEnd: [Bool] = [false]
        var isStar: [Bool] = [false]
        var firstChild: [Int] = [-1]
        var lastChild: [Int] = [-1]
        var nextSibling: [Int] = [-1]
        var childCount: [Int] = [0]
        /// Nodes with more than `scanLimit` children: atom -> child.
        var wide: [Int: [CompiledAtom: Int]] = [:]

        /// The child of `node` reached by `atom`, added when missing.
        mutating func child(of node: Int, _ atom: CompiledAtom) -> Int {
            if childCount[node] > Self.scanLimit {
                if let found = wide[node]?[atom] { return found }
            } else {
                var c = firstChild[node]
                while c >= 0 {
                    if atoms[c] == atom { return c }
                    c = nextSibling[c]
                }
            }
            let new = atoms.count
            atoms.append(atom)
            parent.append(node)
            isEnd.append(false)
            isStar.append(atom == .star)
            firstChild.append(-1)
            lastChild.append(-1)
            nextSibling.append(-1)
            childCount.append(0)
            if lastChild[node] >= 0 { nextSibling[lastChild[node]] = new } else { firstChild[node] = new }
            lastChild[node] = new
            childCount[node] += 1
            if childCount[node] == Self.scanLimit + 1 {
                var index: [CompiledAtom: Int] = [:]
                var c = firstChild[node]
                while c >= 0 { index[atoms[c]] = c; c = nextSibling[c] }
                wide[node] = index
            } else if childCount[node] > Self.scanLimit + 1 {
                wide[node]?[atom] = new
            }
            return new
        }

        /// Pushes the children of `node` so that the first one is popped first.
        func pushChildren(of node: Int, onto stack: inout [Int]) {
            let bottom = stack.count
            var c = firstChild[node]
            while c >= 0 { stack.append(c); c = nextSibling[c] }
            stack[bottom...].reverse()
        }
    }
}
