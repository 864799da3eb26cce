import LinkMatch

/// Planted mistakes in loading a file, where an engine may refuse it (SPEC.md D1, P5): the
/// `document` check compares the two loaders' verdicts (one side rejecting what the other accepts,
/// or rejecting with another code, is a finding), so a mistake here must not go unseen.
enum LoaderMutants {
    static var catalog: [Mutants.Entry] {
        [
            // Generated cases stay far below 2,097,152 elements; the committed corpus has documents
            // just over the limit (handmade-P5-document-total-*), from which libFuzzer finds it.
            Mutants.Entry(name: "p5-total-once-per-variable", engine: LoaderMutantEngine(
                name: "mutant:p5-total-once-per-variable", base: CompiledEngine(), load: loadCountingEachNameOnce),
                  caughtBy: [], mistake: "the document-wide P5 total counts a variable's values once per pattern, not once per `$(…)` (P5: `too-complex`)",
                  fuzzedBy: [.document]),
            Mutants.Entry(name: "reference-loader-accepts-any-top-level", engine: LoaderMutantEngine(
                name: "mutant:reference-loader-accepts-any-top-level", base: ReferenceEngine(), load: loadAnyTopLevel),
                  caughtBy: [.document], mistake: "the reference's loader reads a file whose JSON is not an object (an array, a string) as an empty document instead of rejecting it (D1: `top-level-not-object`)"),
        ]
    }

    /// The compiled side's loading with the mistake: a file the right total refuses is read again
    /// without that check and accepted when the wrong total fits.
    @Sendable static func loadCountingEachNameOnce(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument {
        let limit = PatternLimits.maxDocumentExpandedSize
        do {
            let parsed = try AASADocument.parse(bytes)
            return CompiledEngine().prepare(parsed.document)
        } catch where error.code == "too-complex" {
            // The same reading as AASADocument.parse, minus its P5 total.
            guard let content = try? SignedEnvelope.unwrap(bytes) ?? bytes, let tape = try? JSONTape.parse(content),
                  let top = tape.root.object else { throw error }
            var parser = DocumentParser()
            var document = parser.document(from: top)
            document.setSource(tape)
            guard totalCountingEachNameOnce(document) <= limit else { throw error }
            return CompiledEngine().prepare(document)
        }
    }

    /// P5's total with the mistake: per pattern, its elements plus each variable's values once,
    /// however often the pattern names it.
    static func totalCountingEachNameOnce(_ d: AASADocument) -> Int {
        var total = 0
        func add(_ pattern: String?) {
            guard let pattern, let parsed = try? PatternParser.parse(pattern) else { return }
            total += parsed.elements.count
            for name in parsed.variableNames { total += d.variables.scalarCount(of: name) }
        }
        func add(_ f: ComponentFields) {
            add(f.path)
            add(f.fragment)
            switch f.query {
            case .whole(let p)?: add(p)
            case .items(let items)?: for item in items { add(item.pattern) }
            case nil: break
            }
        }
        add(d.defaults)
        for entry in d.entries {
            add(entry.defaults)
            for rule in entry.rules { add(rule.fields) }
        }
        return total
    }

    /// The reference's loading with the mistake: JSON whose top level is not an object is read as
    /// `{}` (no `applinks`: nothing matches) instead of being rejected.
    @Sendable static func loadAnyTopLevel(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument {
        let engine = ReferenceEngine()
        do {
            return try engine.load(bytes)
        } catch where error.code == "top-level-not-object" {
            return engine.prepare(json: .object(JSONObject()))
        }
    }
}

/// An engine whose loading (`MatchEngine.load`) has a planted mistake; everything else is `base`'s.
struct LoaderMutantEngine: MatchEngine {
    let name: String
    let base: any MatchEngine
    let loading: @Sendable ([UInt8]) throws(DocumentLoadError) -> any PreparedDocument

    init(name: String, base: any MatchEngine, load: @escaping @Sendable ([UInt8]) throws(DocumentLoadError) -> any PreparedDocument) {
        self.name = name
        self.base = base
        loading = load
    }

    func prepare(_ document: AASADocument) -> any PreparedDocument { base.prepare(document) }
    func matchPart(_ request: PartRequest) -> PartVerdict { base.matchPart(request) }
    func load(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument { try loading(bytes) }
}
