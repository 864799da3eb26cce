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
        var packer = Packer()
        for unit in units { packer.add(unit, to: &pairs) }
        packer.finish(&pairs)
    }

    /// Packs units one at a time onto the end of an array, in one pass: each whole pair is appended
    /// as its eighth unit arrives, and the last eight units ride along in a register of their own, so
    /// the extra pair needs no second look at the units (a compiler of patterns feeds it atoms as it
    /// reads them, with no array of units in between).
    struct Packer {
        /// The pair being filled (units `count & ~7 ..< count`).
        private var word: UInt64 = 0
        private var mask: UInt64 = 0
        /// The last eight units added, the newest in the top byte.
        private var tailWord: UInt64 = 0
        private var tailMask: UInt64 = 0
        /// Units added so far.
        private(set) var count = 0

        /// Adds `unit` (nil: any byte fills its place) to the units packed onto `pairs`.
        @inline(__always)
        mutating func add(_ unit: UInt8?, to pairs: inout [UInt64]) {
            let shift = UInt64(8 * (count & 7))
            tailWord >>= 8
            tailMask >>= 8
            if let unit {
                word |= UInt64(unit) << shift
                mask |= 0xFF << shift
                tailWord |= UInt64(unit) << 56
                tailMask |= 0xFF << 56
            }
            count += 1
            if count & 7 == 0 {
                pairs.append(word)
                pairs.append(mask)
                word = 0
                mask = 0
            }
        }

        /// Appends what is left: the partly filled pair and, past eight units, the pair of the last
        /// eight. Then `wordCount(count)` words were appended since the first `add`.
        @inline(__always)
        mutating func finish(_ pairs: inout [UInt64]) {
            guard count & 7 != 0 else { return }
            pairs.append(word)
            pairs.append(mask)
            if count > 8 {
                pairs.append(tailWord)
                pairs.append(tailMask)
            }
        }
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
