// Object keys repeat: every component of an AASA file has a "/" key, most have a handful of the same
// others. Making a String of a key means validating its UTF-8 and building the String; the cache
// hands back the String made the last time the same bytes were read, after comparing them as two
// machine words. Only short plain-ASCII keys are cached (the ones that fit in the two words).

/// The last few short keys read, found by their bytes.
struct JSONKeyCache {
    /// A key's bytes packed little-endian into two words (zero past its length), its length, and its String.
    private struct Entry {
        var low: UInt64 = 0
        var high: UInt64 = 0
        /// 0 marks an empty slot: an empty key is never cached.
        var length = 0
        var key = ""
    }

    /// The longest key cached: as many bytes as the two words hold.
    static let maxLength = 16
    private static let slotCount = 16
    private var entries = [Entry](repeating: Entry(), count: JSONKeyCache.slotCount)

    /// The key whose bytes are `buffer[start..<end]`: the cached String when the same bytes were read
    /// before, else `make()`, cached. The caller guarantees `0 < end - start <= maxLength`, that the
    /// range lies in `buffer`, and that the bytes are printable ASCII (so every String made is their text).
    mutating func key(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, make: () -> String) -> String {
        let length = end - start
        // SAFETY: the caller keeps `start..<end` inside `buffer` and at most `maxLength` long.
        assert(length > 0 && length <= Self.maxLength && start >= 0 && end <= buffer.count)
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in 0..<length {
            let byte = UInt64(buffer[start + index])
            if index < 8 { low |= byte << (8 * UInt64(index)) } else { high |= byte << (8 * UInt64(index - 8)) }
        }
        let slot = Int(truncatingIfNeeded: ((low ^ high &* 31) &* 0x9E37_79B9_7F4A_7C15) >> 60) & (Self.slotCount - 1)
        if entries[slot].length == length && entries[slot].low == low && entries[slot].high == high {
            return entries[slot].key
        }
        let key = make()
        entries[slot] = Entry(low: low, high: high, length: length, key: key)
        return key
    }
}
