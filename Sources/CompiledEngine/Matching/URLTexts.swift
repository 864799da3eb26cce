import LinkMatchCore

/// The parts of one URL, prepared on first use per text form and then shared by every rule of a
/// decision (C4: an absent query or fragment reads as ""; U5 query items). Held inline: no
/// allocation for the texts themselves, and a text the form does not change is read in place
/// (MatchText). One stored optional per part and form (not an array, not an `InlineArray`: its
/// generic initialisation and destruction cost more than the rest of a one-rule decision).
struct URLTexts {
    private let rawPath: String
    private let rawQuery: String?
    private let rawFragment: String?
    private var path0, path1, path2, path3: MatchText?
    private var query0, query1, query2, query3: MatchText?
    private var fragment0, fragment1, fragment2, fragment3: MatchText?
    private var items: [[QueryItemText]?] = []
    private var rawItems: [RawQueryItem]?

    init(_ url: ParsedURL) {
        rawPath = url.path
        rawQuery = url.query
        rawFragment = url.fragment
    }

    @inline(__always)
    private static func prepared(_ slot: inout MatchText?, _ raw: String, isPath: Bool, _ form: TextForm) -> MatchText {
        if let text = slot { return text }
        let text = MatchText(raw, isPath: isPath, caseSensitive: form.caseSensitive, percentEncoded: form.percentEncoded)
        slot = text
        return text
    }

    mutating func path(_ form: TextForm) -> MatchText {
        switch form.index {
        case 0: return Self.prepared(&path0, rawPath, isPath: true, form)
        case 1: return Self.prepared(&path1, rawPath, isPath: true, form)
        case 2: return Self.prepared(&path2, rawPath, isPath: true, form)
        default: return Self.prepared(&path3, rawPath, isPath: true, form)
        }
    }

    mutating func query(_ form: TextForm) -> MatchText {
        switch form.index {
        case 0: return Self.prepared(&query0, rawQuery ?? "", isPath: false, form)
        case 1: return Self.prepared(&query1, rawQuery ?? "", isPath: false, form)
        case 2: return Self.prepared(&query2, rawQuery ?? "", isPath: false, form)
        default: return Self.prepared(&query3, rawQuery ?? "", isPath: false, form)
        }
    }

    mutating func fragment(_ form: TextForm) -> MatchText {
        switch form.index {
        case 0: return Self.prepared(&fragment0, rawFragment ?? "", isPath: false, form)
        case 1: return Self.prepared(&fragment1, rawFragment ?? "", isPath: false, form)
        case 2: return Self.prepared(&fragment2, rawFragment ?? "", isPath: false, form)
        default: return Self.prepared(&fragment3, rawFragment ?? "", isPath: false, form)
        }
    }

    /// Query items with names as compared (E4) and values prepared, in URL order.
    mutating func queryItems(_ form: TextForm) -> [QueryItemText] {
        if items.isEmpty { items = [[QueryItemText]?](repeating: nil, count: 4) }
        if let list = items[form.index] { return list }
        if rawItems == nil { rawItems = QueryItemSplitter.items(rawQuery ?? "") }
        let list = (rawItems ?? []).map { item in
            QueryItemText(name: form.comparableName(item.name),
                          value: MatchText(item.value, isPath: false, caseSensitive: form.caseSensitive,
                                           percentEncoded: form.percentEncoded))
        }
        items[form.index] = list
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
    static func items(_ query: String) -> [RawQueryItem] {
        let utf8 = query.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            return ParsedURL.queryItems(query).map { RawQueryItem(name: $0.name, value: $0.value) }
        }
        var out: [RawQueryItem] = []
        var pieceStart = utf8.startIndex
        var equals: String.Index?
        var i = utf8.startIndex
        func flush(_ end: String.Index) {
            guard pieceStart < end else { return }
            if let eq = equals {
                out.append(RawQueryItem(name: query[pieceStart..<eq], value: query[utf8.index(after: eq)..<end]))
            } else {
                out.append(RawQueryItem(name: query[pieceStart..<end], value: query[end..<end]))
            }
        }
        while i < utf8.endIndex {
            let b = utf8[i]
            if b == UInt8(ascii: "&") {
                flush(i)
                pieceStart = utf8.index(after: i)
                equals = nil
            } else if b == UInt8(ascii: "="), equals == nil {
                equals = i
            }
            i = utf8.index(after: i)
        }
        flush(utf8.endIndex)
        return out
    }
}
