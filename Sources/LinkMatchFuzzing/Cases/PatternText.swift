/// Rule patterns: tokens over `Alphabet.pattern`, then sometimes an ending that real rules have
/// and random tokens rarely produce: `/*` (N3's parent-path rule), a trailing `/` (N2), a final `*`.
public enum PatternText {
    static let endings = ChoiceTable<String>([("", 196), ("/*", 36), ("/", 10), ("*", 14)])

    public static func read(_ r: inout ByteReader, names: [String]) -> String {
        let body = TextCoding.read(&r, .pattern, names: names)
        return body + r.pick(endings)
    }

    /// Writes the whole pattern as tokens with no extra ending (always possible within the cap).
    public static func write(_ pattern: String, names: [String], to w: inout ByteWriter, what: @autoclosure () -> String) throws(SeedEncodingError) {
        try TextCoding.write(pattern, .pattern, names: names, to: &w, what: what())
        w.pick(endings, index: 0)
    }
}
