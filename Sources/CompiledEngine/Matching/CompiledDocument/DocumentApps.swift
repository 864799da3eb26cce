import LinkMatchModel

/// Every app a document lists, in first-listed order (exact equality, D12), and per app the
/// entries that list it, ascending, in flat arrays: no array per app. Most apps are listed in one
/// entry, kept in `firstEntry`; an app listed in more has the others in a chain through `more`.
/// What compiling needs to give each app its plan (the rules of its entries, in entry order, D7).
struct DocumentApps {
    /// Where an app is listed: its first entry, the last one met (an app listed twice in one entry
    /// counts once), and its first and last links in `more` (-1: listed in one entry).
    private struct Listing {
        var firstEntry: Int32
        var lastEntry: Int32
        var moreHead: Int32 = -1
        var moreTail: Int32 = -1
    }

    /// The first `CompiledDocument.fewAppsLimit` apps' IDs (all of them when there are no more, or
    /// when they are found by a scan): a document with more finds its apps through `index`, so the
    /// others are never made into strings.
    private(set) var ids: [String] = []
    /// Per app, where it is listed.
    private var listings: [Listing] = []
    /// The entries after the first of apps listed in several, each with the next link (-1 at the end).
    private var more: [(entry: Int32, next: Int32)] = []
    /// The apps found so far, when the document lists many IDs (else they are found by a scan).
    private(set) var index: AppIndex?

    /// The apps of `document`, which lists `listed` IDs (counted with repeats). Found by a scan of
    /// those met so far when `hashing` is nil (a few IDs: no table built), else in an `AppIndex`.
    init(of document: borrowing AASADocument, listed: Int, hashing: TableHashing?) {
        self.init(listed: listed, hashing: hashing)
        for e in document.entries.indices {
            for id in document.entries[e].appIDs { add(id, entry: e) }
        }
    }

    /// No apps yet; `add` lists them, at most `listed` IDs (counted with repeats). They are found
    /// by a scan of those met so far when `hashing` is nil, else in an `AppIndex`.
    init(listed: Int, hashing: TableHashing?) {
        ids.reserveCapacity(listed)
        listings.reserveCapacity(listed)
        index = hashing.map { AppIndex(listed: listed, hashing: $0) }
    }

    /// Lists `id` in entry `e`. Entries come in ascending order.
    mutating func add(_ id: String, entry e: Int) {
        var contiguous = id
        contiguous.withUTF8 { add(utf8: $0, entry: e, string: { id }) }
    }

    /// `add` of the ID whose UTF-8 (valid) is `id`, lent for the call (an app ID on a JSON tape): a
    /// `String` of it is made only if `ids` keeps it.
    mutating func add(utf8 id: UnsafeBufferPointer<UInt8>, entry e: Int) {
        // SAFETY: `id` is lent for the call: read within its `count` bytes (compared, hashed, copied into a `String`), and not kept.
        assert(id.baseAddress != nil || id.isEmpty)
        add(utf8: id, entry: e, string: { String(decoding: id, as: UTF8.self) })
    }

    /// `add` of the ID whose UTF-8 is `id`, `string` making its `String` when `ids` keeps it.
    private mutating func add(utf8 id: UnsafeBufferPointer<UInt8>, entry e: Int, string: () -> String) {
        // SAFETY: as in `add(utf8:entry:)`: `id` is read within its `count` bytes and not kept.
        assert(id.baseAddress != nil || id.isEmpty)
        let app: Int
        if index != nil {
            let found = index!.add(utf8: id)
            if found.isNew {
                if listings.count < CompiledDocument.fewAppsLimit { ids.append(string()) }
                listings.append(Listing(firstEntry: Int32(e), lastEntry: Int32(e)))
                return
            }
            app = found.app
        } else if let known = ids.firstIndex(where: { Self.isExactly($0, id) }) {
            app = known
        } else {
            ids.append(string())
            listings.append(Listing(firstEntry: Int32(e), lastEntry: Int32(e)))
            return
        }
        guard listings[app].lastEntry != Int32(e) else { return }
        listings[app].lastEntry = Int32(e)
        more.append((Int32(e), -1))
        let link = Int32(more.count - 1)
        if listings[app].moreTail < 0 { listings[app].moreHead = link } else { more[Int(listings[app].moreTail)].next = link }
        listings[app].moreTail = link
    }

    /// Whether `known`'s UTF-8 is `id` (exact equality, D12: equal bytes, equal scalars).
    private static func isExactly(_ known: String, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        var known = known
        return known.withUTF8 { $0.count == id.count && $0.elementsEqual(id) }
    }

    /// How many apps.
    var count: Int { listings.count }

    /// Whether app `app` is listed in more than one entry.
    func isInSeveralEntries(_ app: Int) -> Bool { listings[app].moreHead >= 0 }

    /// The first entry that lists app `app` (its only one unless `isInSeveralEntries`).
    func firstEntry(of app: Int) -> Int { Int(listings[app].firstEntry) }

    /// The entries that list app `app`, ascending.
    func entries(of app: Int) -> [Int32] {
        var out = [listings[app].firstEntry]
        var link = listings[app].moreHead
        while link >= 0 {
            out.append(more[Int(link)].entry)
            link = more[Int(link)].next
        }
        return out
    }

    /// Per app, an earlier app listed in exactly the same entries (several of them), else -1: those
    /// apps get one plan. Found by sorting the lists of the apps listed in several entries (no
    /// hashing of lists, and linearithmic whatever a document lists). Empty (nothing allocated)
    /// when no app is listed in several entries.
    func earlierAppWithSameEntries() -> [Int32] {
        guard !more.isEmpty else { return [] }
        var earlier = [Int32](repeating: -1, count: count)
        let several = (0..<count).filter(isInSeveralEntries)
        let lists = several.map(entries(of:))
        // Equal lists next to each other, each run in app order.
        let order = several.indices.sorted { x, y in
            lists[x] == lists[y] ? several[x] < several[y] : lists[x].lexicographicallyPrecedes(lists[y])
        }
        for k in order.indices.dropFirst() where lists[order[k]] == lists[order[k - 1]] {
            let first = earlier[several[order[k - 1]]]
            earlier[several[order[k]]] = first >= 0 ? first : Int32(several[order[k - 1]])
        }
        return earlier
    }
}
