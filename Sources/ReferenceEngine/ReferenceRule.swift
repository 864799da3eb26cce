import LinkMatchCore

/// One rule as the reference reads it, every key resolved through the defaults chain (C5): the
/// reference's own rule type (the compiled side has `EffectiveRule` in another module). Public so
/// that tooling can hand the reference a rule to explain (RuleProbe).
public struct ReferenceRule: Sendable {
    /// The `?` key: the whole query, or named items in document order (Q1, Q2).
    public enum Query: Sendable {
        case whole(String)
        case items([(name: String, pattern: String)])
    }

    /// nil: the key is absent, which means `*` (C2).
    public var path: String?
    public var query: Query?
    public var fragment: String?
    public var exclude: Bool
    public var caseSensitive: Bool
    public var percentEncoded: Bool
    public var entryIndex: Int
    public var ruleIndex: Int
    public var sourcePath: String

    public init(path: String?, query: Query?, fragment: String?, exclude: Bool, caseSensitive: Bool,
                percentEncoded: Bool, entryIndex: Int, ruleIndex: Int, sourcePath: String) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.entryIndex = entryIndex
        self.ruleIndex = ruleIndex
        self.sourcePath = sourcePath
    }

    /// The trace of this rule with the parts compared.
    func trace(_ parts: [PartTrace]) -> RuleTrace {
        RuleTrace(entryIndex: entryIndex, ruleIndex: ruleIndex, sourcePath: sourcePath, exclude: exclude,
                  caseSensitive: caseSensitive, percentEncoded: percentEncoded, parts: parts)
    }
}

/// The keys one level of defaults or one component gives (C1); nil = not given. What a document
/// built in code hands the reference (`ReferenceEntry`); the reference resolves the chain (C5).
public struct ReferenceFields: Sendable {
    public var path: String?
    public var query: ReferenceRule.Query?
    public var fragment: String?
    public var exclude: Bool?
    public var caseSensitive: Bool?
    public var percentEncoded: Bool?

    public init(path: String? = nil, query: ReferenceRule.Query? = nil, fragment: String? = nil, exclude: Bool? = nil,
                caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }
}

/// One `details` entry of a document built in code (D3–D6 already applied by whoever built it).
public struct ReferenceEntry: Sendable {
    public var apps: [String]
    public var defaults: ReferenceFields
    public var rules: [(fields: ReferenceFields, sourcePath: String)]

    public init(apps: [String], defaults: ReferenceFields, rules: [(fields: ReferenceFields, sourcePath: String)]) {
        self.apps = apps
        self.defaults = defaults
        self.rules = rules
    }
}

/// Where a rule sits, written the way diagnostics write JSON paths: `.key` when the key is a plain
/// name (ASCII letters, digits and `_`, not starting with a digit), else `["key"]` with the key as
/// a JSON string; `[i]` for an array element. The reference's own: traces carry these, and the
/// `document` check compares them with the compiled side's.
enum ReferencePaths {
    static func member(_ base: String, _ key: String) -> String {
        guard let first = key.unicodeScalars.first, !isDigit(first),
              key.unicodeScalars.allSatisfy({ isDigit($0) || isLetter($0) || $0 == "_" }) else {
            return base + "[" + JSONValue.string(key).serialized() + "]"
        }
        return base.isEmpty ? key : base + "." + key
    }

    static func index(_ base: String, _ i: Int) -> String { "\(base)[\(i)]" }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
}
