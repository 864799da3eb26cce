import LinkMatchCore

/// The parts of one URL, prepared on first use per text form and then shared by every rule of a
/// decision (C4: an absent query or fragment reads as ""; U5 query items). A text the form does not
/// change is read in place from the URL's own strings; one that it changes (decoded, folded) is
/// written once into `owned`, and a non-ASCII one's scalars into `wide`. Where each text is, per part
/// and form, is a plain number pair (`Span`): making, reading and dropping these costs no reference
/// counting, and a decision allocates only when some text needs a copy or the query is split.
struct URLTexts {
    /// The URL part a text is made from.
    enum Part: Int {
        case path = 0, query = 1, fragment = 2
    }

    /// Where a prepared text is: not yet prepared, in place in its part's string, or in `owned`
    /// (`wide` >= 0: also its scalars in `wide[wide]`).
    struct Span {
        var kind: Int32 = 0
        var wide: Int32 = -1
        var lo = 0
        var hi = 0

        static let unprepared: Int32 = 0
        static let inPlace: Int32 = 1
        static let owned: Int32 = 2
    }

    private let rawPath: String
    private let rawQuery: String?
    private let rawFragment: String?
    /// Part x form (`Part.rawValue * 4 + TextForm.index`): twelve spans side by side.
    private var spans = (Span(), Span(), Span(), Span(), Span(), Span(), Span(), Span(), Span(), Span(), Span(), Span())
    private var owned: [UInt8] = []
    private var wide: [[UInt32]] = []
    private var items0, items1, items2, items3: [QueryItemText]?
    private var rawItems: [RawQueryItem]?
    /// Whether the path reads the same in every form: 0 not known yet, 1 yes, -1 no.
    private var pathAlike: Int8 = 0

    init(_ url: ParsedURL) {
        rawPath = url.path
        rawQuery = url.query
        rawFragment = url.fragment
    }

    @inline(__always)
    private func raw(_ part: Part) -> String {
        switch part {
        case .path: return rawPath
        case .query: return rawQuery ?? ""
        case .fragment: return rawFragment ?? ""
        }
    }

    /// The span of `part` in `form`, prepared now when it was not.
    @inline(__always)
    private mutating func span(_ part: Part, _ form: TextForm) -> Span {
        let slot = part.rawValue * 4 + form.index
        // SAFETY: `spans` is a tuple of 12 `Span`s (3 parts x 4 forms) and `slot` < 12 (`Part.rawValue` < 3, `form.index` < 4).
        assert(slot >= 0 && (slot + 1) * MemoryLayout<Span>.stride <= MemoryLayout.size(ofValue: spans))
        let known = withUnsafeBytes(of: &spans) { $0.load(fromByteOffset: slot * MemoryLayout<Span>.stride, as: Span.self) }
        if known.kind != Span.unprepared { return known }
        let made = prepare(part, form)
        withUnsafeMutableBytes(of: &spans) { $0.storeBytes(of: made, toByteOffset: slot * MemoryLayout<Span>.stride, as: Span.self) }
        return made
    }

    private mutating func prepare(_ part: Part, _ form: TextForm) -> Span {
        // An absent or empty part is "" in every form (what MatchText.prepare gives for it).
        if part != .path, (part == .query ? rawQuery : rawFragment)?.isEmpty ?? true {
            return Span(kind: Span.inPlace, lo: 0, hi: 0)
        }
        switch MatchText.prepare(raw(part), isPath: part == .path, caseSensitive: form.caseSensitive,
                                 percentEncoded: form.percentEncoded) {
        case .inPlace(let lo, let hi):
            return Span(kind: Span.inPlace, lo: lo, hi: hi)
        case .owned(let bytes):
            let lo = adopt(bytes)
            return Span(kind: Span.owned, lo: lo, hi: owned.count)
        case .wide(let scalars, let utf8):
            let lo = adopt(utf8)
            wide.append(scalars)
            return Span(kind: Span.owned, wide: Int32(wide.count - 1), lo: lo, hi: owned.count)
        }
    }

    /// Puts `bytes` at the end of `owned` (the first ones become `owned` itself: no copy) and returns where they start.
    private mutating func adopt(_ bytes: [UInt8]) -> Int {
        if owned.isEmpty {
            owned = bytes
            return 0
        }
        let lo = owned.count
        owned.append(contentsOf: bytes)
        return lo
    }

