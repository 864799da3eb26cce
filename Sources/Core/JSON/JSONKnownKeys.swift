// The member names AASA files repeat in every entry and component. The reader's main client is the
// AASA parser, and most of a file's keys are these few: each is returned as its string literal,
// which costs nothing to make (a short one is stored inline, a long one is a static string), instead
// of a String decoded from the bytes. The text is the same either way.

/// The known member names, found by their UTF-8 bytes.
enum JSONKnownKeys {
    /// The literal whose UTF-8 is exactly `bytes`, or nil when `bytes` is no known key.
    static func string(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
        switch bytes.count {
        case 1:
            // SAFETY: the count is 1, so `bytes[0]` is in bounds.
            assert(bytes.count == 1)
            switch bytes[0] {
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "?"): return "?"
            case UInt8(ascii: "#"): return "#"
            default: return nil
            }
        case 4: if matches(bytes, "apps") { return "apps" }
        case 5:
            if matches(bytes, "paths") { return "paths" }
            if matches(bytes, "appID") { return "appID" }
        case 6: if matches(bytes, "appIDs") { return "appIDs" }
        case 7:
            if matches(bytes, "exclude") { return "exclude" }
            if matches(bytes, "comment") { return "comment" }
            if matches(bytes, "details") { return "details" }
        case 8:
            if matches(bytes, "applinks") { return "applinks" }
            if matches(bytes, "defaults") { return "defaults" }
        case 10: if matches(bytes, "components") { return "components" }
        case 13: if matches(bytes, "caseSensitive") { return "caseSensitive" }
        case 14: if matches(bytes, "percentEncoded") { return "percentEncoded" }
        case 21: if matches(bytes, "substitutionVariables") { return "substitutionVariables" }
        default: return nil
        }
        return nil
    }

    /// Whether `bytes` is exactly `key`'s UTF-8.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ key: StaticString) -> Bool {
        let count = key.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        for i in 0..<count {
            // SAFETY: `i < count`, which is `key`'s UTF-8 length and (checked above) `bytes.count`.
            assert(i < bytes.count && i < key.utf8CodeUnitCount)
            if bytes[i] != key.utf8Start[i] { return false }
        }
        return true
    }
}
