import LinkMatchCore

/// The fast path for patterns without variables (literal, `prefix*`, `*suffix`, `*infix*`, `????`
/// runs and any other `*`/`?` mix): split at the stars into fixed-length segments, pin the first
/// segment to the start and the last to the end, and place each middle segment at its leftmost
/// occurrence after the previous one. Leftmost placement never loses a match because the stars
/// around a middle segment absorb any gap, so there is no backtracking: the cost is at most
/// |text| x |pattern| unit comparisons, usually |text|.
final class GlobMatcher: Sendable {
    /// Segments between stars: one when the pattern has no star, otherwise stars + 1 (consecutive
    /// stars count as one, so only the first and last segment can be empty).
    let segments: [Segment]
    /// What the segments are offsets into. The first segment's packed words are the first of
    /// `tables.words`, so the anchors are read without touching `segments`.
    let tables: SegmentTables
    let hasStar: Bool
    /// Units a text needs at least.
    let minLength: Int

    private let firstCount: Int
    private let lastCount: Int
    private let lastWordOffset: Int
    /// The first or last segment has a literal above ASCII: no byte text matches.
    private let anchorsNeedWideUnits: Bool
    let shape: PatternShape

    convenience init(_ atoms: [CompiledAtom]) {
        self.init(atoms[...])
    }

    /// Every segment's labels and packed words in one array each (`SegmentTables`), both allocated
    /// once at their size (Shift-And tables, for middle segments only, grow as they are added).
    init(_ atoms: ArraySlice<CompiledAtom>) {
        // First pass: the sizes and where each run of non-star atoms ends.
        var unitCount = 0
        var wordCount = 0
        var segmentCount = 1
        var hasStar = false
        var previousWasStar = false
        var runLength = 0
        for atom in atoms {
            if case .star = atom {
                hasStar = true
                if !previousWasStar {
                    segmentCount += 1
                    wordCount += PackedBytes.wordCount(runLength)
                    runLength = 0
                }
                previousWasStar = true
            } else {
                unitCount += 1
                runLength += 1
                previousWasStar = false
            }
        }
        wordCount += PackedBytes.wordCount(runLength)
        // Second pass: each run into the tables.
        var tables = SegmentTables(units: unitCount, words: wordCount)
        var segments: [Segment] = []
        segments.reserveCapacity(segmentCount)
        var runStart = atoms.startIndex
        var index = atoms.startIndex
        previousWasStar = false
        func close(_ end: Int) {
            let run = atoms[runStart..<end].lazy.map { atom -> UInt32 in
                switch atom {
                case .unit(let u): return u
                case .any: return UnitLabel.any
                // Not reached: stars end runs, and patterns with variables compile to the automaton.
                case .star, .choice: return UnitLabel.none
                }
            }
            let i = segments.count
            segments.append(tables.append(run, searchable: hasStar && i > 0 && i < segmentCount - 1))
        }
        while index < atoms.endIndex {
            if case .star = atoms[index] {
                if !previousWasStar { close(index) }
                runStart = index + 1
                previousWasStar = true
            } else {
                previousWasStar = false
            }
            index += 1
        }
        close(atoms.endIndex)
        self.segments = segments
        self.tables = tables
        self.hasStar = hasStar
        minLength = unitCount
        let first = segments[0]
        let last = segments[segments.count - 1]
        lastWordOffset = last.wordStart
        firstCount = first.count
        lastCount = hasStar ? last.count : 0
        anchorsNeedWideUnits = first.needsWideUnits || (hasStar && last.needsWideUnits)
        shape = Self.shape(segments, tables, hasStar: hasStar)
    }

    /// The labels of `segment` (one of `segments`).
    func labels(of segment: Segment) -> ArraySlice<UInt32> { tables.labels(of: segment) }

    static func shape(_ segments: [Segment], _ tables: SegmentTables, hasStar: Bool) -> PatternShape {
        guard hasStar else {
            return segments.allSatisfy({ tables.labels(of: $0).allSatisfy { $0 != UnitLabel.any } }) ? .literal : .fixedLength
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
        let anchorsMatch = tables.words.withUnsafeBufferPointer { pairs -> Bool in
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
        tables.withView { tables in
            segments.withUnsafeBufferPointer { segments in
                var position = segments[0].count
                let end = text.count - segments[segments.count - 1].count
                var i = 1
                while i < segments.count - 1 {
                    let segment = segments[i]
                    guard let at = segment.firstMatch(in: text, from: position, to: end, tables, work: &work) else { return false }
                    position = at + segment.count
                    i += 1
                }
                return true
            }
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
        let anchorsMatch = tables.withView { tables -> Bool in
            guard hasStar else {
                return n == minLength && segments[0].matches(text, at: 0, tables, work: &work)
            }
            guard n >= minLength, let first = segments.first, let last = segments.last else { return false }
            work += 1
            return first.matches(text, at: 0, tables, work: &work) && last.matches(text, at: n - last.count, tables, work: &work)
        }
        return anchorsMatch && (!hasStar || matchesMiddle(text, work: &work))
    }
}
