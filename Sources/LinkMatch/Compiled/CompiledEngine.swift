import Synchronization

/// The production engine: every pattern compiled once into a fast-path matcher or a bit-set
/// automaton, every document into per-app rule lists with a literal-prefix index. Same decisions
/// and traces as `ReferenceEngine`, implemented independently; never answers `undecided`.
public struct CompiledEngine: MatchEngine {
    public var name: String { "compiled" }
    private let lastPart = LastCompiledPart()

    public init() {}

    public func prepare(_ document: AASADocument) -> any PreparedDocument {
        CompiledDocument(document)
    }

    /// Callers often ask about one pattern with several texts in a row (the metamorphic checks do),
    /// so the last compiled pattern is kept and reused when pattern, kind, flags and variables are
    /// the same, scalar for scalar. The verdict is what `matchPartCountingWork` gives.
    public func matchPart(_ request: PartRequest) -> PartVerdict {
        lastPart.compiled(for: request).verdict(for: request.text)
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

/// A one-entry cache of `CompiledPart`s for `CompiledEngine.matchPart`. Thread-safe: the lock is held
/// only to read or replace the entry, never while compiling.
final class LastCompiledPart: Sendable {
    private let slot = Mutex<(request: PartRequest, part: CompiledPart)?>(nil)

    func compiled(for request: PartRequest) -> CompiledPart {
        let hit = slot.withLock { entry -> CompiledPart? in
            guard let entry, Self.compilesTheSame(entry.request, request) else { return nil }
            return entry.part
        }
        if let hit { return hit }
        let part = CompiledPart(request)
        slot.withLock { $0 = (request, part) }
        return part
    }

    /// Same pattern, kind, flags and variables, comparing strings scalar for scalar (`==` on String
    /// is canonical equivalence, and "é" and "e\u{301}" compile differently).
    static func compilesTheSame(_ a: PartRequest, _ b: PartRequest) -> Bool {
        a.kind == b.kind && a.caseSensitive == b.caseSensitive && a.percentEncoded == b.percentEncoded
            && a.pattern.isExactly(b.pattern)
            && a.variables.custom.elementsEqual(b.variables.custom) { x, y in
                x.name.isExactly(y.name) && x.values.elementsEqual(y.values) { $0.isExactly($1) }
            }
    }
}
