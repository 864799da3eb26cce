// A strict RFC 8259 parser for untrusted AASA bytes. It never recurses on input (containers live on
// an explicit stack), checks the size limit before reading anything, and only indexes the byte array
// behind explicit bounds checks, so hostile input can cost at most linear time and memory and a
// typed error, never a crash.

/// Parses JSON text (UTF-8, optional leading BOM) into a `JSONValue`.
public struct JSONParser {
    /// The parser's resource limits (SPEC.md D1): the defaults are LinkMatch's, 8 MiB and 512 levels.
    public struct Limits: Sendable {
        /// Inputs longer than this are rejected before any parsing.
        public var maxBytes: Int = 8 << 20
        /// The most containers that may be open at once.
        public var maxDepth: Int = 512

        /// Limits with these values; the defaults are SPEC.md D1's.
        public init(maxBytes: Int = 8 << 20, maxDepth: Int = 512) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    /// Parses a complete document. Any JSON value is accepted at the top level; error offsets are
    /// byte offsets into `bytes` (a skipped BOM still counts).
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(
                kind: .tooLarge(size: bytes.count, limit: limits.maxBytes), offset: 0, line: 1, column: 1)
        }
        var parser = JSONByteParser(bytes: bytes, maxDepth: limits.maxDepth, builder: JSONTreeBuilder())
        return try parser.parseDocument()
    }
}

/// A parse failure: what went wrong and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The input is longer than `Limits.maxBytes` (offset 0; nothing was read).
        case tooLarge(size: Int, limit: Int)
        /// More than `Limits.maxDepth` arrays and objects are open at once.
        case tooDeep(limit: Int)
        /// The bytes are not UTF-8.
        case invalidUTF8
        /// No JSON value at all (only whitespace, or nothing).
        case empty
        /// The input ends inside a value.
        case unexpectedEnd
        /// The character in printable form: itself, or `U+XXXX` for invisible ones.
        case unexpectedCharacter(String)
        /// A `,` before `]` or `}` (strict JSON has none, D1).
        case trailingComma
        /// A `\` escape JSON does not define, or a bad `\u` escape.
        case invalidEscape
        /// A number that breaks JSON's number grammar.
        case invalidNumber
        /// A raw control character (below U+0020) inside a string.
        case controlCharacterInString
        /// A `\u` escape of a UTF-16 surrogate without its partner.
        case unpairedSurrogate
        /// Something other than whitespace after the top-level value.
        case trailingContent
    }

    /// What went wrong.
    public var kind: Kind
    /// Byte offset into the input.
    public var offset: Int
    /// 1-based line; LF, CR LF and a lone CR each end a line.
    public var line: Int
    /// 1-based column in bytes (a leading BOM is not counted, as editors do not show it).
    public var column: Int
    /// Context for `description` only ("expected ',' or ']'"); not part of equality, so tests and
    /// callers can compare errors by kind and position.
    var detail: String

    /// Makes an error with no extra detail (tests compare errors made this way with thrown ones).
    public init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.init(kind: kind, offset: offset, line: line, column: column, detail: "")
    }

    init(kind: Kind, offset: Int, line: Int, column: Int, detail: String) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.detail = detail
    }

    /// Equal when kind, offset, line and column are equal (the description's detail is not compared).
    public static func == (lhs: JSONParseError, rhs: JSONParseError) -> Bool {
        lhs.kind == rhs.kind && lhs.offset == rhs.offset && lhs.line == rhs.line && lhs.column == rhs.column
    }

    /// For example "line 3, column 14: trailing comma before '}'".
    public var description: String {
        "line \(line), column \(column): \(message)"
    }

    private var message: String {
        let base: String
        switch kind {
        case .tooLarge(let size, let limit):
            base = "document is \(size) bytes, over the limit of \(limit) bytes"
        case .tooDeep(let limit):
            base = "nesting is deeper than \(limit) levels"
        case .invalidUTF8:
            base = "invalid UTF-8"
        case .empty:
            base = "empty document: no JSON value"
        case .unexpectedEnd:
            base = "unexpected end of input"
        case .unexpectedCharacter(let character):
            base = "unexpected character " + (character.count == 1 ? jsonQuoted(character) : character)
        case .trailingComma:
            base = "trailing comma"
        case .invalidEscape:
            base = "invalid escape sequence in string"
        case .invalidNumber:
            base = "invalid number"
        case .controlCharacterInString:
            base = "unescaped control character in string"
        case .unpairedSurrogate:
            base = "unpaired UTF-16 surrogate in \\u escape"
        case .trailingContent:
            base = "unexpected content after the JSON value"
        }
        return detail.isEmpty ? base : base + " " + detail
    }
}

