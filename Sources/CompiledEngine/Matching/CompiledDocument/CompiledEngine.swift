import LinkMatchCore
import LinkMatchModel

/// The production engine: every pattern compiled once into a fast-path matcher or a bit-set
/// automaton, every document into per-app rule lists with a literal-prefix index. Same decisions
/// and traces as `ReferenceEngine`, implemented independently; never answers `undecided`.
/// (It conforms to `MatchEngine` in MatchEngineConformance.swift: its `prepare` is `compile` here.)
public struct CompiledEngine: Sendable {
    /// `"compiled"`.
    public var name: String { "compiled" }
    private let recentParts = RecentCompiledParts()

    /// An engine with an empty cache of recently compiled parts; cheap to make.
    public init() {}

    /// The document compiled for many decisions.
    public func compile(_ document: AASADocument) -> CompiledDocument {
        CompiledDocument(document)
    }

    /// Recently compiled patterns are reused (RecentCompiledParts) when pattern, kind, flags and
    /// variables are the same, scalar for scalar. The verdict is what `matchPartCountingWork` gives.
    public func matchPart(_ request: PartRequest) -> PartVerdict {
        recentParts.compiled(for: request).verdict(for: request.text)
    }

    /// `matchPart` plus the work it did: unit comparisons in the fast paths, state-set words,
    /// edges and epsilon moves in the automaton (compilation not included).
    public static func matchPartCountingWork(_ request: PartRequest) -> (verdict: PartVerdict, work: Int) {
        CompiledPart(request).verdictCountingWork(for: request.text)
    }
}

/// One pattern compiled for one kind of part and set of flags, to be run against many texts: its
/// matchers in a small store of its own.
public struct CompiledPart: Sendable {
    /// The pattern's programs in `matchers`; nil when it is invalid.
    let pattern: PatternPrograms?
    let matchers: OwnedMatchers
    /// What the main program was compiled to.
    private let shape: PatternShape?
    @usableFromInline let isPath: Bool
    let caseSensitive: Bool
    let percentEncoded: Bool
    /// For a literal, `????`-style, `prefix*` or `*suffix` pattern (and an N3 parent of one of these shapes) read
    /// with caseSensitive and percentEncoded: the verdict from the text's bytes as given (trimmed for
    /// a path), without preparing it (LiteralCheck).
    @usableFromInline let quick: QuickChecks?
    /// Any other pattern without variables and without an N3 parent, read with caseSensitive and
    /// percentEncoded: its glob matcher (a plain value), run on the text's bytes in place when they are ASCII.
    private let glob: GlobMatcher?

    /// Compiles `request`'s pattern with its flags and variables (the text is ignored).
    public init(_ request: PartRequest) {
        self.init(pattern: request.pattern, kind: request.kind, caseSensitive: request.caseSensitive,
                  percentEncoded: request.percentEncoded, variables: request.variables)
    }

    /// Compiles `pattern` for one kind of part with these flags and variables (P1–P5, V1–V6, E1–E3,
    /// N1–N4). An invalid pattern compiles to one whose verdict is always `.invalidPattern`; never throws.
    public init(pattern: String, kind: PartRequest.Kind, caseSensitive: Bool = true, percentEncoded: Bool = true,
                variables: VariableTable = VariableTable()) {
        var resolver = VariableResolver(variables)
        let isPath = kind == .path
        self.isPath = isPath
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        var store = MatcherStore()
        let compiled = PatternCompiler.compile(pattern, isPath: isPath, caseSensitive: caseSensitive, variables: &resolver,
                                               store: &store)?.programs
        self.pattern = compiled
        let plain = caseSensitive && percentEncoded
        quick = plain ? compiled.flatMap { QuickChecks($0, in: store, isPath: isPath) } : nil
        glob = plain && quick == nil && compiled?.parent.kind == ProgramRef.Kind.none ? compiled.flatMap { store.glob($0.main) } : nil
        shape = compiled.map { store.shape(of: $0.main) }
        matchers = OwnedMatchers(store)
    }

