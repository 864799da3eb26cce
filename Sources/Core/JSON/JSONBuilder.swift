// What `JSONByteParser` makes of the values it reads. The parser validates and calls these in
// document order; a builder only records. Two builders exist: the tree of `JSONParser.parse`
// (`JSONTreeBuilder`) and the flat `JSONTape`.

/// Receives a JSON text's values from `JSONByteParser`, in document order.
protocol JSONBuilder: ~Copyable {
    /// What a value becomes (the tree: a `JSONValue`).
    associatedtype Value
    /// What a string becomes, key or value (the tree: a `String`).
    associatedtype Text

    /// The key of a value that is no object member.
    static var noKey: Text { get }
    /// A validated string without escapes, `bytes[start..<end]` (the quote at `end` was read).
    mutating func plainString(_ bytes: [UInt8], from start: Int, to end: Int, isKey: Bool) -> Text
    /// A validated string with escapes, `decoded` its UTF-8 with them resolved.
    mutating func escapedString(_ decoded: [UInt8], isKey: Bool) -> Text
    /// A string value.
    mutating func string(_ text: consuming Text) -> Value
    /// A validated number, `bytes[start..<end]`.
    mutating func number(_ bytes: [UInt8], from start: Int, to end: Int) -> Value
    /// `true` or `false`.
    mutating func bool(_ flag: Bool) -> Value
    /// `null`.
    mutating func null() -> Value
    /// `{}` or `[]`.
    mutating func emptyContainer(isObject: Bool) -> Value
    /// A container with members opens; what it returns is given back to `closeArray`/`closeObject`.
    mutating func open(isObject: Bool) -> Int
    /// The next element of the innermost open array.
    mutating func append(element: consuming Value)
    /// The next member of the innermost open object.
    mutating func append(key: consuming Text, value: consuming Value)
    /// The innermost open container, an array, closes; `start` is what its `open` returned.
    mutating func closeArray(from start: Int) -> Value
    /// The innermost open container, an object, closes; `start` is what its `open` returned.
    mutating func closeObject(from start: Int) -> Value
}

/// Builds the `JSONValue` tree: finished children wait on two shared stacks until their container
/// closes (`JSONBuildStack`).
struct JSONTreeBuilder: JSONBuilder, ~Copyable {
    private var elements = JSONBuildStack<JSONValue>(initialCapacity: 16)
    private var members = JSONBuildStack<JSONMember>(initialCapacity: 16)

    static var noKey: String { "" }

    @inline(__always)
    mutating func plainString(_ bytes: [UInt8], from start: Int, to end: Int, isKey: Bool) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            // SAFETY: `start <= end < buffer.count`: the parser read the closing quote at `end` through a checked subscript.
            assert(start <= end && end < buffer.count)
            let content = UnsafeBufferPointer(rebasing: buffer[start..<end])
            // A member name AASA files repeat is its literal: nothing to decode or allocate.
            if isKey, let known = JSONKnownKeys.string(for: content) { return known }
            return String(decoding: content, as: UTF8.self)
        }
    }

    mutating func escapedString(_ decoded: [UInt8], isKey: Bool) -> String {
        String(decoding: decoded, as: UTF8.self)
    }

    @inline(__always)
    mutating func string(_ text: consuming String) -> JSONValue { .string(text) }

    mutating func number(_ bytes: [UInt8], from start: Int, to end: Int) -> JSONValue {
        .number(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    @inline(__always)
    mutating func bool(_ flag: Bool) -> JSONValue { .bool(flag) }

    @inline(__always)
    mutating func null() -> JSONValue { .null }

    @inline(__always)
    mutating func emptyContainer(isObject: Bool) -> JSONValue {
        isObject ? .object(JSONObject()) : .array([])
    }

    @inline(__always)
    mutating func open(isObject: Bool) -> Int {
        isObject ? members.count : elements.count
    }

    @inline(__always)
    mutating func append(element: consuming JSONValue) {
        elements.push(element)
    }

    @inline(__always)
    mutating func append(key: consuming String, value: consuming JSONValue) {
        members.push(JSONMember(key: key, value: value))
    }

    mutating func closeArray(from start: Int) -> JSONValue {
        .array(elements.popArray(from: start))
    }

    mutating func closeObject(from start: Int) -> JSONValue {
        .object(JSONObject(members.popArray(from: start)))
    }
}
