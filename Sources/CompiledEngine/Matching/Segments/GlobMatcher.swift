import LinkMatchCore

/// The fast path for patterns without variables (literal, `prefix*`, `*suffix`, `*infix*`, `????`
/// runs and any other `*`/`?` mix): split at the stars into fixed-length segments, pin the first
/// segment to the start and the last to the end, and place each middle segment at its leftmost
/// occurrence after the previous one. Leftmost placement never loses a match because the stars
/// around a middle segment absorb any gap, so there is no backtracking: the cost is at most
/// |text| x |pattern| unit comparisons, usually |text|.
///
/// A small plain value: its segments (with their words, labels and search tables) are ranges of
/// the `SegmentTables` it was built into (a document's, shared by every pattern of it), so reading
/// one out of an array copies a few integers and matching takes a view of those tables. What the
/// byte path reads (lengths, where the anchors' words are) is held here; the wide path and the
/// middle segments read the segments from the tables.
struct GlobMatcher: Sendable {
    /// Where this matcher's segments start in the tables' `segments`: the first (the whole pattern
    /// when it has no star), then the middles (placed by searching), then, after a star, the last.
    /// Without `anchorsInTables` only the middles are there, from `segmentStart + 1` all the same
    /// (so `segmentStart` is one before the first middle, -1 in empty tables).
    private let segmentStart: Int32
    /// Middle segments (none unless the pattern has two stars apart).
    private let middleCount: Int32
    /// Units a text needs at least.
    private let minimum: Int32
    private let firstCount: Int32
    private let lastCount: Int32
    private let firstWordOffset: Int32
    private let lastWordOffset: Int32
    let hasStar: Bool
    /// The first or last segment has a literal above ASCII: no byte text matches. Then, and only
    /// then, the first and last segment are in the tables too (`anchorsInTables`).
    private let anchorsNeedWideUnits: Bool
    let shape: PatternShape

    /// Whether the first and last segment are in the tables, before and after the middles: only when
    /// one of them has a literal above ASCII, whose label the packed words cannot hold. Every other
    /// glob's first and last run are `firstCount`, `lastCount` and their words, which the unit path
    /// compares on the packed words (`Segment.matchesPacked`) and `segments` lists as segments made
    /// from them (`anchor(first:words:)`), so a compile appends a segment per middle only. No field of its own: the decision copies a matcher's fields out, so one more
    /// would cost every glob match a load.
    private var anchorsInTables: Bool { anchorsNeedWideUnits }

    /// Units a text needs at least.
    var minLength: Int { Int(minimum) }

    /// The matcher of `atoms`, its segments appended to `tables`: packed words always, labels only
    /// when some literal is above ASCII, Shift-And tables for middle segments only. Two plain loops
    /// over the atoms: one for what decides how segments are stored, one that cuts the runs at the
    /// stars and appends each run's segment (`SegmentTables.append`, which packs it in place).
    init(_ atoms: ArraySlice<CompiledAtom>, into tables: inout SegmentTables) {
        var unitCount = 0
        var hasStar = false
        var wide = false // a literal above ASCII: every stored segment keeps its labels (`Segment.labelsKept`)
        var wideFirst = false // such a literal before the first star
        var wideLast = false // and after the last one
        var anyOne = false
        for atom in atoms {
            switch atom {
            case .unit(let u):
                unitCount += 1
                if UnitLabel.isWideLiteral(u) {
                    wide = true
                    wideFirst = wideFirst || !hasStar
                    wideLast = true
                }
            case .any:
                unitCount += 1
                anyOne = true
            case .star:
                hasStar = true
                wideLast = false
            case .choice: // (not reached: read as `UnitLabel.none`, kept)
                unitCount += 1
                wide = true
                wideFirst = wideFirst || !hasStar
                wideLast = true
            }
        }
        // Only anchors with a literal above ASCII go to the tables (`anchorsInTables`): they need their labels.
        let keepAnchors = wideFirst || (hasStar && wideLast)
        let segmentStart = keepAnchors ? tables.segments.count : tables.segments.count - 1
        var head: Segment?
        var tail: Segment?
        var middleCount = 0
        var runStart = atoms.startIndex
        while true {
            var end = runStart
            while end < atoms.endIndex, !Self.isStar(atoms[end]) { end += 1 }
            // The run before the first star is the first segment, the one after the last star the
            // last; every run between two stars is a middle one, placed by searching.
            let isLast = end == atoms.endIndex
            let isMiddle = head != nil && !isLast
            let stored = keepAnchors || isMiddle
            let segment = tables.append(RunLabels(atoms: atoms[runStart..<end]), searchable: isMiddle, keepLabels: wide && stored)
            if stored { tables.appendSegment(segment) }
            if head == nil {
                head = segment
            } else if isLast {
                tail = segment
            } else {
                middleCount += 1
            }
            if isLast { break }
            runStart = end + 1
            while runStart < atoms.endIndex, Self.isStar(atoms[runStart]) { runStart += 1 } // consecutive stars close one run
        }
        // The loop appended a first segment, and a last one when a star ended the first.
        assert(head != nil && (tail != nil) == hasStar, "a glob has a first segment, and a last one after a star")
        let first = head ?? Segment.empty
        let last = tail ?? first
        self.segmentStart = Int32(segmentStart)
        self.middleCount = Int32(middleCount)
        self.hasStar = hasStar
        minimum = Int32(unitCount)
        firstWordOffset = Int32(first.wordStart)
        lastWordOffset = Int32(last.wordStart)
        firstCount = Int32(first.count)
        lastCount = hasStar ? Int32(last.count) : 0
        anchorsNeedWideUnits = first.needsWideUnits || (hasStar && last.needsWideUnits)
        assert(anchorsNeedWideUnits == keepAnchors, "the anchors are in the tables exactly when one has a literal above ASCII")
        shape = Self.shape(first: first, middleCount: middleCount, last: last, hasAnyOne: anyOne, hasStar: hasStar)
    }

