import LinkMatchCore

/// E1 for the reference side only, in SPEC.md's words: with `caseSensitive: false` each scalar
/// becomes its Unicode lowercase mapping when that mapping is exactly one scalar, and stays as it is
/// otherwise. No ASCII rule of its own: the ASCII table below is this same mapping, computed once
/// (the compiled side has its own, faster folding, CaseFolding).
enum ReferenceFolding {
    static func fold(_ c: Unicode.Scalar) -> Unicode.Scalar {
        c.isASCII ? asciiFolds[Int(c.value)] : mapping(c)
    }

    static func mapping(_ c: Unicode.Scalar) -> Unicode.Scalar {
        let lower = Array(c.properties.lowercaseMapping.unicodeScalars)
        return lower.count == 1 ? lower[0] : c
    }

    /// `mapping` of U+0000 to U+007F.
    static let asciiFolds: [Unicode.Scalar] = (0..<128).map { mapping(Unicode.Scalar(UInt8($0))) }

    static func fold(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        text.map(fold)
    }
}