/// `'x'`, or `"'"` for the apostrophe itself so the quoting stays readable.
private func jsonQuoted(_ character: String) -> String {
    character == "'" ? "\"'\"" : "'" + character + "'"
}

// MARK: - Parser

enum JSONByte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }
}

/// The one tokenizer of JSON text: it decides what is valid and every error's kind, offset and
/// message, and hands what it reads to `Builder` (the tree of `JSONParser.parse`, or a `JSONTape`),
/// so the two forms cannot disagree on what they accept.
struct JSONByteParser<Builder: JSONBuilder & ~Copyable>: ~Copyable {
    let bytes: [UInt8]
    let count: Int
    let maxDepth: Int
    /// First byte after an optional BOM; columns on line 1 count from here.
    let start: Int
    var pos: Int
    /// Receives the values as they are read.
    var builder: Builder

    init(bytes: [UInt8], maxDepth: Int, builder: consuming Builder) {
        self.bytes = bytes
        self.count = bytes.count
        self.maxDepth = maxDepth
        self.builder = builder
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.start = hasBOM ? 3 : 0
        self.pos = start
    }

    /// An open container: where its children start on the build stacks, and the key of the member
    /// it is the value of (restored when it closes). `top` is the sentinel that receives the
    /// document's single value.
    private struct Frame {
        enum Kind { case top, array, object }
        var kind: Kind
        /// What the builder needs to close it (the tree: its first child on the build stacks).
        var start: Int
        /// The enclosing object's key whose value this container is (`Builder.noKey` elsewhere).
        var parentKey: Builder.Text
    }

