import LinkMatch

/// Builds JSON texts for the `json` target from fuzzer bytes, one decision per byte (`ByteReader`),
/// reaching every branch of the JSON grammar and every way to leave it: numbers of every shape
/// (sign, zero, fraction, exponent with and without sign, leading zeros, a `+` sign, missing
/// digits), strings with every escape (the eight short ones, `\u` in both hex cases, surrogate
/// pairs, lone surrogates, bad escapes), raw UTF-8 of every length and bytes that are no UTF-8, raw
/// control characters, whitespace of all four kinds (and CR LF) between any two tokens, nesting,
/// a BOM, trailing and missing commas, and damage after the fact (truncation anywhere, a stray
/// byte inserted, one deleted). Past the end of the input every choice is the first (plainest) one.
public enum JSONTextGenerator {
    /// Containers deeper than this become scalars (the reader's own depth limit is the raw mode's
    /// business: a raw text can nest as deep as its length allows).
    static let maxDepth = 6

    /// A text from the bytes `r` has left: an optional BOM, one value with whitespace around it, then
    /// up to two pieces of damage.
    public static func read(_ r: inout ByteReader) -> [UInt8] {
        var out: [UInt8] = []
        if r.bool() { out += [0xEF, 0xBB, 0xBF] }
        whitespace(&r, &out)
        value(&r, &out, depth: 0)
        whitespace(&r, &out)
        for _ in 0..<r.count(max: 2) { damage(&r, &out) }
        return out
    }

    // MARK: Values

    enum Kind: Sendable { case number, string, literal, array, object, broken }

    static let kinds = ChoiceTable<Kind>([(.number, 70), (.string, 60), (.literal, 24), (.array, 44), (.object, 44), (.broken, 14)])

    static func value(_ r: inout ByteReader, _ out: inout [UInt8], depth: Int) {
        var kind = r.pick(kinds)
        if depth >= maxDepth, kind == .array || kind == .object { kind = .number }
        switch kind {
        case .number: number(&r, &out)
        case .string: string(&r, &out)
        case .literal: out += Array(["true", "false", "null"][Int(r.byte()) % 3].utf8)
        case .array, .object: container(&r, &out, isObject: kind == .object, depth: depth)
        case .broken: out += r.pick(brokenTokens)
        }
    }

    /// Tokens no JSON reader may accept where a value belongs.
    static let brokenTokens = ChoiceTable<[UInt8]>([
        (Array("tru".utf8), 20), (Array("nul".utf8), 20), (Array("True".utf8), 20), (Array("NaN".utf8), 20),
        (Array("Infinity".utf8), 20), (Array("'a'".utf8), 20), (Array(".5".utf8), 20), (Array("0x1F".utf8), 20),
        (Array("//".utf8), 20), ([0xC3, 0xA9], 20), ([0xFF], 20), ([0x0B], 18), ([0x0C], 18),
    ])

    /// How a container's punctuation goes: as JSON says, or with one mistake.
    enum Punctuation: Sendable { case normal, trailingComma, missingComma, missingClose, leadingComma }

    static let punctuations = ChoiceTable<Punctuation>([
        (.normal, 220), (.trailingComma, 14), (.missingComma, 10), (.missingClose, 6), (.leadingComma, 6),
    ])

    static func container(_ r: inout ByteReader, _ out: inout [UInt8], isObject: Bool, depth: Int) {
        let count = r.count(max: 4)
        let punctuation = r.pick(punctuations)
        out.append(UInt8(ascii: isObject ? "{" : "["))
        whitespace(&r, &out)
        if punctuation == .leadingComma { out.append(UInt8(ascii: ",")) }
        for i in 0..<count {
            if i > 0 {
                whitespace(&r, &out)
                if punctuation != .missingComma { out.append(UInt8(ascii: ",")) } else { out.append(0x20) }
                whitespace(&r, &out)
            }
            if isObject {
                string(&r, &out)
                whitespace(&r, &out)
                out.append(UInt8(ascii: ":"))
                whitespace(&r, &out)
            }
            value(&r, &out, depth: depth + 1)
        }
        whitespace(&r, &out)
        if punctuation == .trailingComma {
            out.append(UInt8(ascii: ","))
            whitespace(&r, &out)
        }
        if punctuation != .missingClose { out.append(UInt8(ascii: isObject ? "}" : "]")) }
    }

