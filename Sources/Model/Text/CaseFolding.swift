import LinkMatchCore

/// Case folding for `caseSensitive: false` (SPEC.md E1): per scalar, the Unicode lowercase mapping
/// when it is exactly one scalar, otherwise the scalar unchanged. One scalar in, one scalar out,
/// so `?` counts the same folded or not.
public enum CaseFolding {
    /// `scalar` folded (E1): its lowercase mapping when that is one scalar, else `scalar` itself.
    @inline(__always)
    public static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        if v < 0x80 {
            if v >= 0x41 && v <= 0x5A { return Unicode.Scalar(UInt8(v + 0x20)) }
            return scalar
        }
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        if mapped.count == 1, let only = mapped.first { return only }
        return scalar
    }

    /// `text` folded scalar by scalar (E1); the result has as many scalars as `text`.
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars { out.append(fold(s)) }
        return String(out)
    }
}
