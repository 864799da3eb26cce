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
///
/// After a `*` the set is every position from its smallest on, and a run of literals and `?` that
/// another `*` follows needs only its leftmost occurrence from there (that star absorbs every later
/// one, as in GlobMatcher): such a run is one search step, and a run that ends the pattern one
/// comparison at the text's end. So `$(one)*a*a*a*b` costs a few searches, not a pass over every
/// position per step.
struct SequenceMatcher: Sendable {
    enum Step: Sendable {
        case unit(UInt32)
        case any
        case star
        /// A variable: its values' trie, a range of the store's `ValueTries`.
        case values(ValueTrie)
        /// `*`, then this run, then `*`: the set becomes the end of the run's leftmost occurrence at
        /// or after the set's smallest position (the next step is that `*`). The run is in the store's segment tables.
        case search(GlobMatcher.Segment)
        /// `*`, then this run, at the end of the pattern: the run must end the text, starting at or
        /// after the set's smallest position.
        case suffix(GlobMatcher.Segment)
    }

    /// This matcher's steps: `stepStart..<stepStart + stepCount` of the store's `steps`. Plain values
    /// (a trie and a run are ranges of the store's tables), so reading a step copies integers.
    let stepStart: Int
    let stepCount: Int

    /// nil when a variable has a value that is not all literal units (then BitNFA runs the pattern);
    /// the store is then left as it was. Otherwise the steps, runs and tries go to `store`.
    init?(_ pattern: AtomPattern, into store: inout MatcherStore) {
        for case .choice(let k) in pattern.atoms {
            let origin = k < pattern.origins.count ? pattern.origins[k] : nil
            guard ValueTries.areLiteral(pattern.choices[k], origin: origin) else { return nil }
        }
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
                // (Not nil: every value was checked literal above.)
                guard let trie = store.tries.add(pattern.choices[k], origin: origin) else { return nil }
                steps.append(.values(trie))
            }
        }
        let searched = Self.searching(steps, into: &store.segments)
        stepStart = store.steps.count
        stepCount = searched.count
        store.steps.append(contentsOf: searched)
    }

    /// `steps` with each `*` that a run of literals and `?` follows, itself followed by `*` or the
    /// end, turned into a search or a suffix step (the `*` after a searched run stays), the runs
    /// added to `runs`.
    static func searching(_ steps: [Step], into runs: inout GlobMatcher.SegmentTables) -> [Step] {
        var out: [Step] = []
        out.reserveCapacity(steps.count)
        var i = 0
        while i < steps.count {
            guard case .star = steps[i] else {
                out.append(steps[i])
                i += 1
                continue
            }
            var labels: [UInt32] = []
            var j = i + 1
            runLoop: while j < steps.count {
                switch steps[j] {
                case .unit(let u): labels.append(u)
                case .any: labels.append(UnitLabel.any)
                default: break runLoop
                }
                j += 1
            }
            let followedByStar: Bool
            if j < steps.count, case .star = steps[j] { followedByStar = true } else { followedByStar = false }
            if labels.isEmpty || !(followedByStar || j == steps.count) {
                out.append(steps[i])
                i += 1
                continue
            }
            if followedByStar {
                out.append(.search(runs.append(labels, searchable: true)))
            } else {
                out.append(.suffix(runs.append(labels, searchable: false)))
            }
            i = j
        }
        return out
    }

    /// Whether `text` matches; `view`: the store this matcher was built into.
    // SAFETY: `text` is a live buffer for the call and `view` views the buffers of the store this matcher was built into, alive while it is read; the reads below assert their bounds.
    func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, _ view: MatcherView, work: inout Int) -> Bool {
        let n = text.count
        // SAFETY: `init` put this matcher's steps at `stepStart..<stepStart + stepCount` of the store's steps.
        assert(stepStart >= 0 && stepStart + stepCount <= view.steps.count)
        let steps = UnsafeBufferPointer(rebasing: view.steps[stepStart..<(stepStart + stepCount)])
        let runs = view.tables
        let tries = view.tries
        if n < 64 { return Self.matchesInOneWord(text, steps, runs, tries, work: &work) }
        let words = (n + 1 + 63) >> 6
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * words) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            // SAFETY: the allocation holds `2 * words` words, so `current` is its first half and `next` its second.
            assert(buffer.count == 2 * words && words >= 1)
            var current = UnsafeMutableBufferPointer(start: base, count: words)
            var next = UnsafeMutableBufferPointer(start: base + words, count: words)
            Self.clear(current)
            current[0] = 1 // position 0
            for s in 0..<steps.count {
                Self.clear(next)
                work += words
                var any: UInt64 = 0
                switch steps[s] {
                case .star:
                    // Every position from the smallest on.
                    var w = 0
                    // SAFETY: `current` is not empty (a step that leaves no position ends the match), so a non-zero word stops `w` before `words`.
                    assert(current.contains { $0 != 0 })
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
                    let rows = tries.rows(of: trie)
                    Self.forEach(in: current) { p in
                        work += 1
                        rows.ends(of: trie, in: text, from: p, work: &work) { end in
                            Self.insert(end, next)
                            any = 1
                        }
                    }
                case .search(let run):
                    if let at = run.firstMatch(in: text, from: Self.smallest(in: current), to: n, runs, work: &work) {
                        Self.insert(at + run.count, next)
                        any = 1
                    }
                case .suffix(let run):
                    let start = n - run.count
                    if start >= Self.smallest(in: current), run.matches(text, at: start, runs, work: &work) {
                        Self.insert(n, next)
                        any = 1
                    }
                }
                if any == 0 { return false }
                swap(&current, &next)
            }
            // SAFETY: `words = (n + 64) / 64`, so position `n`'s word is inside.
            assert(n >> 6 < current.count)
            return current[n >> 6] & (UInt64(1) << UInt64(n & 63)) != 0
        }
    }

    /// `matches` for a text under 64 units (nearly every URL part): each set is one word, held in a
    /// register, so a step is a few bit operations instead of a pass over a buffer. Each step kind
    /// here mirrors one in `matches`: a change to either is a change to both
    /// (`testSequenceMatcherOnTextsAroundOneSetWord` runs the same steps through each).
    // SAFETY: `text` and `steps` are live buffers for the call (`matches` passes its own), and `runs` views live tables; the reads below assert their bounds.
    private static func matchesInOneWord<U: FixedWidthInteger & UnsignedInteger>(
        _ text: UnsafeBufferPointer<U>, _ steps: UnsafeBufferPointer<Step>, _ runs: GlobMatcher.SegmentTables.View,
        _ tries: ValueTries.View, work: inout Int) -> Bool {
        let n = text.count
        var current: UInt64 = 1 // position 0
        for s in 0..<steps.count {
            work += 1
            var next: UInt64 = 0
            switch steps[s] {
            case .star:
                // Every position from the smallest on, none past the end (bit n is the last).
                next = ~((current & (0 &- current)) &- 1) & (~0 >> UInt64(63 - n))
            case .unit(let u):
                var bits = current
                while bits != 0 {
                    let p = bits.trailingZeroBitCount
                    work += 1
                    if p < n, UInt32(truncatingIfNeeded: text[p]) == u { next |= 1 << UInt64(p + 1) }
                    bits &= bits &- 1
                }
            case .any:
                work += current.nonzeroBitCount
                next = (current << 1) & (~0 >> UInt64(63 - n)) // `?` reads one unit: no position past n
            case .values(let trie):
                let rows = tries.rows(of: trie)
                var bits = current
                while bits != 0 {
                    work += 1
                    rows.ends(of: trie, in: text, from: bits.trailingZeroBitCount, work: &work) { next |= 1 << UInt64($0) }
                    bits &= bits &- 1
                }
            case .search(let run):
                if let at = run.firstMatch(in: text, from: current.trailingZeroBitCount, to: n, runs, work: &work) {
                    next = 1 << UInt64(at + run.count)
                }
            case .suffix(let run):
                let start = n - run.count
                if start >= current.trailingZeroBitCount, run.matches(text, at: start, runs, work: &work) {
                    next = 1 << UInt64(n)
                }
            }
            if next == 0 { return false }
            current = next
        }
        return current & (1 << UInt64(n)) != 0
    }

    /// Empties `set` (one word for texts under 64 units: no call to memset).
    @inline(__always)
    static func clear(_ set: UnsafeMutableBufferPointer<UInt64>) {
        if set.count == 1 { set[0] = 0 } else { set.update(repeating: 0) }
    }

    /// Calls `body` with each position in `set`, ascending.
    @inline(__always)
    static func forEach(in set: UnsafeMutableBufferPointer<UInt64>, _ body: (Int) -> Void) {
        // SAFETY: `w` runs over `0..<set.count`.
        for w in 0..<set.count {
            var bits = set[w]
            while bits != 0 {
                body((w << 6) | bits.trailingZeroBitCount)
                bits &= bits &- 1
            }
        }
    }

    /// The smallest position in `set` (not empty).
    @inline(__always)
    static func smallest(in set: UnsafeMutableBufferPointer<UInt64>) -> Int {
        var w = 0
        // SAFETY: the caller's `set` is not empty, so a non-zero word stops `w` before `set.count`.
        assert(set.contains { $0 != 0 })
        while set[w] == 0 { w += 1 }
        return (w << 6) | set[w].trailingZeroBitCount
    }

    @inline(__always)
    static func insert(_ p: Int, _ set: UnsafeMutableBufferPointer<UInt64>) {
        // SAFETY: positions run 0...n for a text of n units and `set` has `(n + 64) / 64` words, so `p >> 6 < set.count`.
        assert(p >= 0 && p >> 6 < set.count)
        set[p >> 6] |= UInt64(1) << UInt64(p & 63)
    }
}

