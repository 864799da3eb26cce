/// The patterns of one document compiled so far, by source text (exact UTF-8), kind and fold mode.
/// Real files repeat their paths entry after entry (one entry per app, each with the same
/// `paths`), and a compiled pattern is immutable and depends only on that key and the document's
/// variables, so a repeat shares the first one's program instead of compiling it again.
/// Lives while one document compiles; what it built (the matchers, the patterns' programs, the
/// path keys) the document keeps.
///
/// Only an optimisation: a pattern compiled twice gives the same programs as one compiled once and
/// shared, so when the table cannot hold a key (its bounded probes all meet other keys, which only
/// a document whose patterns collide does) the pattern is compiled anyway, unshared. That keeps the
/// compile linear in the document whatever it holds.
struct PatternMemo {
    /// The document's variables, resolved once per name and fold mode.
    var variables: VariableResolver
    /// Source text (exact UTF-8) and flags (`tag`) -> index in `programs`, or `invalid`.
    private var compiled: ExactBytesTable
    /// Every path pattern's rule-index keys, one after the other (`CompiledPattern.keys` are ranges of it).
    private(set) var keyBytes: [UInt8] = []
    /// Scratch space for a pattern's atoms, shared by the compilations (`PatternCompiler.compile`).
    private var atoms: [CompiledAtom] = []
    /// Every matcher of the document's patterns.
    private(set) var store = MatcherStore()
    /// Every valid pattern's programs (one per distinct key, but for an unplaceable one), and its
    /// index keys, by pattern index.
    private(set) var programs: [PatternPrograms] = []
    private(set) var keys: [IndexKeys] = []

    /// The table's lookups and probes so far (tests check the probe bound).
    var lookups: Int { compiled.lookups }
    var probes: Int { compiled.probes }

    /// `rules`: about how many rules will be compiled; their patterns (a path each, a query or a
    /// fragment for some) then seldom make the table rehash or the arrays grow.
    /// `hashing`: the table's (tests make every key collide).
    init(_ variables: VariableResolver, rules: Int = 0, hashing: TableHashing = .perProcess) {
        self.variables = variables
        let patterns = rules + rules / 2
        compiled = ExactBytesTable(expected: patterns, hashing: hashing)
        programs.reserveCapacity(patterns)
        keys.reserveCapacity(patterns)
        store.reserve(rules: rules)
        keyBytes.reserveCapacity(8 * rules)
    }

    /// `PatternCompiler.compile`, once per distinct key (almost always: see the type's comment): the
    /// pattern's index in `programs` (nil when invalid). One hash of the key whether it is new or known,
    /// and one borrow of its UTF-8 for the lookup and the compile.
    /// Not inlined: `CompiledRule.init` calls it for each of a rule's patterns and is itself inlined
    /// into the compile loop only while it stays small.
    @inline(never)
    mutating func compile(_ source: String, isPath: Bool, caseSensitive: Bool) -> Int32? {
        // (`withUTF8` makes a non-native string contiguous first; `kept` is the string as given.)
        let kept = source
        var contiguous = source
        return contiguous.withUTF8 { bytes in compile(bytes, of: { kept }, isPath: isPath, caseSensitive: caseSensitive) }
    }

    /// `compile` of the pattern whose UTF-8 is `bytes` (valid UTF-8, lent for the call: a string on
    /// a JSON tape); a `String` of it is made only if the byte path does not take it.
    @inline(never)
    mutating func compile(utf8 bytes: UnsafeBufferPointer<UInt8>, isPath: Bool, caseSensitive: Bool) -> Int32? {
        compile(bytes, of: { String(decoding: bytes, as: UTF8.self) }, isPath: isPath, caseSensitive: caseSensitive)
    }

    /// `compile` of the pattern whose UTF-8 is lent as `bytes`, `source` making its `String` when needed.
    @inline(__always)
    private mutating func compile(_ bytes: UnsafeBufferPointer<UInt8>, of source: () -> String, isPath: Bool,
                                  caseSensitive: Bool) -> Int32? {
        // Entered as the next pattern index before it is compiled (nothing else reads the table meanwhile).
        let next = Int32(programs.count)
        let entry: Int?
        switch compiled.find(bytes, tag: Self.tag(isPath: isPath, caseSensitive: caseSensitive), insertingIfAbsent: next) {
        case .found(let known): return known == Self.invalid ? nil : known
        case .inserted(let new): entry = new
        case .unplaceable: entry = nil
        }
        guard let pattern = PatternCompiler.compile(bytes, of: source, isPath: isPath, caseSensitive: caseSensitive,
                                                    variables: &variables, keyBytes: &keyBytes, atoms: &atoms,
                                                    store: &store) else {
            if let entry { compiled.setValue(Self.invalid, ofEntry: entry) }
            return nil
        }
        programs.append(pattern.programs)
        keys.append(pattern.keys)
        return next
    }

    /// The table's value for an invalid pattern (remembered too: P3–P5).
    private static let invalid: Int32 = -1

    /// `isPath` and `caseSensitive` as two bits: part of the key.
    @inline(__always)
    static func tag(isPath: Bool, caseSensitive: Bool) -> UInt8 {
        (isPath ? 1 : 0) | (caseSensitive ? 2 : 0)
    }
}
