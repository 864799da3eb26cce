#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How an `ExactBytesTable` hashes its keys: a cheap multiply-mix of the UTF-8 bytes, a word at a
/// time, from a seed chosen once per process (so a document cannot be written to collide on the
/// table of a process it has not seen). The table stays linear even when every key collides (its
/// probes are bounded), so the hash only has to be good on ordinary keys, not unbreakable.
struct TableHashing: Sendable {
    /// Where the mix starts.
    let seed: UInt64
    /// Anded with every hash: all ones, or zero to make every key collide (tests only).
    let mask: UInt64

    /// The hashing every compiled document uses: this process's seed.
    static var perProcess: TableHashing { TableHashing(seed: processSeed, mask: ~0) }

    /// Every key hashes to zero: all of them collide (tests check that results stay the same and
    /// the work bounded).
    static let constant = TableHashing(seed: 0, mask: 0)

    /// Drawn once, on first use; fixed when `SWIFT_DETERMINISTIC_HASHING` is set, as the standard
    /// library's `Hasher` does, so that two profiling runs do the same work.
    private static let processSeed: UInt64 = {
        if getenv("SWIFT_DETERMINISTIC_HASHING") != nil { return 0x243F_6A88_85A3_08D3 }
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    /// The hash of `bytes` with `tag`. Every byte is read, as is the length (so keys that differ
    /// only in trailing bytes, or in length, hash apart).
    @inline(__always)
    func hash(_ bytes: UnsafeRawBufferPointer, tag: UInt8) -> UInt64 {
        let n = bytes.count
        var h = Self.fold(seed ^ (UInt64(truncatingIfNeeded: n) << 8 | UInt64(tag)), 0x9E37_79B9_7F4A_7C15)
        if n >= 8 {
            // Whole words, then the last 8 bytes (overlapping the previous word when `n` is not a multiple of 8).
            var i = 0
            while i + 8 < n {
                // SAFETY: `i + 8 < n`, so bytes `i..<i + 8` are inside the buffer.
                assert(i + 8 <= bytes.count)
                h = Self.fold(h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self), 0xBF58_476D_1CE4_E5B9)
                i += 8
            }
            // SAFETY: `n >= 8`, so bytes `n - 8..<n` are inside the buffer.
            assert(n >= 8 && n == bytes.count)
            h = Self.fold(h ^ bytes.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), 0x94D0_49BB_1331_11EB)
        } else if n >= 4 {
            // SAFETY: `4 <= n < 8`: the first 4 and the last 4 bytes are inside the buffer (and cover it).
            assert(n >= 4 && n == bytes.count)
            let word = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)) << 32
                | UInt64(bytes.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            h = Self.fold(h ^ word, 0xBF58_476D_1CE4_E5B9)
        } else if n > 0 {
            // (Bytes 0, n / 2 and n - 1 cover a key of 1 to 3 bytes; the subscripts are checked.)
            let word = UInt64(bytes[0]) << 16 | UInt64(bytes[n >> 1]) << 8 | UInt64(bytes[n - 1])
            h = Self.fold(h ^ word, 0xBF58_476D_1CE4_E5B9)
        }
        return Self.fold(h, 0xC4CE_B9FE_1A85_EC53) & mask
    }

    /// The 128-bit product of `a` and `b`, its halves xored: every input bit reaches the result.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }
}

/// A hash table from keys (UTF-8 bytes and a one-byte tag, compared exactly: D12, not canonical
/// equality) to `Int32` values, for the lookups of one compile. Open addressing over flat arrays:
/// the slots, the entries and the keys' bytes, one after the other in one array (a key is copied
/// in when it is new; a lookup compares with those bytes), so no object and no retain per entry,
/// and a caller can look up bytes it holds only for the call (a string on a JSON tape).
///
/// Safe on untrusted keys: a lookup probes at most `maxProbes` slots, whatever the keys, so a
/// document whose keys all collide costs `maxProbes` comparisons per lookup, not one per key
/// before it. A key whose probes all meet other keys is `unplaceable`: the caller does without the
/// table for it (compiles again, or keeps it elsewhere). Never iterated, so its order (which
/// depends on the per-process seed) reaches no output.
struct ExactBytesTable {
    /// The outcome of `find`.
    enum Lookup {
        /// The key was in the table, with this value.
        case found(Int32)
        /// The key was not in the table and now is, with the value given to `find`, as this entry
        /// (`setValue` changes it).
        case inserted(entry: Int)
        /// The key is not in the table and cannot be put in it (its probes all meet other keys).
        case unplaceable
    }

    private struct Entry {
        var hash: UInt64
        /// The key's bytes: `keyBytes[start..<start + length]`.
        var start: Int32
        var length: Int32
        var value: Int32
        var tag: UInt8
    }

    /// The most slots a lookup probes.
    static let maxProbes = 16

    let hashing: TableHashing
    /// Per slot: 0 when empty, else the hash's high 32 bits (compared before the entry is read)
    /// over the entry's index plus one. A power of two in count.
    private var slots: [UInt64]
    private var entries: [Entry] = []
    /// Every key's bytes, one after the other (`Entry.start`, `Entry.length`).
    private var keyBytes: [UInt8] = []
    /// Lookups made and slots probed, so far (tests check the bound; an add each, on the compile path only).
    private(set) var lookups = 0
    private(set) var probes = 0
    /// The entry after the one the last lookup found or inserted: a document that repeats its keys
    /// in order (one entry per app, each with the same `paths`) looks that one up next, so it is
    /// compared before the key is hashed. One comparison at most, so a wrong guess costs little.
    private var following = 0

