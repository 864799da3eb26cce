// The JSON document model. It keeps what `JSONSerialization` throws away and the matcher needs:
// member order (entries and rules are evaluated in document order), duplicate keys (reported as a
// lint, last one wins) and the exact text of numbers (no Double rounding).

/// A parsed JSON value.
public enum JSONValue: Sendable, Equatable {
    /// An object, members in document order with duplicate keys kept.
    case object(JSONObject)
    /// An array.
    case array([JSONValue])
    /// A string, escapes resolved.
    case string(String)
    /// The number's text exactly as written, validated by the JSON grammar.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The JSON type name, for error messages: "object", "array", "string", "number", "boolean", "null".
    public var typeName: String {
        switch self {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        }
    }

    /// Deterministic serialization: member order kept, strings escaped per RFC 8259 (`"`, `\`,
    /// control characters; `/` is not escaped; non-ASCII is written as UTF-8), numbers written as
    /// their text. `pretty` uses a 2-space indent and `"key": value`; empty containers stay `{}`/`[]`.
    /// `JSONParser.parse(serialized())` gives back an equal value, provided every `.number` holds
    /// valid JSON number text (always true for parsed values).
    public func serialized(pretty: Bool = false) -> String {
        var writer = JSONTextWriter(pretty: pretty)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable, Equatable {
    /// The key, escapes resolved.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// A member with this key and value.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object as written: members in document order, duplicate keys kept.
///
/// Keys are compared by their Unicode scalars (code point for code point, as RFC 8259 section 8.3
/// suggests), not by Swift's canonical equivalence, so "é" and "e\u{301}" are different keys.
public struct JSONObject: Sendable, Equatable {
    /// Every member in document order, duplicates included.
    public var members: [JSONMember]

    /// An object with these members (none by default).
    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The value of the LAST member with this key (duplicate keys: last wins, like JSONSerialization).
    public subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key.isExactly(key) {
            return member.value
        }
        return nil
    }

    /// Distinct keys in first-appearance order.
    public var keys: [String] {
        if !hasDuplicateKeys { return members.map(\.key) }
        var seen = Set<JSONScalarKey>()
        var result: [String] = []
        for member in members where seen.insert(JSONScalarKey(member.key)).inserted {
            result.append(member.key)
        }
        return result
    }

    /// Keys that appear more than once, in first-appearance order.
    public var duplicateKeys: [String] {
        if !hasDuplicateKeys { return [] }
        var counts: [JSONScalarKey: Int] = [:]
        for member in members {
            counts[JSONScalarKey(member.key), default: 0] += 1
        }
        return keys.filter { (counts[JSONScalarKey($0)] ?? 0) > 1 }
    }
}

extension JSONObject {
    /// Whether some key appears twice. Objects in AASA files have a handful of members and no
    /// repeated key: compared pair by pair (lengths first), that costs nothing to allocate or hash,
    /// where `keys` and `duplicateKeys` would build a set and a dictionary per object.
    private var hasDuplicateKeys: Bool {
        let n = members.count
        guard n > 1 else { return false }
        guard n <= 16 else { return true } // larger objects take the hashing path, which decides exactly
        for i in 1..<n {
            let key = members[i].key
            let length = key.utf8.count // O(1) for native strings: most pairs differ in length
            for j in 0..<i where members[j].key.utf8.count == length && key.isExactly(members[j].key) { return true }
        }
        return false
    }
}

/// A String wrapper hashed and compared by scalars, so "é" and "e\u{301}" stay distinct keys.
private struct JSONScalarKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: JSONScalarKey, rhs: JSONScalarKey) -> Bool {
        lhs.string.isExactly(rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        for byte in string.utf8 {
            hasher.combine(byte)
        }
        hasher.combine(0xFF as UInt8)  // 0xFF never occurs in UTF-8: marks the end of the key
    }
}

/// Writes a value as UTF-8 bytes. Iterative (explicit stack) so a deeply nested value built in code
/// cannot overflow the call stack.
private struct JSONTextWriter {
    let pretty: Bool
    var output: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    /// A container being written and the index of its next child.
    private enum Frame {
        case array([JSONValue], next: Int)
        case object([JSONMember], next: Int)
    }

    mutating func write(_ root: JSONValue) {
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .array(let elements):
                    if elements.isEmpty {
                        append("[]")
                    } else {
                        output.append(UInt8(ascii: "["))
                        stack.append(.array(elements, next: 0))
                    }
                case .object(let object):
                    if object.members.isEmpty {
                        append("{}")
                    } else {
                        output.append(UInt8(ascii: "{"))
                        stack.append(.object(object.members, next: 0))
                    }
                case .string(let string):
                    writeString(string)
                case .number(let text):
                    append(text)
                case .bool(let flag):
                    append(flag ? "true" : "false")
                case .null:
                    append("null")
                }
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(let elements, let next):
                if next < elements.count {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth: stack.count + 1)
                    pending = elements[next]
                    stack.append(.array(elements, next: next + 1))
                } else {
                    newline(depth: stack.count)
                    output.append(UInt8(ascii: "]"))
                }
            case .object(let members, let next):
                if next < members.count {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth: stack.count + 1)
                    let member = members[next]
                    writeString(member.key)
                    append(pretty ? ": " : ":")
                    pending = member.value
                    stack.append(.object(members, next: next + 1))
                } else {
                    newline(depth: stack.count)
                    output.append(UInt8(ascii: "}"))
                }
            }
        }
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// RFC 8259 minimal escaping; everything else (DEL, U+2028, emoji) is copied as UTF-8.
    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x09: append("\\t")
            case 0x0A: append("\\n")
            case 0x0C: append("\\f")
            case 0x0D: append("\\r")
            case 0x00..<0x20:
                append("\\u00")
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