    /// The verdict for one URL part as written (still percent-encoded).
    @inlinable @inline(__always)
    public func verdict(for text: String) -> PartVerdict {
        // The literal shapes are decided here, compiled into the caller (see `LiteralCheck`).
        if let quick, let matched = quick.matches(text, isPath: isPath) { return matched ? .matched : .notMatched }
        return verdictPastQuickChecks(for: text)
    }

    /// `verdict(for:)` for a pattern without quick checks (or a text whose bytes are not contiguous).
    @usableFromInline
    func verdictPastQuickChecks(for text: String) -> PartVerdict {
        if let glob, let matched = Self.matchInPlace(glob, matchers.view.tables, text, isPath: isPath) {
            return matched ? .matched : .notMatched
        }
        return verdictCountingWork(for: text).verdict
    }

    /// `glob` (its tables seen through `tables`) on the text's bytes in place (trimmed for a path);
    /// nil when they are not ASCII.
    @inline(__always)
    private static func matchInPlace(_ glob: GlobMatcher, _ tables: GlobMatcher.SegmentTables.View, _ text: String,
                                     isPath: Bool) -> Bool? {
        let result = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool? in
            let (lo, hi) = isPath ? MatchText.trimmedBounds(buffer) : (0, buffer.count)
            // SAFETY: `trimmedBounds` (or the whole buffer) gives bounds inside the buffer.
            assert(0 <= lo && lo <= hi && hi <= buffer.count)
            let trimmed = UnsafeBufferPointer(rebasing: buffer[lo..<hi])
            guard MatchText.isASCII(trimmed) else { return nil }
            var work = 0
            return glob.matchesBytes(trimmed, tables, work: &work)
        }
        return result ?? nil
    }

    /// `verdict(for:)` plus the work it did (unit comparisons, state-set words, edges, epsilon moves),
    /// for the complexity tests and benchmarks.
    public func verdictCountingWork(for text: String) -> (verdict: PartVerdict, work: Int) {
        guard let pattern else { return (.invalidPattern, 0) }
        let matchers = matchers.view
        var work = 0
        if caseSensitive, percentEncoded, let matched = MatchText.matchInPlace(text, isPath: isPath, pattern, matchers, work: &work) {
            return (matched ? .matched : .notMatched, work)
        }
        let prepared = MatchText(text, isPath: isPath, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        let matched = prepared.matches(pattern, matchers, work: &work)
        return (matched ? .matched : .notMatched, work)
    }

    /// Which matcher the pattern compiled to: "literal", "prefix", "suffix", "infix",
    /// "fixedLength", "glob", "automaton", "never", or "invalid".
    public var shapeName: String { shape?.rawValue ?? "invalid" }
}

/// The `CompiledPart`s `CompiledEngine.matchPart` compiled lately, for reuse: callers often ask about
/// one pattern with several texts (the metamorphic relations do, and a fuzzer's next input often
/// changes only the text). Compiling is a function of the key, so reuse changes no verdict. The key
/// is exact: UTF-8 bytes name scalars one to one, where String's `==` is canonical equivalence
/// ("é" and "e\u{301}" compile differently). 64 entries, in a `RecentTable`.
final class RecentCompiledParts: Sendable {
    /// A request without its text. Equal when everything is the same scalar for scalar; the hash
    /// reads the pattern's bytes and the flags only (no copy of anything).
    struct Key: Hashable {
        let request: PartRequest

        static func == (a: Key, b: Key) -> Bool {
            a.request.kind == b.request.kind && a.request.caseSensitive == b.request.caseSensitive
                && a.request.percentEncoded == b.request.percentEncoded && a.request.pattern.isExactly(b.request.pattern)
                && a.request.variables == b.request.variables // VariableTable's == is exact
        }

        func hash(into hasher: inout Hasher) {
            let utf8 = request.pattern.utf8
            if utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
                for byte in utf8 { hasher.combine(byte) }
            }
            hasher.combine(request.kind)
            hasher.combine(request.caseSensitive)
            hasher.combine(request.percentEncoded)
            hasher.combine(request.variables.custom.count)
        }
    }

    private let table = RecentTable<Key, CompiledPart>(capacity: 64)

    func compiled(for request: PartRequest) -> CompiledPart {
        var bare = request
        bare.text = "" // the text is not part of the key, nor kept
        return table.value(for: Key(request: bare)) { CompiledPart(request) }
    }
}
