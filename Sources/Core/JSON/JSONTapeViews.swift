// Read-only views of the values on a `JSONTape`, with the accessors readers of the tree use
// (`object["key"]`, members in order, `switch` on the kind), so a reader can walk either form the
// same way. A view is the tape and an entry index; nothing is made until a string is read.

/// A value on a tape.
public struct JSONTapeValue: Sendable {
    /// The tape it is on.
    public let tape: JSONTape
    /// Its entry on the tape.
    @usableFromInline package let index: Int

    /// The value whose entry is `index` on `tape`.
    @inlinable
    package init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// The value by kind, as `JSONValue`'s cases; a string's text is made here.
    public enum Shape {
        /// An object.
        case object(JSONTapeObject)
        /// An array.
        case array(JSONTapeArray)
        /// A string, escapes resolved.
        case string(String)
        /// A number (its text: `tree`).
        case number
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// The value by kind.
    @inlinable
    public var shape: Shape {
        switch tape.entries[index].kind {
        case .object: return .object(JSONTapeObject(tape: tape, index: index))
        case .array: return .array(JSONTapeArray(tape: tape, index: index))
        case .string, .escapedString: return .string(tape.string(at: index))
        case .number: return .number
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }

    /// The object, when the value is one.
    @inlinable
    public var object: JSONTapeObject? {
        tape.entries[index].kind == .object ? JSONTapeObject(tape: tape, index: index) : nil
    }

    /// The JSON type name, as `JSONValue.typeName`.
    public var typeName: String {
        switch tape.entries[index].kind {
        case .object: return "object"
        case .array: return "array"
        case .string, .escapedString: return "string"
        case .number: return "number"
        case .true, .false: return "boolean"
        case .null: return "null"
        }
    }

    /// The value as a `JSONValue` (made now).
    public var tree: JSONValue { tape.tree(at: index) }
}

/// A string on a tape that is not made into a `String` until `string` is read (a member name).
public struct JSONTapeString: Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// The text (escapes resolved), made now; a known AASA key is its literal.
    public var string: String { tape.string(at: index, isKey: true) }

    /// `body` on the text's UTF-8, in place.
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        tape.withUTF8(at: index, body)
    }

    /// Whether the text is exactly `other` (equal UTF-8, so equal scalars).
    public func isExactly(_ other: String) -> Bool {
        var other = other
        return other.withUTF8 { theirs in
            withUTF8 { ours in ours.count == theirs.count && ours.elementsEqual(theirs) }
        }
    }
}

/// An object on a tape: members in document order, duplicate keys kept.
public struct JSONTapeObject: Sendable, Sequence {
    /// The tape it is on.
    public let tape: JSONTape
    /// Its entry on the tape.
    @usableFromInline package let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// Its members as entry indices on `tape` (key, value), in document order: a walk that makes
    /// no view per member, so it neither retains nor releases the tape per member (the caller
    /// holds the object, and so the tape, for the walk).
    @inlinable
    package var memberIndices: MemberIndices { MemberIndices(entries: tape.entries, position: index + 1, end: tape.end(of: index)) }

    /// The members' entry indices (see `memberIndices`).
    @usableFromInline
    package typealias MemberIndices = JSONTapeMembers<[JSONTapeEntry]>

    /// The number of members, duplicates included.
    @inlinable
    public var count: Int { Int(tape.entries[index].a) }

    /// Whether it has no member.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Its members in document order.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(tape: tape, position: index + 1, end: tape.end(of: index))
    }

    /// Steps over the members: a key entry, then its value and everything inside it.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let tape: JSONTape
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable
        init(tape: JSONTape, position: Int, end: Int) {
            self.tape = tape
            self.position = position
            self.end = end
        }

        /// The next member, or nil after the last.
        @inlinable
        public mutating func next() -> (key: JSONTapeString, value: JSONTapeValue)? {
            guard position < end else { return nil }
            let key = JSONTapeString(tape: tape, index: position)
            let value = JSONTapeValue(tape: tape, index: position + 1)
            position = tape.end(of: position + 1)
            return (key, value)
        }
    }

    /// The value of the LAST member with this key (as `JSONObject`'s subscript).
    public subscript(key: String) -> JSONTapeValue? {
        var found: JSONTapeValue?
        for member in self where member.key.isExactly(key) { found = member.value }
        return found
    }

    /// Distinct keys in first-appearance order (as `JSONObject.keys`).
    public var keys: [String] {
        keysOnly.keys
    }

    /// Keys that appear more than once, in first-appearance order (as `JSONObject.duplicateKeys`).
    public var duplicateKeys: [String] {
        hasNoDuplicateKey ? [] : keysOnly.duplicateKeys
    }

    /// True when no key comes twice, decided on the bytes for a handful of members (no string made);
    /// false means "maybe" (`keysOnly` then decides).
    private var hasNoDuplicateKey: Bool {
        let n = count
        guard n > 1 else { return true }
        guard n <= 16 else { return false }
        var outer = makeIterator()
        var seen = 0
        while let key = outer.next()?.key {
            var inner = makeIterator()
            for _ in 0..<seen {
                guard let earlier = inner.next()?.key else { break }
                let equal = key.withUTF8 { ours in
                    earlier.withUTF8 { theirs in ours.count == theirs.count && ours.elementsEqual(theirs) }
                }
                if equal { return false }
            }
            seen += 1
        }
        return true
    }

    /// The object's keys with null values: `JSONObject` decides `keys` and `duplicateKeys`, so the
    /// two forms cannot differ on them.
    private var keysOnly: JSONObject {
        JSONObject(map { JSONMember(key: $0.key.string, value: .null) })
    }
}

/// An array on a tape.
public struct JSONTapeArray: Sendable, Sequence {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// The number of elements.
    @inlinable
    public var count: Int { Int(tape.entries[index].a) }

    /// Whether it has no element.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Its elements in order.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(tape: tape, position: index + 1, end: tape.end(of: index))
    }

    /// Steps over the elements.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let tape: JSONTape
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable
        init(tape: JSONTape, position: Int, end: Int) {
            self.tape = tape
            self.position = position
            self.end = end
        }

        /// The next element, or nil after the last.
        @inlinable
        public mutating func next() -> JSONTapeValue? {
            guard position < end else { return nil }
            let value = JSONTapeValue(tape: tape, index: position)
            position = tape.end(of: position)
            return value
        }
    }
}
