import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

// The reference engine conforms to `MatchEngine` here, not in its own module: the protocol's `prepare`
// takes the document model (`AASADocument`, LinkMatchModel), which the reference's module cannot see
// (it stays Core-only). What the reference gets from a model is its own input (`ReferenceEntry`,
// `ReferenceFields`), or, for a document parsed from a file, the file's JSON, which it reads itself.
// The compiled engine conforms in its own module (Sources/CompiledEngine/MatchEngineConformance.swift).

extension ReferenceEngine: MatchEngine {
    /// Reads the document's JSON itself when the document was parsed from a file; a document built
    /// (or changed) in code has no JSON, and its entries are taken as they are.
    public func prepare(_ document: AASADocument) -> any PreparedDocument {
        if let json = document.source { return prepare(json: json) }
        return prepare(defaults: ReferenceFields(document.defaults),
                       entries: document.entries.map { entry in
                           ReferenceEntry(apps: entry.appIDs, defaults: ReferenceFields(entry.defaults),
                                          rules: entry.rules.map { (ReferenceFields($0.fields), $0.sourcePath) })
                       },
                       variables: document.variables.custom)
    }

    /// The reference's own loader (LinkMatchReference's `load`), which can reject the file.
    public func load(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument {
        try load(bytes, limits: JSONParser.Limits())
    }
}

extension ReferenceEngine.Prepared: PreparedDocument {}

extension ReferenceFields {
    /// The model's keys, as the reference's input (a copy, no interpretation).
    init(_ f: ComponentFields) {
        self.init(path: f.path, query: f.query.map(ReferenceRule.Query.init), fragment: f.fragment, exclude: f.exclude,
                  caseSensitive: f.caseSensitive, percentEncoded: f.percentEncoded)
    }
}

extension ReferenceRule.Query {
    init(_ q: QueryPattern) {
        switch q {
        case .whole(let pattern): self = .whole(pattern)
        case .items(let items): self = .items(items)
        }
    }
}

extension ReferenceRule {
    /// A compiled-side effective rule, as the reference's own rule (a copy, no interpretation).
    init(_ rule: EffectiveRule) {
        self.init(path: rule.path, query: rule.query.map(Query.init), fragment: rule.fragment, exclude: rule.exclude,
                  caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded,
                  entryIndex: rule.entryIndex, ruleIndex: rule.ruleIndex, sourcePath: rule.sourcePath)
    }
}
