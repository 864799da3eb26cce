/// The app IDs a compile has met, each with its index in first-listed order: an `ExactBytesTable`
/// (exact equality, D12), and for an ID the table cannot place (its bounded probes all meet other
/// IDs, which only a document whose IDs collide does) a `Dictionary`, which hashes with the
/// standard library's seeded hash. Unlike the pattern memo this is not an optimisation (an app
/// listed in two entries must be found again), so no ID is left out; the dictionary keeps the
/// compile linear when the table is of no help.
struct AppIndex {
    private var table: ExactBytesTable
    /// The IDs the table could not place (empty unless IDs collide).
    private var overflow: [ExactKey: Int] = [:]
    /// The most IDs `index(of:next:)` is asked about.
    private let listed: Int

    /// Room for `listed` IDs (counted with repeats): the table never grows, so it never drops one.
    init(listed: Int, hashing: TableHashing) {
        table = ExactBytesTable(expected: listed, hashing: hashing)
        self.listed = listed
    }

    /// The index of `id` if met before; else nil, and `id` gets `next`. (Not inlined: the
    /// compile calls it only for a document listing many app IDs.)
    @inline(never)
    mutating func index(of id: String, next: Int) -> Int? {
        // Fewer IDs in the table than `listed` (one per call at most), so it does not grow (and drop one).
        assert(table.count < listed)
        switch table.find(id, tag: 0, insertingIfAbsent: Int32(next)) {
        case .found(let known):
            return Int(known)
        case .inserted:
            return nil
        case .unplaceable:
            // Slots only fill (nothing leaves, the table does not grow): an ID that found no room
            // when first met finds none later, so `overflow` has it, and it alone, if it was met.
            if let known = overflow[ExactKey(id)] { return known }
            overflow[ExactKey(id)] = next
            return nil
        }
    }
}
