/// A path pattern's rule-index keys (`RuleIndex`), as ranges of one byte array that every pattern of
/// a document writes into (`PatternMemo.keyBytes`): no array per pattern or per key.
struct IndexKeys: Sendable {
    /// UTF-8 of the literal start every matching text begins with (possibly empty); with `more`, the
    /// starts of which every matching text begins with one (a leading variable's values). nil when
    /// there is none at all (a leading variable without values: no text matches).
    let first: Range<Int32>?
    /// The other starts when a leading variable gives several (`AtomPattern.literalPrefixes`); empty otherwise.
    let more: [Range<Int32>]
    /// UTF-8 of the literal units every matching text ends with, reversed: only for a pattern with one,
    /// empty, start and no N3 parent alternative (whose `/*` ends the main program); empty otherwise.
    let reversedSuffix: Range<Int32>

    /// The keys of a pattern the index does not read (every text can start and end with them).
    static let none = IndexKeys(first: 0..<0, more: [], reversedSuffix: 0..<0)

    /// Whether the only start is the empty one (then the suffix, if any, is the key).
    var hasNoPrefix: Bool { first?.isEmpty == true && more.isEmpty }

    /// Appends `bytes` to `store` and returns their range there.
    static func append(_ bytes: some Collection<UInt8>, to store: inout [UInt8]) -> Range<Int32> {
        let start = Int32(store.count)
        store.append(contentsOf: bytes)
        return start..<Int32(store.count)
    }
}
