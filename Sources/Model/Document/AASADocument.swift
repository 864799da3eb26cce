import LinkMatchCore

/// An AASA file's `applinks` section as the matchers see it (SPEC.md D3–D12, C1, C5, V1).
/// Parsing is lenient: what is broken is left out and reported as a `Diagnostic`.
public struct AASADocument: Sendable, Equatable {
    /// Whether the file has an `applinks` object at all (D3).
    public var hasApplinks: Bool { didSet { source = nil } }
    /// `applinks.defaults`: the domain-wide defaults (C5).
    public var defaults: ComponentFields { didSet { source = nil } }
    /// `applinks.substitutionVariables`, valid definitions only (V1, V6).
    public var variables: VariableTable { didSet { source = nil } }
    /// `applinks.details`, in document order (D5 keeps dictionary order too).
    public var entries: [DetailEntry] { didSet { source = nil } }
    /// The file's top-level JSON when the document was parsed from one. The reference engine reads
    /// its rules from this itself (SPEC.md §11: the engines share only the JSON reader); the model
    /// above is the compiled side's reading. A change to the model (a rewritten copy) drops it, so
    /// the reference then reads the model too. Not part of `==`. (A parsed document keeps the
    /// tape it was read from; the tree is made from it when this is read.)
    public var source: JSONValue? {
        get { sourceStorage?.tree }
        set { sourceStorage = newValue.map(LazyJSONTree.tree) }
    }
    /// `source` in the form it was given in.
    private var sourceStorage: LazyJSONTree?

    /// Keeps `tape` as the document's source (`source` reads it as a tree).
    package mutating func setSource(_ tape: JSONTape) {
        sourceStorage = .tape(tape)
    }

    /// Makes a document from its parts, for documents built in code (tests, generators, the serializer's
    /// round trip). Nothing is validated: the matchers take the entries as given. Leave `source` nil
    /// for a document built in code, so that `ReferenceEngine` reads the model instead of JSON.
    public init(hasApplinks: Bool = true, defaults: ComponentFields = ComponentFields(),
                variables: VariableTable = VariableTable(), entries: [DetailEntry] = [], source: JSONValue? = nil) {
        self.hasApplinks = hasApplinks
        self.defaults = defaults
        self.variables = variables
        self.entries = entries
        self.source = source
    }

    /// Equal when `hasApplinks`, `defaults`, `variables` and `entries` are equal; `source` is not compared.
    public static func == (a: AASADocument, b: AASADocument) -> Bool {
        a.hasApplinks == b.hasApplinks && a.defaults == b.defaults && a.variables == b.variables && a.entries == b.entries
    }

    /// Every app ID the document names, in first-appearance order (M2).
    public var appIDs: [String] {
        var seen = Set<[UInt8]>() // exact, not canonical, equality (D12)
        var out: [String] = []
        for entry in entries {
            for id in entry.appIDs where seen.insert(Array(id.utf8)).inserted { out.append(id) }
        }
        return out
    }

    /// The rules that apply to `appID`, entry by entry, each with its defaults resolved (C5, D7).
    public func effectiveRules(for appID: String) -> [EffectiveRule] {
        var out: [EffectiveRule] = []
        for (e, entry) in entries.enumerated() where entry.appIDs.contains(where: { $0.isExactly(appID) }) {
            for (r, rule) in entry.rules.enumerated() {
                out.append(EffectiveRule(rule: rule, entryIndex: e, ruleIndex: r,
                                         entryDefaults: entry.defaults, domainDefaults: defaults))
            }
        }
        return out
    }
}

/// One `details` entry.
public struct DetailEntry: Sendable, Equatable {
    /// `appIDs` when it is present, else `appID` or the dictionary key (D4, D5), in document order,
    /// without duplicates or empty IDs (D3).
    public var appIDs: [String]
    /// The entry's `defaults` (C5).
    public var defaults: ComponentFields
    /// `components`, or the legacy `paths` when there are no `components` (D6).
    public var rules: [DocumentRule]
    /// Where the entry is, e.g. `applinks.details[0]`.
    public var sourcePath: String {
        get { location.text }
        set { location = LazyJSONPath(newValue) }
    }
    /// `sourcePath`, formatted when read (the parser gives every entry one).
    var location: LazyJSONPath

    /// Makes an entry from its parts; nothing is validated (an empty `appIDs` is an entry that never applies, D3).
    public init(appIDs: [String], defaults: ComponentFields = ComponentFields(), rules: [DocumentRule], sourcePath: String) {
        self.init(appIDs: appIDs, defaults: defaults, rules: rules, location: LazyJSONPath(sourcePath))
    }