    /// Reads the whole input; the builder's value of the top-level value.
    mutating func parseDocument() throws(JSONParseError) -> Builder.Value {
        skipWhitespace()
        guard pos < count else { throw error(.empty, at: pos) }

        // Open containers; `current` is the innermost one. Depth is the number of open containers.
        // Their finished children wait on `elements` and `members` until the container closes.
        var stack: [Frame] = []
        // AASA files nest a handful of levels: room for them up front, so the stack never grows.
        stack.reserveCapacity(8)
        var current = Frame(kind: .top, start: 0, parentKey: Builder.noKey)
        /// The key whose value is being parsed, when `current` is an object.
        var key = Builder.noKey
        var depth = 0

        nextValue: while true {
            // A value starts at `pos` (after whitespace).
            skipWhitespace()
            guard pos < count else { throw error(.unexpectedEnd, at: pos, "(expected a value)") }
            var value: Builder.Value
            let byte = bytes[pos]
            switch byte {
            case JSONByte.openBrace, JSONByte.openBracket:
                guard depth < maxDepth else { throw error(.tooDeep(limit: maxDepth), at: pos) }
                let isObject = byte == JSONByte.openBrace
                pos += 1
                skipWhitespace()
                if pos < count && bytes[pos] == (isObject ? JSONByte.closeBrace : JSONByte.closeBracket) {
                    pos += 1
                    value = builder.emptyContainer(isObject: isObject)
                } else {
                    depth += 1
                    stack.append(current)
                    current = Frame(kind: isObject ? .object : .array, start: builder.open(isObject: isObject), parentKey: key)
                    if isObject { key = try parseKeyAndColon() }
                    continue nextValue
                }
            case JSONByte.quote:
                value = builder.string(try parseString())
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                let numberStart = pos
                try parseNumber()
                value = builder.number(bytes, from: numberStart, to: pos)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = builder.bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = builder.bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = builder.null()
            default:
                throw unexpectedCharacter(at: pos, "(expected a value)")
            }

            // `value` is complete: add it to the innermost container, closing containers as
            // their closing brackets follow.
            while true {
                switch current.kind {
                case .top:
                    skipWhitespace()
                    guard pos < count else { return value }
                    if bytes[pos] >= 0x80, let invalid = invalidUTF8(at: pos) { throw invalid }
                    throw error(.trailingContent, at: pos)
                case .array:
                    builder.append(element: consume value)
                    skipWhitespace()
                    guard pos < count else { throw error(.unexpectedEnd, at: pos, "(expected ',' or ']')") }
                    switch bytes[pos] {
                    case JSONByte.comma:
                        let comma = pos
                        pos += 1
                        skipWhitespace()
                        if pos < count && bytes[pos] == JSONByte.closeBracket {
                            throw error(.trailingComma, at: comma, "before ']'")
                        }
                        continue nextValue
                    case JSONByte.closeBracket:
                        pos += 1
                        depth -= 1
                        value = builder.closeArray(from: current.start)
                        key = current.parentKey
                        current = stack.popLast() ?? Frame(kind: .top, start: 0, parentKey: Builder.noKey)
                    default:
                        throw unexpectedCharacter(at: pos, "(expected ',' or ']')")
                    }
                case .object:
                    builder.append(key: key, value: consume value)
                    skipWhitespace()
                    guard pos < count else { throw error(.unexpectedEnd, at: pos, "(expected ',' or '}')") }
                    switch bytes[pos] {
                    case JSONByte.comma:
                        let comma = pos
                        pos += 1
                        skipWhitespace()
                        if pos < count && bytes[pos] == JSONByte.closeBrace {
                            throw error(.trailingComma, at: comma, "before '}'")
                        }
                        key = try parseKeyAndColon()
                        continue nextValue
                    case JSONByte.closeBrace:
                        pos += 1
                        depth -= 1
                        value = builder.closeObject(from: current.start)
                        key = current.parentKey
                        current = stack.popLast() ?? Frame(kind: .top, start: 0, parentKey: Builder.noKey)
                    default:
                        throw unexpectedCharacter(at: pos, "(expected ',' or '}')")
                    }
                }
            }
        }
    }

    /// JSON whitespace is exactly space, tab, LF and CR.
    @inline(__always)
    private mutating func skipWhitespace() {
        // Compact JSON has none: one test on the common path.
        guard pos < count, bytes[pos] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        // Pretty-printed files indent every line: a run is a newline and many spaces, read here
        // through the buffer (one test per byte, no bounds check per subscript).
        let from = pos
        pos = bytes.withUnsafeBufferPointer { buffer in
            var index = from
            while index < buffer.count {
                // SAFETY: `index < buffer.count`, checked by the loop condition.
                assert(index >= 0 && index < buffer.count)
                switch buffer[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return index
                }
            }
            return index
        }
    }

    /// Reads `"key"` and the `:` after it; `pos` is at the key (after whitespace).
    private mutating func parseKeyAndColon() throws(JSONParseError) -> Builder.Text {
        skipWhitespace()
        guard pos < count else { throw error(.unexpectedEnd, at: pos, "(expected a string key)") }
        guard bytes[pos] == JSONByte.quote else { throw unexpectedCharacter(at: pos, "(expected a string key)") }
        let key = try parseString(isKey: true)
        skipWhitespace()
        guard pos < count else { throw error(.unexpectedEnd, at: pos, "(expected ':' after the key)") }
        guard bytes[pos] == JSONByte.colon else { throw unexpectedCharacter(at: pos, "(expected ':' after the key)") }
        pos += 1
        return key
    }

