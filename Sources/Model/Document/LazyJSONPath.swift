/// A `JSONPath` kept as its parts and formatted only when read. A document's every rule has a
/// source path like `applinks.details[0].components[12]`; building those strings (and the ones
/// for each key a diagnostic could name) was a large share of parse + compile, and most are never
/// read. Formatting is `JSONPath.index`, so the text is the same either way.
struct LazyJSONPath: Sendable {
    private enum Storage: Sendable {
        case text(String)
        /// `JSONPath.index(list, index)`.
        case item(list: String, index: Int)
    }

    private let storage: Storage

    /// A path given as text.
    init(_ text: String) {
        storage = .text(text)
    }

    /// The path `list[index]`, formatted when read.
    init(list: String, index: Int) {
        storage = .item(list: list, index: index)
    }

    /// The path's text.
    var text: String {
        switch storage {
        case .text(let text): return text
        case .item(let list, let index): return JSONPath.index(list, index)
        }
    }

    /// Whether the texts are equal (String `==`), without formatting when both are the same item.
    static func sameText(_ a: LazyJSONPath, _ b: LazyJSONPath) -> Bool {
        if case .item(let l1, let i1) = a.storage, case .item(let l2, let i2) = b.storage, i1 == i2, l1 == l2 { return true }
        return a.text == b.text
    }
}
