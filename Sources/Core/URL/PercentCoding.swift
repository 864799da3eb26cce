/// Percent-encoding and decoding (SPEC.md E3 and "Percent-encoding API").
public enum PercentCoding {
    /// Why strict decoding failed. Offsets are in bytes of the UTF-8 input.
    public enum DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A `%` not followed by two hex digits.
        case invalidEscape(offset: Int)
        /// The decoded bytes are not UTF-8; `offset` is where the bad sequence starts in the input.
        case invalidUTF8(offset: Int)

        /// What failed and at which byte, for people.
        public var description: String {
            switch self {
            case .invalidEscape(let o): return "invalid percent escape at byte \(o): '%' must be followed by two hex digits"
            case .invalidUTF8(let o): return "percent-decoded bytes starting at byte \(o) are not valid UTF-8"
            }
        }
    }

    /// Encodes every byte of the UTF-8 form except the RFC 3986 unreserved characters
    /// (`A-Z a-z 0-9 - . _ ~`) as `%XX` with uppercase hex.
    public static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for b in text.utf8 {
            if isUnreserved(b) {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; throws on an invalid escape or bytes that are not UTF-8.
    public static func decodeStrict(_ text: some StringProtocol) throws(DecodingError) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        // For each output byte, where it came from in the input (to report UTF-8 errors in input terms).
        var origin: [Int] = []
        origin.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) else {
                    throw .invalidEscape(offset: i)
                }
                out.append(hi << 4 | lo)
                origin.append(i)
                i += 3
            } else {
                out.append(bytes[i])
                origin.append(i)
                i += 1
            }
        }
        if let bad = firstInvalidUTF8(out) { throw .invalidUTF8(offset: origin[bad]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decoding used for matching with `percentEncoded: false` (E3): never fails. An invalid escape
    /// stays literal; each maximal invalid UTF-8 subsequence becomes U+FFFD.
    public static func decodeLenient(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Offset of the first byte of the first invalid UTF-8 sequence, or nil if `bytes` is UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var consumed = 0
        // UTF8.decode reports an error per maximal invalid subsequence; track byte positions by
        // re-encoding each decoded scalar's length.
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                consumed += UTF8.width(s)
            case .emptyInput:
                return nil
            case .error:
                return consumed
            }
        }
    }

    /// True for RFC 3986's unreserved bytes `A-Z a-z 0-9 - . _ ~`, which `encode` keeps.
    @inline(__always)
    public static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }

    /// The value of one hex digit (either case), or nil when `b` is not one.
    @inline(__always)
    public static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    /// `text` with every `%` that is not followed by two hex digits written `%25`: the text then
    /// reads as it would with that `%` as an ordinary character, and holds no invalid escape (U4).
    /// Used by the fuzz URL generator (to keep generated URLs valid) and by the reading that passes
    /// bare `%` through (to split a URL the way such a program does).
    public static func escapingBarePercents(_ text: String) -> String {
        let b = Array(text.utf8)
        guard b.contains(UInt8(ascii: "%")) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        for (i, c) in b.enumerated() {
            out.append(c)
            if c == UInt8(ascii: "%"), !(i + 2 < b.count && hexValue(b[i + 1]) != nil && hexValue(b[i + 2]) != nil) {
                out += Array("25".utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
