import LinkMatch

/// Small helpers to build `--json` output with LinkMatch's JSON model (ordered keys, deterministic
/// serialization) instead of Foundation's.
enum JSONBuild {
    /// Keys in the order given; every key is always present (null when there is no value), so
    /// scripts see one schema.
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    static func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    static func number(_ n: Int) -> JSONValue { .number(String(n)) }
}

extension Diagnostic {
    var json: JSONValue {
        JSONBuild.object([("severity", .string(severity.rawValue)), ("code", .string(code)),
                          ("path", .string(path)), ("message", .string(message)), ("fix", JSONBuild.string(fix))])
    }
}