    /// A table that holds `expected` keys without growing (at most half its slots filled: a
    /// lookup then seldom probes more than once or twice).
    init(expected: Int, hashing: TableHashing) {
        self.hashing = hashing
        slots = Self.emptySlots(Self.slotCount(for: max(expected, 1)))
        entries.reserveCapacity(expected)
        keyBytes.reserveCapacity(16 * expected)
    }

    /// Keys in the table.
    var count: Int { entries.count }

    /// The value of `key` with `tag`; or, when absent, puts it in the table with `value`. Grows
    /// the table first when it is half full (so that an absent key finds room, unless its probes
    /// all meet colliding keys).
    mutating func find(_ key: String, tag: UInt8, insertingIfAbsent value: Int32) -> Lookup {
        var key = key
        return key.withUTF8 { find($0, tag: tag, insertingIfAbsent: value) }
    }

    /// Changes the value of `entry` (from an `inserted` lookup).
    mutating func setValue(_ value: Int32, ofEntry entry: Int) {
        entries[entry].value = value
    }

    /// `find` of a key whose UTF-8 the caller lends as `bytes` for the call (a new key's bytes are
    /// copied into the table), so that a caller that reads the bytes anyway reads them once.
    // SAFETY: `bytes` is alive for the call; it is read only within `bytes.count` (hashed whole, copied, compared by `equal`, which asserts the lengths match).
    mutating func find(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt8, insertingIfAbsent value: Int32) -> Lookup {
        if 2 * (entries.count + 1) > slots.count { grow() }
        lookups += 1
        let guess = following
        if guess < entries.count, Int(entries[guess].length) == bytes.count, entries[guess].tag == tag,
           Self.equal(entries[guess], in: keyBytes, bytes) {
            probes += 1
            following = guess + 1
            return .found(entries[guess].value)
        }
        let hash = hashing.hash(UnsafeRawBufferPointer(bytes), tag: tag)
        let fingerprint = hash >> 32
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for probe in 1...Self.maxProbes {
            probes += 1
            let word = slots[slot]
            if word == 0 {
                slots[slot] = Self.slotWord(hash, entry: entries.count)
                // The one copy of the key: only a new key is kept.
                entries.append(Entry(hash: hash, start: Int32(keyBytes.count), length: Int32(bytes.count), value: value, tag: tag))
                keyBytes.append(contentsOf: bytes)
                following = entries.count
                return .inserted(entry: entries.count - 1)
            }
            if word >> 32 == fingerprint {
                let e = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
                // The length and tag first: most keys a probe meets differ there.
                if Int(entries[e].length) == bytes.count, entries[e].tag == tag, Self.equal(entries[e], in: keyBytes, bytes) {
                    following = e + 1
                    return .found(entries[e].value)
                }
            }
            // Triangular steps (1, 2, 3, ... slots on): over a power of two they visit every slot.
            slot = (slot + probe) & mask
        }
        return .unplaceable
    }

    /// Whether the key of `entry` (of the same length as `bytes`), in `keyBytes`, is `bytes`. (Static,
    /// with the keys borrowed: a method would copy the table to call it from `find`.)
    @inline(__always)
    private static func equal(_ entry: Entry, in keyBytes: borrowing [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return keyBytes.withUnsafeBufferPointer { stored in
            // SAFETY: the entry's key was copied to `keyBytes[start..<start + length]`, and `find` checked `length == bytes.count`.
            assert(Int(entry.start) + Int(entry.length) <= stored.count && Int(entry.length) == bytes.count)
            return memcmp(stored.baseAddress! + Int(entry.start), base, bytes.count) == 0
        }
    }

    /// Twice the slots, every entry placed again from its stored hash. An entry whose probes all
    /// meet others is dropped: it is then absent, and a later lookup of it enters it again (for the
    /// pattern memo: the pattern is compiled again, unshared; the app index never grows).
    /// (Rare unless keys collide: at most half full, a key's probes seldom all meet others.)
    private mutating func grow() {
        slots = Self.emptySlots(2 * slots.count)
        let mask = slots.count - 1
        for e in entries.indices {
            let hash = entries[e].hash
            var slot = Int(truncatingIfNeeded: hash) & mask
            for probe in 1...Self.maxProbes {
                if slots[slot] == 0 {
                    slots[slot] = Self.slotWord(hash, entry: e)
                    break
                }
                slot = (slot + probe) & mask
            }
        }
    }

    /// `count` empty slots, zeroed in one `memset` (`Array(repeating:count:)` stores them one by one).
    static func emptySlots(_ count: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            // SAFETY: the buffer has room for `count` words (its capacity is at least what was asked), and all of them are set here.
            assert(buffer.count >= count)
            if let base = buffer.baseAddress { memset(base, 0, count * MemoryLayout<UInt64>.stride) }
            initialized = count
        }
    }

    @inline(__always)
    private static func slotWord(_ hash: UInt64, entry: Int) -> UInt64 {
        (hash >> 32) << 32 | UInt64(entry + 1)
    }

    /// A power of two at least twice `keys` (and at least 16).
    private static func slotCount(for keys: Int) -> Int {
        var count = 16
        while count < 2 * keys { count *= 2 }
        return count
    }
}