    // MARK: Numbers

    enum Sign: Sendable { case none, minus, plus }
    enum IntegerPart: Sendable { case zero, digits, leadingZeros, missing }
    enum Fraction: Sendable { case none, digits, noDigits }
    enum Exponent: Sendable { case none, digits, noDigits }

    static let signs = ChoiceTable<Sign>([(.none, 170), (.minus, 76), (.plus, 10)])
    static let integerParts = ChoiceTable<IntegerPart>([(.zero, 60), (.digits, 170), (.leadingZeros, 16), (.missing, 10)])
    static let fractions = ChoiceTable<Fraction>([(.none, 150), (.digits, 96), (.noDigits, 10)])
    static let exponents = ChoiceTable<Exponent>([(.none, 140), (.digits, 106), (.noDigits, 10)])

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, or one of its near misses.
    static func number(_ r: inout ByteReader, _ out: inout [UInt8]) {
        switch r.pick(signs) {
        case .none: break
        case .minus: out.append(UInt8(ascii: "-"))
        case .plus: out.append(UInt8(ascii: "+"))
        }
        switch r.pick(integerParts) {
        case .zero: out.append(UInt8(ascii: "0"))
        case .digits:
            out.append(UInt8(ascii: "1") + r.byte() % 9)
            digits(&r, &out, atLeast: 0)
        case .leadingZeros:
            out.append(UInt8(ascii: "0"))
            digits(&r, &out, atLeast: 1)
        case .missing: break
        }
        switch r.pick(fractions) {
        case .none: break
        case .digits:
            out.append(UInt8(ascii: "."))
            digits(&r, &out, atLeast: 1)
        case .noDigits: out.append(UInt8(ascii: "."))
        }
        let exponent = r.pick(exponents)
        guard exponent != .none else { return }
        out.append(r.bool() ? UInt8(ascii: "E") : UInt8(ascii: "e"))
        switch r.pick(signs) {
        case .none: break
        case .minus: out.append(UInt8(ascii: "-"))
        case .plus: out.append(UInt8(ascii: "+"))
        }
        if exponent == .digits { digits(&r, &out, atLeast: 1, atMost: 3) }
    }

    /// Digits 0-9 (every one, `0` included), as many as one byte says within the bounds.
    static func digits(_ r: inout ByteReader, _ out: inout [UInt8], atLeast low: Int, atMost high: Int = 12) {
        let n = low + r.count(max: high - low)
        for _ in 0..<n { out.append(UInt8(ascii: "0") + r.byte() % 10) }
    }

    // MARK: Strings

    enum Piece: Sendable {
        case ascii, shortEscape, unicodeEscape, surrogatePair, loneHigh, loneLow, badEscape, utf8, notUTF8, control, delete
    }

    static let pieces = ChoiceTable<Piece>([
        (.ascii, 80), (.shortEscape, 40), (.unicodeEscape, 30), (.surrogatePair, 16), (.loneHigh, 8), (.loneLow, 6),
        (.badEscape, 8), (.utf8, 40), (.notUTF8, 10), (.control, 10), (.delete, 8),
    ])

