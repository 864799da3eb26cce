#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinkMatchCore
import LinkMatchModel

/// A component's or a `defaults` dictionary's keys (C1) as they are on a JSON tape: each pattern
/// the entry of its string (-1: not given, or given with a wrong type, D10), each flag -1 (not
/// given), 0 or 1. The keys `DocumentParser` keeps in `ComponentFields`, read the same way, with no
/// string made.
struct TapeFields {
    /// `/`: a string's entry; `pathSkip` bytes of it are not the pattern (4 for a legacy `NOT ` path, D6).
    var path: Int32 = -1
    var pathSkip: Int32 = 0
    /// `#`: a string's entry.
    var fragment: Int32 = -1
    /// `?`: a string's entry (`queryKind` `.whole`) or an object's (`.items`, `.itemsWithRepeats`).
    var query: Int32 = -1
    var queryKind: QueryKind = .none
    var exclude: Int8 = -1
    var caseSensitive: Int8 = -1
    var percentEncoded: Int8 = -1

    enum QueryKind: UInt8 {
        /// No `?`, or one ignored (D10, Q5).
        case none
        /// A string: the whole query (Q1).
        case whole
        /// An object of strings whose keys are distinct (Q2).
        case items
        /// An object of strings in which a key comes twice: each distinct key once, in first-appearance
        /// order, with its last value (as `JSONObject` reads it).
        case itemsWithRepeats
    }

    /// The fields of the object at entry `object` of `tape`, read as `DocumentParser.componentFields`
    /// reads them: the last member of each known key wins, unknown keys (and `comment`) are ignored,
    /// a wrong-typed key is as if absent. `total` gets what each pattern kept adds to P5's document total.
    init(object: Int, on tape: JSONTapeBuffers, total: inout TapeExpansionTotal) {
        var members = (-1, -1, -1, -1, -1, -1)
        for (key, value) in tape.memberIndices(at: object) {
            switch tape.withUTF8(at: key, DocumentParser.componentKeyIndex(utf8:)) {
            case 0?: members.0 = value
            case 1?: members.1 = value
            case 2?: members.2 = value
            case 3?: members.3 = value
            case 4?: members.4 = value
            case 5?: members.5 = value
            default: break
            }
        }
        if members.0 >= 0, tape.kind(at: members.0) == .string {
            path = Int32(members.0)
            total.add(members.0, on: tape)
        }
        if members.2 >= 0, tape.kind(at: members.2) == .string {
            fragment = Int32(members.2)
            total.add(members.2, on: tape)
        }
        if members.1 >= 0 {
            switch tape.kind(at: members.1) {
            case .string:
                query = Int32(members.1)
                queryKind = .whole
                total.add(members.1, on: tape)
            case .object:
                // Q5: a value that is not a string (among the values kept) drops the whole dictionary,
                // and with it what its patterns added to the total.
                var added = total.empty
                var allStrings = true
                let repeats = Self.hasRepeatedKey(members.1, on: tape)
                Self.forEachItem(of: members.1, on: tape, repeats: repeats) { _, value in
                    if tape.kind(at: value) == .string {
                        added.add(value, on: tape)
                    } else {
                        allStrings = false
                    }
                }
                if allStrings {
                    query = Int32(members.1)
                    queryKind = repeats ? .itemsWithRepeats : .items
                    total.add(added)
                }
            default:
                break
            }
        }
        exclude = Self.flag(members.3, on: tape)
        caseSensitive = Self.flag(members.4, on: tape)
        percentEncoded = Self.flag(members.5, on: tape)
    }

    /// The fields of a legacy `paths` string at entry `string` (D6): its `/` pattern, and `exclude`
    /// when it starts with `NOT ` (the four bytes are not part of the pattern).
    init(legacyPath string: Int, on tape: JSONTapeBuffers, total: inout TapeExpansionTotal) {
        path = Int32(string)
        let excluded = tape.withUTF8(at: string) { b -> Bool in
            let excluded = b.count >= 4 && b[0] == UInt8(ascii: "N") && b[1] == UInt8(ascii: "O") && b[2] == UInt8(ascii: "T")
                && b[3] == UInt8(ascii: " ")
            // SAFETY: `excluded` only when the string has at least the four bytes of `NOT `.
            total.add(excluded ? UnsafeBufferPointer(rebasing: b[4...]) : b)
            return excluded
        }
        if excluded {
            pathSkip = 4
            exclude = 1
        }
    }

    /// No key given (an absent or wrong-typed `defaults`).
    init() {}

    /// A boolean member's value as a flag, -1 when absent or not a boolean.
    private static func flag(_ member: Int, on tape: JSONTapeBuffers) -> Int8 {
        guard member >= 0, case .bool(let value) = tape.kind(at: member) else { return -1 }
        return value ? 1 : 0
    }

    /// Whether some key of the object at entry `object` comes twice (exact: equal bytes). A handful
    /// of members is compared pair by pair, more through a set of their bytes.
    static func hasRepeatedKey(_ object: Int, on tape: JSONTapeBuffers) -> Bool {
        let count = tape.count(at: object)
        guard count > 1 else { return false }
        if count > 16 {
            var seen = Set<[UInt8]>()
            for (key, _) in tape.memberIndices(at: object) where !seen.insert(tape.withUTF8(at: key) { Array($0) }).inserted { return true }
            return false
        }
        var earlier = tape.memberIndices(at: object)
        while let (first, _) = earlier.next() {
            var later = earlier
            while let (second, _) = later.next() {
                let same = tape.withUTF8(at: first) { a in tape.withUTF8(at: second) { b in a.elementsEqual(b) } }
                if same { return true }
            }
        }
        return false
    }

    /// `body(key, value)` for each item of the query object at entry `object`: every member in order
    /// when no key repeats (the key its entry), else each distinct key once in first-appearance order
    /// with its last value (the key's entry then that last member's).
    static func forEachItem(of object: Int, on tape: JSONTapeBuffers, repeats: Bool, _ body: (_ key: Int, _ value: Int) -> Void) {
        guard repeats else {
            for (key, value) in tape.memberIndices(at: object) { body(key, value) }
            return
        }
        // Rare: the last member of each key (found by its bytes: exact, D12), in the order the keys first appear.
        var last: [(key: Int, value: Int)] = []
        var place: [[UInt8]: Int] = [:]
        for (key, value) in tape.memberIndices(at: object) {
            let bytes = tape.withUTF8(at: key) { Array($0) }
            if let known = place[bytes] {
                last[known].value = value
            } else {
                place[bytes] = last.count
                last.append((key, value))
            }
        }
        for item in last { body(item.key, item.value) }
    }
}
