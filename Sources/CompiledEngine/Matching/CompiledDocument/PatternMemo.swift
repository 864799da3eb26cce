/// The patterns of one document compiled so far, by source text (exact UTF-8), kind and fold mode.
/// Real files repeat their paths entry after entry (one entry per app, each with the same
/// `paths`), and a compiled pattern is immutable and depends only on that key and the document's
/// variables, so a repeat shares the first one's program instead of compiling it again.
/// Lives while one document compiles; what it built (the matchers, the patterns' programs, the
/// path keys) the document keeps.
struct PatternMemo {
    private struct Key: Hashable {
        let source: String
        /// `isPath` and `caseSensitive` as two bits (one byte to hash).
        let flags: UInt8

        init(_ source: String, isPath: Bool, caseSensitive: Bool) {
            self.source = source
            flags = (isPath ? 1 : 0) | (caseSensitive ? 2 : 0)
        }

        // Exact equality (D12: not canonical), hashed on the bytes in one go and the flags in one byte.
        // The lengths first (native strings know theirs): most keys a probe meets differ there.
        static func == (a: Key, b: Key) -> Bool {
            a.flags == b.flags && a.source.utf8.count == b.source.utf8.count && a.source.isExactly(b.source)
        }

        func hash(into hasher: inout Hasher) {
            var source = source
            source.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(flags)
        }
    }

    /// A pattern compiled (its index in `programs`, or nil: invalid, P3–P5, remembered too) or not yet.
    private enum Slot {
        case pending
        case compiled(Int32?)
    }

    /// The document's variables, resolved once per name and fold mode.
    var variables: VariableResolver
    /// Keyed lookups only, never iterated.
    private var compiled: [Key: Slot] = [:]
    /// Every path pattern's rule-index keys, one after the other (`CompiledPattern.keys` are ranges of it).
    private(set) var keyBytes: [UInt8] = []
    /// Scratch space for a pattern's atoms, shared by the compilations (`PatternCompiler.compile`).
    private var atoms: [CompiledAtom] = []
    /// Every matcher of the document's patterns.
    private(set) var store = MatcherStore()
    /// Every distinct valid pattern's programs, and its index keys, by pattern index.
    private(set) var programs: [PatternPrograms] = []
    private(set) var keys: [IndexKeys] = []

    /// `rules`: about how many rules will be compiled; their patterns (a path each, a query or a
    /// fragment for some) then seldom make the table rehash or the arrays grow.
    init(_ variables: VariableResolver, rules: Int = 0) {
        self.variables = variables
        let patterns = rules + rules / 2
        // Twice the room the table needs: a lookup then meets fewer other keys on its way.
        compiled.reserveCapacity(2 * patterns)
        programs.reserveCapacity(patterns)
        keys.reserveCapacity(patterns)
        store.reserve(rules: rules)
        keyBytes.reserveCapacity(8 * rules)
    }

    /// `PatternCompiler.compile`, once per distinct key: the pattern's index in `programs` (nil when
    /// invalid). One hash of the key whether it is new or known (the slot is found, or made, once and
    /// filled in place).
    mutating func compile(_ source: String, isPath: Bool, caseSensitive: Bool) -> Int32? {
        Self.fill(&compiled[Key(source, isPath: isPath, caseSensitive: caseSensitive), default: .pending], &variables,
                  &keyBytes, &atoms, &store, &programs, &keys, source, isPath: isPath, caseSensitive: caseSensitive)
    }

    private static func fill(_ slot: inout Slot, _ variables: inout VariableResolver, _ keyBytes: inout [UInt8],
                             _ atoms: inout [CompiledAtom], _ store: inout MatcherStore, _ programs: inout [PatternPrograms],
                             _ keys: inout [IndexKeys], _ source: String, isPath: Bool, caseSensitive: Bool) -> Int32? {
        if case .compiled(let known) = slot { return known }
        var index: Int32?
        if let pattern = PatternCompiler.compile(source, isPath: isPath, caseSensitive: caseSensitive, variables: &variables,
                                                 keyBytes: &keyBytes, atoms: &atoms, store: &store) {
            index = Int32(programs.count)
            programs.append(pattern.programs)
            keys.append(pattern.keys)
        }
        slot = .compiled(index)
        return index
    }
}
