import LinkMatch

/// The JSON reader (JSONParser -> JSONValue) is the other piece both engines still share, so it gets
/// its own check: writing a parsed value and reading it back gives the same value, scalar for scalar
/// (strings compared by their UTF-8, not Swift's canonical equivalence), and the second write is
/// byte-identical to the first.
public enum JSONRoundTrip {
    public typealias Writer = @Sendable (JSONValue) -> String

    public static func problem(_ value: JSONValue, write: Writer = { $0.serialized() }) -> String? {
        let text = write(value)
        let again: JSONValue
        do {
            again = try JSONParser.parse(Array(text.utf8))
        } catch {
            return "the written JSON does not parse again: \(error)"
        }
        guard again == value, write(again).utf8.elementsEqual(text.utf8), sameScalars(again, value) else {
            return "write -> parse changed the JSON value"
        }
        return nil
    }

    /// Equality with strings and keys compared scalar for scalar.
    static func sameScalars(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameScalars($0, $1) }
        case (.object(let x), .object(let y)):
            return x.members.count == y.members.count && zip(x.members, y.members).allSatisfy {
                $0.key.utf8.elementsEqual($1.key.utf8) && sameScalars($0.value, $1.value)
            }
        default: return false
        }
    }
}
