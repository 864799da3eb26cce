#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One key of a rule-index trie: a range of the document's key bytes (`PatternMemo.keyBytes`), with
/// the rule ordinal and text form it lists, and its first eight bytes as one big-endian word
/// (zero-padded) so that most comparisons while sorting are one word comparison.
struct IndexKey {
    let start: Int32
    let end: Int32
    let ordinal: Int32
    let form: UInt8
    /// Filled in by `sort` (not part of the key's identity: it follows from the bytes).
    var head: UInt64 = 0

    init(_ key: Range<Int32>, ordinal: Int32, form: UInt8) {
        start = key.lowerBound
        end = key.upperBound
        self.ordinal = ordinal
        self.form = form
    }

    var count: Int { Int(end) - Int(start) }

    /// The same key for the same rule in the same form (what makes two plans' tries the same).
    func isSame(as other: IndexKey) -> Bool {
        start == other.start && end == other.end && ordinal == other.ordinal && form == other.form
    }

    /// One key while sorting: its head and its place among the keys given (what a merge moves: two
    /// words, not the whole key).
    private struct SortItem {
        let head: UInt64
        let index: UInt32
    }

    /// The bytes of scratch `sort` needs for `count` keys: two rows of items and a row of keys.
    static func sortScratchBytes(count: Int) -> Int {
        count * (2 * MemoryLayout<SortItem>.stride + MemoryLayout<IndexKey>.stride)
    }

    /// Sorts `keys` by their bytes in `bytes` (the shorter first when one starts the other), keeping
    /// the given order among equal keys (a stable merge sort of their heads and places, which then
    /// puts the keys in order), with `scratch` (`sortScratchBytes(count:)` bytes, aligned for a
    /// key): no allocation and no comparison closure.
    static func sort(_ keys: UnsafeMutableBufferPointer<IndexKey>, scratch: UnsafeMutableRawBufferPointer,
                     bytes: UnsafeBufferPointer<UInt8>) {
        let n = keys.count
        // SAFETY: every key is a range of `bytes` (`RuleIndex` takes them from `PatternMemo.keys`), and `scratch` holds two rows of `n` items and a row of `n` keys, aligned for both.
        assert(scratch.count >= sortScratchBytes(count: n) && keys.allSatisfy { $0.start >= 0 && $0.start <= $0.end && Int($0.end) <= bytes.count })
        assert(MemoryLayout<SortItem>.alignment == MemoryLayout<IndexKey>.alignment && Int(bitPattern: scratch.baseAddress) % MemoryLayout<IndexKey>.alignment == 0)
        for i in 0..<n { keys[i].head = head(of: keys[i], in: bytes) }
        guard n > 1, let base = scratch.baseAddress else { return }
        var from = base.bindMemory(to: SortItem.self, capacity: 2 * n)
        var to = from + n
        for i in 0..<n { from[i] = SortItem(head: keys[i].head, index: UInt32(truncatingIfNeeded: i)) }
        // Whether item x's key comes before item y's: the heads decide unless they are equal.
        @inline(__always)
        func before(_ x: SortItem, _ y: SortItem) -> Bool {
            if x.head != y.head { return x.head < y.head }
            return less(keys[Int(x.index)], keys[Int(y.index)], bytes)
        }
        // Runs of up to eight by insertion, then merges of neighbouring runs back and forth.
        // SAFETY: every index below is under `n`, and both rows of items hold `n`.
        let run = 8
        var lo = 0
        while lo < n {
            let hi = min(lo + run, n)
            if lo + 1 < hi {
                for i in lo + 1..<hi {
                    let x = from[i]
                    var j = i
                    while j > lo, before(x, from[j - 1]) {
                        from[j] = from[j - 1]
                        j -= 1
                    }
                    from[j] = x
                }
            }
            lo = hi
        }
        var width = run
        while width < n {
            var lo = 0
            while lo < n {
                let mid = min(lo + width, n)
                let hi = min(lo + 2 * width, n)
                var a = lo
                var b = mid
                var out = lo
                // Runs already in order (rules are often listed in groups that sort together) are copied as they are.
                if mid < hi, before(from[mid], from[mid - 1]) {
                    while a < mid && b < hi {
                        // Take from the right run only when its key is strictly smaller: equal keys keep their order.
                        if before(from[b], from[a]) {
                            to[out] = from[b]
                            b += 1
                        } else {
                            to[out] = from[a]
                            a += 1
                        }
                        out += 1
                    }
                }
                while a < mid {
                    to[out] = from[a]
                    a += 1
                    out += 1
                }
                while b < hi {
                    to[out] = from[b]
                    b += 1
                    out += 1
                }
                lo = hi
            }
            swap(&from, &to)
            width *= 2
        }
        // The keys in the items' order, then back in place.
        let sorted = (base + 2 * n * MemoryLayout<SortItem>.stride).bindMemory(to: IndexKey.self, capacity: n)
        for i in 0..<n {
            // SAFETY: each item's index is one of the `n` keys' (set above, only moved since).
            assert(Int(from[i].index) < n)
            sorted[i] = keys[Int(from[i].index)]
        }
        for i in 0..<n { keys[i] = sorted[i] }
    }

    /// The first eight bytes of `key` as one big-endian word, zero-padded: one unaligned load when
    /// eight bytes from the key's start lie in `bytes`, else byte by byte.
    @inline(__always)
    private static func head(of key: IndexKey, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let start = Int(key.start)
        let count = key.count
        if start + 8 <= bytes.count, let base = bytes.baseAddress {
            // SAFETY: `start + 8 <= bytes.count`, checked just above: the eight bytes lie in `bytes`.
            assert(start >= 0 && start + 8 <= bytes.count)
            let word = UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            // Bytes past the key's end are not its own: zero them (a key of zero bytes has a zero head).
            return count >= 8 ? word : count == 0 ? 0 : word & ~(UInt64.max >> (8 * count))
        }
        var head: UInt64 = 0
        for j in 0..<8 { head = head << 8 | UInt64(j < count ? bytes[start + j] : 0) }
        return head
    }

    /// Whether `x`'s bytes come before `y`'s: the heads first; on equal heads, when one key has at
    /// most eight bytes it starts the other (the padding equals the other's bytes), so the shorter
    /// comes first; else the rest decides.
    @inline(__always)
    private static func less(_ x: IndexKey, _ y: IndexKey, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if x.head != y.head { return x.head < y.head }
        let n = min(x.count, y.count)
        if n > 8, let base = bytes.baseAddress {
            // SAFETY: both keys are ranges of `bytes` with at least `n` bytes (`sort` asserts the ranges).
            assert(Int(x.start) + n <= bytes.count && Int(y.start) + n <= bytes.count)
            let c = memcmp(base + Int(x.start) + 8, base + Int(y.start) + 8, n - 8)
            if c != 0 { return c < 0 }
        }
        return x.count < y.count
    }
}