    /// The matcher of an ASCII pattern without variables, from its bytes (folded already when the
    /// rule is case-insensitive): the same matcher, and the same tables, as `init(_:into:)` builds
    /// from the pattern's atoms (one atom per byte), in one walk over the bytes with no atoms made.
    /// Inlined into its caller (`MatcherStore.addASCIIGlob`): what `appendASCIIGlob` returns then
    /// stays in registers.
    @inline(__always)
    init(ascii pattern: UnsafeBufferPointer<UInt8>, into tables: inout SegmentTables) {
        self.init(ascii: tables.appendASCIIGlob(pattern))
    }

    /// `init(ascii:into:)` of a pattern whose first star (its count when it has none) the caller
    /// found already (`SegmentTables.appendASCIIGlob(_:firstStar:)`).
    @inline(__always)
    init(ascii pattern: UnsafeBufferPointer<UInt8>, firstStar: Int, into tables: inout SegmentTables) {
        self.init(ascii: tables.appendASCIIGlob(pattern, firstStar: firstStar))
    }

    /// The matcher of what `SegmentTables.appendASCIIGlob` appended.
    @inline(__always)
    private init(ascii packed: SegmentTables.PackedGlob) {
        // (Every count and offset fits in 32 bits: a pattern is at most `PatternLimits.maxExpandedSize`
        // units, and the tables' sizes are bounded by the document's, itself bounded by the reader.)
        assert(packed.segmentStart <= Int32.max && packed.unitCount <= Int32.max && packed.firstWordStart <= Int32.max
               && packed.lastWordStart <= Int32.max, "a glob's counts and offsets fit in 32 bits")
        segmentStart = Int32(truncatingIfNeeded: packed.segmentStart)
        middleCount = Int32(truncatingIfNeeded: packed.middleCount)
        hasStar = packed.hasStar
        minimum = Int32(truncatingIfNeeded: packed.unitCount)
        firstWordOffset = Int32(truncatingIfNeeded: packed.firstWordStart)
        lastWordOffset = Int32(truncatingIfNeeded: packed.lastWordStart)
        firstCount = Int32(truncatingIfNeeded: packed.firstCount)
        lastCount = hasStar ? Int32(truncatingIfNeeded: packed.lastCount) : 0
        anchorsNeedWideUnits = false // ASCII only
        shape = Self.shape(firstCount: packed.firstCount, middleCount: packed.middleCount, lastCount: packed.lastCount,
                           hasAnyOne: packed.hasAnyOne, hasStar: hasStar)
    }

