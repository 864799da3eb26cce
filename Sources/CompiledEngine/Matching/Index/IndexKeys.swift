/// A path pattern's rule-index keys (`RuleIndex`), as ranges of one byte array that every pattern of
/// a document writes into (`PatternMemo.keyBytes`): no array per pattern or per key.
struct IndexKeys: Sendable {
    /// UTF-8 of the literal start every matching text begins with (possibly empty); with `more`, the
    /// starts of which every matching text begins with one (a leading variable's values). nil when
    /// there is none at all (a leading variable without values: no text matches).
    let first: Range<Int32>?
    /// The other starts when a leading variable gives several (`AtomPattern.literalPrefixes`), as the
    /// range of the same byte array that lists their ranges (`append(ranges:to:)`, `forEachRange`);
    /// empty otherwise. A range rather than an array, so that a rule holds no reference: copying,
    /// keeping and dropping rules then counts none.
    let more: Range<Int32>
    /// UTF-8 of the literal units every matching text ends with, reversed: only for a pattern with one,
    /// empty, start and no N3 parent alternative (whose `/*` ends the main program); empty otherwise.
    let reversedSuffix: Range<Int32>

    /// The keys of a pattern the index does not read (every text can start and end with them).
    static let none = IndexKeys(first: 0..<0, more: 0..<0, reversedSuffix: 0..<0)

    /// Whether the only start is the empty one (then the suffix, if any, is the key).
    var hasNoPrefix: Bool { first?.isEmpty == true && more.isEmpty }

    /// Appends `bytes` to `store` and returns their range there.
    static func append(_ bytes: some Collection<UInt8>, to store: inout [UInt8]) -> Range<Int32> {
        let start = Int32(store.count)
        store.append(contentsOf: bytes)
        return start..<Int32(store.count)
    }

    /// Appends `ranges` to `store`, each as its bounds in eight bytes (two little-endian 32-bit
    /// numbers), and returns the range they take there (a `more`).
    static func append(ranges: some Collection<Range<Int32>>, to store: inout [UInt8]) -> Range<Int32> {
        let start = Int32(store.count)
        for range in ranges {
            for bound in [range.lowerBound, range.upperBound] {
                withUnsafeBytes(of: bound.littleEndian) { store.append(contentsOf: $0) }
            }
        }
        return start..<Int32(store.count)
    }

    /// `body` for each range `append(ranges:to:)` wrote at `more` of `store`, in order.
    static func forEachRange(_ more: Range<Int32>, in store: [UInt8], _ body: (Range<Int32>) -> Void) {
        assert(more.count % 8 == 0 && Int(more.upperBound) <= store.count, "a list of ranges in the store")
        var at = Int(more.lowerBound)
        func bound(_ i: Int) -> Int32 {
            store[i..<(i + 4)].withUnsafeBytes { bytes in
                // SAFETY: the slice is four bytes (its bounds checked), as many as an `Int32` loaded unaligned.
                assert(bytes.count == 4)
                return Int32(littleEndian: bytes.loadUnaligned(as: Int32.self))
            }
        }
        while at < Int(more.upperBound) {
            body(bound(at)..<bound(at + 4))
            at += 8
        }
    }
}
