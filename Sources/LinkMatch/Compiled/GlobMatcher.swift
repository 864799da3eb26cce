/// The fast path for patterns without variables (literal, `prefix*`, `*suffix`, `*infix*`, `????`
/// runs and any other `*`/`?` mix): split at the stars into fixed-length segments, pin the first
/// segment to the start and the last to the end, and place each middle segment at its leftmost
/// occurrence after the previous one. Leftmost placement never loses a match because the stars
/// around a middle segment absorb any gap, so there is no backtracking: the cost is at most
/// |text| x |pattern| unit comparisons, usually |text|.
struct GlobMatcher: Sendable {
    /// A run of literals and `?` between two stars.
    struct Segment: Sendable {
        /// Unit values, `UnitLabel.any` for `?`.
        let labels: [UInt32]
        /// Whether every label is `?` (then only the length matters).
        let allAny: Bool

        var count: Int { labels.count }

        @inline(__always)
        func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, at start: Int,
                                                              work: inout Int) -> Bool {
            if allAny { return true }
            return labels.withUnsafeBufferPointer { labels in
                var k = 0
                while k < labels.count {
                    work += 1
                    let label = labels[k]
                    if label != UnitLabel.any, label != UInt32(truncatingIfNeeded: text[start + k]) { return false }
                    k += 1
                }
                return true
            }
        }

        /// The leftmost start in `lo...hi - count` where the segment matches, or nil.
        func firstMatch<U: FixedWidthInteger & UnsignedInteger>(in text: UnsafeBufferPointer<U>, from lo: Int, to hi: Int,
                                                                 work: inout Int) -> Int? {
            guard hi - lo >= count else { return nil }
            var start = lo
            while start <= hi - count {
                if matches(text, at: start, work: &work) { return start }
                start += 1
            }
            return nil
        }
    }

    /// Segments between stars: one when the pattern has no star, otherwise stars + 1 (consecutive
    /// stars count as one, so only the first and last segment can be empty).
    let segments: [Segment]
    let hasStar: Bool
    /// Units a text needs at least.
    let minLength: Int
    let shape: PatternShape

    init(_ atoms: [CompiledAtom]) {
        var segments: [Segment] = []
        var current: [UInt32] = []
        var hasStar = false
        var previousWasStar = false
        func close() {
            segments.append(Segment(labels: current, allAny: current.allSatisfy { $0 == UnitLabel.any }))
            current = []
        }
        for atom in atoms {
            switch atom {
            case .unit(let u):
                current.append(u)
                previousWasStar = false
            case .any:
                current.append(UnitLabel.any)
                previousWasStar = false
            case .star:
                hasStar = true
                if !previousWasStar { close() }
                previousWasStar = true
            case .choice:
                // Not reached: patterns with variables compile to the automaton.
                current.append(UnitLabel.none)
                previousWasStar = false
            }
        }
        close()
        self.segments = segments
        self.hasStar = hasStar
        minLength = segments.reduce(0) { $0 + $1.count }
        shape = Self.shape(segments, hasStar: hasStar)
    }

    static func shape(_ segments: [Segment], hasStar: Bool) -> PatternShape {
        guard hasStar else {
            return segments.allSatisfy({ $0.labels.allSatisfy { $0 != UnitLabel.any } }) ? .literal : .fixedLength
        }
        if segments.count == 2 {
            return segments[0].count == 0 && segments[1].count > 0 ? .suffix : .prefix
        }
        if segments.count == 3, segments[0].count == 0, segments[2].count == 0 { return .infix }
        return .glob
    }

    func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
        let n = text.count
        guard hasStar else {
            guard n == minLength else { return false }
            return segments[0].matches(text, at: 0, work: &work)
        }
        guard n >= minLength, let first = segments.first, let last = segments.last else { return false }
        work += 1
        guard first.matches(text, at: 0, work: &work), last.matches(text, at: n - last.count, work: &work) else {
            return false
        }
        var position = first.count
        let end = n - last.count
        var i = 1
        while i < segments.count - 1 {
            guard let at = segments[i].firstMatch(in: text, from: position, to: end, work: &work) else { return false }
            position = at + segments[i].count
            i += 1
        }
        return true
    }
}