    /// The first (or the last) segment of a glob whose anchors are not in the tables, as `segments`
    /// lists it: its run's length and words (no label kept: none is above ASCII), all `?` when every
    /// mask is zero. `words`: the tables' packed words.
    private func anchor(first: Bool, words: [UInt64]) -> Segment {
        assert(!anchorsInTables, "the anchors are made only for a glob that does not keep them")
        let count = Int(first ? firstCount : lastCount)
        let wordStart = Int(first ? firstWordOffset : lastWordOffset)
        let masks = stride(from: wordStart + 1, to: wordStart + PackedBytes.wordCount(count), by: 2)
        return Segment(labelStart: 0, count: count, wordStart: wordStart, allAny: masks.allSatisfy { words[$0] == 0 },
                       labelsKept: false, needsWideUnits: false, search: nil)
    }

    /// The labels of a run of non-star atoms (`label` of each), read in place. A `lazy.map` would
    /// hold `label` as a closure and call it through a pointer for every atom.
    struct RunLabels: RandomAccessCollection {
        let atoms: ArraySlice<CompiledAtom>
        var startIndex: Int { atoms.startIndex }
        var endIndex: Int { atoms.endIndex }
        subscript(i: Int) -> UInt32 { GlobMatcher.label(atoms[i]) }
    }

    @inline(__always)
    private static func isStar(_ atom: CompiledAtom) -> Bool {
        if case .star = atom { return true }
        return false
    }

    /// The label of a non-star atom in a segment: the unit, or `UnitLabel.any` for `?`.
    @inline(__always)
    static func label(_ atom: CompiledAtom) -> UInt32 {
        switch atom {
        case .unit(let u): return u
        case .any: return UnitLabel.any
        // Not reached: stars end runs, and patterns with variables compile to other matchers.
        case .star, .choice: return UnitLabel.none
        }
    }

    /// Every segment in order: one when the pattern has no star, otherwise stars + 1 (consecutive
    /// stars count as one, so only the first and last segment can be empty). Built when read (the
    /// matching path reads `first`, the middles and `last`). `tables`: the ones it was built into.
    func segments(_ tables: SegmentTables) -> [Segment] {
        guard !anchorsInTables else {
            return Array(tables.segments[Int(segmentStart)..<(Int(segmentStart) + (hasStar ? Int(middleCount) + 2 : 1))])
        }
        guard hasStar else { return [anchor(first: true, words: tables.words)] }
        let middles = (Int(segmentStart) + 1)..<(Int(segmentStart) + 1 + Int(middleCount))
        return [anchor(first: true, words: tables.words)] + tables.segments[middles] + [anchor(first: false, words: tables.words)]
    }

    /// `hasAnyOne`: the pattern has a `?`.
    static func shape(first: Segment, middleCount: Int, last: Segment, hasAnyOne: Bool, hasStar: Bool) -> PatternShape {
        shape(firstCount: first.count, middleCount: middleCount, lastCount: last.count, hasAnyOne: hasAnyOne, hasStar: hasStar)
    }

    /// `shape(first:middleCount:last:hasAnyOne:hasStar:)` from the first and last segment's lengths.
    @inline(__always)
    static func shape(firstCount: Int, middleCount: Int, lastCount: Int, hasAnyOne: Bool, hasStar: Bool) -> PatternShape {
        guard hasStar else { return hasAnyOne ? .fixedLength : .literal }
        if middleCount == 0 {
            return firstCount == 0 && lastCount > 0 ? .suffix : .prefix
        }
        if middleCount == 1, firstCount == 0, lastCount == 0 { return .infix }
        return .glob
    }

