import Foundation
import LinkMatch

/// `percent-encoding`: properties of `PercentCoding` on one string `s`, used as text and as URL part.
/// - decodeStrict(encode(s)) == s, scalar for scalar, for any Unicode string;
/// - encode(decodeStrict(c)) == c when c is canonical (unreserved bytes and uppercase `%XX` only);
/// - encode agrees with Foundation's addingPercentEncoding(withAllowedCharacters: unreserved);
/// - decodeStrict agrees with Foundation's removingPercentEncoding where both are defined; Foundation
///   returns nil exactly where decodeStrict throws;
/// - an invalid escape is reported at the offset of the first `%` not followed by two hex digits,
///   an invalid UTF-8 error at a point where everything before decodes;
/// - decodeLenient equals decodeStrict when the latter succeeds.
///
/// Platform difference found (swift-corelibs-foundation, Swift 6.3.1 on Linux): removingPercentEncoding
/// drops ONE leading U+FEFF from its result (an escaped `%EF%BB%BF` or a raw one), because it decodes
/// through a BOM-skipping UTF-8 decoder. PercentCoding keeps it: a decoded URL part is text, not a file.
/// The comparison allows exactly that difference. A second one (found by fuzz-percent-encoding on
/// branch fuzzbin): for a few invalid bytes (a lone %A9) Foundation returns U+FFFD instead of nil;
/// where it decodes invalid UTF-8 at all, it must agree with decodeLenient.
public enum PercentEncodingCheck {
    /// The functions under test, replaceable so the tests can plant a mistake.
    public struct Codec: Sendable {
        public var encode: @Sendable (String) -> String
        public var decodeStrict: @Sendable (String) throws(PercentCoding.DecodingError) -> String
        public var decodeLenient: @Sendable (String) -> String

        public init(encode: @escaping @Sendable (String) -> String,
                    decodeStrict: @escaping @Sendable (String) throws(PercentCoding.DecodingError) -> String,
                    decodeLenient: @escaping @Sendable (String) -> String) {
            self.encode = encode
            self.decodeStrict = decodeStrict
            self.decodeLenient = decodeLenient
        }

        /// LinkMatch's PercentCoding.
        public static let standard = Codec(
            encode: { PercentCoding.encode($0) },
            decodeStrict: { (s: String) throws(PercentCoding.DecodingError) -> String in try PercentCoding.decodeStrict(s) },
            decodeLenient: { PercentCoding.decodeLenient($0) })
    }

    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func check(_ c: PercentCase, codec: Codec = .standard) -> CheckFailure? {
        if let problem = problem(c.text, codec: codec) {
            return CheckFailure(target: .percentEncoding, summary: problem, readable: readable(c))
        }
        return nil
    }

    /// The first property `s` breaks, in words, or nil.
    public static func problem(_ s: String, codec: Codec = .standard) -> String? {
        let encoded = codec.encode(s)
        // 1. Round trip from text.
        switch Result(catching: { () throws(PercentCoding.DecodingError) in try codec.decodeStrict(encoded) }) {
        case .success(let back) where sameScalars(back, s): break
        case .success(let back): return "decodeStrict(encode(s)) is \(back.debugDescription), not s"
        case .failure(let e): return "decodeStrict(encode(s)) failed: \(e)"
        }
        // 2. Agreement with Foundation's encoder.
        if let foundation = s.addingPercentEncoding(withAllowedCharacters: unreserved), foundation != encoded {
            return "encode(s) is \(encoded.debugDescription), Foundation gives \(foundation.debugDescription)"
        }
        // 3. s as a URL part.
        let strict = Result(catching: { () throws(PercentCoding.DecodingError) in try codec.decodeStrict(s) })
        let lenient = codec.decodeLenient(s)
        let foundation = s.removingPercentEncoding
        switch strict {
        case .success(let decoded):
            if !sameScalars(lenient, decoded) {
                return "decodeLenient(s) is \(lenient.debugDescription), decodeStrict gives \(decoded.debugDescription)"
            }
            guard let foundation else { return "decodeStrict(s) succeeded but Foundation's removingPercentEncoding returned nil" }
            let comparable = decoded.unicodeScalars.first == "\u{FEFF}" ? String(decoded.unicodeScalars.dropFirst()) : decoded
            if !sameScalars(foundation, comparable) {
                return "decodeStrict(s) is \(decoded.debugDescription), Foundation gives \(foundation.debugDescription)"
            }
            if isCanonical(s), !sameScalars(codec.encode(decoded), s) {
                return "s is canonical but encode(decodeStrict(s)) is \(codec.encode(decoded).debugDescription)"
            }
        case .failure(.invalidEscape(let offset)):
            if foundation != nil { return "decodeStrict(s) reports an invalid escape but Foundation decodes s" }
            let expected = firstInvalidEscape(Array(s.utf8))
            if expected != offset {
                return "decodeStrict(s) reports an invalid escape at byte \(offset), the first one is at \(expected.map(String.init) ?? "none")"
            }
        case .failure(.invalidUTF8(let offset)):
            // Platform difference (swift-corelibs-foundation, Linux; found by fuzz-percent-encoding,
            // Corpus/percent-encoding/regressions/percent-encoding-foundation-decodes-lone-A9-byte-ccf1ffef):
            // removingPercentEncoding decodes a lone %A9 byte (no other byte 80-FF) to U+FFFD instead of
            // returning nil. Where Foundation decodes invalid UTF-8 at all, it must agree with decodeLenient.
            // With the first difference too (found next: %EF%BB%BF%A9), Foundation also drops one leading U+FEFF.
            let lenientWithoutBOM = lenient.unicodeScalars.first == "\u{FEFF}" ? String(lenient.unicodeScalars.dropFirst()) : lenient
            if let foundation, !sameScalars(foundation, lenient), !sameScalars(foundation, lenientWithoutBOM) {
                return "decodeStrict(s) reports invalid UTF-8 but Foundation decodes s to \(foundation.debugDescription), "
                    + "decodeLenient to \(lenient.debugDescription)"
            }
            let bytes = Array(s.utf8)
            if firstInvalidEscape(bytes) != nil { return "decodeStrict(s) reports invalid UTF-8 although s has an invalid escape" }
            guard offset >= 0, offset < bytes.count else { return "invalid UTF-8 offset \(offset) is outside s" }
            let prefix = String(decoding: bytes[..<offset], as: UTF8.self)
            if (try? codec.decodeStrict(prefix)) == nil {
                return "decodeStrict(s) reports invalid UTF-8 at byte \(offset) but the text before it does not decode either"
            }
        }
        return nil
    }

