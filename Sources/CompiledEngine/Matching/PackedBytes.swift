/// Bytes packed eight to a 64-bit word, each word followed by its mask (0xFF under a byte that
/// must be equal, 0 under a position any byte fills), so that eight bytes of a text are compared at
/// once. The glob matcher's anchored segments and the literal checks compare this way.
@usableFromInline
enum PackedBytes {
    /// `units` packed: a byte that must be there, or nil where any byte may be.
    static func pack(_ units: [UInt8?]) -> [UInt64] {
        var pairs = [UInt64](repeating: 0, count: 2 * ((units.count + 7) / 8))
        for (i, unit) in units.enumerated() {
            guard let unit else { continue }
            pairs[2 * (i / 8)] |= UInt64(unit) << UInt64(8 * (i % 8))
            pairs[2 * (i / 8) + 1] |= 0xFF << UInt64(8 * (i % 8))
        }
        return pairs
    }

    /// Whether the `count` bytes at `base` match `pairs` (at least `count` units packed).
    @inlinable @inline(__always)
    static func equal(_ base: UnsafeRawPointer, _ count: Int, _ pairs: UnsafePointer<UInt64>) -> Bool {
        var k = 0
        var w = 0
        while k + 8 <= count {
            let t = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            if (t ^ pairs[w]) & pairs[w + 1] != 0 { return false }
            k += 8
            w += 2
        }
        guard k < count else { return true }
        var t: UInt64 = 0
        var shift: UInt64 = 0
        while k < count {
            t |= UInt64(base.load(fromByteOffset: k, as: UInt8.self)) << shift
            shift += 8
            k += 1
        }
        return (t ^ pairs[w]) & pairs[w + 1] == 0
    }
}
