import LinkMatch

/// Building and reading the readable (JSON) form of cases, with typed errors naming the key.
enum ReadableJSON {
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    static func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }

    static func parse(_ text: String, what: String) throws(SeedEncodingError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw SeedEncodingError("\(what) is not JSON: \(error)")
        }
        guard case .object(let obj) = value else { throw SeedEncodingError("\(what) must be a JSON object") }
        return obj
    }

    static func string(_ obj: JSONObject, _ key: String, default d: String? = nil) throws(SeedEncodingError) -> String {
        switch obj[key] {
        case .string(let s)?: return s
        case nil: if let d { return d }
            throw SeedEncodingError("missing \"\(key)\" (a string)")
        case let other?: throw SeedEncodingError("\"\(key)\" must be a string, not \(other.typeName)")
        }
    }

    static func bool(_ obj: JSONObject, _ key: String, default d: Bool) throws(SeedEncodingError) -> Bool {
        switch obj[key] {
        case .bool(let b)?: return b
        case nil: return d
        case let other?: throw SeedEncodingError("\"\(key)\" must be true or false, not \(other.typeName)")
        }
    }

    static func stringList(_ value: JSONValue, what: String) throws(SeedEncodingError) -> [String] {
        guard case .array(let list) = value else { throw SeedEncodingError("\(what) must be an array of strings") }
        var out: [String] = []
        for v in list {
            guard case .string(let s) = v else { throw SeedEncodingError("\(what) must be an array of strings") }
            out.append(s)
        }
        return out
    }

    /// `{"name": ["value", ...], ...}` in order.
    static func variables(_ vars: [(name: String, values: [String])]) -> JSONValue {
        object(vars.map { ($0.name, strings($0.values)) })
    }

    static func variables(from value: JSONValue?) throws(SeedEncodingError) -> [(name: String, values: [String])] {
        guard let value else { return [] }
        guard case .object(let obj) = value else { throw SeedEncodingError("\"variables\" must be an object of string arrays") }
        var out: [(name: String, values: [String])] = []
        for m in obj.members { out.append((m.key, try stringList(m.value, what: "variable \(m.key.debugDescription)"))) }
        return out
    }
}
