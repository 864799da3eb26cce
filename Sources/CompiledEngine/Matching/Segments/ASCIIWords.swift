/// Eight bytes of a pattern in one 64-bit word (the first byte in the low byte), and the per-byte
/// tests the ASCII glob compiler needs on such a word: where a byte equals `*` or `?`. Reading a
/// pattern a word at a time instead of a byte at a time is what makes the byte path's packing
/// cheap: a run of eight units packs with a handful of word operations, not eight rounds of them.
enum ASCIIWords {
    /// 0x01 in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// `byte` in every byte of a word.
    @inline(__always)
    static func splat(_ byte: UInt8) -> UInt64 {
        ones &* UInt64(byte)
    }

    /// The bytes `p..<min(p + 8, n)` of the `n` bytes at `base`, the first in the low byte, zero
    /// above them. Reads only inside `base[0..<n]`: a word that would run past the end is read as
    /// the last eight bytes (or, under eight, as overlapping halves) and shifted down.
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, count n: Int, at p: Int) -> UInt64 {
        assert(p >= 0 && p < n, "a word starts inside the bytes")
        let raw = UnsafeRawPointer(base)
        if p &+ 8 <= n {
            // SAFETY: `p + 8 <= n`, so the eight bytes from `p` are inside `base[0..<n]`.
            assert(p >= 0 && p + 8 <= n)
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        }
        if n >= 8 {
            // SAFETY: `n >= 8`, so the last eight bytes `n - 8..<n` are inside; `n - 8 < p < n` makes the shift 8 to 56 bits.
            assert(n >= 8 && p > n - 8 && p < n)
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
            return last >> UInt64(truncatingIfNeeded: (p &- (n &- 8)) &<< 3)
        }
        return short(raw, count: n) >> UInt64(truncatingIfNeeded: p &<< 3)
    }

    /// All of `1...7` bytes at `raw` in one word, zero above them.
    @inline(__always)
    private static func short(_ raw: UnsafeRawPointer, count n: Int) -> UInt64 {
        if n >= 4 {
            // SAFETY: `4 <= n < 8`: bytes `0..<4` and `n - 4..<n` are inside and together cover all `n` (where they overlap they hold the same bytes, so or-ing them is exact).
            assert(n >= 4 && n < 8)
            let head = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)))
            return head | tail << UInt64(truncatingIfNeeded: (n &- 4) &<< 3)
        }
        // SAFETY: `1 <= n <= 3`: bytes 0, `n / 2` and `n - 1` are inside and together cover all `n`.
        assert(n >= 1 && n <= 3)
        let first = UInt64(raw.load(as: UInt8.self))
        let middle = UInt64(raw.load(fromByteOffset: n &>> 1, as: UInt8.self))
        let last = UInt64(raw.load(fromByteOffset: n &- 1, as: UInt8.self))
        return first | middle << UInt64(truncatingIfNeeded: (n &>> 1) &<< 3) | last << UInt64(truncatingIfNeeded: (n &- 1) &<< 3)
    }

    /// 0x80 in exactly the bytes of `x` that are zero, 0 in the others (no false hit next to a
    /// zero byte, unlike the shorter `(x - ones) & ~x` test).
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        ~(((x & low7) &+ low7) | x | low7)
    }

    /// 0x80 in exactly the bytes of `word` that are `byte`.
    @inline(__always)
    static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ splat(byte))
    }

    /// 0xFF in the low `m` bytes (`1...8`), 0 above.
    @inline(__always)
    static func lowBytes(_ m: Int) -> UInt64 {
        assert(m >= 1 && m <= 8)
        return UInt64.max >> UInt64(truncatingIfNeeded: (8 &- m) &<< 3)
    }

    /// 0xFF in the bytes of `word` that are `?`, 0 in the others.
    @inline(__always)
    static func anyOneBytes(_ word: UInt64) -> UInt64 {
        (bytes(word, equalTo: UInt8(ascii: "?")) >> 7) &* 0xFF
    }

    /// Where the first `byte` at or after `start` is in the `n` bytes at `base`, else `n`.
    /// (The zeros `load` puts past the end never equal `byte`, which is not zero.)
    @inline(__always)
    static func first(_ byte: UInt8, in base: UnsafePointer<UInt8>, count n: Int, from start: Int) -> Int {
        assert(byte != 0, "the zeros past the end are no hit")
        var p = start
        while p < n {
            let hits = bytes(load(base, count: n, at: p), equalTo: byte)
            if hits != 0 { return hit(hits, at: p, count: n) }
            p &+= 8
        }
        return n
    }

    /// The position of the first byte `hits` marks in the word loaded at `p`.
    @inline(__always)
    private static func hit(_ hits: UInt64, at p: Int, count n: Int) -> Int {
        let at = p &+ (hits.trailingZeroBitCount &>> 3)
        assert(at < n, "a hit is one of the bytes read")
        return at
    }
}
