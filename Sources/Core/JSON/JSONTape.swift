// A parsed JSON text in flat form: the input bytes and one fixed-size entry per value, in document
// order (an object's key entries before their values). Reading a document through it costs an
// array of entries instead of a heap object per container and a String per key and value; a
// string is made only when someone reads it, and the `JSONValue` tree only when asked for.
// The tape comes from the same tokenizer as the tree (`JSONByteParser`), so both accept the same
// texts and throw the same errors.

/// A parsed JSON text in flat form, read through `root` (views) or `tree` (a `JSONValue`).
public final class JSONTape: Sendable {
    /// The JSON text (after unwrapping, with any BOM).
    public let bytes: [UInt8]
    /// One entry per value and per member name, in document order; `entries[0]` is the top-level value.
    @usableFromInline let entries: [JSONTapeEntry]
    /// The decoded text of every string written with escapes, in document order.
    @usableFromInline let escapedStrings: [String]

    private init(bytes: [UInt8], entries: [JSONTapeEntry], escapedStrings: [String]) {
        self.bytes = bytes
        self.entries = entries
        self.escapedStrings = escapedStrings
    }

    /// Parses a complete document, exactly as `JSONParser.parse` does (same limits, same errors).
    /// Inputs of 4 GiB or more are refused as too large even under larger `limits.maxBytes`
    /// (the tape's entries hold 32-bit offsets).
    public static func parse(_ bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits()) throws(JSONParseError) -> JSONTape {
        let maxBytes = min(limits.maxBytes, Int(UInt32.max))
        guard bytes.count <= maxBytes else {
            throw JSONParseError(kind: .tooLarge(size: bytes.count, limit: maxBytes), offset: 0, line: 1, column: 1)
        }
        var builder = JSONTapeBuilder()
        // Compact AASA text has a value or key every five to ten bytes: room for them up front,
        // so the entries are not copied as they grow.
        builder.entries.reserveCapacity(bytes.count / 4 + 16)
        var parser = JSONByteParser(bytes: bytes, maxDepth: limits.maxDepth, builder: builder)
        try parser.parseDocument()
        return JSONTape(bytes: bytes, entries: parser.builder.entries, escapedStrings: parser.builder.escapedStrings)
    }

    /// The top-level value.
    public var root: JSONTapeValue { JSONTapeValue(tape: self, index: 0) }

    /// The whole text as a `JSONValue`, equal to `JSONParser.parse`'s.
    public var tree: JSONValue { tree(at: 0) }

    /// The index of the entry after the value at `index` and everything inside it.
    @inlinable
    func end(of index: Int) -> Int {
        let entry = entries[index]
        return entry.kind.isContainer ? Int(entry.b) : index + 1
    }

    /// `body` on the UTF-8 of the string at `index` (in place).
    @inlinable
    package func withUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let entry = entries[index]
        assert(entry.kind == .string || entry.kind == .escapedString)
        if entry.kind == .escapedString {
            var text = escapedStrings[Int(entry.a)]
            return text.withUTF8(body)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            // SAFETY: a plain string's `a..<b` is the range the parser validated inside `bytes`.
            assert(entry.a <= entry.b && Int(entry.b) <= buffer.count)
            return body(UnsafeBufferPointer(rebasing: buffer[Int(entry.a)..<Int(entry.b)]))
        }
    }

    /// The string at `index` (a key or a value), made now; a key AASA files repeat is its literal.
    @usableFromInline
    func string(at index: Int, isKey: Bool = false) -> String {
        let entry = entries[index]
        if entry.kind == .escapedString { return escapedStrings[Int(entry.a)] }
        return withUTF8(at: index) { content in
            if isKey, let known = JSONKnownKeys.string(for: content) { return known }
            return String(decoding: content, as: UTF8.self)
        }
    }

    /// The value at `index` as a `JSONValue`: the tape replayed into the tree's builder (no recursion).
    func tree(at index: Int) -> JSONValue {
        /// An open container: what the builder gave at its opening, its kind, where it ends, and
        /// the key it is the value of.
        struct Open {
            var start: Int
            var isObject: Bool
            var end: Int
            var parentKey: String
        }
        var builder = JSONTreeBuilder()
        var stack: [Open] = []
        var key = ""
        var i = index
        nextValue: while true {
            let entry = entries[i]
            var value: JSONValue
            switch entry.kind {
            case .object, .array:
                let isObject = entry.kind == .object
                if entry.a == 0 {
                    value = builder.emptyContainer(isObject: isObject)
                    i += 1
                } else {
                    stack.append(Open(start: builder.open(isObject: isObject), isObject: isObject, end: Int(entry.b), parentKey: key))
                    i += 1
                    if isObject {
                        key = string(at: i, isKey: true)
                        i += 1
                    }
                    continue nextValue
                }
            case .string, .escapedString:
                value = .string(string(at: i))
                i += 1
            case .number:
                value = builder.number(bytes, from: Int(entry.a), to: Int(entry.b))
                i += 1
            case .true: value = .bool(true); i += 1
            case .false: value = .bool(false); i += 1
            case .null: value = .null; i += 1
            }
            while let open = stack.last {
                if open.isObject { builder.append(key: key, value: value) } else { builder.append(element: value) }
                if i < open.end {
                    if open.isObject {
                        key = string(at: i, isKey: true)
                        i += 1
                    }
                    continue nextValue
                }
                stack.removeLast()
                value = open.isObject ? builder.closeObject(from: open.start) : builder.closeArray(from: open.start)
                key = open.parentKey
            }
            return value
        }
    }
}

