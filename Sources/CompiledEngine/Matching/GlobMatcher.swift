import LinkMatchCore

/// The fast path for patterns without variables (literal, `prefix*`, `*suffix`, `*infix*`, `????`
/// runs and any other `*`/`?` mix): split at the stars into fixed-length segments, pin the first
/// segment to the start and the last to the end, and place each middle segment at its leftmost
/// occurrence after the previous one. Leftmost placement never loses a match because the stars
/// around a middle segment absorb any gap, so there is no backtracking: the cost is at most
/// |text| x |pattern| unit comparisons, usually |text|.
final class GlobMatcher: Sendable {
    /// A run of literals and `?` between two stars.
    struct Segment: Sendable {
        /// Unit values, `UnitLabel.any` for `?` (a slice of the matcher's one label array).
        let labels: ArraySlice<UInt32>
        /// Whether every label is `?` (then only the length matters).
        let allAny: Bool

        var count: Int { labels.count }

        /// For byte texts (ASCII, the usual case): the labels eight to a word, a `?` as 0, each word
        /// followed by its mask with 0xFF under each literal byte, so that eight units are compared
        /// at once (`PackedBytes`). A slice of the matcher's one packed array.
        let packed: ArraySlice<UInt64>
        /// A literal label above ASCII: no byte text (always ASCII) can match the segment.
        let needsWideUnits: Bool

        /// Whether the segment matches the bytes of `text` from `start` (room checked by the caller):
        /// eight bytes per comparison.
        @inline(__always)
        func matchesBytes(_ text: UnsafeBufferPointer<UInt8>, at start: Int, work: inout Int) -> Bool {
            let n = labels.count
            work += n
            if allAny { return true }
            if needsWideUnits { return false }
            guard let base = text.baseAddress.map({ UnsafeRawPointer($0 + start) }) else { return n == 0 }
            return packed.withUnsafeBufferPointer { pairs in
                guard let pairs = pairs.baseAddress else { return n == 0 }
                return PackedBytes.equal(base, n, pairs)
            }
        }

        @inline(__always)
        func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, at start: Int,
                                                              work: inout Int) -> Bool {
            if U.self == UInt8.self {
                return text.withMemoryRebound(to: UInt8.self) { matchesBytes($0, at: start, work: &work) }
            }
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
            if allAny { return lo }
            if let search { return search.firstMatch(in: text, from: lo, to: hi, length: count, work: &work) }
            var start = lo
            while start <= hi - count {
                if matches(text, at: start, work: &work) { return start }
                start += 1
            }
            return nil
        }

        /// Shift-And tables for segments of up to 4,096 units: one pass over the text, whatever the
        /// segment (the naive search above costs up to |text| x |segment| on `aaaa…ab`).
        let search: ShiftAndSearch?

        /// `searchable`: a middle segment, placed by searching (the first and last are pinned).
        init(labels: [UInt32], searchable: Bool) {
            var wide = false
            var packed = [UInt64](repeating: 0, count: Self.packedCount(labels.count))
            packed.withUnsafeMutableBufferPointer { words in
                if let base = words.baseAddress { wide = Self.pack(labels[...], into: base) }
            }
            self.init(labels: labels[...], packed: packed[...], needsWideUnits: wide, searchable: searchable)
        }

        /// A segment over slices of arrays shared with the other segments of one matcher;
        /// `packed` already filled by `pack`.
        init(labels: ArraySlice<UInt32>, packed: ArraySlice<UInt64>, needsWideUnits: Bool, searchable: Bool) {
            self.labels = labels
            allAny = labels.allSatisfy { $0 == UnitLabel.any }
            self.packed = packed
            self.needsWideUnits = needsWideUnits
            search = searchable && labels.count <= ShiftAndSearch.maxWords * 64 && !allAny ? ShiftAndSearch(labels) : nil
        }

        /// Words (word and mask pairs) that `count` labels pack into (`PackedBytes.wordCount`).
        @inline(__always)
        static func packedCount(_ count: Int) -> Int { PackedBytes.wordCount(count) }

