/// Bytes packed eight to a 64-bit word, each word followed by its mask (0xFF under a byte that
/// must be equal, 0 under a position any byte fills), so that eight bytes of a text are compared at
/// once. The glob matcher's anchored segments and the literal checks compare this way.
///
/// Layout for `n` units: a pair per eight units (the last one partly filled), and when `n` is over
/// eight and not a multiple of it, one more pair for the last eight units, so that the end is
/// compared with one load overlapping the word before rather than byte by byte.
@usableFromInline
enum PackedBytes {
    /// `units` packed: a byte that must be there, or nil where any byte may be.
    static func pack(_ units: [UInt8?]) -> [UInt64] {
        var pairs: [UInt64] = []
        append(units, to: &pairs)
        return pairs
    }

    /// How many words `n` units pack into (words and masks, the extra pair included).
    @inlinable
    static func wordCount(_ n: Int) -> Int {
        2 * ((n + 7) / 8) + (n > 8 && n % 8 != 0 ? 2 : 0)
    }

    /// `units` packed onto the end of `pairs` (`wordCount(units.count)` words), so that several runs
    /// can share one array.
    static func append<Units: Collection<UInt8?>>(_ units: Units, to pairs: inout [UInt64]) {
        let start = pairs.count
        let count = units.count
        appendFilled(&pairs, count: wordCount(count), from: zeroWords)
        pairs.withUnsafeMutableBufferPointer { pairs in
            var k = 0
            for unit in units {
                if let unit { set(unit, unit: k, in: pairs, at: start) }
                k += 1
            }
            finishLastPair(pairs, at: start, count: count)
        }
    }

    /// Writes `byte` as unit `k` of the run whose pairs start at `start` in `pairs`, zeroed beforehand
    /// (`wordCount(count)` of them): a unit never written stays "any byte" (`?`). A compiler of
    /// patterns writes each unit as it reads it, with no array of units in between.
    @inline(__always)
    static func set(_ byte: UInt8, unit k: Int, in pairs: UnsafeMutableBufferPointer<UInt64>, at start: Int) {
        let w = start &+ 2 &* (k >> 3)
        let shift = UInt64(8 &* (k & 7))
        // SAFETY: unit `k` of a run lies in its pair `k / 8`, inside the run's `wordCount(count)` words from `start` (`k < count`), which the caller zeroed in `pairs`.
        assert(k >= 0 && start >= 0 && w &+ 1 < pairs.count, "a packed unit inside its run's pairs")
        pairs[w] |= UInt64(byte) << shift
        pairs[w &+ 1] |= 0xFF << shift
    }

    /// Writes the extra pair (the last eight of `count` units) of the run at `start` once every unit
    /// is `set`: past eight units and not a multiple of eight, the last eight straddle the last whole
    /// pair and the partly filled one, so the extra pair is those two shifted together (no second
    /// look at the units). Nothing to do for other lengths.
    @inline(__always)
    static func finishLastPair(_ pairs: UnsafeMutableBufferPointer<UInt64>, at start: Int, count: Int) {
        guard count > 8, count % 8 != 0 else { return }
        let partial = start + 2 * (count / 8)
        let whole = partial - 2
        let extra = partial + 2
        // SAFETY: with `8 < count`, `count % 8 != 0` the run's `wordCount(count)` words from `start` are the whole pairs, the partial pair and the extra one, so `whole >= start` and `extra + 1` is the run's last word.
        assert(whole >= start && extra + 1 == start + wordCount(count) - 1 && extra + 1 < pairs.count, "the extra pair of a run")
        pairs[extra] = extraWord(whole: pairs[whole], partial: pairs[partial], count: count)
        pairs[extra + 1] = extraWord(whole: pairs[whole + 1], partial: pairs[partial + 1], count: count)
    }

    /// One word of the extra pair of a run of `count` units (over eight, not a multiple of eight):
    /// the last eight units, from the last whole pair's word and the partly filled pair's word (both
    /// words, or both masks). For a packer that holds the two pairs in registers.
    @inline(__always)
    static func extraWord(whole: UInt64, partial: UInt64, count: Int) -> UInt64 {
        assert(count > 8 && count % 8 != 0, "an extra pair exists")
        let low = UInt64(8 * (count % 8))
        return (whole >> low) | (partial << (64 - low))
    }

    /// Where the pair for the last eight of `n` units is (read when `n` is over eight): the last pair when `n` is a
    /// multiple of eight, else the extra pair after it.
    @inlinable
    static func lastPair(_ n: Int) -> Int {
        n % 8 == 0 ? 2 * (n / 8 - 1) : 2 * ((n + 7) / 8)
    }

    /// Whether the `count` bytes at `base` match `pairs`, packed from `count` units.
    @inlinable @inline(__always)
    static func equal(_ base: UnsafeRawPointer, _ count: Int, _ pairs: UnsafePointer<UInt64>) -> Bool {
        equal(base, count, pairs, lastPair: lastPair(count))
    }

    /// `equal(base, count, pairs)` with `lastPair(count)` worked out by the caller beforehand.
    @inlinable @inline(__always)
    static func equal(_ base: UnsafeRawPointer, _ count: Int, _ pairs: UnsafePointer<UInt64>, lastPair: Int) -> Bool {
        assert(count <= 8 || lastPair == PackedBytes.lastPair(count), "lastPair is the pair of the last eight of count bytes")
        @inline(__always) func word(_ k: Int, _ w: Int) -> Bool {
            // SAFETY: the caller holds `count` readable bytes at `base` and `wordCount(count)` words at `pairs`; every `k + 8 <= count`, `w + 1 < wordCount(count)`.
            assert(k >= 0 && k &+ 8 <= count && w >= 0 && w &+ 1 < wordCount(count), "packed comparison inside the text and the pairs")
            return (UInt64(littleEndian: base.loadUnaligned(fromByteOffset: k, as: UInt64.self)) ^ pairs[w]) & pairs[w &+ 1] == 0
        }
        if count > 8 {
            // Every whole word before the last eight bytes, then those (overlapping the word before
            // unless `count` is a multiple of eight).
            var k = 0
            var w = 0
            repeat {
                if !word(k, w) { return false }
                k &+= 8
                w &+= 2
            } while k &+ 8 < count
            return word(count &- 8, lastPair)
        }
        if count == 8 { return word(0, 0) }
        guard count > 0 else { return true }
        var t: UInt64 = 0
        var k = 0
        while k < count {
            // SAFETY: `k < count`, and the caller holds `count` readable bytes at `base`.
            assert(k < count)
            t |= UInt64(base.load(fromByteOffset: k, as: UInt8.self)) << UInt64(8 * k)
            k &+= 1
        }
        return (t ^ pairs[0]) & pairs[1] == 0
    }
}
