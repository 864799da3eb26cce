// Corpus/<target>.dict: libFuzzer dictionaries. The part, document and percent-encoding targets read
// token bytes (LinkMatchFuzzing's TextCoding: one byte picks a token such as `?*` or `%C3%A9` from a
// weighted alphabet), so their entries are the token bytes of the strings that matter, computed with
// TextCoding.write; ASCII `?*` would mean nothing to them. The parser target reads raw JSON (raw mode),
// so its dictionary is plain JSON text.
import Foundation
import LinkMatchFuzzing

enum DictionaryWriter {
    struct Entry {
        var label: String
        var bytes: [UInt8]
    }

    /// Pattern-side strings (P1–P4, V4, E1–E3).
    static let patternTexts = [
        "*", "?", "?*", "*?", "**", "/", "//", "/*", "/?*", "$(lang)", "$(region)", "$(alpha)", "$(digit)",
        "$(xdigit)", "$(nope)", "$(", "$", ")", "%2F", "%2f", "%C3%A9", "%c3%a9", "%20", "%", "é", "É", "ß",
        "İ", "\u{212A}", "k", "哈", "😀", "e\u{301}",
    ]

    /// URL-side strings (U1, U4, U5, N1–N3, Q3, Q4).
    static let urlTexts = [
        "https://", "example.com", "/", "//", "?", "#", "&", "=", "a=1&a=2", "%2F", "%C3%A9", "%c3%a9", "%20", "+",
        "%G1", "%4", "é", "😀",
    ]

    /// Escapes and scalars for PercentCoding (E2, E3, U4).
    static let percentTexts = [
        "%2F", "%2f", "%C3%A9", "%c3%a9", "%20", "%00", "%", "%G", "%4", "%%", "%EF%BB%BF", "%F0%9F%98%80",
        "%ED%A0%80", "%C0%80", "%80", "%E2%84", "é", "😀", "\u{FEFF}", "\u{0}", "+", " ", "~",
    ]

    /// JSON text of AASA files (D1–D12, C1, C5, V1, Q2, Q5).
    static let jsonTexts = [
        "\"applinks\"", "\"details\"", "\"appIDs\"", "\"appID\"", "\"components\"", "\"paths\"", "\"defaults\"",
        "\"substitutionVariables\"", "\"exclude\"", "\"caseSensitive\"", "\"percentEncoded\"", "\"comment\"",
        "\"/\"", "\"?\"", "\"#\"", "\"NOT /*\"", "\"*\"", "\"?*\"", "\"$(lang)\"", "\"%2F\"", "\"%C3%A9\"",
        "\"ABCDE12345.com.example.app\"", "\"webcredentials\"", "\"appclips\"", "true", "false", "null", "[]", "{}",
        "\\u0000", "\\ud800", "\\\"", "1e999", "-0", "\u{FEFF}", "é",
    ]

    /// JSON grammar tokens for the `json` target: every escape, number pieces, whitespace and breaks.
    static let jsonGrammarTexts = [
        "true", "false", "null", "[]", "{}", "\"\":", ",", "-", "0", "-0", ".5", "0.", "1e", "1E+", "e-", "1e999", "01", "+1",
        "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u00e9", "\\uD83D\\uDE00", "\\ud800", "\\udc00", "\\x",
        "\r\n", "\r", "\n", "\t", " ", "\u{FEFF}", "\u{E9}", "\u{2028}",
    ]

    static func entries(for target: FuzzTarget) -> [Entry] {
        let names = VariableGenerator.referenceNames([])
        switch target {
        case .differential, .metamorphic:
            return tokens(patternTexts, .pattern, "pattern", names: names) + tokens(urlTexts, .partText, "text")
        case .document, .external, .diff:
            return tokens(patternTexts, .pattern, "pattern", names: names) + tokens(urlTexts, .url, "url")
        case .percentEncoding:
            return tokens(percentTexts, PercentCase.alphabet, "text")
        case .diagnostics:
            // A fault is five bytes (DiagnosticCase): each kind with plain parameters, and the
            // variants that matter most (every team ID, case variants of keys at each level).
            let kinds = DiagnosticCase.Fault.Kind.allCases.map { DiagnosticCase.Fault($0, []) }
            let teams = (0..<14).map { DiagnosticCase.Fault(.teamID, [0, UInt8($0), 0, 0]) }
            let hints = (0..<3).flatMap { level in [0x00, 0x12, 0x32, 0xF4].map { DiagnosticCase.Fault(.unknownKey, [UInt8(level), 0, 0, UInt8($0)]) } }
            return (kinds + teams + hints).map { Entry(label: "fault \($0.kind.rawValue) \($0.params)", bytes: $0.encoded) }
        case .parser:
            return jsonTexts.map { Entry(label: "json \($0)", bytes: Array($0.utf8)) }
        case .json:
            // Raw texts (the 0xFF marker, JSONTextCase): the grammar's tokens and its near misses.
            return jsonGrammarTexts.map { Entry(label: "json \($0.debugDescription)", bytes: Array($0.utf8)) }
        }
    }

    /// The token bytes `TextCoding` reads as `text` (without the length byte in front).
    static func tokens(_ texts: [String], _ alphabet: Alphabet, _ what: String, names: [String] = []) -> [Entry] {
        texts.compactMap { text in
            var writer = ByteWriter()
            guard (try? TextCoding.write(text, alphabet, names: names, to: &writer, what: what)) != nil else { return nil }
            return Entry(label: "\(what) \(text.debugDescription)", bytes: Array(writer.bytes.dropFirst()))
        }
    }

    /// The dictionary file: one `kw="..."` line per distinct entry, each after a comment saying what it is.
    static func text(for target: FuzzTarget) -> String {
        var out = "# libFuzzer dictionary for fuzz-\(target.rawValue), written by `fuzz-corpus-tool write-seeds`.\n"
        var seen = Set<[UInt8]>()
        var n = 0
        for entry in entries(for: target) where !entry.bytes.isEmpty && seen.insert(entry.bytes).inserted {
            n += 1
            out += "# \(entry.label.replacingOccurrences(of: "\n", with: " "))\nkw\(n)=\"\(escaped(entry.bytes))\"\n"
        }
        return out
    }

    static func escaped(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { byte in
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                return String(UnicodeScalar(byte))
            }
            return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
        }.joined()
    }
}
