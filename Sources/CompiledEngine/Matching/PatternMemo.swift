/// The patterns of one document compiled so far, by source text (exact UTF-8), kind and fold mode.
/// Real files repeat their paths entry after entry (one entry per app, each with the same
/// `paths`), and a compiled pattern is immutable and depends only on that key and the document's
/// variables, so a repeat shares the first one's program instead of compiling it again.
/// Lives while one document compiles.
struct PatternMemo {
    private struct Key: Hashable {
        let source: ExactKey
        let isPath: Bool
        let caseSensitive: Bool
    }

    /// The document's variables, resolved once per name and fold mode.
    var variables: VariableResolver
    /// nil values: invalid patterns (P3–P5), remembered too. Keyed lookups only, never iterated.
    private var compiled: [Key: CompiledPattern?] = [:]

    /// `capacity`: about how many patterns will be compiled (the table is then never rehashed as it grows).
    init(_ variables: VariableResolver, capacity: Int = 0) {
        self.variables = variables
        compiled.reserveCapacity(capacity)
    }

    /// `PatternCompiler.compile`, once per distinct key.
    mutating func compile(_ source: String, isPath: Bool, caseSensitive: Bool) -> CompiledPattern? {
        let key = Key(source: ExactKey(source), isPath: isPath, caseSensitive: caseSensitive)
        if let known = compiled[key] { return known }
        let pattern = PatternCompiler.compile(source, isPath: isPath, caseSensitive: caseSensitive, variables: &variables)
        compiled[key] = .some(pattern)
        return pattern
    }
}
