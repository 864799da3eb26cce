import LinkMatchCore

/// A document's JSON as it was read: a tree given by a caller, or the tape the parser read, made
/// into a tree only when someone asks for one (`AASADocument.source`, `ParsedDocument.json`).
enum LazyJSONTree: Sendable {
    case tree(JSONValue)
    case tape(JSONTape)

    /// The JSON as a tree (made from the tape now, each time: readers ask once per document).
    var tree: JSONValue {
        switch self {
        case .tree(let value): return value
        case .tape(let tape): return tape.tree
        }
    }
}
