import LinkMatch

/// The `diagnostics` target's metamorphic relations: changes to a file that must leave `validate`'s
/// (severity, code, path) set as it was, with paths into `details` remapped where entries move.
/// They hold for the target's files because each entry there names apps no other entry names (so
/// no rule of one entry shadows or decides for another) and no object repeats a key with another value.
struct DiagnosticRelation {
    var name: String
    var json: JSONValue
    /// Serialize with `serialized(pretty: true)`.
    var pretty = false
    /// Where a diagnostic of the original file is in the changed one.
    var remap: @Sendable (ExpectedDiagnostic) -> ExpectedDiagnostic = { $0 }
}

enum DiagnosticRelations {
    static let detailsPrefix = "applinks.details["

    /// The relations for `json` (a file the plan built); `steer` picks the rotation and the insertion point.
    static func all(_ json: JSONValue, _ steer: UInt8) -> [DiagnosticRelation] {
        var out = [
            DiagnosticRelation(name: "pretty-printing", json: json, pretty: true),
            DiagnosticRelation(name: "reversing every object's keys", json: reversingKeys(json)),
        ]
        guard let details = details(of: json) else { return out }
        let n = details.count
        if n > 1 {
            let k = 1 + Int(steer) % (n - 1)
            var rotated = details
            for i in 0..<n { rotated[(i + k) % n] = details[i] }
            out.append(DiagnosticRelation(name: "moving each details entry \(k) places on (rotating)",
                                          json: replacingDetails(json, rotated),
                                          remap: { remapEntry($0) { ($0 + k) % n } }))
        }
        let at = Int(steer >> 2) % (n + 1)
        var inserted = details
        inserted.insert(unrelatedEntry, at: at)
        out.append(DiagnosticRelation(name: "inserting an unrelated app's entry at details[\(at)]",
                                      json: replacingDetails(json, inserted),
                                      remap: { remapEntry($0) { $0 >= at ? $0 + 1 : $0 } }))
        return out
    }

    /// An app no other entry names, with rules no other rule covers or is covered by.
    static let unrelatedEntry = ReadableJSON.object([
        ("appIDs", ReadableJSON.strings(["UNREL12345.com.example.unrelated"])),
        ("components", .array([
            ReadableJSON.object([("/", .string("/unrelated/a"))]),
            ReadableJSON.object([("/", .string("/unrelated/b/*")), ("exclude", .bool(true))]),
        ])),
    ])

    static func reversingKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let obj): return .object(JSONObject(obj.members.reversed().map { JSONMember(key: $0.key, value: reversingKeys($0.value)) }))
        case .array(let items): return .array(items.map(reversingKeys))
        default: return value
        }
    }

    static func details(of json: JSONValue) -> [JSONValue]? {
        guard case .object(let top) = json, case .object(let applinks)? = top["applinks"],
              case .array(let details)? = applinks["details"] else { return nil }
        return details
    }

    static func replacingDetails(_ json: JSONValue, _ details: [JSONValue]) -> JSONValue {
        guard case .object(let top) = json else { return json }
        return .object(JSONObject(top.members.map { m in
            guard m.key == "applinks", case .object(let applinks) = m.value else { return m }
            return JSONMember(key: m.key, value: .object(JSONObject(applinks.members.map {
                $0.key == "details" ? JSONMember(key: "details", value: .array(details)) : $0
            })))
        }))
    }

    /// `applinks.details[i]...` with `i` mapped; other paths unchanged.
    static func remapEntry(_ d: ExpectedDiagnostic, _ map: (Int) -> Int) -> ExpectedDiagnostic {
        guard d.path.hasPrefix(detailsPrefix) else { return d }
        let rest = d.path.dropFirst(detailsPrefix.count)
        guard let close = rest.firstIndex(of: "]"), let i = Int(rest[..<close]) else { return d }
        var out = d
        out.path = detailsPrefix + String(map(i)) + rest[close...]
        return out
    }
}
