/// One step of a generated string.
public enum TextToken: Sendable, Equatable {
    /// These scalars, as they are (one or more: `?*`, `%2F`, `%C3%A9`...).
    case text(String)
    /// `$(name)`, the name picked by the next byte from the names in scope (defined variables,
    /// predefined ones, and one that is never defined: P4).
    case variable
    /// Any Unicode scalar, from the next three bytes: keeps every string representable.
    case raw
}

/// A weighted token table and a length cap: the "alphabet" of one kind of generated string. The
/// weights bias random bytes toward what matters to the matcher (`*`, `?`, `?*`, `$(`, `/`, `%`, hex
/// digits, mixed-case letters, scalars whose case folding is special).
public struct Alphabet: Sendable {
    public let table: ChoiceTable<TextToken>
    /// At most this many tokens per string (see `lengths`).
    public let maxTokens: Int
    /// `.text` tokens sorted longest first (the encoder tries them all; order only breaks ties).
    let textTokensLongestFirst: [(index: Int, scalars: [Unicode.Scalar])]
    let variableIndex: Int?
    let rawIndex: Int

    /// The length byte: a short length (0...`shortMax`, most likely near `typical`) or nil, "long",
    /// which reads two more bytes for a length in `shortMax + 1 ... maxTokens`.
    let lengths: ChoiceTable<Int?>
    let shortMax: Int

    public init(_ weighted: [(TextToken, Int)], maxTokens: Int, typical: Int = 8) {
        shortMax = min(maxTokens, 30)
        var lengthWeights: [(Int?, Int)] = (0...shortMax).map { k in (k, max(2, 24 - 3 * abs(k - typical))) }
        if maxTokens > shortMax { lengthWeights.append((nil, 10)) }
        lengths = ChoiceTable(lengthWeights)
        let all = weighted + (weighted.contains { $0.0 == .raw } ? [] : [(.raw, 1)])
        table = ChoiceTable(all)
        self.maxTokens = maxTokens
        var texts: [(index: Int, scalars: [Unicode.Scalar])] = []
        var variable: Int?
        var raw = 0
        for (i, choice) in table.choices.enumerated() {
            switch choice {
            case .text(let s): texts.append((i, Array(s.unicodeScalars)))
            case .variable: if variable == nil { variable = i }
            case .raw: raw = i
            }
        }
        // Longest first; ties keep table order so the encoder is deterministic.
        textTokensLongestFirst = texts.enumerated().sorted {
            $0.element.scalars.count != $1.element.scalars.count
                ? $0.element.scalars.count > $1.element.scalars.count : $0.offset < $1.offset
        }.map { $0.element }
        variableIndex = variable
        rawIndex = raw
    }

    static func t(_ s: String, _ w: Int) -> (TextToken, Int) { (.text(s), w) }
}

extension Alphabet {
    /// The scalars whose case mapping is special (E1): é/É, ß (lowercase is itself, uppercase is
    /// "SS"), İ (lowercase is two scalars, so it folds to itself), the Kelvin sign (folds to ASCII k),
    /// a CJK scalar (no case) and an emoji (outside the BMP), plus a combining accent.
    static let specialScalars: [(TextToken, Int)] = [
        t("é", 3), t("É", 2), t("ß", 2), t("İ", 2), t("i", 2), t("\u{212A}", 2), t("k", 2), t("K", 1),
        t("哈", 1), t("😀", 1), t("e\u{301}", 1), t("ı", 1),
    ]

    static let mixedLetters: [(TextToken, Int)] = [
        t("a", 8), t("b", 6), t("c", 4), t("x", 3), t("y", 2), t("z", 2),
        t("A", 5), t("B", 4), t("C", 2), t("X", 2), t("Y", 1), t("Z", 1),
        t("d", 2), t("e", 2), t("f", 2), t("D", 1), t("E", 1), t("F", 1), t("g", 1), t("G", 1),
    ]

    static let digits: [(TextToken, Int)] = [t("0", 3), t("1", 3), t("2", 2), t("4", 2), t("9", 2)]

    /// Escapes that are valid (upper and lower hex, multi-byte UTF-8) and pieces of invalid ones.
    static let escapes: [(TextToken, Int)] = [
        t("%", 4), t("%2F", 3), t("%2f", 2), t("%20", 2), t("%C3%A9", 2), t("%c3%a9", 2), t("%25", 1),
        t("%41", 1), t("%61", 1), t("%E2%84%AA", 1), t("%C3", 1), t("%FF", 1),
    ]

    /// Rule patterns (P1–P4): heavy on wildcards, variables and slashes.
    public static let pattern = Alphabet(mixedLetters + digits + escapes + specialScalars + [
        t("*", 26), t("?", 18), t("?*", 8), (.variable, 20), t("$(", 1), t("$", 2), t("(", 2), t(")", 2),
        t("/", 22), t("//", 3), t("-", 2), t(".", 2), t("_", 1), t("~", 1), t("=", 2), t("&", 2), t("#", 1),
        t(" ", 1), t("+", 1), (.raw, 1),
    ], maxTokens: 40, typical: 7)

    /// A substitution variable's value (V2): wildcards allowed, `$(` is literal text.
    public static let value = Alphabet(mixedLetters + digits + specialScalars + [
        t("*", 18), t("?", 8), t("/", 6), t("%2F", 2), t("%", 2), t("$(", 2), t(")", 1), t("-", 2), (.raw, 1),
    ], maxTokens: 16, typical: 3)

    /// A URL part as written (part-level texts may hold raw non-ASCII and invalid escapes). Long
    /// enough for seeds; generated texts are mostly short.
    public static let partText = Alphabet(mixedLetters + digits + escapes + specialScalars + [
        t("/", 26), t("//", 4), t("%G", 1), t("%4", 1), t("%%", 1), t("-", 3), t(".", 3), t("_", 1), t("~", 1),
        t("=", 3), t("&", 3), t("*", 2), t("?", 2), t("$", 1), t("(", 1), t(")", 1), t(" ", 1), t("+", 1), (.raw, 1),
    ], maxTokens: 200, typical: 8)

    /// Variable names and query item names.
    public static let name = Alphabet(mixedLetters + digits + [
        t("_", 2), t("-", 1), t("é", 1), t("id", 3), t("lang", 1), t("q", 2), (.raw, 1),
    ], maxTokens: 40, typical: 2)

    /// Whole URLs given as text (seeds, conformance URLs, generated URLs in readable cases) and the
    /// pieces of generated ones.
    public static let url = Alphabet(mixedLetters + digits + escapes + specialScalars + [
        t("https://", 10), t("example.com", 8), t("/", 24), t(":", 3), t(".", 4), t("?", 6), t("#", 4), t("&", 4),
        t("=", 5), t("-", 3), t("_", 2), t("~", 1), t("@", 1), t(" ", 1), t("+", 1), t("*", 1), t("http://", 2), (.raw, 1),
    ], maxTokens: 640, typical: 12)

    /// Any JSON string (keys, app IDs, comments, unknown values).
    public static let json = Alphabet(mixedLetters + digits + specialScalars + [
        t("ABCDE12345.", 4), t("com.example.app", 4), t(".", 4), t("/", 6), t("*", 4), t("?", 3), t("%", 2),
        t(" ", 3), t("\"", 2), t("\\", 2), t("\n", 1), t("\u{0}", 1), t(":", 1), t("-", 2), t("_", 2), (.raw, 1),
    ], maxTokens: 255, typical: 6)
}
