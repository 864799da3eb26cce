import LinkMatchCore

/// One problem found in an AASA file: a stable code, where it is (a JSON path such as
/// `applinks.details[1].components[0]["/"]`) and a message (SPEC.md "Diagnostics").
public struct Diagnostic: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// How bad a diagnostic is (SPEC.md section 12). Ordered error < warning < info, so sorting puts
    /// errors first.
    public enum Severity: String, Sendable, Codable, Comparable {
        /// `error`: the file, or the part the path names, is broken (a fatal one stops the load; others leave
        /// the part ignored); `warning`: likely a mistake; `info`: worth knowing, harmless.
        case error, warning, info
        /// True when `a` is more severe than `b` (error, then warning, then info).
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    }

    /// How bad it is.
    public var severity: Severity
    /// The stable code from SPEC.md section 12, e.g. `invalid-pattern`, `catch-all`.
    public var code: String
    /// The JSON path of the offending value, e.g. `applinks.details[0].components[1]["/"]`; empty for
    /// the whole document.
    public var path: String
    /// A sentence for people; its wording is not stable (match on `code`, not on this).
    public var message: String
    /// What to change, and where, for people (`linkmatch validate` prints it after the message and as
    /// `fix` in `--json`); nil when the finder gave none. Its wording is not stable either.
    public var fix: String?

    /// Makes a diagnostic; nothing is checked (the code should be one of SPEC.md section 12's).
    public init(_ severity: Severity, _ code: String, at path: String, _ message: String, fix: String? = nil) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// `severity [code] path: message`, with `(document)` for an empty path: the line `linkmatch validate` prints.
    public var description: String { "\(severity) [\(code)] \(path.isEmpty ? "(document)" : path): \(message)" }
}

/// Builds JSON paths the way diagnostics print them.
public enum JSONPath {
    /// `base.key`, or `base["key"]` (JSON-quoted) when `key` is not a plain identifier; just `key`
    /// when `base` is empty.
    public static func member(_ base: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value | 0x20 >= 0x61 && $0.value | 0x20 <= 0x7A) || $0 == "_"
        } && !(key.unicodeScalars.first.map { $0.value >= 0x30 && $0.value <= 0x39 } ?? false)
        if plain { return base.isEmpty ? key : base + "." + key }
        return base + "[" + JSONValue.string(key).serialized() + "]"
    }

    /// `base[i]`.
    public static func index(_ base: String, _ i: Int) -> String { base + "[\(i)]" }
}
