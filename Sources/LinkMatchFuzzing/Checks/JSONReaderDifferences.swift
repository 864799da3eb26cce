import LinkMatch

/// Where Core's JSON reader and Foundation's `JSONSerialization` (with `.fragmentsAllowed`) may
/// disagree, each with its reason: the one list the `json` check allows, and nothing else. Observed
/// with swift-corelibs-foundation, Swift 6.3 on Linux.
///
/// Agreements that look like differences and are not listed: both readers accept a leading UTF-8
/// BOM, both reject lone surrogate escapes (`\ud800`, `\udc00`), raw control characters in strings,
/// bytes that are not UTF-8, `\v` and `\f` as whitespace, leading zeros, `+1`, `.5`, `NaN`, comments,
/// and both allow 512 open containers and refuse the 513th. Duplicate keys are no difference either:
/// both accept them, Foundation keeps the last value (as `JSONObject`'s subscript reads it), and
/// keys that are canonically equivalent (`é`, `e` + U+0301) are one key of Foundation's
/// `[String: Any]`; the check compares objects through a Swift dictionary built the same way.
enum JSONReaderDifferences {
    /// A comma before `]` or `}`: Core refuses it (SPEC.md D1: strict JSON, as Apple's reader is),
    /// Foundation tolerates it. The check removes the comma Core names and compares again, so the
    /// rest of the text is still compared.
    static func isTrailingComma(_ error: JSONParseError, in text: [UInt8]) -> Bool {
        error.kind == .trailingComma && text.indices.contains(error.offset) && text[error.offset] == UInt8(ascii: ",")
    }

    /// A number beyond `Double`'s range (`1e999`): Core keeps a number's text as written (no
    /// rounding, `JSONValue.number`) and accepts every number of JSON's grammar; Foundation refuses
    /// one it cannot represent ("Number 1e999 is not representable in Swift").
    static func hasNumberBeyondDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let text): return !(Double(text)?.isFinite ?? false)
        case .array(let items): return items.contains(where: hasNumberBeyondDouble)
        case .object(let object): return object.members.contains { hasNumberBeyondDouble($0.value) }
        case .string, .bool, .null: return false
        }
    }

    /// U+FEFF written raw inside a string (or key): Foundation drops it where a run of unescaped
    /// text begins, after the opening quote or after an escape (found by fuzz-json: `"\u{FEFF}a"` and
    /// `"\\n\u{FEFF}a"` read as "a" and "\n" + "a"; it decodes each run with a BOM-skipping UTF-8
    /// decoder, as its `removingPercentEncoding` does, see PercentEncodingCheck). Core keeps it:
    /// inside a string it is text, not a byte order mark. Allowed: Foundation's string is Core's with
    /// some U+FEFF left out.
    static func isCoreStringWithoutSomeBOMs(_ foundation: String, _ core: String) -> Bool {
        let bom: Unicode.Scalar = "\u{FEFF}"
        return core.unicodeScalars.contains(bom) && foundation.unicodeScalars.count < core.unicodeScalars.count
            && foundation.unicodeScalars.filter { $0 != bom }.elementsEqual(core.unicodeScalars.filter { $0 != bom })
    }

    /// Whether a string holds U+FEFF (then Foundation may have dropped some, above).
    static func hasBOM(_ s: String) -> Bool { s.unicodeScalars.contains("\u{FEFF}") }

    /// `s` with every U+FEFF left out. Objects with such keys are compared by these forms: which
    /// U+FEFF Foundation drops depends on how the key was written (raw or escaped), which the value
    /// no longer says, and keys that differ only there can become one key in Foundation's object.
    static func bomless(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }

    /// An integer of 39 digits or more: Foundation reads an integer beyond 64 bits as an
    /// NSDecimalNumber, whose 128-bit mantissa keeps about 38 digits (found by fuzz-json: a 39-digit
    /// integer came back with its last digit changed). Core keeps the text. Compared as `Double`s,
    /// within a relative 1e-12 (NSDecimalNumber's own `doubleValue` is not correctly rounded).
    static func isBeyondDecimalMantissa(_ text: String) -> Bool {
        (DecimalText(text)?.digits.count ?? 0) > 38
    }

    /// A text Foundation reads as UTF-16 or UTF-32: it guesses the encoding from a BOM (`FF FE`,
    /// `FE FF`) or from zero bytes among the first four (`31 00 32 00` is "12" in UTF-16LE). An AASA
    /// file is UTF-8 (SPEC.md D1), and Core reads UTF-8 only, where a zero byte is never valid JSON.
    static func mayBeReadAsUTF16Or32(_ text: [UInt8]) -> Bool {
        text.starts(with: [0xFF, 0xFE]) || text.starts(with: [0xFE, 0xFF]) || text.prefix(4).contains(0)
    }
}