/// One value or member name on a tape (package: the readers' generic walks name it; its fields stay internal).
@usableFromInline
package struct JSONTapeEntry: Sendable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case object, array, string, escapedString, number, `true`, `false`, null

        @inlinable
        var isContainer: Bool { self == .object || self == .array }
    }

    @usableFromInline var kind: Kind
    /// A container: its member or element count. A string or number: where its text starts in
    /// the bytes (after the quote). An escaped string: its index in `escapedStrings`.
    @usableFromInline var a: UInt32
    /// A container: the index of the entry after its last descendant (while it is open, the
    /// index of the container around it plus one). A string or number: where its text ends.
    @usableFromInline var b: UInt32
}

/// Writes the tape as the parser reads (`JSONBuilder`): every value and key is appended when read,
/// a container's entry when it opens, completed when it closes.
struct JSONTapeBuilder: JSONBuilder {
    var entries: [JSONTapeEntry] = []
    var escapedStrings: [String] = []
    /// The innermost open container's entry, or -1.
    private var current = -1

    static var noKey: Void { () }

    @inline(__always)
    private mutating func append(_ kind: JSONTapeEntry.Kind, _ a: Int, _ b: Int) {
        entries.append(JSONTapeEntry(kind: kind, a: UInt32(truncatingIfNeeded: a), b: UInt32(truncatingIfNeeded: b)))
    }

    mutating func plainString(_ bytes: [UInt8], from start: Int, to end: Int, isKey: Bool) {
        append(.string, start, end)
    }

    mutating func escapedString(_ decoded: [UInt8], isKey: Bool) {
        escapedStrings.append(String(decoding: decoded, as: UTF8.self))
        append(.escapedString, escapedStrings.count - 1, 0)
    }

    @inline(__always)
    mutating func string(_ text: consuming Void) {}

    mutating func number(_ bytes: [UInt8], from start: Int, to end: Int) {
        append(.number, start, end)
    }

    mutating func bool(_ flag: Bool) {
        append(flag ? .true : .false, 0, 0)
    }

    mutating func null() {
        append(.null, 0, 0)
    }

    mutating func emptyContainer(isObject: Bool) {
        append(isObject ? .object : .array, 0, entries.count + 1)
    }

    mutating func open(isObject: Bool) -> Int {
        let index = entries.count
        append(isObject ? .object : .array, 0, current + 1)
        current = index
        return index
    }

    @inline(__always)
    mutating func append(element: consuming Void) {
        entries[current].a += 1
    }

    @inline(__always)
    mutating func append(key: consuming Void, value: consuming Void) {
        entries[current].a += 1
    }

    mutating func closeArray(from start: Int) {
        close(start)
    }

    mutating func closeObject(from start: Int) {
        close(start)
    }

    private mutating func close(_ start: Int) {
        assert(start == current)
        current = Int(entries[start].b) - 1
        entries[start].b = UInt32(truncatingIfNeeded: entries.count)
    }
}
