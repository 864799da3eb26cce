#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Reading a tape by entry number, for a reader that walks a whole document once and makes no view,
// retain or string per value (the compile straight from the tape, CompiledDocument(parsing:)).
// The views (JSONTapeViews.swift) read the same entries; these skip making the views.

/// What a value on a tape is, without its content.
@usableFromInline
package enum JSONTapeKind: Sendable, Equatable {
    case object, array, string, number, bool(Bool), null
}

/// A tape's entries and text lent as buffers for one walk (`JSONTape.withBuffers`): the reads of
/// `JSONTape` by entry number, without a retain of the tape or an array bounds check per read.
/// Every entry number a reader uses comes from the tape's own structure (0, or a member or element
/// found here), so it is inside the entries.
@usableFromInline
package struct JSONTapeBuffers {
    @usableFromInline let entries: UnsafeBufferPointer<JSONTapeEntry>
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    /// The text of every string written with escapes, decoded.
    @usableFromInline package let escapedStrings: UnsafeBufferPointer<String>

    @inlinable
    init(entries: UnsafeBufferPointer<JSONTapeEntry>, bytes: UnsafeBufferPointer<UInt8>, escapedStrings: UnsafeBufferPointer<String>) {
        self.entries = entries
        self.bytes = bytes
        self.escapedStrings = escapedStrings
    }

    /// The JSON text the tape was read from.
    @inlinable
    package var text: UnsafeBufferPointer<UInt8> { bytes }

    /// What the value at entry `index` is.
    @inlinable
    package func kind(at index: Int) -> JSONTapeKind {
        // SAFETY: `index` is an entry of the tape (the type's comment); the subscript checks it in debug builds.
        switch entries[index].kind {
        case .object: return .object
        case .array: return .array
        case .string, .escapedString: return .string
        case .number: return .number
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }

    /// Whether the value at entry `index` is a string.
    @inlinable
    package func isString(at index: Int) -> Bool {
        // SAFETY: as in `kind(at:)`.
        let kind = entries[index].kind
        return kind == .string || kind == .escapedString
    }

    /// The member or element count of the container at entry `index`.
    @inlinable
    package func count(at index: Int) -> Int {
        // SAFETY: as in `kind(at:)`.
        assert(entries[index].kind.isContainer)
        return Int(entries[index].a)
    }

    /// The members (key and value entries) of the object at entry `index`, in document order.
    @inlinable
    package func memberIndices(at index: Int) -> Members {
        // SAFETY: as in `kind(at:)`; a container's `b` is the entry after its last descendant, at most `entries.count`.
        assert(entries[index].kind == .object && Int(entries[index].b) <= entries.count)
        return Members(entries: entries, position: index + 1, end: Int(entries[index].b))
    }

    /// The element entries of the array at entry `index`, in order.
    @inlinable
    package func elementIndices(at index: Int) -> Elements {
        // SAFETY: as in `memberIndices(at:)`.
        assert(entries[index].kind == .array && Int(entries[index].b) <= entries.count)
        return Elements(entries: entries, position: index + 1, end: Int(entries[index].b))
    }

    /// `body` on the UTF-8 of the string at entry `index` (escapes resolved), in place.
    @inlinable
    package func withUTF8<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // SAFETY: as in `kind(at:)`.
        let entry = entries[index]
        assert(entry.kind == .string || entry.kind == .escapedString)
        if entry.kind == .escapedString {
            // SAFETY: an escaped string's `a` is its index in `escapedStrings` (the subscript checks it in debug builds).
            var text = escapedStrings[Int(entry.a)]
            return text.withUTF8(body)
        }
        // SAFETY: a plain string's `a..<b` is the range the parser validated inside `bytes`.
        assert(entry.a <= entry.b && Int(entry.b) <= bytes.count)
        return body(UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + Int(entry.a) }, count: Int(entry.b - entry.a)))
    }

    /// Whether the values at entries `i` and `j` are the same JSON written the same way: the same
    /// kinds in the same shape (counts of members and elements), and strings, keys and numbers of
    /// the same text. Equal values written differently (another spacing, `1.0` for `1`, an escape)
    /// may be called different, never the other way round.
    ///
    /// When the strings and numbers of both lie at the same offsets from the first one's (spacing
    /// alike, as in a list repeated entry after entry), the text they span is compared with one
    /// `memcmp`: equal text read the same way is equal values.
    package func sameValue(at i: Int, _ j: Int) -> Bool {
        // SAFETY: as in `kind(at:)`; a container's `b` is the entry after its last descendant, so `i + n` and `j + n` end inside the entries.
        let n = entries[i].kind.isContainer ? Int(entries[i].b) &- i : 1
        guard n == (entries[j].kind.isContainer ? Int(entries[j].b) &- j : 1) else { return false }
        assert(i + n <= entries.count && j + n <= entries.count)
        var first = (x: -1, y: -1) // the first plain string's or number's text start in each
        var spanEnd = 0 // how far, from `first`, the text compared at the end reaches
        var aligned = true
        for k in 0..<n {
            let x = entries[i &+ k], y = entries[j &+ k]
            guard x.kind == y.kind else { return false }
            switch x.kind {
            case .object, .array:
                // (Their counts follow: a container's children are the entries up to its end, less nested ones.)
                guard Int(x.b) &- i == Int(y.b) &- j else { return false }
            case .string, .number:
                // (Also what keeps the comparisons below inside the text.)
                guard x.b &- x.a == y.b &- y.a else { return false }
                if first.x < 0 { first = (Int(x.a), Int(y.a)) }
                if aligned, Int(x.a) &- first.x == Int(y.a) &- first.y {
                    spanEnd = Int(x.b) &- first.x
                } else {
                    aligned = false
                    guard sameText(x, y) else { return false }
                }
            case .escapedString:
                guard withUTF8(at: i &+ k, { a in withUTF8(at: j &+ k) { b in a.elementsEqual(b) } }) else { return false }
            case .true, .false, .null:
                break
            }
        }
        guard first.x >= 0, spanEnd > 0, let base = bytes.baseAddress else { return true }
        // SAFETY: the span runs from one string's or number's start to another's end, both inside `bytes` (validated by the parser), at the same offsets in both.
        assert(first.x + spanEnd <= bytes.count && first.y + spanEnd <= bytes.count)
        return memcmp(base + first.x, base + first.y, spanEnd) == 0
    }

    /// Whether two plain strings' or numbers' entries, of equal length, have the same text.
    @inline(__always)
    private func sameText(_ x: JSONTapeEntry, _ y: JSONTapeEntry) -> Bool {
        let n = Int(x.b &- x.a)
        guard n > 0, let base = bytes.baseAddress else { return true }
        // SAFETY: a plain string's or number's `a..<b` is a range the parser validated inside `bytes`; both are `n` long.
        assert(Int(x.b) <= bytes.count && Int(y.a) + n <= bytes.count)
        return memcmp(base + Int(x.a), base + Int(y.a), n) == 0
    }

    /// The string at entry `index` made now.
    @inlinable
    package func string(at index: Int) -> String {
        withUTF8(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Members of an object: (key entry, value entry) in document order.
    @usableFromInline
    package typealias Members = JSONTapeMembers<UnsafeBufferPointer<JSONTapeEntry>>

    /// Elements of an array, in order.
    @usableFromInline
    package typealias Elements = JSONTapeElements<UnsafeBufferPointer<JSONTapeEntry>>
}

/// The members of an object on a tape's entries, as (key entry, value entry) in document order:
/// the object's entries read as a sequence of values (`JSONTapeElements`), a key then its value,
/// so nothing inside a member is visited.
@usableFromInline
package struct JSONTapeMembers<Entries: RandomAccessCollection>: Sequence, IteratorProtocol
where Entries.Element == JSONTapeEntry, Entries.Index == Int {
    @usableFromInline var values: JSONTapeElements<Entries>

    @inlinable
    init(entries: Entries, position: Int, end: Int) {
        values = JSONTapeElements(entries: entries, position: position, end: end)
    }

    /// The next member's key and value entries, or nil after the last.
    @inlinable
    package mutating func next() -> (key: Int, value: Int)? {
        guard let key = values.next() else { return nil }
        // A key is one string entry, so its value is the entry after it, inside the object.
        let value = values.next()
        assert(value == key + 1, "an object's members: a key, then its value")
        return (key, key + 1)
    }
}

/// The elements of an array on a tape's entries, in order: each value's entry says where the
/// next one starts, so nothing inside an element is visited.
@usableFromInline
package struct JSONTapeElements<Entries: RandomAccessCollection>: Sequence, IteratorProtocol
where Entries.Element == JSONTapeEntry, Entries.Index == Int {
    @usableFromInline let entries: Entries
    @usableFromInline var position: Int
    @usableFromInline let end: Int

    @inlinable
    init(entries: Entries, position: Int, end: Int) {
        self.entries = entries
        self.position = position
        self.end = end
    }

    /// The next element's entry, or nil after the last.
    @inlinable
    package mutating func next() -> Int? {
        guard position < end else { return nil }
        let element = position
        // SAFETY: an array's elements lie inside it, before `end <= entries.count`.
        assert(end <= entries.count)
        let entry = entries[element]
        position = entry.kind.isContainer ? Int(entry.b) : element + 1
        return element
    }
}

extension JSONTape {
    /// `body` on the tape's buffers, valid for the call only (the tape is kept alive meanwhile).
    @inlinable
    package func withBuffers<R>(_ body: (JSONTapeBuffers) -> R) -> R {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { bytes in
                escapedStrings.withUnsafeBufferPointer { escaped in
                    body(JSONTapeBuffers(entries: entries, bytes: bytes, escapedStrings: escaped))
                }
            }
        }
    }
}
