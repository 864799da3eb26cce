/// A `JSONPath` kept as its parts and formatted only when read. A document's every entry and rule
/// has a source path like `applinks.details[0].components[12]`; building those strings (and the
/// ones for each key a diagnostic could name) was a large share of reading a document, and most
/// are never read. Formatting is `JSONPath.member` and `JSONPath.index`, so the text is the same
/// either way.
struct LazyJSONPath: Sendable {
    /// A member of a `details` entry that the parser makes paths under.
    enum EntryMember: UInt8, Sendable {
        case defaults, components, paths, appIDs

        /// The member's key as written in the file.
        var key: String {
            switch self {
            case .defaults: return "defaults"
            case .components: return "components"
            case .paths: return "paths"
            case .appIDs: return "appIDs"
            }
        }
    }

    private enum Storage: Sendable {
        case text(String)
        /// A `details` entry: `applinks.details[index]`, or `applinks.details` member `key` when the
        /// entries are keyed by app ID (D5); then, if `member` is given, that member of the entry,
        /// and, if `item` is not negative, that element of it.
        case entry(key: String?, index: Int, member: EntryMember?, item: Int)
    }

    private let storage: Storage

    /// A path given as text.
    init(_ text: String) {
        storage = .text(text)
    }

    /// The path of `applinks.details[index]`.
    static func entry(index: Int) -> LazyJSONPath {
        LazyJSONPath(storage: .entry(key: nil, index: index, member: nil, item: -1))
    }

    /// The path of the `details` entry keyed by `key` (D5).
    static func entry(key: String) -> LazyJSONPath {
        LazyJSONPath(storage: .entry(key: key, index: 0, member: nil, item: -1))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// This entry's `member`, or its element `item` when `item` is given. Only for an entry path
    /// (`entry(index:)`, `entry(key:)`); on any other path it is the text form of the same.
    func member(_ member: EntryMember, item: Int? = nil) -> LazyJSONPath {
        if case .entry(let key, let index, nil, _) = storage {
            return LazyJSONPath(storage: .entry(key: key, index: index, member: member, item: item ?? -1))
        }
        let text = JSONPath.member(self.text, member.key)
        return LazyJSONPath(item.map { JSONPath.index(text, $0) } ?? text)
    }

    /// The path's text.
    var text: String {
        switch storage {
        case .text(let text):
            return text
        case .entry(let key, let index, let member, let item):
            var text = key.map { JSONPath.member("applinks.details", $0) } ?? JSONPath.index("applinks.details", index)
            if let member { text = JSONPath.member(text, member.key) }
            if item >= 0 { text = JSONPath.index(text, item) }
            return text
        }
    }

    /// Whether the text is kept as parts, to be formatted when read (tests check that the parser
    /// makes its paths this way).
    var isDeferred: Bool {
        if case .entry = storage { return true }
        return false
    }

    /// Whether the texts are equal (String `==`), without formatting when both have the same parts.
    static func sameText(_ a: LazyJSONPath, _ b: LazyJSONPath) -> Bool {
        if case .entry(let k1, let i1, let m1, let j1) = a.storage, case .entry(let k2, let i2, let m2, let j2) = b.storage,
           i1 == i2, m1 == m2, j1 == j2, k1 == k2 {
            return true
        }
        return a.text == b.text
    }
}
