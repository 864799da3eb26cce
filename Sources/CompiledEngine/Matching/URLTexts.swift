import LinkMatchCore

/// The parts of one URL, prepared on first use per text form and then shared by every rule of a
/// decision (C4: an absent query or fragment reads as ""; U5 query items).
struct URLTexts {
    let url: ParsedURL
    /// Prepared texts: path, query, fragment (x 4 text forms), allocated on first use.
    private var texts: [MatchText?] = []
    private var items: [[QueryItemText]?] = []
    private var rawItems: [RawQueryItem]?

    init(_ url: ParsedURL) {
        self.url = url
    }

    private enum Part: Int { case path = 0, query = 4, fragment = 8 }

    private mutating func text(_ part: Part, _ form: TextForm) -> MatchText {
        if texts.isEmpty { texts = [MatchText?](repeating: nil, count: 12) }
        let slot = part.rawValue + form.index
        if let text = texts[slot] { return text }
        let text: MatchText
        switch part {
        case .path: text = MatchText(url.path, isPath: true, caseSensitive: form.caseSensitive, percentEncoded: form.percentEncoded)
        case .query: text = MatchText(url.query ?? "", isPath: false, caseSensitive: form.caseSensitive, percentEncoded: form.percentEncoded)
        case .fragment: text = MatchText(url.fragment ?? "", isPath: false, caseSensitive: form.caseSensitive, percentEncoded: form.percentEncoded)
        }
        texts[slot] = text
        return text
    }

    mutating func path(_ form: TextForm) -> MatchText { text(.path, form) }
    mutating func query(_ form: TextForm) -> MatchText { text(.query, form) }
    mutating func fragment(_ form: TextForm) -> MatchText { text(.fragment, form) }

    /// Query items with names as compared (E4) and values prepared, in URL order.
    mutating func queryItems(_ form: TextForm) -> [QueryItemText] {
        if items.isEmpty { items = [[QueryItemText]?](repeating: nil, count: 4) }
        if let list = items[form.index] { return list }
        if rawItems == nil { rawItems = QueryItemSplitter.items(url.query ?? "") }
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
