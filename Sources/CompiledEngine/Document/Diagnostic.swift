import LinkMatchCore

/// One problem found in an AASA file: a stable code, where it is (a JSON path such as
/// `applinks.details[1].components[0]["/"]`) and a message (SPEC.md "Diagnostics").
public struct Diagnostic: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, Comparable {
        case error, warning, info
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    }

    public var severity: Severity
    public var code: String
    public var path: String
    public var message: String

    public init(_ severity: Severity, _ code: String, at path: String, _ message: String) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(severity) [\(code)] \(path.isEmpty ? "(document)" : path): \(message)" }
}

/// Builds JSON paths the way diagnostics print them.
public enum JSONPath {
    public static func member(_ base: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value | 0x20 >= 0x61 && $0.value | 0x20 <= 0x7A) || $0 == "_"
        } && !(key.unicodeScalars.first.map { $0.value >= 0x30 && $0.value <= 0x39 } ?? false)
        if plain { return base.isEmpty ? key : base + "." + key }
        return base + "[" + JSONValue.string(key).serialized() + "]"
    }

    public static func index(_ base: String, _ i: Int) -> String { base + "[\(i)]" }
}