    /// Reads `word` (`true`, `false` or `null`) at `pos`; the first byte has been matched already.
    private mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        if pos + length <= count {
            var index = 1
            while index < length {
                // SAFETY: `index < length`, the length of `word`'s UTF-8 (a StaticString's start pointer is valid for that many bytes).
                assert(index < length)
                guard bytes[pos + index] == word.utf8Start[index] else { break }
                index += 1
            }
            if index == length {
                pos += length
                return
            }
        }
        // The slow path, which says where and why.
        var index = 0
        while index < length {
            // SAFETY: `index < length`, the length of `word`'s UTF-8.
            assert(index < length)
            let expected = word.utf8Start[index]
            guard pos + index < count else { throw error(.unexpectedEnd, at: pos + index, "(expected '\(word)')") }
            guard bytes[pos + index] == expected else {
                throw unexpectedCharacter(at: pos + index, "(expected '\(word)')")
            }
            index += 1
        }
        pos += index
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; `pos` ends after it.
    private mutating func parseNumber() throws(JSONParseError) {
        if bytes[pos] == JSONByte.minus { pos += 1 }
        guard pos < count else { throw error(.unexpectedEnd, at: pos, "(expected a digit)") }
        if bytes[pos] == JSONByte.zero {
            if pos + 1 < count && JSONByte.isDigit(bytes[pos + 1]) {
                throw error(.invalidNumber, at: pos, "(leading zeros are not allowed)")
            }
            pos += 1
        } else {
            try digits(after: "'-'")
        }
        if pos < count && bytes[pos] == JSONByte.dot {
            pos += 1
            try digits(after: "the decimal point")
        }
        if pos < count && (bytes[pos] | 0x20) == UInt8(ascii: "e") {
            pos += 1
            if pos < count && (bytes[pos] == JSONByte.plus || bytes[pos] == JSONByte.minus) { pos += 1 }
            try digits(after: "the exponent marker")
        }
    }

    /// One or more digits, required at `pos`.
    private mutating func digits(after what: String) throws(JSONParseError) {
        guard pos < count else { throw error(.unexpectedEnd, at: pos, "(expected a digit after \(what))") }
        guard JSONByte.isDigit(bytes[pos]) else { throw error(.invalidNumber, at: pos, "(expected a digit after \(what))") }
        while pos < count && JSONByte.isDigit(bytes[pos]) { pos += 1 }
    }

    /// Parses a string; `pos` is at the opening quote. Strings without escapes (nearly all of
    /// them) are validated in place and handed to the builder as the bytes in place; `isKey` says
    /// it is a member name.
    private mutating func parseString(isKey: Bool = false) throws(JSONParseError) -> Builder.Text {
        pos += 1
        let contentStart = pos
        while true {
            pos = Self.endOfPlainASCII(bytes, from: pos)
            guard pos < count else { break }
            let byte = bytes[pos]
            if byte == JSONByte.quote {
                // `bytes` is passed, not captured with the builder by a closure: capturing both
                // made a copy of the array (a retain and a release) per string.
                let text = builder.plainString(bytes, from: contentStart, to: pos, isKey: isKey)
                pos += 1
                return text
            } else if byte == JSONByte.backslash {
                return try parseEscapedString(contentStart: contentStart, isKey: isKey)
            } else if byte < 0x20 {
                throw controlCharacter(at: pos)
            } else {
                pos = try endOfUTF8Sequence(at: pos)
            }
        }
        throw error(.unexpectedEnd, at: pos, "(unterminated string)")
    }

