import LinkMatchCore

extension GlobMatcher {
    /// A run of literals and `?` between two stars, as offsets into the `SegmentTables` of the matcher
    /// that holds it. A segment holds no reference: reading one out of an array copies integers, where
    /// a segment owning its arrays cost four retains and four releases per placement.
    struct Segment: Sendable {
        /// Where the unit values start in `SegmentTables.labels` (`UnitLabel.any` for `?`).
        let labelStart: Int
        /// Units in the run.
        let count: Int
        /// Where the packed words and masks (`PackedBytes`, a `?` as 0) start in `SegmentTables.words`.
        let wordStart: Int
        /// Whether every label is `?` (then only the length matters).
        let allAny: Bool
        /// Whether the labels are in `SegmentTables.labels`. A glob keeps them only when some label
        /// is a literal above ASCII: otherwise the packed words say everything (a byte, or any
        /// byte under a zero mask for `?`), and a matcher owns one array fewer.
        let labelsKept: Bool
        /// A literal label above ASCII: no byte text (always ASCII) can match the segment.
        let needsWideUnits: Bool
        /// Shift-And tables for a middle segment of up to 4,096 units, placed by searching: one pass
        /// over the text, whatever the segment (the naive search costs up to |text| x |segment| on `aaaa…ab`).
        let search: ShiftAndSearch?

        /// A segment of no units, for a matcher's `last` when it has no star (unused then).
        static let empty = Segment(labelStart: 0, count: 0, wordStart: 0, allAny: true, labelsKept: true, needsWideUnits: false,
                                   search: nil)

        /// Whether the segment matches the bytes of `text` from `start` (room checked by the caller):
        /// eight bytes per comparison.
        @inline(__always)
        func matchesBytes(_ text: UnsafeBufferPointer<UInt8>, at start: Int, _ tables: SegmentTables.View,
                          work: inout Int) -> Bool {
            work += count
            if allAny { return true }
            if needsWideUnits { return false }
            // (A segment with units has packed words, so `words` is not empty.)
            guard count > 0, let base = text.baseAddress, let words = tables.words.baseAddress else { return true }
            // SAFETY: the caller checked the room (`start + count <= text.count`); this segment's words are `wordCount(count)` from `wordStart` in the tables.
            assert(start >= 0 && start + count <= text.count && wordStart + PackedBytes.wordCount(count) <= tables.words.count)
            return PackedBytes.equal(UnsafeRawPointer(base + start), count, words + wordStart)
        }

        @inline(__always)
        func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, at start: Int,
                                                              _ tables: SegmentTables.View, work: inout Int) -> Bool {
            if U.self == UInt8.self {
                // SAFETY: `U` is `UInt8` here, so the memory is rebound to the type it already has.
                assert(MemoryLayout<U>.size == 1 && U.bitWidth == 8)
                return text.withMemoryRebound(to: UInt8.self) { matchesBytes($0, at: start, tables, work: &work) }
            }
            if allAny { return true }
            if !labelsKept { return Self.matchesPacked(text, at: start, count: count, wordStart: wordStart, tables, work: &work) }
            // SAFETY: callers place the segment where it fits (`start + count <= text.count`), and its kept labels are `count` from `labelStart` of the tables (`append`).
            assert(start >= 0 && start + count <= text.count && labelStart + count <= tables.labels.count)
            var k = 0
            while k < count {
                work += 1
                let label = tables.labels[labelStart + k]
                if label != UnitLabel.any, label != UInt32(truncatingIfNeeded: text[start + k]) { return false }
                k += 1
            }
            return true
        }