    /// Written independently of PercentCoding: a three-state scan (plain, after `%`, after `%h`).
    static func firstInvalidEscape(_ bytes: [UInt8]) -> Int? {
        var start = -1
        var state = 0
        for (i, b) in bytes.enumerated() {
            let hex = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)
            switch state {
            case 0: if b == 0x25 { start = i; state = 1 }
            case 1: if hex { state = 2 } else { return start }
            default: if hex { state = 0 } else { return start }
            }
        }
        return state == 0 ? nil : start
    }

    /// Canonical: every byte is unreserved or part of an uppercase `%XX` escape of a byte that is not.
    static func isCanonical(_ s: String) -> Bool {
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == 0x25 {
                guard i + 2 < b.count else { return false }
                let digits = b[(i + 1)...(i + 2)]
                guard digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) }),
                      let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16),
                      !PercentCoding.isUnreserved(value) else { return false }
                i += 3
            } else {
                guard PercentCoding.isUnreserved(b[i]) else { return false }
                i += 1
            }
        }
        return true
    }

    public static func readableJSON(_ c: PercentCase) -> JSONValue {
        let s = c.text
        var pairs: [(String, JSONValue)] = [("text", .string(s)), ("utf8", .string(s.utf8.map { hex($0) }.joined(separator: " "))),
                                            ("encode", .string(PercentCoding.encode(s)))]
        do {
            pairs.append(("decodeStrict", .string(try PercentCoding.decodeStrict(s))))
        } catch {
            pairs.append(("decodeStrict", .string("error: \(error)")))
        }
        pairs.append(("decodeLenient", .string(PercentCoding.decodeLenient(s))))
        pairs.append(("foundationRemoving", s.removingPercentEncoding.map { .string($0) } ?? .null))
        if let problem = problem(s) { pairs.append(("problem", .string(problem))) }
        return ReadableJSON.object(pairs)
    }

    static func hex(_ b: UInt8) -> String {
        let d = Array("0123456789ABCDEF")
        return String([d[Int(b >> 4)], d[Int(b & 0xF)]])
    }

    public static func readable(_ c: PercentCase) -> String { readableJSON(c).serialized(pretty: true) }

    public static func parseReadable(_ text: String) throws(SeedEncodingError) -> PercentCase {
        PercentCase(text: try ReadableJSON.string(try ReadableJSON.parse(text, what: "the percent-encoding case"), "text"))
    }
}

extension PercentEncodingCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> PercentCase { PercentCase(bytes: bytes) }
    /// No engines: the check is about PercentCoding alone.
    public static func run(_ c: PercentCase, engines: Engines) -> CheckFailure? { check(c) }
    public static func readable(_ c: PercentCase, engines: Engines) -> String { readable(c) }
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try parseReadable(readableJSON).encoded()
    }
}