    /// Whether the path reads the same in every form (ASCII, no `%` to decode, no capital to fold), as
    /// most paths do; then its four forms are its trimmed bytes in place, prepared here at once.
    mutating func pathReadsAlikeInEveryForm() -> Bool {
        if pathAlike != 0 { return pathAlike > 0 }
        let bounds = rawPath.utf8.withContiguousStorageIfAvailable { buffer -> (Int, Int)? in
            let (lo, hi) = MatchText.trimmedBounds(buffer)
            guard let base = buffer.baseAddress else { return (lo, hi) }
            // The strictest form: what it leaves in place, every form does.
            return MatchText.needsNoPreparing(base + lo, hi - lo, caseSensitive: false, percentEncoded: false) ? (lo, hi) : nil
        }
        guard let (lo, hi) = bounds ?? nil else {
            pathAlike = -1
            return false
        }
        pathAlike = 1
        let same = Span(kind: Span.inPlace, lo: lo, hi: hi)
        withUnsafeMutableBytes(of: &spans) { spans in
            // SAFETY: slots 0..<4 are the path's, inside the tuple of 12 `Span`s.
            assert(4 * MemoryLayout<Span>.stride <= spans.count)
            for slot in 0..<4 where spans.load(fromByteOffset: slot * MemoryLayout<Span>.stride, as: Span.self).kind == Span.unprepared {
                spans.storeBytes(of: same, toByteOffset: slot * MemoryLayout<Span>.stride, as: Span.self) // Part.path's slots
            }
        }
        return true
    }

    /// The UTF-8 bytes of `part` as `form` compares it (the rule index walks these).
    @inline(__always)
    mutating func withUTF8<R>(_ part: Part, _ form: TextForm, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let s = span(part, form)
        // SAFETY: a span is a range of the storage its kind names (`owned`, or the part's raw UTF-8), as `span` made it.
        assert(s.lo >= 0 && s.lo <= s.hi && (s.kind != Span.owned || s.hi <= owned.count))
        if s.kind == Span.owned {
            return owned.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[s.lo..<s.hi])) }
        }
        // The path (read by most rules) straight from the stored string, not through a copy of it.
        if part == .path,
           let result = rawPath.utf8.withContiguousStorageIfAvailable({ body(UnsafeBufferPointer(rebasing: $0[s.lo..<s.hi])) }) {
            return result
        }
        let text = raw(part)
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeBufferPointer(rebasing: $0[s.lo..<s.hi])) }) {
            return result
        }
        // Not reached for native strings (always contiguous); a bridged one is read through a copy.
        return Array(text.utf8)[s.lo..<s.hi].withUnsafeBufferPointer(body)
    }

    /// Whether `pattern` (of `matchers`' store) matches `part` as `form` compares it: on its bytes when
    /// ASCII, else on its scalars.
    @inline(__always)
    mutating func matches(_ part: Part, _ form: TextForm, _ pattern: PatternPrograms, _ matchers: MatcherView,
                          work: inout Int) -> Bool {
        let s = span(part, form)
        if s.wide >= 0 {
            return wide[Int(s.wide)].withUnsafeBufferPointer { matchers.matches(pattern, $0, work: &work) }
        }
        var work2 = 0
        let matched = withUTF8(part, form) { matchers.matches(pattern, $0, work: &work2) }
        work += work2
        return matched
    }

    /// Whether every item of `items` (a rule's, of `document`) matches (Q2–Q4, E4) when that can be
    /// read on the query's own bytes: printable ASCII (so `&` and `=` split it as QueryItemSplitter
    /// does) with nothing `form` changes (no `%` to decode, no capital to fold), so names and values
    /// are slices of the query. nil otherwise: `queryItems` prepares them then. An absent or empty
    /// query has no items: each reads "".
    mutating func queryItemsMatchInPlace(_ items: UnsafeBufferPointer<QueryItemKey>, _ document: DocumentView, _ form: TextForm,
                                         work: inout Int) -> Bool? {
        guard let rawQuery, !rawQuery.isEmpty else {
            // No query: every item is absent and reads as "" (Q3).
            var work2 = 0
            let verdict = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { none in
                // SAFETY: `empty` is the allocation's first zero bytes: a valid base, nothing to read.
                let empty = UnsafeBufferPointer(rebasing: none[0..<0])
                return items.allSatisfy { document.matchers.matches(document.pattern($0.pattern), empty, work: &work2) }
            }
            work += work2
            return verdict
        }
        var work2 = 0
        let verdict = rawQuery.utf8.withContiguousStorageIfAvailable { q -> Bool? in
            guard let base = q.baseAddress else { return nil }
            for b in q where b < 0x20 || b == 0x7F { return nil }
            guard MatchText.needsNoPreparing(base, q.count, caseSensitive: form.caseSensitive, percentEncoded: form.percentEncoded) else {
                return nil
            }
            return Self.itemsMatch(q, items, document, work: &work2)
        }
        work += work2
        return verdict ?? nil
    }

    /// Q2–Q4 on query `q`, its items read in place (`QueryItemSplitter.forEachItem`).
    private static func itemsMatch(_ q: UnsafeBufferPointer<UInt8>, _ items: UnsafeBufferPointer<QueryItemKey>,
                                   _ document: DocumentView, work: inout Int) -> Bool {
        for item in items {
            let wanted = document.name(of: item)
            let pattern = document.pattern(item.pattern)
            var present = false
            let everyOccurrenceMatches = QueryItemSplitter.forEachItem(in: q) { name, value in
                // SAFETY: `forEachItem` hands ranges inside `q`'s 0..<q.count.
                assert(name.lowerBound >= 0 && name.upperBound <= q.count && value.lowerBound >= 0 && value.upperBound <= q.count)
                guard name.count == wanted.count, UnsafeBufferPointer(rebasing: q[name]).elementsEqual(wanted) else { return true }
                present = true // Q4: every occurrence must match
                return document.matchers.matches(pattern, UnsafeBufferPointer(rebasing: q[value]), work: &work)
            }
            guard everyOccurrenceMatches else { return false }
            // Q3: an absent item reads as "".
            if !present, !document.matchers.matches(pattern, UnsafeBufferPointer(rebasing: q[0..<0]), work: &work) { return false }
        }
        return true
    }

    /// Query items with names as compared (E4) and values prepared, in URL order.
    /// No allocation when the URL has no query (a rule's items then all read "").
    mutating func queryItems(_ form: TextForm) -> [QueryItemText] {
        guard let rawQuery, !rawQuery.isEmpty else { return [] }
        switch form.index {
        case 0: return Self.prepared(&items0, &rawItems, rawQuery, form)
        case 1: return Self.prepared(&items1, &rawItems, rawQuery, form)
        case 2: return Self.prepared(&items2, &rawItems, rawQuery, form)
        default: return Self.prepared(&items3, &rawItems, rawQuery, form)
        }
    }

    @inline(__always)
    private static func prepared(_ slot: inout [QueryItemText]?, _ rawItems: inout [RawQueryItem]?, _ rawQuery: String,
                                 _ form: TextForm) -> [QueryItemText] {
        if let list = slot { return list }
        if rawItems == nil { rawItems = QueryItemSplitter.items(rawQuery) }
        let list = (rawItems ?? []).map { item in
            QueryItemText(name: form.comparableName(item.name),
                          value: MatchText(item.value, isPath: false, caseSensitive: form.caseSensitive,
                                           percentEncoded: form.percentEncoded))
        }
        slot = list
        return list
    }
}
struct QueryItemText {
    let name: String
    let value: MatchText
}

