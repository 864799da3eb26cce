import LinkMatchCore

/// What Apple's CDN serves (SPEC.md D1), kept apart from LinkMatch's own parsing limits
/// (`JSONParser.Limits`: 8 MiB, 512 levels), which only bound the work of reading a file.
///
/// Apple documents the limit as "128 KB" without saying whether a KB is 1,024 or 1,000 bytes. A
/// file over 131,072 bytes is over it either way: an error, since devices then get no universal
/// links for the domain. A file of 128,001 to 131,072 bytes is over it only in the decimal reading:
/// a warning.
public enum AppleSizeLimit {
    /// 128 × 1,024: above this, over the limit in both readings.
    public static let bytes = 131_072
    /// 128 × 1,000: above this, over the limit if a KB is 1,000 bytes.
    public static let decimalBytes = 128_000

    /// The `over-apple-size-limit` diagnostic for a file of `byteCount` bytes (as served, before a
    /// signed envelope is unwrapped), or nil when the file is within the limit.
    public static func diagnostic(byteCount: Int) -> Diagnostic? {
        // Every parse asks: the message is formatted only for a file over a limit.
        guard byteCount > decimalBytes else { return nil }
        let size = "the file is \(grouped(byteCount)) bytes"
        if byteCount > bytes {
            return Diagnostic(.error, "over-apple-size-limit", at: "",
                "\(size), over Apple's 128 KB limit (\(grouped(bytes)) bytes): Apple's CDN refuses to serve it, so no app opens this domain's links (LinkMatch still reads it)")
        }
        return Diagnostic(.warning, "over-apple-size-limit", at: "",
            "\(size): over Apple's 128 KB limit if a KB is 1,000 bytes (\(grouped(decimalBytes))), within it if 1,024 (\(grouped(bytes))); keep it under \(grouped(decimalBytes))")
    }

    /// 131072 -> "131,072".
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n))
        var i = digits.count - 3
        while i > 0 { digits.insert(",", at: i); i -= 3 }
        return String(digits)
    }
}
