import LinkMatchCore

/// One rule as the reference reads it, every key resolved through the defaults chain (C5): the
/// reference's own rule type (the compiled side has `EffectiveRule` in another module). Public so
/// that tooling can hand the reference a rule to explain (RuleProbe).
public struct ReferenceRule: Sendable {
    /// The `?` key: the whole query, or named items in document order (Q1, Q2).
    public enum Query: Sendable {
        /// The whole query as one pattern (Q1).
        case whole(String)
        /// Named items, each with its value pattern (Q2–Q4).
        case items([(name: String, pattern: String)])
    }

    /// nil: the key is absent, which means `*` (C2).
    public var path: String?
    /// The `?` key; nil: absent, any query (C2).
    public var query: Query?
    /// The `#` key; nil: absent, any fragment (C2).
    public var fragment: String?
    /// Whether a match excludes (C5 resolved).
    public var exclude: Bool
    /// Whether comparisons fold case; false folds both sides (E1, C5 resolved).
    public var caseSensitive: Bool
    /// Whether the URL parts are compared as written; false decodes them first (E2, E3, C5 resolved).
    public var percentEncoded: Bool
    /// The rule's entry: its index in `details` (D5 keeps dictionary order).
    public var entryIndex: Int
    /// The rule's index within its entry (`components` or legacy `paths`).
    public var ruleIndex: Int
    /// Where the rule is in the file, as diagnostics write JSON paths.
    public var sourcePath: String

    /// A rule with every key already resolved; `trace` reports it with these positions.
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
    /// The `/` key, or nil when this level does not give it.
    public var path: String?
    /// The `?` key, or nil when this level does not give it.
    public var query: ReferenceRule.Query?
    /// The `#` key, or nil when this level does not give it.
    public var fragment: String?
    /// `exclude`, or nil when this level does not give it.
    public var exclude: Bool?
    /// `caseSensitive`, or nil when this level does not give it.
    public var caseSensitive: Bool?
    /// `percentEncoded`, or nil when this level does not give it.
    public var percentEncoded: Bool?

    /// One level's keys; nil means "not given here" (the next level of the chain decides, C5).
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
    /// The app IDs the entry names (D4: `appIDs`, else `appID` or the dictionary key).
    public var apps: [String]
    /// The entry's `defaults` (C5).
    public var defaults: ReferenceFields
    /// The entry's rules in order, each with where it is in the file.
    public var rules: [(fields: ReferenceFields, sourcePath: String)]

    /// An entry of a document built in code.
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