    /// The byte path: literal, `prefix*`, `*suffix`, `????` and the anchors of every other shape
    /// compared eight bytes at a time; only middle segments go through `segments`. Called directly
    /// by a caller that holds bytes (`CompiledPart`), so that no generic entry stands between.
    @inline(__always)
    func matchesBytes(_ text: UnsafeBufferPointer<UInt8>, _ tables: SegmentTables.View, work: inout Int) -> Bool {
        let n = text.count
        guard hasStar ? n >= minLength : n == minLength else { return false }
        if anchorsNeedWideUnits { return false }
        let firstCount = Int(firstCount), lastCount = Int(lastCount)
        let firstWordOffset = Int(firstWordOffset), lastWordOffset = Int(lastWordOffset)
        work += firstCount + lastCount
        let pairs = tables.words
        if let base = text.baseAddress.map(UnsafeRawPointer.init), let words = pairs.baseAddress {
            // SAFETY: `n >= firstCount + lastCount` (the length check above: both are counted in `minLength`), and the first segment's words start at `firstWordOffset`, the last's at `lastWordOffset`, each `wordCount` long inside `tables.words`.
            assert(n >= firstCount + lastCount && firstWordOffset + PackedBytes.wordCount(firstCount) <= pairs.count
                   && lastWordOffset + PackedBytes.wordCount(lastCount) <= pairs.count)
            guard PackedBytes.equal(base, firstCount, words + firstWordOffset),
                  PackedBytes.equal(base + (n - lastCount), lastCount, words + lastWordOffset) else { return false }
        }
        guard middleCount != 0 else { return true }
        return matchesMiddle(text, tables, work: &work)
    }

    /// Places each middle segment at its leftmost occurrence (the anchors already matched).
    private func matchesMiddle<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, _ tables: SegmentTables.View,
                                                                         work: inout Int) -> Bool {
        let start = Int(firstCount)
        let end = text.count - Int(lastCount)
        let middleStart = Int(segmentStart) + 1
        let middleEnd = middleStart + Int(middleCount)
        // SAFETY: `firstMatch` relies on `position...end` being inside `text` (the anchors checked `n >= firstCount + lastCount`); the middles are `middleStart..<middleEnd` of the tables' segments, where `init` put them.
        assert(start >= 0 && start <= end && end <= text.count && middleEnd <= tables.segments.count)
        var position = start
        var i = middleStart
        while i < middleEnd {
            let segment = tables.segments[i]
            guard let at = segment.firstMatch(in: text, from: position, to: end, tables, work: &work) else { return false }
            position = at + segment.count
            i += 1
        }
        return true
    }

    /// Inlined into the caller: a call costs as much as a literal's comparison. `tables`: a view of
    /// the tables this matcher was built into.
    @inline(__always)
    func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, _ tables: SegmentTables.View,
                                                         work: inout Int) -> Bool {
        if U.self == UInt8.self {
            // SAFETY: `U` is `UInt8` here, so the memory is rebound to the type it already has.
            assert(MemoryLayout<U>.size == 1 && U.bitWidth == 8)
            return text.withMemoryRebound(to: UInt8.self) { matchesBytes($0, tables, work: &work) }
        }
        return matchesWide(text, tables, work: &work)
    }

    /// The unit path (non-ASCII texts, as scalars).
    private func matchesWide<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, _ tables: SegmentTables.View,
                                                                       work: inout Int) -> Bool {
        let n = text.count
        guard anchorsInTables else {
            // The anchors are this matcher's runs, their labels ASCII or `?`: compared on the packed words.
            guard hasStar else {
                return n == minLength
                    && Segment.matchesPacked(text, at: 0, count: Int(firstCount), wordStart: Int(firstWordOffset), tables, work: &work)
            }
            guard n >= minLength else { return false }
            work += 1
            guard Segment.matchesPacked(text, at: 0, count: Int(firstCount), wordStart: Int(firstWordOffset), tables, work: &work),
                  Segment.matchesPacked(text, at: n - Int(lastCount), count: Int(lastCount), wordStart: Int(lastWordOffset), tables,
                                        work: &work) else { return false }
            return middleCount == 0 || matchesMiddle(text, tables, work: &work)
        }
        let start = Int(segmentStart)
        // SAFETY: with `anchorsInTables`, `init` put this matcher's first segment at `segmentStart` of the tables' segments, and after a star its last one `middleCount + 1` further.
        assert(start >= 0 && start + (hasStar ? Int(middleCount) + 2 : 1) <= tables.segments.count)
        let first = tables.segments[start]
        guard hasStar else {
            return n == minLength && first.matches(text, at: 0, tables, work: &work)
        }
        guard n >= minLength else { return false }
        work += 1
        let last = tables.segments[start + Int(middleCount) + 1]
        guard first.matches(text, at: 0, tables, work: &work), last.matches(text, at: n - last.count, tables, work: &work) else {
            return false
        }
        return matchesMiddle(text, tables, work: &work)
    }
}