    init(appIDs: [String], defaults: ComponentFields, rules: [DocumentRule], location: LazyJSONPath) {
        self.appIDs = appIDs
        self.defaults = defaults
        self.rules = rules
        self.location = location
    }

    /// Equal when `appIDs`, `defaults`, `rules` and `sourcePath` are equal.
    public static func == (a: DetailEntry, b: DetailEntry) -> Bool {
        a.appIDs == b.appIDs && a.defaults == b.defaults && a.rules == b.rules && LazyJSONPath.sameText(a.location, b.location)
    }
}

/// One component dictionary or legacy path string.
public struct DocumentRule: Sendable, Equatable {
    /// The component's keys as written (C1); for a legacy `paths` string, the `/` (and `exclude` for `NOT `) it stands for (D6).
    public var fields: ComponentFields
    /// Where the rule is, e.g. `applinks.details[0].components[2]` or `applinks.details[0].paths[1]`.
    public var sourcePath: String {
        get { location.text }
        set { location = LazyJSONPath(newValue) }
    }
    /// The legacy `paths` string this rule came from, if any (D6).
    public var legacyPath: String?
    /// `sourcePath`, formatted when read (the parser gives every rule one).
    var location: LazyJSONPath

    /// Makes a rule from its parts; nothing is validated.
    public init(fields: ComponentFields, sourcePath: String, legacyPath: String? = nil) {
        self.init(fields: fields, location: LazyJSONPath(sourcePath), legacyPath: legacyPath)
    }

    init(fields: ComponentFields, location: LazyJSONPath, legacyPath: String? = nil) {
        self.fields = fields
        self.location = location
        self.legacyPath = legacyPath
    }

    /// Equal when `fields`, `sourcePath` and `legacyPath` are equal.
    public static func == (a: DocumentRule, b: DocumentRule) -> Bool {
        a.fields == b.fields && a.legacyPath == b.legacyPath && LazyJSONPath.sameText(a.location, b.location)
    }
}

/// The keys a component (or a `defaults` dictionary) may carry (C1). nil = not given.
public struct ComponentFields: Sendable, Equatable {
    /// `/`: the path pattern (C1, P1); nil when the key is absent (then `*` after defaults, C2).
    public var path: String?
    /// `?`: the query pattern, whole or by item (Q1, Q2); nil when absent or ignored (Q5).
    public var query: QueryPattern?
    /// `#`: the fragment pattern (C1); nil when absent.
    public var fragment: String?
    /// `exclude`: a matching rule refuses the URL (C3); nil when absent (false after defaults, C5).
    public var exclude: Bool?
    /// `caseSensitive`: false folds pattern and text (E1, V3); nil when absent (true after defaults, C5).
    public var caseSensitive: Bool?
    /// `percentEncoded`: false decodes the text before comparing (E3); nil when absent (true after defaults, C5).
    public var percentEncoded: Bool?
    /// `comment`: kept for tools, ignored by matching and never inherited (C1, C5).
    public var comment: String?

    /// Makes a set of keys; every parameter defaults to "not given".
    public init(path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
                caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
    }

    /// True when no key is given.
    public var isEmpty: Bool { self == ComponentFields() }
}

/// The `?` key: the whole query text, or named items (Q1, Q2).
public enum QueryPattern: Sendable, Equatable {
    /// A string `?`: the pattern must match the whole query text (Q1).
    case whole(String)
    /// Named items in document order. A dictionary with a non-string value never gets here (Q5).
    case items([(name: String, pattern: String)])

    /// Equal when both are `.whole` with the same text, or both `.items` with the same names and
    /// patterns in the same order.
    public static func == (lhs: QueryPattern, rhs: QueryPattern) -> Bool {
        switch (lhs, rhs) {
        case (.whole(let a), .whole(let b)): return a == b
        case (.items(let a), .items(let b)): return a.elementsEqual(b) { $0.name == $1.name && $0.pattern == $1.pattern }
        default: return false
        }
    }
}

/// A rule with every key resolved through the defaults chain (C5): what the engines evaluate.
public struct EffectiveRule: Sendable, Equatable {
    /// The effective `/` pattern; nil means `*` (C2).
    public var path: String?
    /// The effective `?` pattern; nil means `*` (C2).
    public var query: QueryPattern?
    /// The effective `#` pattern; nil means `*` (C2).
    public var fragment: String?
    /// The effective `exclude` (built-in default false, C5): a match by this rule is `.exclude` (C3).
    public var exclude: Bool
    /// The effective `caseSensitive` (built-in default true, C5; E1).
    public var caseSensitive: Bool
    /// The effective `percentEncoded` (built-in default true, C5; E2, E3).
    public var percentEncoded: Bool
    /// The index of the rule's entry in `AASADocument.entries`.
    public var entryIndex: Int
    /// The index of the rule in its entry's `rules`.
    public var ruleIndex: Int
    /// Where the rule is in the file, e.g. `applinks.details[0].components[2]`.
    public var sourcePath: String {
        get { location.text }
        set { location = LazyJSONPath(newValue) }
    }
    /// `sourcePath`, formatted when read.
    var location: LazyJSONPath

