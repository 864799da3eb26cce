import LinkMatchCore

/// E3 for the reference side only: the text of a URL part with `percentEncoded: false`. Every `%`
/// followed by two hex digits is that byte; anything else (an invalid escape included) is its own
/// UTF-8 bytes; the bytes are then read as UTF-8, each maximal invalid subsequence becoming U+FFFD
/// (what `String(decoding:as:)` does). The compiled side decodes with PercentCoding.decodeLenient.
enum ReferenceDecoding {
    static func decode(_ text: String) -> [Unicode.Scalar] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let high = hexDigit(bytes[i + 1]), let low = hexDigit(bytes[i + 2]) {
                out.append(high * 16 + low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return Array(String(decoding: out, as: UTF8.self).unicodeScalars)
    }

    /// `0-9`, `A-F`, `a-f` (RFC 3986: hex digits are case-insensitive).
    static func hexDigit(_ b: UInt8) -> UInt8? {
        let digits = Array("0123456789abcdef".utf8)
        let lowered = (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F")) ? b + 32 : b
        return digits.firstIndex(of: lowered).map(UInt8.init)
    }
}
