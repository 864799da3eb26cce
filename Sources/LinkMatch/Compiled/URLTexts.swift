/// The parts of one URL, prepared on first use per text form and then shared by every rule of a
/// decision (C4: an absent query or fragment reads as ""; U5 query items).
struct URLTexts {
    let url: ParsedURL
    private var paths = [MatchText?](repeating: nil, count: 4)
    private var queries = [MatchText?](repeating: nil, count: 4)
    private var fragments = [MatchText?](repeating: nil, count: 4)
    private var items = [[(name: String, value: MatchText)]?](repeating: nil, count: 4)
    private var rawItems: [(name: Substring, value: Substring)]?

    init(_ url: ParsedURL) {
        self.url = url
    }

    mutating func path(_ form: TextForm) -> MatchText {
        if let text = paths[form.index] { return text }
        let text = MatchText(url.path, isPath: true, caseSensitive: form.caseSensitive, percentEncoded: form.percentEncoded)
        paths[form.index] = text
        return text
    }

    mutating func query(_ form: TextForm) -> MatchText {
        if let text = queries[form.index] { return text }
        let text = MatchText(url.query ?? "", isPath: false, caseSensitive: form.caseSensitive,
                             percentEncoded: form.percentEncoded)
        queries[form.index] = text
        return text
    }

    mutating func fragment(_ form: TextForm) -> MatchText {
        if let text = fragments[form.index] { return text }
        let text = MatchText(url.fragment ?? "", isPath: false, caseSensitive: form.caseSensitive,
                             percentEncoded: form.percentEncoded)
        fragments[form.index] = text
        return text
    }

    /// Query items with names as compared (E4) and values prepared, in URL order.
    mutating func queryItems(_ form: TextForm) -> [(name: String, value: MatchText)] {
        if let list = items[form.index] { return list }
        if rawItems == nil { rawItems = ParsedURL.queryItems(url.query ?? "") }
        let list = (rawItems ?? []).map { item in
            (name: form.comparableName(item.name),
             value: MatchText(item.value, isPath: false, caseSensitive: form.caseSensitive, percentEncoded: form.percentEncoded))
        }
        items[form.index] = list
        return list
    }
}
