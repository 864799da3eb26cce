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

    /// The bytes of scratch `sort` needs for `count` keys: two rows of items.
    static func sortScratchBytes(count: Int) -> Int {
        count * 2 * MemoryLayout<SortItem>.stride
    }

    /// Writes `keys` into `sorted` ordered by their bytes in `bytes` (the shorter first when one
    /// starts the other), keeping the given order among equal keys, each with its head filled in.
    /// A stable merge sort of the keys' heads and places, with `scratch` (`sortScratchBytes(count:)`
    /// bytes, aligned for an item): no allocation and no comparison closure. Keys already in order
    /// (rules listed in byte order) are found in the pass that reads their heads and are not sorted.
    static func sort(_ keys: UnsafeBufferPointer<IndexKey>, into sorted: UnsafeMutableBufferPointer<IndexKey>,
                     scratch: UnsafeMutableRawBufferPointer, bytes: UnsafeBufferPointer<UInt8>) {
        let n = keys.count
        // SAFETY: every key is a range of `bytes` (`RuleIndex` takes them from `PatternMemo.keys`), `sorted` has a slot per key, and `scratch` holds two rows of `n` items, aligned for them.
        assert(sorted.count == n && scratch.count >= sortScratchBytes(count: n) && keys.allSatisfy { $0.start >= 0 && $0.start <= $0.end && Int($0.end) <= bytes.count })
        assert(Int(bitPattern: scratch.baseAddress) % MemoryLayout<SortItem>.alignment == 0)
        guard n > 0, let base = scratch.baseAddress else { return }
        var from = base.bindMemory(to: SortItem.self, capacity: 2 * n)
        var to = from + n
        // Whether item x's key comes before item y's: the heads decide unless they are equal.
        @inline(__always)
        func before(_ x: SortItem, _ y: SortItem) -> Bool {
            if x.head != y.head { return x.head < y.head }
            return tailLess(keys[Int(x.index)], keys[Int(y.index)], bytes)
        }
        // The heads, and whether the keys are in order already.
        // SAFETY: every index below is under `n`, and both rows of items hold `n`.
        var inOrder = true
        from[0] = SortItem(head: head(of: keys[0], in: bytes), index: 0)
        var i = 1
        while i < n {
            let item = SortItem(head: head(of: keys[i], in: bytes), index: UInt32(truncatingIfNeeded: i))
            from[i] = item
            if inOrder, before(item, from[i &- 1]) { inOrder = false }
            i &+= 1
        }
        if !inOrder {
            mergeSort(&from, &to, n, before)
        }
        // The keys in the items' order, with their heads.
        for i in 0..<n {
            // SAFETY: each item's index is one of the `n` keys' (set above, only moved since).
            assert(Int(from[i].index) < n)
            var key = keys[Int(from[i].index)]
            key.head = from[i].head
            sorted[i] = key
        }
    }

    /// Sorts the `n` items at `from` (stably, by `before`) with the `n` slots at `to`; on return
    /// `from` points at the sorted items. Runs of up to eight by insertion, then merges of
    /// neighbouring runs back and forth.
    @inline(__always)
    private static func mergeSort(_ from: inout UnsafeMutablePointer<SortItem>, _ to: inout UnsafeMutablePointer<SortItem>, _ n: Int,
                                  _ before: (SortItem, SortItem) -> Bool) {
        // SAFETY: every index below is under `n`, and both rows hold `n` items (`sort` asserts the scratch).
        let run = 8
        var lo = 0
        while lo < n {
            let hi = min(lo &+ run, n)
            var i = lo &+ 1
            while i < hi {
                let x = from[i]
                var j = i
                while j > lo, before(x, from[j &- 1]) {
                    from[j] = from[j &- 1]
                    j &-= 1
                }
                from[j] = x
                i &+= 1
            }
            lo = hi
        }
        var width = run
        while width < n {
            var lo = 0
            while lo < n {
                let mid = min(lo &+ width, n)
                let hi = min(lo &+ 2 &* width, n)
                var a = lo
                var b = mid
                var out = lo
                // Runs already in order (rules are often listed in groups that sort together) are copied as they are.
                if mid < hi, before(from[mid], from[mid &- 1]) {
                    while a < mid && b < hi {
                        // Take from the right run only when its key is strictly smaller: equal keys keep their order.
                        let x = from[a]
                        let y = from[b]
                        if before(y, x) {
                            to[out] = y
                            b &+= 1
                        } else {
                            to[out] = x
                            a &+= 1
                        }
                        out &+= 1
                    }
                }
                while a < mid {
                    to[out] = from[a]
                    a &+= 1
                    out &+= 1
                }
                while b < hi {
                    to[out] = from[b]
                    b &+= 1
                    out &+= 1
                }
                lo = hi
            }
            swap(&from, &to)
            width &*= 2
        }
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

    /// Whether `x`'s bytes come before `y`'s when their heads are equal: when one key has at most
    /// eight bytes it starts the other (the padding equals the other's bytes), so the shorter comes
    /// first; else the rest decides.
    @inline(__always)
    private static func tailLess(_ x: IndexKey, _ y: IndexKey, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