    /// The eight escapes JSON defines besides `\u`.
    static let shortEscapes: [String] = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#]
    /// Escapes JSON does not define, and `\u` without four hex digits.
    static let badEscapes: [String] = [#"\x"#, #"\a"#, #"\u12"#, #"\uZZZZ"#, #"\U0041"#, #"\'"#, #"\ "#, "\\\u{E9}"]
    /// Scalars of every UTF-8 length, a noncharacter and the line separators JSON lets through raw.
    static let scalars: [String] = ["\u{E9}", "\u{20AC}", "\u{1F600}", "\u{2028}", "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}", "\u{7FF}", "\u{800}"]
    /// Byte runs that are not UTF-8: stray bytes, overlongs, encoded surrogates, cut sequences.
    static let notUTF8: [[UInt8]] = [[0xFF], [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98]]
    static let plainASCII = Array("azAZ09 -_.~!#$%&'()*+,:;<=>?@[]^`{|}/".utf8)

    static func string(_ r: inout ByteReader, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for _ in 0..<r.count(max: 6) {
            switch r.pick(pieces) {
            case .ascii:
                for _ in 0...r.count(max: 2) { out.append(plainASCII[Int(r.byte()) % plainASCII.count]) }
            case .shortEscape: out += Array(shortEscapes[Int(r.byte()) % shortEscapes.count].utf8)
            case .unicodeEscape:
                // Any BMP value but the surrogates (those have pieces of their own), hex in either case.
                var v = r.uint16()
                if (0xD800...0xDFFF).contains(v) { v -= 0x1000 }
                unicodeEscape(v, upper: r.bool(), &out)
            case .surrogatePair:
                let upper = r.bool()
                unicodeEscape(0xD800 + r.uint16() % 0x400, upper: upper, &out)
                unicodeEscape(0xDC00 + r.uint16() % 0x400, upper: upper, &out)
            case .loneHigh:
                unicodeEscape(0xD800 + r.uint16() % 0x400, upper: r.bool(), &out)
                // What follows: nothing, a letter, another high surrogate, a BMP escape.
                switch r.byte() % 4 {
                case 0: break
                case 1: out.append(UInt8(ascii: "x"))
                case 2: unicodeEscape(0xD800, upper: false, &out)
                default: unicodeEscape(0x0041, upper: false, &out)
                }
            case .loneLow: unicodeEscape(0xDC00 + r.uint16() % 0x400, upper: r.bool(), &out)
            case .badEscape: out += Array(badEscapes[Int(r.byte()) % badEscapes.count].utf8)
            case .utf8: out += Array(scalars[Int(r.byte()) % scalars.count].utf8)
            case .notUTF8: out += notUTF8[Int(r.byte()) % notUTF8.count]
            case .control: out.append(r.byte() % 0x20)
            case .delete: out.append(0x7F)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func unicodeEscape(_ value: UInt16, upper: Bool, _ out: inout [UInt8]) {
        let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        out += Array(#"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int(value >> UInt16(shift)) & 0xF]) }
    }

    // MARK: Whitespace and damage

    /// JSON's four whitespace characters, and CR LF as one break.
    static let spaces = ChoiceTable<[UInt8]>([([0x20], 80), ([0x09], 40), ([0x0A], 50), ([0x0D], 46), ([0x0D, 0x0A], 40)])

    /// Up to three whitespace runs (none past the end of the input).
    static func whitespace(_ r: inout ByteReader, _ out: inout [UInt8]) {
        for _ in 0..<r.count(max: 3) { out += r.pick(spaces) }
    }

    enum Damage: Sendable { case truncate, insert, delete }

    static let damages = ChoiceTable<Damage>([(.truncate, 120), (.insert, 80), (.delete, 56)])

    /// Bytes that break a text wherever they land, line breaks among them (so errors follow each kind).
    static let strays: [[UInt8]] = [
        Array(",".utf8), Array("]".utf8), Array("}".utf8), Array(":".utf8), Array("\"".utf8), Array("\\".utf8),
        [0x0D], [0x0A], [0x0D, 0x0A], Array("0".utf8), Array("-".utf8), Array("x".utf8), [0xFF], [0x00], [0xEF, 0xBB, 0xBF],
    ]

    static func damage(_ r: inout ByteReader, _ out: inout [UInt8]) {
        let kind = r.pick(damages)
        let at = Int(r.uint16()) % (out.count + 1)
        switch kind {
        case .truncate: out.removeSubrange(at...)
        case .insert: out.insert(contentsOf: strays[Int(r.byte()) % strays.count], at: at)
        case .delete: if at < out.count { out.remove(at: at) }
        }
    }
}