        /// Packs `labels` into `words` (zeroed, `packedCount` long) as `PackedBytes` does, a `?` and a
        /// label above ASCII matching any byte; true when a literal label is above ASCII (then no
        /// byte text can match).
        static func pack(_ labels: ArraySlice<UInt32>, into words: UnsafeMutablePointer<UInt64>) -> Bool {
            PackedBytes.write(labels.lazy.map { $0 < 0x80 ? UInt8($0) : nil }, into: words) // `?` is above 0x80 too
            return labels.contains { $0 >= 0x80 && $0 != UnitLabel.any }
        }
    }

    /// Bit i of a unit's mask is set when label i accepts the unit (Baeza-Yates–Gonnet Shift-And,
    /// over as many 64-bit words as the segment needs): O(|text| x words), no backtracking.
    struct ShiftAndSearch: Sendable {
        static let maxWords = 64

        let words: Int
        /// 128 ASCII masks, then one per wide unit, then the `?`-only mask; `words` each.
        let masks: [UInt64]
        let wideUnits: [UInt32]

        init(_ labels: ArraySlice<UInt32>) {
            let w = (labels.count + 63) >> 6
            words = w
            // Sorted distinct wide units (none in the usual all-ASCII segment: no set built then).
            let wide = labels.contains { $0 >= 128 && $0 != UnitLabel.any }
                ? Array(Set(labels.filter { $0 >= 128 && $0 != UnitLabel.any })).sorted() : []
            wideUnits = wide
            let rows = 128 + wide.count + 1
            var masks = [UInt64](repeating: 0, count: rows * w)
            for (i, label) in labels.enumerated() {
                let word = i >> 6
                let bit = UInt64(1) << UInt64(i & 63)
                if label == UnitLabel.any {
                    for row in 0..<rows { masks[row * w + word] |= bit }
                } else if label < 128 {
                    masks[Int(label) * w + word] |= bit
                } else if let k = wide.firstIndex(of: label) {
                    masks[(128 + k) * w + word] |= bit
                }
            }
            self.masks = masks
        }

        @inline(__always)
        func row(_ unit: UInt32) -> Int {
            if unit < 128 { return Int(unit) }
            var lo = 0
            var hi = wideUnits.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if wideUnits[mid] < unit { lo = mid + 1 } else { hi = mid }
            }
            return lo < wideUnits.count && wideUnits[lo] == unit ? 128 + lo : 128 + wideUnits.count
        }

        func firstMatch<U: FixedWidthInteger & UnsignedInteger>(in text: UnsafeBufferPointer<U>, from lo: Int, to hi: Int,
                                                                 length: Int, work: inout Int) -> Int? {
            let w = words
            let lastWord = (length - 1) >> 6
            let done = UInt64(1) << UInt64((length - 1) & 63)
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: w) { state -> Int? in
                for k in 0..<w { state[k] = 0 }
                var i = lo
                while i < hi {
                    let base = row(UInt32(truncatingIfNeeded: text[i])) * w
                    var carry: UInt64 = 1 // a match may start at every position
                    for k in 0..<w {
                        let d = state[k]
                        state[k] = ((d << 1) | carry) & masks[base + k]
                        carry = d >> 63
                    }
                    work += w
                    if state[lastWord] & done != 0 { return i - length + 1 }
                    i += 1
                }
                return nil
            }
        }
    }

    /// Segments between stars: one when the pattern has no star, otherwise stars + 1 (consecutive
    /// stars count as one, so only the first and last segment can be empty).
    let segments: [Segment]
    let hasStar: Bool
    /// Units a text needs at least.
    let minLength: Int

    /// The byte path (ASCII texts, the usual case) of the first and the last segment, read without
    /// touching `segments`: every segment's `packed` words and masks in segment order (the array the
    /// segments slice), the first's at 0 and the last's at `lastWordOffset`.
    private let anchoredWords: [UInt64]
    private let firstCount: Int
    private let lastCount: Int
    private let lastWordOffset: Int
    /// The first or last segment has a literal above ASCII: no byte text matches.
    private let anchorsNeedWideUnits: Bool
    let shape: PatternShape

    convenience init(_ atoms: [CompiledAtom]) {
        self.init(atoms[...])
    }

    /// Every label in one array and every segment's packed words in another, each segment a slice
    /// of both: three allocations per matcher (labels, words, segments), however many segments.
    init(_ atoms: ArraySlice<CompiledAtom>) {
        // First pass: the sizes, so that each array is allocated once at its size.
        var unitCount = 0
        var segmentCount = 1
        var hasStar = false
        var previousWasStar = false
        for atom in atoms {
            if case .star = atom {
                hasStar = true
                if !previousWasStar { segmentCount += 1 }
                previousWasStar = true
            } else {
                unitCount += 1
                previousWasStar = false
            }
        }
        let (segments, packed) = withUnsafeTemporaryAllocation(of: (end: Int, wide: Bool).self, capacity: segmentCount) { ends -> ([Segment], [UInt64]) in
            // Second pass: the labels; segment i is `labels[ends[i - 1].end..<ends[i].end]` (0 for i = 0).
            var segment = 0
            previousWasStar = false
            // (Sized with `reserveCapacity`, not `init(unsafeUninitializedCapacity:)`, whose buffer
            // allocation is not specialized here and looks up the storage type on every call.)
            var labels: [UInt32] = []
            labels.reserveCapacity(unitCount)
            for atom in atoms {
                switch atom {
                case .unit(let u): labels.append(u)
                case .any: labels.append(UnitLabel.any)
                case .star:
                    if !previousWasStar {
                        ends[segment] = (labels.count, false)
                        segment += 1
                    }
                    previousWasStar = true
                    continue
                // Not reached: patterns with variables compile to the automaton.
                case .choice: labels.append(UnitLabel.none)
                }
                previousWasStar = false
            }
            ends[segment] = (labels.count, false)
            // The packed words of every segment, one after the other.
            var wordCount = 0
            var from = 0
            for i in 0..<segmentCount {
                wordCount += Segment.packedCount(ends[i].end - from)
                from = ends[i].end
            }
            var packed = [UInt64](repeating: 0, count: wordCount)
            packed.withUnsafeMutableBufferPointer { words in
                var word = 0
                from = 0
                for i in 0..<segmentCount {
                    if let base = words.baseAddress { ends[i].wide = Segment.pack(labels[from..<ends[i].end], into: base + word) }
                    word += Segment.packedCount(ends[i].end - from)
                    from = ends[i].end
                }
            }
            // The segments, as slices of the finished arrays.
            var word = 0
            from = 0
            var segments: [Segment] = []
            segments.reserveCapacity(segmentCount)
            for i in 0..<segmentCount {
                let n = Segment.packedCount(ends[i].end - from)
                segments.append(Segment(labels: labels[from..<ends[i].end], packed: packed[word..<(word + n)],
                                        needsWideUnits: ends[i].wide, searchable: hasStar && i > 0 && i < segmentCount - 1))
                word += n
                from = ends[i].end
            }
            return (segments, packed)
        }
        self.segments = segments
        self.hasStar = hasStar
        minLength = unitCount
        let first = segments[0]
        let last = segments[segments.count - 1]
        // The first and the last segment's words are the first and the last of the shared array.
        anchoredWords = packed
        lastWordOffset = last.packed.startIndex
        firstCount = first.count
        lastCount = hasStar ? last.count : 0
        anchorsNeedWideUnits = first.needsWideUnits || (hasStar && last.needsWideUnits)
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

    /// The byte path: literal, `prefix*`, `*suffix`, `????` and the anchors of every other shape
    /// compared eight bytes at a time; only middle segments go through `segments`.
    @inline(__always)
    private func matchesBytes(_ text: UnsafeBufferPointer<UInt8>, work: inout Int) -> Bool {
        let n = text.count
        guard hasStar ? n >= minLength : n == minLength else { return false }
        if anchorsNeedWideUnits { return false }
        work += firstCount + lastCount
        let anchorsMatch = anchoredWords.withUnsafeBufferPointer { pairs -> Bool in
            guard let base = text.baseAddress.map(UnsafeRawPointer.init), let words = pairs.baseAddress else { return true }
            return PackedBytes.equal(base, firstCount, words)
                && PackedBytes.equal(base + (n - lastCount), lastCount, words + lastWordOffset)
        }
        guard anchorsMatch else { return false }
        guard segments.count > 2 else { return true }
        return matchesMiddle(text, work: &work)
    }

    /// Places each middle segment at its leftmost occurrence (the anchors already matched).
    private func matchesMiddle<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
        segments.withUnsafeBufferPointer { segments in
            var position = segments[0].count
            let end = text.count - segments[segments.count - 1].count
            var i = 1
            while i < segments.count - 1 {
                guard let at = segments[i].firstMatch(in: text, from: position, to: end, work: &work) else { return false }
                position = at + segments[i].count
                i += 1
            }
            return true
        }
    }

    /// Inlined into the caller: a call and a retain of this matcher cost as much as a literal's comparison.
    @inline(__always)
    func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
        if U.self == UInt8.self {
            return text.withMemoryRebound(to: UInt8.self) { matchesBytes($0, work: &work) }
        }
        return matchesWide(text, work: &work)
    }

    /// The unit path (non-ASCII texts, as scalars).
    private func matchesWide<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
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
        return matchesMiddle(text, work: &work)
    }
}
