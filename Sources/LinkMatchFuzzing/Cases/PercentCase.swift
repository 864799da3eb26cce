import LinkMatch

/// A string for the `percent-encoding` target: used both as Unicode text to encode and as a URL
/// part to decode, so its alphabet mixes valid escapes (upper/lower hex, multi-byte UTF-8, %00,
/// encoded BOM), broken ones (`%`, `%4`, `%G`, truncated UTF-8, overlong, surrogates) and raw scalars.
public struct PercentCase: Sendable, Equatable {
    public var text: String

    public init(text: String) {
        self.text = text
    }

    public static func == (a: PercentCase, b: PercentCase) -> Bool { sameScalars(a.text, b.text) }

    public static let alphabet = Alphabet(Alphabet.mixedLetters + Alphabet.digits + Alphabet.escapes + Alphabet.specialScalars + [
        Alphabet.t("%G", 4), Alphabet.t("%4", 4), Alphabet.t("%%", 3), Alphabet.t("%00", 3), Alphabet.t("%EF%BB%BF", 2),
        Alphabet.t("%C0%80", 2), Alphabet.t("%ED%A0%80", 2), Alphabet.t("%F0%9F%98%80", 2), Alphabet.t("%e2%84%aa", 2),
        Alphabet.t("%80", 2), Alphabet.t("%A9", 2), Alphabet.t("\u{FEFF}", 1), Alphabet.t("\u{0}", 1), Alphabet.t(" ", 3), Alphabet.t("/", 4),
        Alphabet.t("-", 2), Alphabet.t("~", 2), Alphabet.t("+", 2), Alphabet.t("&", 1), Alphabet.t("=", 1), (.raw, 8),
    ], maxTokens: 64, typical: 12)

    public init(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        text = TextCoding.read(&r, Self.alphabet)
    }

    public func encoded() throws(SeedEncodingError) -> [UInt8] {
        var w = ByteWriter()
        try TextCoding.write(text, Self.alphabet, to: &w, what: "text")
        return w.bytes
    }
}
