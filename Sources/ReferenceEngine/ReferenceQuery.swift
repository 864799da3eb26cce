import LinkMatchCore

/// U5 and E4 for the reference side only: the items of a query as written, and how a name is
/// compared. The compiled side splits with its own QueryItemSplitter.
enum ReferenceQuery {
    struct Item {
        var name: [Unicode.Scalar]
        var value: [Unicode.Scalar]
    }

    /// U5: split on `&`, skip empty pieces, split each piece at its first `=`; a piece without `=`
    /// has the value "". `+` stays `+`. Nothing is decoded here.
    static func items(_ query: String) -> [Item] {
        var out: [Item] = []
        for piece in split(Array(query.unicodeScalars), on: "&") where !piece.isEmpty {
            if let eq = piece.firstIndex(of: "=") {
                out.append(Item(name: Array(piece[..<eq]), value: Array(piece[(eq + 1)...])))
            } else {
                out.append(Item(name: piece, value: []))
            }
        }
        return out
    }

    static func split(_ s: [Unicode.Scalar], on separator: Unicode.Scalar) -> [[Unicode.Scalar]] {
        var pieces: [[Unicode.Scalar]] = [[]]
        for c in s {
            if c == separator { pieces.append([]) } else { pieces[pieces.count - 1].append(c) }
        }
        return pieces
    }

    /// E4: a URL item's name as compared with a dictionary key: decoded when `percentEncoded` is false
    /// (E3), folded when `caseSensitive` is false (E1). The key itself is folded, never decoded.
    static func urlName(_ raw: [Unicode.Scalar], caseSensitive: Bool, percentEncoded: Bool) -> [Unicode.Scalar] {
        let decoded = percentEncoded ? raw : ReferenceDecoding.decode(String(String.UnicodeScalarView(raw)))
        return caseSensitive ? decoded : ReferenceFolding.fold(decoded)
    }

    static func keyName(_ key: String, caseSensitive: Bool) -> [Unicode.Scalar] {
        let scalars = Array(key.unicodeScalars)
        return caseSensitive ? scalars : ReferenceFolding.fold(scalars)
    }
}
