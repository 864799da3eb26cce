/// The production engine: every pattern compiled once into a fast-path matcher or a bit-set
/// automaton, every document into per-app rule lists with a literal-prefix index. Same decisions
/// and traces as `ReferenceEngine`, implemented independently; never answers `undecided`.
public struct CompiledEngine: MatchEngine {
    public var name: String { "compiled" }

    public init() {}

    public func prepare(_ document: AASADocument) -> any PreparedDocument {
        CompiledDocument(document)
    }

    public func matchPart(_ request: PartRequest) -> PartVerdict {
        Self.matchPartCountingWork(request).verdict
    }

    /// `matchPart` plus the work it did: unit comparisons in the fast paths, state-set words,
    /// edges and epsilon moves in the automaton (compilation not included).
    public static func matchPartCountingWork(_ request: PartRequest) -> (verdict: PartVerdict, work: Int) {
        CompiledPart(request).verdictCountingWork(for: request.text)
    }
}

/// One pattern compiled for one kind of part and set of flags, to be run against many texts.
public struct CompiledPart: Sendable {
    let pattern: CompiledPattern?
    let isPath: Bool
    let caseSensitive: Bool
    let percentEncoded: Bool

    /// Compiles `request`'s pattern with its flags and variables (the text is ignored).
    public init(_ request: PartRequest) {
        self.init(pattern: request.pattern, kind: request.kind, caseSensitive: request.caseSensitive,
                  percentEncoded: request.percentEncoded, variables: request.variables)
    }

    public init(pattern: String, kind: PartRequest.Kind, caseSensitive: Bool = true, percentEncoded: Bool = true,
                variables: VariableTable = VariableTable()) {
        var resolver = VariableResolver(variables)
        isPath = kind == .path
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.pattern = PatternCompiler.compile(pattern, isPath: isPath, caseSensitive: caseSensitive, variables: &resolver)
    }

    /// The verdict for one URL part as written (still percent-encoded).
    public func verdict(for text: String) -> PartVerdict {
        verdictCountingWork(for: text).verdict
    }

    public func verdictCountingWork(for text: String) -> (verdict: PartVerdict, work: Int) {
        guard let pattern else { return (.invalidPattern, 0) }
        var work = 0
        if caseSensitive, percentEncoded, let matched = MatchText.matchInPlace(text, isPath: isPath, pattern, work: &work) {
            return (matched ? .matched : .notMatched, work)
        }
        let prepared = MatchText(text, isPath: isPath, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        let matched = prepared.matches(pattern, work: &work)
        return (matched ? .matched : .notMatched, work)
    }

    /// Which matcher the pattern compiled to: "literal", "prefix", "suffix", "infix",
    /// "fixedLength", "glob", "automaton", "never", or "invalid".
    public var shapeName: String { pattern?.shape.rawValue ?? "invalid" }
}