    /// Resolves each key of `rule` through the defaults chain (C5): the rule's own value, else the
    /// entry's `defaults`, else `applinks.defaults`, else the built-in default (`*`, `*`, `*`, false,
    /// true, true). A key's value is taken whole from one level (a `?` dictionary is not merged).
    public init(rule: DocumentRule, entryIndex: Int, ruleIndex: Int, entryDefaults: ComponentFields, domainDefaults: ComponentFields) {
        let f = rule.fields
        path = Self.path(f, entryDefaults, domainDefaults)
        query = Self.query(f, entryDefaults, domainDefaults)
        fragment = Self.fragment(f, entryDefaults, domainDefaults)
        exclude = Self.exclude(f, entryDefaults, domainDefaults)
        caseSensitive = Self.caseSensitive(f, entryDefaults, domainDefaults)
        percentEncoded = Self.percentEncoded(f, entryDefaults, domainDefaults)
        self.entryIndex = entryIndex
        self.ruleIndex = ruleIndex
        location = rule.location
    }

    // C5 key by key: a rule's fields, its entry's `defaults` and `applinks.defaults` in, the effective
    // value out. `init(rule:…)` resolves through these, and so does a compiler that reads a rule's keys
    // in place (no `EffectiveRule` made, so no copy of its strings and no formatted source path).

    /// The effective `/` pattern of a rule with fields `rule` (C5); nil means `*`.
    @inlinable
    public static func path(_ rule: ComponentFields, _ entry: ComponentFields, _ domain: ComponentFields) -> String? {
        rule.path ?? entry.path ?? domain.path
    }

    /// The effective `?` pattern (C5); nil means `*`.
    @inlinable
    public static func query(_ rule: ComponentFields, _ entry: ComponentFields, _ domain: ComponentFields) -> QueryPattern? {
        rule.query ?? entry.query ?? domain.query
    }

    /// The effective `#` pattern (C5); nil means `*`.
    @inlinable
    public static func fragment(_ rule: ComponentFields, _ entry: ComponentFields, _ domain: ComponentFields) -> String? {
        rule.fragment ?? entry.fragment ?? domain.fragment
    }

    /// The effective `exclude` (C5; built-in default false).
    @inlinable
    public static func exclude(_ rule: ComponentFields, _ entry: ComponentFields, _ domain: ComponentFields) -> Bool {
        rule.exclude ?? entry.exclude ?? domain.exclude ?? false
    }

    /// The effective `caseSensitive` (C5; built-in default true).
    @inlinable
    public static func caseSensitive(_ rule: ComponentFields, _ entry: ComponentFields, _ domain: ComponentFields) -> Bool {
        rule.caseSensitive ?? entry.caseSensitive ?? domain.caseSensitive ?? true
    }

    /// The effective `percentEncoded` (C5; built-in default true).
    @inlinable
    public static func percentEncoded(_ rule: ComponentFields, _ entry: ComponentFields, _ domain: ComponentFields) -> Bool {
        rule.percentEncoded ?? entry.percentEncoded ?? domain.percentEncoded ?? true
    }

    /// Makes an effective rule directly (tests, generators, `RuleProbe`); nothing is resolved or validated.
    public init(path: String?, query: QueryPattern?, fragment: String?, exclude: Bool = false,
                caseSensitive: Bool = true, percentEncoded: Bool = true,
                entryIndex: Int = 0, ruleIndex: Int = 0, sourcePath: String = "") {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.entryIndex = entryIndex
        self.ruleIndex = ruleIndex
        location = LazyJSONPath(sourcePath)
    }

    /// Equal when every property is equal.
    public static func == (a: EffectiveRule, b: EffectiveRule) -> Bool {
        a.path == b.path && a.query == b.query && a.fragment == b.fragment && a.exclude == b.exclude
            && a.caseSensitive == b.caseSensitive && a.percentEncoded == b.percentEncoded
            && a.entryIndex == b.entryIndex && a.ruleIndex == b.ruleIndex && LazyJSONPath.sameText(a.location, b.location)
    }
}
