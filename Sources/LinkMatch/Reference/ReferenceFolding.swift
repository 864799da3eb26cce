/// E1 for the reference side only, in SPEC.md's words: with `caseSensitive: false` each scalar
/// becomes its Unicode lowercase mapping when that mapping is exactly one scalar, and stays as it is
/// otherwise. No ASCII shortcut: the compiled side has its own, faster folding (CaseFolding).
enum ReferenceFolding {
    static func fold(_ c: Unicode.Scalar) -> Unicode.Scalar {
        let lower = Array(c.properties.lowercaseMapping.unicodeScalars)
        return lower.count == 1 ? lower[0] : c
    }

    static func fold(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        text.map(fold)
    }
}