/// A query item as written (U5).
struct RawQueryItem {
    let name: Substring
    let value: Substring
}

/// U5 on bytes: split on `&`, skip empty pieces, name and value split at the first `=`. For
/// the printable ASCII that U4 guarantees this is exactly `ParsedURL.queryItems` (which splits
/// on Characters); anything else goes to `ParsedURL.queryItems` itself.
enum QueryItemSplitter {
    /// Calls `body` with each item's name and value as offsets into `query`, in order, until it
    /// returns false; false then. The one reading of U5 on bytes: the decision reads items in place
    /// through it, and `items` makes substrings from it.
    @inline(__always)
    static func forEachItem(in query: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Range<Int>) -> Bool) -> Bool {
        let n = query.count
        var start = 0
        while start < n {
            var end = start
            var equals = -1
            while end < n, query[end] != UInt8(ascii: "&") {
                if equals < 0, query[end] == UInt8(ascii: "=") { equals = end }
                end += 1
            }
            if end > start {
                let nameEnd = equals < 0 ? end : equals
                guard body(start..<nameEnd, (equals < 0 ? end : equals + 1)..<end) else { return false }
            }
            start = end + 1
        }
        return true
    }

    static func items(_ query: String) -> [RawQueryItem] {
        let utf8 = query.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            return ParsedURL.queryItems(query).map { RawQueryItem(name: $0.name, value: $0.value) }
        }
        var contiguous = query
        return contiguous.withUTF8 { bytes in
            var out: [RawQueryItem] = []
            // Offsets are indices of `query` too: every byte is a whole (ASCII) character.
            func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            _ = forEachItem(in: bytes) { name, value in
                out.append(RawQueryItem(name: query[at(name.lowerBound)..<at(name.upperBound)],
                                        value: query[at(value.lowerBound)..<at(value.upperBound)]))
                return true
            }
            return out
        }
    }
}