    /// The index of the first byte at or after `start` that a string's fast path must look at: a
    /// quote, a backslash, a control character, a non-ASCII byte, or the end. The run before it is
    /// printable ASCII and is the string's text as it is.
    private static func endOfPlainASCII(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            let end = buffer.count
            // Eight bytes at a time while none of them needs a look (the usual "has a byte below n"
            // word tests: exact, no false positives or negatives).
            if let base = UnsafeRawPointer(buffer.baseAddress) {
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                while index + 8 <= end {
                    // SAFETY: `index + 8 <= end == buffer.count`, so the eight bytes loaded lie inside the buffer.
                    assert(index >= 0 && index + 8 <= buffer.count)
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    let quotes = word ^ (ones &* UInt64(JSONByte.quote))
                    let backslashes = word ^ (ones &* UInt64(JSONByte.backslash))
                    let special = (word | ((word &- ones &* 0x20) & ~word) | ((quotes &- ones) & ~quotes)
                        | ((backslashes &- ones) & ~backslashes)) & highs
                    if special != 0 { break }
                    index += 8
                }
            }
            while index < end {
                // SAFETY: `index < end == buffer.count`, checked by the loop condition.
                assert(index < buffer.count)
                let byte = buffer[index]
                if byte == JSONByte.quote || byte == JSONByte.backslash || byte < 0x20 || byte >= 0x80 { return index }
                index += 1
            }
            return end
        }
    }

    /// The slow path: copies validated runs and decoded escapes into a buffer. `pos` is at the
    /// first backslash.
    private mutating func parseEscapedString(contentStart: Int, isKey: Bool) throws(JSONParseError) -> Builder.Text {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(pos - contentStart + 16)
        buffer.append(contentsOf: bytes[contentStart..<pos])
        while pos < count {
            let byte = bytes[pos]
            if byte == JSONByte.quote {
                pos += 1
                return builder.escapedString(buffer, isKey: isKey)
            } else if byte == JSONByte.backslash {
                try appendEscape(to: &buffer)
            } else if byte < 0x20 {
                throw controlCharacter(at: pos)
            } else if byte < 0x80 {
                buffer.append(byte)
                pos += 1
            } else {
                let end = try endOfUTF8Sequence(at: pos)
                buffer.append(contentsOf: bytes[pos..<end])
                pos = end
            }
        }
        throw error(.unexpectedEnd, at: pos, "(unterminated string)")
    }

    /// Decodes one escape at `pos` (a backslash) and appends its UTF-8.
    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = pos
        guard pos + 1 < count else { throw error(.unexpectedEnd, at: count, "(unterminated string)") }
        let letter = bytes[pos + 1]
        let simple: UInt8?
        switch letter {
        case JSONByte.quote, JSONByte.backslash, UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            if letter >= 0x80, let invalid = invalidUTF8(at: pos + 1) { throw invalid }
            throw error(.invalidEscape, at: escapeStart, "'\\\(printable(at: pos + 1))'")
        }
        if let simple {
            buffer.append(simple)
            pos += 2
            return
        }

        let first = try hex4(at: pos + 2, escapeStart: escapeStart)
        pos += 6
        var scalarValue = first
        if (0xDC00...0xDFFF).contains(first) {
            throw error(.unpairedSurrogate, at: escapeStart, "(\\u\(jsonHex(first)) has no high surrogate before it)")
        } else if (0xD800...0xDBFF).contains(first) {
            // A high surrogate must be followed at once by a `\u` low surrogate. (The error is built
            // only when thrown: computing its line and column scans the input.)
            func unpaired() -> JSONParseError {
                error(.unpairedSurrogate, at: escapeStart, "(\\u\(jsonHex(first)) is not followed by a low surrogate)")
            }
            guard pos < count else { throw error(.unexpectedEnd, at: pos, "(unterminated string)") }
            guard bytes[pos] == JSONByte.backslash else { throw unpaired() }
            guard pos + 1 < count else { throw error(.unexpectedEnd, at: pos + 1, "(unterminated string)") }
            guard bytes[pos + 1] == UInt8(ascii: "u") else { throw unpaired() }
            let second = try hex4(at: pos + 2, escapeStart: pos)
            guard (0xDC00...0xDFFF).contains(second) else { throw unpaired() }
            pos += 6
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        appendUTF8(scalarValue, to: &buffer)
    }

    /// The four hex digits of a `\u` escape.
    private func hex4(at index: Int, escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for offset in index..<index + 4 {
            guard offset < count else { throw error(.unexpectedEnd, at: count, "(unterminated string)") }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case JSONByte.zero...JSONByte.nine: digit = byte - JSONByte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(.invalidEscape, at: escapeStart, "(\\u needs four hex digits)")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | value >> 6))
            buffer.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | value >> 12))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | value >> 18 & 0x07))
            buffer.append(UInt8(0x80 | value >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        }
    }

    // MARK: UTF-8

    /// Validates the multi-byte sequence whose lead byte is at `index` (Unicode table 3-7: no
    /// overlongs, no surrogates, nothing above U+10FFFF) and returns the index after it.
    private func endOfUTF8Sequence(at index: Int) throws(JSONParseError) -> Int {
        let lead = bytes[index]
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        let continuationCount: Int
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; high = 0x9F
        case 0xF0: continuationCount = 3; low = 0x90
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; high = 0x8F
        default: throw utf8Error(at: index)
        }
        guard index + continuationCount < count else { throw utf8Error(at: index) }
        for next in index + 1...index + continuationCount {
            let byte = bytes[next]
            guard byte >= low && byte <= high else { throw utf8Error(at: index) }
            low = 0x80
            high = 0xBF
        }
        return index + continuationCount + 1
    }

    private func invalidUTF8(at index: Int) -> JSONParseError? {
        do {
            _ = try endOfUTF8Sequence(at: index)
            return nil
        } catch {
            return error
        }
    }

    private func utf8Error(at index: Int) -> JSONParseError {
        let shown = bytes[index..<min(index + 4, count)].map { "0x" + jsonHex($0, width: 2) }.joined(separator: " ")
        return error(.invalidUTF8, at: index, "(bytes \(shown))")
    }

    /// The character at `index` in printable form: itself when visible, else `U+XXXX`. The caller
    /// has ruled out invalid UTF-8 there.
    private func printable(at index: Int) -> String {
        let end = bytes[index] < 0x80 ? index + 1 : ((try? endOfUTF8Sequence(at: index)) ?? index + 1)
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "" }
        if scalar.value >= 0x21 && scalar.value <= 0x7E { return text }
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .unassigned, .spaceSeparator, .lineSeparator,
            .paragraphSeparator, .nonspacingMark, .spacingMark, .enclosingMark:
            return "U+" + jsonHex(scalar.value)
        default:
            return scalar.value < 0x80 ? "U+" + jsonHex(scalar.value) : text
        }
    }

    // MARK: Errors

    private func unexpectedCharacter(at index: Int, _ detail: String) -> JSONParseError {
        // Outside strings a non-ASCII byte is always wrong; report bad UTF-8 as such.
        if bytes[index] >= 0x80, let invalid = invalidUTF8(at: index) { return invalid }
        return error(.unexpectedCharacter(printable(at: index)), at: index, detail)
    }

    private func controlCharacter(at index: Int) -> JSONParseError {
        error(.controlCharacterInString, at: index, "(U+\(jsonHex(UInt32(bytes[index]))); write it as an escape)")
    }

    /// Builds an error, computing line and column only now (errors are rare, offsets are not).
    private func error(_ kind: JSONParseError.Kind, at offset: Int, _ detail: String = "") -> JSONParseError {
        var line = 1
        var lineStart = start
        var index = start
        let end = min(offset, count)
        while index < end {
            let byte = bytes[index]
            if byte == JSONByte.lf || (byte == JSONByte.cr && (index + 1 >= count || bytes[index + 1] != JSONByte.lf)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let column = offset >= lineStart ? offset - lineStart + 1 : 1
        return JSONParseError(kind: kind, offset: offset, line: line, column: column, detail: detail)
    }
}

private func jsonHex<T: BinaryInteger>(_ value: T, width: Int = 4) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
