import LinkMatch

/// A vector file of `TestData/vectors/`, read with LinkMatch's own JSON parser: it keeps key order and
/// duplicate keys, which some spec examples (D5) rely on. Every vector file is an object with an
/// "about" text and one or more arrays of case objects. The tests read the files from disk
/// (LinkMatchTestData); `linkmatch score` reads the same files compiled in (`EmbeddedVectors`).
public struct VectorFile: Sendable {
    /// The file name, e.g. "conformance.json" (also the label in errors).
    public var name: String
    /// The file's top-level object.
    public var top: JSONObject

    /// The file `name` with this content; `path` names it in errors (default: the name).
    public init(_ name: String, bytes: [UInt8], path: String? = nil) throws {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw TestDataError("\(path ?? name): not JSON: \(error)")
        }
        guard case .object(let top) = value else {
            throw TestDataError("\(path ?? name): the top level is not an object")
        }
        self.name = name
        self.top = top
    }

    /// The case objects of the array `key` ("cases", "validation", "samples").
    public func objects(_ key: String) throws -> [Fields] {
        guard case .array(let list)? = top[key] else { throw TestDataError("\(name) has no \"\(key)\" array") }
        return try list.enumerated().map { index, value in
            guard case .object(let object) = value else {
                throw TestDataError("\(name) \(key)[\(index)] is a \(value.typeName), not an object")
            }
            return Fields(object: object, value: value, place: "\(name) \(key)[\(index)]")
        }
    }

    /// One case object with typed reads that name the file, the case and the key when they fail.
    public struct Fields: Sendable {
        /// The case object.
        public var object: JSONObject
        /// The case as written, for readers that want it whole.
        public var value: JSONValue
        /// "<file> <array>[<index>]", for errors.
        public var place: String

        /// The value of `key`, if present.
        public subscript(key: String) -> JSONValue? { object[key] }

        /// The string `key`; an error when it is missing or not a string.
        public func string(_ key: String) throws -> String {
            guard let s = try optionalString(key) else { throw TestDataError("\(place): no \"\(key)\" string") }
            return s
        }

        /// The string `key`, nil when missing; an error when it is not a string.
        public func optionalString(_ key: String) throws -> String? {
            switch object[key] {
            case nil: return nil
            case .string(let s)?: return s
            case let other?: throw TestDataError("\(place): \"\(key)\" is a \(other.typeName), not a string")
            }
        }

        /// The array of strings `key`, nil when missing; an error when it is anything else.
        public func optionalStrings(_ key: String) throws -> [String]? {
            guard let value = object[key] else { return nil }
            guard case .array(let items) = value else { throw TestDataError("\(place): \"\(key)\" is not an array") }
            return try items.map {
                guard case .string(let s) = $0 else { throw TestDataError("\(place): \"\(key)\" holds a \($0.typeName)") }
                return s
            }
        }

        /// The value of `key`; an error when it is missing.
        public func value(_ key: String) throws -> JSONValue {
            guard let v = object[key] else { throw TestDataError("\(place): no \"\(key)\"") }
            return v
        }
    }
}