        /// `matches` for a wide text when the labels were not kept: every label is ASCII or `?`, so a
        /// byte under a full mask must be the unit and a zero mask is `?`. The run is `count` units
        /// packed from `wordStart` of the tables' words (a segment's, or a glob's first or last run,
        /// which is no `Segment`: `GlobMatcher.anchorsInTables`). Not inlined: it would grow every
        /// caller of `matches` (the sequence matcher's steps) for texts that are rarely wide.
        @inline(never)
        static func matchesPacked<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, at start: Int, count: Int,
                                                                       wordStart: Int, _ tables: SegmentTables.View,
                                                                       work: inout Int) -> Bool {
            // SAFETY: callers place the segment where it fits, so `text[start + k]` for `k < count` is in bounds.
            assert(start >= 0 && start + count <= text.count)
            var k = 0
            while k < count {
                work += 1
                let pair = wordStart + 2 * (k >> 3)
                let shift = UInt64(8 * (k & 7))
                // SAFETY: unit `k < count` of this segment is packed in the pair at `pair`, inside its `wordCount(count)` words.
                assert(pair + 1 < wordStart + PackedBytes.wordCount(count) && pair + 1 < tables.words.count)
                if (tables.words[pair + 1] >> shift) & 0xFF != 0,
                   UInt32(truncatingIfNeeded: (tables.words[pair] >> shift) & 0xFF) != UInt32(truncatingIfNeeded: text[start + k]) {
                    return false
                }
                k += 1
            }
            return true
        }

        /// The leftmost start in `lo...hi - count` where the segment matches, or nil.
        func firstMatch<U: FixedWidthInteger & UnsignedInteger>(in text: UnsafeBufferPointer<U>, from lo: Int, to hi: Int,
                                                                 _ tables: SegmentTables.View, work: inout Int) -> Int? {
            guard hi - lo >= count else { return nil }
            if allAny { return lo }
            if let search { return search.firstMatch(in: text, from: lo, to: hi, length: count, tables, work: &work) }
            var start = lo
            while start <= hi - count {
                if matches(text, at: start, tables, work: &work) { return start }
                start += 1
            }
            return nil
        }
    }

    /// The arrays segments are offsets into: every label, every packed word and mask, every
    /// Shift-And mask and wide unit, and the globs' middle segments, one array each, however many
    /// segments and matchers (a document's globs and sequence runs share one set).
    struct SegmentTables: Sendable {
        private(set) var labels: [UInt32] = []
        private(set) var words: [UInt64] = []
        private(set) var masks: [UInt64] = []
        private(set) var wideUnits: [UInt32] = []
        /// Every glob's middle segments (and the first and last of a glob with a literal above ASCII:
        /// `GlobMatcher.anchorsInTables`), each glob's in a run (`GlobMatcher.segmentStart`), and the
        /// sequence matchers' runs.
        private(set) var segments: [Segment] = []

        /// Empty tables.
        init() {}

        /// Words of Shift-And masks to reserve when the first search is added (`reserveMasksOnce`).
        private var maskRoom = 0

        /// Room for `count` more segments and `words` more packed words, reserved once for many
        /// matchers (reserving per matcher would make each growth exact, so every append a copy),
        /// and for the masks of about `searches` middle segments of up to 64 units, reserved when the
        /// first one comes (tables of patterns without one then hold no masks at all).
        mutating func reserve(segments count: Int, words: Int, searches: Int = 0) {
            segments.reserveCapacity(segments.count + count)
            self.words.reserveCapacity(self.words.count + words)
            maskRoom = searches * ShiftAndSearch.asciiRows
        }

        /// Gives back what `reserve` set aside and the compile did not use (`Array.dropSpareRoom`).
        mutating func dropSpareRoom() {
            labels.dropSpareRoom()
            words.dropSpareRoom()
            masks.dropSpareRoom()
            wideUnits.dropSpareRoom()
            segments.dropSpareRoom()
        }

        /// Reserves the masks' room (`reserve`) before the first search's masks: a search adds 129
        /// words or more, so growing from empty would copy the masks several times.
        private mutating func reserveMasksOnce() {
            guard maskRoom > 0 else { return }
            masks.reserveCapacity(masks.count + maskRoom)
            maskRoom = 0
        }

        /// Appends a glob's segment (see `segments`).
        mutating func appendSegment(_ segment: Segment) {
            segments.append(segment)
        }

        /// The labels of `segment` (read back from its packed words when they were not kept).
        func labels(of segment: Segment) -> ArraySlice<UInt32> {
            guard !segment.labelsKept else { return labels[segment.labelStart..<(segment.labelStart + segment.count)] }
            return (0..<segment.count).map { k -> UInt32 in
                let shift = UInt64(8 * (k & 7))
                let pair = segment.wordStart + 2 * (k >> 3)
                return (words[pair + 1] >> shift) & 0xFF == 0 ? UnitLabel.any : UInt32(truncatingIfNeeded: (words[pair] >> shift) & 0xFF)
            }[...]
        }

        /// Appends a run's labels (`UnitLabel.any` for `?`) and returns its segment; `searchable`: a
        /// middle segment, placed by searching (the first and last are pinned). `keepLabels`: false
        /// when the run's labels need not be stored (see `Segment.labelsKept`); a run with a literal
        /// above ASCII keeps them whatever it says. The packed words are written in place, in one
        /// pass over the run: the run is read again only to keep its labels or build a search.
        mutating func append(_ run: some Collection<UInt32>, searchable: Bool, keepLabels: Bool = true) -> Segment {
            let count = run.count
            let wordStart = words.count
            appendFilled(&words, count: PackedBytes.wordCount(count), from: zeroWords)
            var allAny = true
            var wide = false
            words.withUnsafeMutableBufferPointer { pairs in
                var k = 0
                for label in run {
                    if label != UnitLabel.any {
                        allAny = false
                        // A literal above ASCII stays "any byte" in the packed words (as `?` does) and
                        // marks the segment as needing wide units instead.
                        if label < 0x80 {
                            PackedBytes.set(UInt8(truncatingIfNeeded: label), unit: k, in: pairs, at: wordStart)
                        } else {
                            wide = true
                        }
                    }
                    k += 1
                }
                PackedBytes.finishLastPair(pairs, at: wordStart, count: count)
            }
            let kept = keepLabels || wide
            let labelStart = labels.count
            if kept { labels.append(contentsOf: run) }
            let searched = searchable && count <= ShiftAndSearch.maxWords * 64 && !allAny
            if searched { reserveMasksOnce() }
            let search = searched ? ShiftAndSearch(run, masks: &masks, wideUnits: &wideUnits) : nil
            return Segment(labelStart: labelStart, count: count, wordStart: wordStart, allAny: allAny, labelsKept: kept,
                           needsWideUnits: wide, search: search)
        }

        /// What `appendASCIIGlob` appended and read: where the glob's middle segments start (one
        /// before the first, as `GlobMatcher.segmentStart` counts them), how many it has, its first
        /// and last run's length and words (the same run without a star) and what decides its shape. Plain integers: all a `GlobMatcher` keeps of them.
        struct PackedGlob {
            let segmentStart: Int
            let middleCount: Int
            let firstCount: Int
            let firstWordStart: Int
            let lastCount: Int
            let lastWordStart: Int
            let unitCount: Int
            let hasStar: Bool
            let hasAnyOne: Bool
        }

        /// The segments of a glob given as ASCII bytes (no `$`, folded already when the rule is
        /// case-insensitive; `*` and `?` are the wildcards), appended as `GlobMatcher.init(_:into:)`
        /// appends those of the same pattern's atoms, to the same tables, word for word. The fast path
        /// of the usual pattern: the stars found and each run packed eight bytes at a time
        /// (`ASCIIWords`), each pair appended as it is made (no labels: ASCII needs none), and a middle
        /// run's Shift-And masks (`ShiftAndSearch.init(ascii:)`). Only the middle runs get a `Segment`
        /// (the first and last are the matcher's own fields: `GlobMatcher.anchorsInTables`).
        @inline(__always)
        mutating func appendASCIIGlob(_ pattern: UnsafeBufferPointer<UInt8>) -> PackedGlob {
            guard let base = pattern.baseAddress else { return appendASCIIGlob(pattern, firstStar: 0) }
            return appendASCIIGlob(pattern, firstStar: ASCIIWords.first(Self.starByte, in: base, count: pattern.count, from: 0))
        }

        /// `appendASCIIGlob(_:)` when the caller has found the pattern's first star already (`star`,
        /// the pattern's count when it has none): a star at the end (`prefix*`, N3's main program)
        /// or none (its parent) needs no more scanning.
        @inline(__always)
        mutating func appendASCIIGlob(_ pattern: UnsafeBufferPointer<UInt8>, firstStar star: Int) -> PackedGlob {
            let n = pattern.count
            guard let base = pattern.baseAddress, n > 0 else {
                // The empty pattern: one empty run, no words.
                let wordStart = words.count
                return PackedGlob(segmentStart: segments.count &- 1, middleCount: 0, firstCount: 0, firstWordStart: wordStart,
                                  lastCount: 0, lastWordStart: wordStart, unitCount: 0,
                                  hasStar: false, hasAnyOne: false)
            }
            assert(star == ASCIIWords.first(Self.starByte, in: base, count: n, from: 0), "the first star, as the caller found it")
            if star >= n &- 1 || ASCIIWords.first(Self.starByte, in: base, count: n, from: star &+ 1) == n {
                return appendASCIIGlob(base, count: n, oneStarAt: star)
            }
            return appendASCIIGlob(base, count: n, starsFrom: star)
        }

        /// `appendASCIIGlob` of a pattern with two stars or more (`star`: the first): the runs cut at
        /// the stars, middle ones searched. Not inlined: its set-up would otherwise run for every
        /// pattern, most of which have one star or none.
        @inline(never)
        private mutating func appendASCIIGlob(_ base: UnsafePointer<UInt8>, count n: Int, starsFrom star: Int) -> PackedGlob {
            let segmentStart = segments.count &- 1
            var firstCount = 0, firstWordStart = 0, lastCount = 0, lastWordStart = 0
            var middleCount = 0
            var unitCount = 0
            var anyOnes: UInt64 = 0 // 0xFF under every `?` met, or-ed
            var start = 0
            var end = star
            var isFirst = true
            while true {
                // The run before the first star is the first segment, the one after the last star the
                // last; every run between two stars is a middle one, placed by searching.
                let isLast = end == n
                let count = end &- start
                let run = appendASCIIRun(base, count: n, from: start, to: end)
                anyOnes |= run.anyOnes
                let allAny = run.literals == 0
                let searched = !isFirst && !isLast && count <= ShiftAndSearch.maxWords * 64 && !allAny
                if searched { reserveMasksOnce() }
                let search = searched
                    ? ShiftAndSearch(ascii: UnsafeBufferPointer(start: base + start, count: count), masks: &masks,
                                     wideUnits: wideUnits.count)
                    : nil
                unitCount &+= count
                if isFirst {
                    firstCount = count
                    firstWordStart = run.wordStart
                } else if isLast {
                    lastCount = count
                    lastWordStart = run.wordStart
                } else {
                    segments.append(Segment(labelStart: labels.count, count: count, wordStart: run.wordStart, allAny: allAny,
                                            labelsKept: false, needsWideUnits: false, search: search))
                    middleCount &+= 1
                }
                if isLast { break }
                start = end &+ 1
                // SAFETY: `start <= n` (`end < n` here), and the loop reads `base[start]` only below `n`.
                assert(start <= n)
                while start < n, base[start] == Self.starByte { start &+= 1 } // consecutive stars close one run
                end = ASCIIWords.first(Self.starByte, in: base, count: n, from: start)
                isFirst = false
            }
            // (Only reached with a star, so the loop met a last run after the first.)
            return PackedGlob(segmentStart: segmentStart, middleCount: middleCount, firstCount: firstCount,
                              firstWordStart: firstWordStart, lastCount: lastCount, lastWordStart: lastWordStart,
                              unitCount: unitCount, hasStar: true,
                              hasAnyOne: anyOnes != 0)
        }

        /// `appendASCIIGlob` of the usual pattern, with no star (`star == n`: one segment) or one
        /// (a first and a last segment, no middle, so no search): the same segments and words as the
        /// general loop appends, without its bookkeeping for middles and consecutive stars (and, having
        /// no middle, no segment at all).
        @inline(never)
        private mutating func appendASCIIGlob(_ base: UnsafePointer<UInt8>, count n: Int, oneStarAt star: Int) -> PackedGlob {
            // SAFETY: `0 <= star <= n` (where `ASCIIWords.first` found the star, or `n`), so both runs are inside `base[0..<n]`.
            assert(star >= 0 && star <= n)
            let segmentStart = segments.count &- 1
            let head = appendASCIIRun(base, count: n, from: 0, to: star)
            guard star < n else {
                return PackedGlob(segmentStart: segmentStart, middleCount: 0, firstCount: n, firstWordStart: head.wordStart,
                                  lastCount: n, lastWordStart: head.wordStart, unitCount: n, hasStar: false,
                                  hasAnyOne: head.anyOnes != 0)
            }
            let tailCount = n &- star &- 1
            // (`prefix*`, N3's usual main program: an empty last run, no words.)
            let tail = tailCount == 0 ? (wordStart: words.count, literals: 0, anyOnes: 0) : appendASCIIRun(base, count: n, from: star &+ 1, to: n)
            return PackedGlob(segmentStart: segmentStart, middleCount: 0, firstCount: star, firstWordStart: head.wordStart,
                              lastCount: tailCount, lastWordStart: tail.wordStart, unitCount: n &- 1, hasStar: true,
                              hasAnyOne: (head.anyOnes | tail.anyOnes) != 0)
        }

        /// The run `base[start..<end]` of an ASCII glob (no star) packed onto `words`: eight units per
        /// pair (`?` as a zero byte under a zero mask), then the extra pair (`PackedBytes`). Returns
        /// where its words start, 0xFF under every literal (0 when every unit is `?`) and under every `?`.
        /// Each pair appended as it is made: a function of its own with a buffer would cost as much as
        /// packing a short run.
        @inline(__always)
        private mutating func appendASCIIRun(_ base: UnsafePointer<UInt8>, count n: Int, from start: Int,
                                             to end: Int) -> (wordStart: Int, literals: UInt64, anyOnes: UInt64) {
            let wordStart = words.count
            let count = end &- start
            // SAFETY: `0 <= start <= end <= n` (the stars found inside the pattern), so the run's bytes are inside `base[0..<n]`.
            assert(start >= 0 && start <= end && end <= n)
            var word: UInt64 = 0, mask: UInt64 = 0
            var literals: UInt64 = 0
            var anyOnes: UInt64 = 0
            var pos = start
            // The whole words: loaded straight (eight bytes of the run, so of the pattern), no mask to cut.
            while end &- pos >= 8 {
                // SAFETY: `pos + 8 <= end <= n`, so the eight bytes from `pos` are inside `base[0..<n]`.
                assert(pos >= 0 && pos + 8 <= n)
                let bytes = UInt64(littleEndian: UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self))
                // 0xFF under every `?`.
                let anyOne = ASCIIWords.anyOneBytes(bytes)
                assert(ASCIIWords.bytes(bytes, equalTo: Self.starByte) == 0 && bytes & ASCIIWords.splat(0x80) == 0,
                       "an ASCII run holds no star")
                word = bytes & ~anyOne
                mask = ~anyOne
                literals |= mask
                anyOnes |= anyOne
                words.append(word)
                words.append(mask)
                pos &+= 8
            }
            let left = end &- pos
            if left > 0 {
                // The last 1 to 7 bytes, zeros above them (the zeros are no `?`).
                let keep = ASCIIWords.lowBytes(left)
                let bytes = ASCIIWords.load(base, count: n, at: pos) & keep
                let anyOne = ASCIIWords.anyOneBytes(bytes)
                assert(ASCIIWords.bytes(bytes, equalTo: Self.starByte) & keep == 0 && bytes & ASCIIWords.splat(0x80) == 0,
                       "an ASCII run holds no star")
                let partialWord = bytes & ~anyOne
                let partialMask = keep & ~anyOne
                literals |= partialMask
                anyOnes |= anyOne
                words.append(partialWord)
                words.append(partialMask)
                if count > 8 {
                    // The extra pair: the last eight units, from the last whole pair (`word`, `mask`) and this one.
                    words.append(PackedBytes.extraWord(whole: word, partial: partialWord, count: count))
                    words.append(PackedBytes.extraWord(whole: mask, partial: partialMask, count: count))
                }
            }
            assert(words.count - wordStart == PackedBytes.wordCount(count), "a run packs into wordCount(count) words")
            return (wordStart, literals, anyOnes)
        }

        private static let starByte = UInt8(ascii: "*")
        private static let anyOneByte = UInt8(ascii: "?")

        /// The tables' storage.
        struct Buffers {
            let labels: UnsafeBufferPointer<UInt32>
            let words: UnsafeBufferPointer<UInt64>
            let masks: UnsafeBufferPointer<UInt64>
            let wideUnits: UnsafeBufferPointer<UInt32>
            let segments: UnsafeBufferPointer<Segment>
        }

        /// The tables' storage, for matching: one word (what it points to is kept by an
        /// `OwnedMatchers` or a `FlatRules`), so handing it on copies nothing.
        struct View {
            // SAFETY: points into the arena of the owning `FlatRules` or `OwnedMatchers`, alive while a match reads this view.
            let buffers: UnsafePointer<Buffers>

            // SAFETY: `buffers` points at a `Buffers` in the arena of the owning `FlatRules` or `OwnedMatchers`, kept for as long as a match can read this view (the pointer's liveness cannot be asserted).
            var labels: UnsafeBufferPointer<UInt32> { buffers.pointee.labels }
            var words: UnsafeBufferPointer<UInt64> { buffers.pointee.words }
            var masks: UnsafeBufferPointer<UInt64> { buffers.pointee.masks }
            var wideUnits: UnsafeBufferPointer<UInt32> { buffers.pointee.wideUnits }
            var segments: UnsafeBufferPointer<Segment> { buffers.pointee.segments }
        }
    }

    /// Bit i of a unit's mask is set when label i accepts the unit (Baeza-Yates–Gonnet Shift-And,
    /// over as many 64-bit words as the segment needs): O(|text| x words), no backtracking. The masks
    /// and wide units live in the `SegmentTables`; this holds where.
    struct ShiftAndSearch: Sendable {
        static let maxWords = 64
        /// Rows of masks of a segment with no wide unit: the 128 ASCII units, then the `?`-only row.
        static let asciiRows = 129

        /// Words per mask.
        let words: Int
        /// Where the masks start in the tables: 128 ASCII masks, then one per wide unit, then the `?`-only mask.
        let maskStart: Int
        /// Where the segment's sorted distinct wide units start in the tables, and how many.
        let wideStart: Int
        let wideCount: Int

        init(_ labels: some Collection<UInt32>, masks: inout [UInt64], wideUnits: inout [UInt32]) {
            let w = (labels.count + 63) >> 6
            words = w
            // Sorted distinct wide units (none in the usual all-ASCII segment: no set built then).
            let wide = labels.contains(where: UnitLabel.isWideLiteral)
                ? Array(Set(labels.filter(UnitLabel.isWideLiteral))).sorted() : []
            wideStart = wideUnits.count
            wideCount = wide.count
            wideUnits.append(contentsOf: wide)
            let rows = 128 + wide.count + 1
            maskStart = masks.count
            appendFilled(&masks, count: rows * w, from: zeroWords)
            let start = maskStart
            // SAFETY: `rows * w` zero words were just appended at `start`, so every `row * w + word` (row < rows, word < w) is inside.
            assert(start + rows * w == masks.count)
            masks.withUnsafeMutableBufferPointer { all in
                let masks = UnsafeMutableBufferPointer(rebasing: all[start...])
                // The last row is for a unit no literal names: only `?` accepts it.
                let anyRow = (rows - 1) * w
                for (i, label) in labels.enumerated() {
                    let word = i >> 6
                    let bit = UInt64(1) << UInt64(i & 63)
                    if label == UnitLabel.any {
                        masks[anyRow + word] |= bit
                    } else if label < 128 {
                        masks[Int(label) * w + word] |= bit
                    } else if let k = wide.firstIndex(of: label) {
                        masks[(128 + k) * w + word] |= bit
                    }
                }
                Self.spreadAnyRow(masks, anyRow: anyRow, words: w)
            }
        }

        /// The search of an ASCII run (no wide unit, so 129 rows of masks: one per ASCII unit, then
        /// the `?`-only one), its masks appended to `masks` as `init(_:masks:wideUnits:)` lays them
        /// out. `wideUnits`: how many wide units the tables hold (this run adds none).
        init(ascii run: UnsafeBufferPointer<UInt8>, masks: inout [UInt64], wideUnits: Int) {
            let w = (run.count + 63) >> 6
            words = w
            wideStart = wideUnits
            wideCount = 0
            let rows = Self.asciiRows
            maskStart = masks.count
            appendFilled(&masks, count: rows * w, from: zeroWords)
            let start = maskStart
            // SAFETY: `rows * w` zero words were just appended at `start`, so every `row * w + word` (row < rows, word < w, the row of a byte under 128) is inside; `run[i]` is read for `i < run.count`.
            assert(start + rows * w == masks.count && run.count <= 64 * w)
            masks.withUnsafeMutableBufferPointer { all in
                let masks = UnsafeMutableBufferPointer(rebasing: all[start...])
                let anyRow = (rows - 1) * w
                // `?` accepts every unit: its bits first, in every row at once, then each literal's.
                for i in 0..<run.count where run[i] == UInt8(ascii: "?") {
                    masks[anyRow + (i >> 6)] |= UInt64(1) << UInt64(i & 63)
                }
                Self.spreadAnyRow(masks, anyRow: anyRow, words: w)
                for i in 0..<run.count where run[i] != UInt8(ascii: "?") {
                    assert(run[i] < 128, "an ASCII run")
                    masks[Int(run[i]) * w + (i >> 6)] |= UInt64(1) << UInt64(i & 63)
                }
            }
        }

        /// `?` accepts every unit: ORs the `?`-only row (at `anyRow`, the last) into every row
        /// above it, once per word rather than once per `?`. `masks` is one segment's rows of
        /// `words` words each, as both inits lay them out.
        @inline(__always)
        private static func spreadAnyRow(_ masks: UnsafeMutableBufferPointer<UInt64>, anyRow: Int, words w: Int) {
            // SAFETY: the callers pass the segment's `rows * w` words with `anyRow = (rows - 1) * w`, so every index below `anyRow + w` is inside.
            assert(anyRow + w <= masks.count)
            if w == 1 {
                // One word per row (a segment of up to 64 units, nearly all): the rows are the
                // words before `anyRow`, or-ed in one contiguous pass the compiler vectorizes.
                let bits = masks[anyRow]
                guard bits != 0 else { return }
                for i in 0..<anyRow { masks[i] |= bits }
                return
            }
            for word in 0..<w where masks[anyRow + word] != 0 {
                let bits = masks[anyRow + word]
                var i = word
                while i < anyRow {
                    masks[i] |= bits
                    i &+= w
                }
            }
        }

        @inline(__always)
        func row(_ unit: UInt32, _ tables: SegmentTables.View) -> Int {
            if unit < 128 { return Int(unit) }
            let wideUnits = tables.wideUnits
            var lo = wideStart
            var hi = wideStart + wideCount
            // SAFETY: this segment's wide units are `wideStart..<wideStart + wideCount` of the tables, where `init` put them.
            assert(wideStart >= 0 && wideStart + wideCount <= wideUnits.count)
            while lo < hi {
                let mid = (lo + hi) >> 1
                if wideUnits[mid] < unit { lo = mid + 1 } else { hi = mid }
            }
            return lo < wideStart + wideCount && wideUnits[lo] == unit ? 128 + lo - wideStart : 128 + wideCount
        }

        func firstMatch<U: FixedWidthInteger & UnsignedInteger>(in text: UnsafeBufferPointer<U>, from lo: Int, to hi: Int,
                                                                 length: Int, _ tables: SegmentTables.View,
                                                                 work: inout Int) -> Int? {
            let w = words
            // SAFETY: this segment's masks are `(128 + wideCount + 1) * w` words from `maskStart` (`init`), and `row` is under `128 + wideCount + 1`; `lo..<hi` is inside `text` (the caller's range).
            assert(maskStart + (128 + wideCount + 1) * w <= tables.masks.count && lo >= 0 && hi <= text.count && length >= 1)
            let masks = UnsafeBufferPointer(rebasing: tables.masks[maskStart...])
            let lastWord = (length - 1) >> 6
            let done = UInt64(1) << UInt64((length - 1) & 63)
            if w == 1 { // a segment of up to 64 units (nearly all): the state in a register
                var state: UInt64 = 0
                var i = lo
                while i < hi {
                    state = ((state << 1) | 1) & masks[row(UInt32(truncatingIfNeeded: text[i]), tables)]
                    if state & done != 0 {
                        work += i - lo + 1
                        return i - length + 1
                    }
                    i += 1
                }
                work += hi - lo
                return nil
            }
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: w) { state -> Int? in
                // SAFETY: the allocation holds `w` words and `lastWord = (length - 1) >> 6 < w` (`length` is the labels' count).
                assert(state.count == w && lastWord < w)
                for k in 0..<w { state[k] = 0 }
                var i = lo
                while i < hi {
                    let base = row(UInt32(truncatingIfNeeded: text[i]), tables) * w
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
}
