import LinkMatchCore

/// One pattern, compiled once: the program for the pattern itself and, for a path pattern ending
/// in `/*`, the program for its parent (N3). A text matches when either program accepts it. A plain
/// value: each program is a kind and an index into the `MatcherStore` it was compiled into.
struct CompiledPattern: Sendable {
    let main: ProgramRef
    /// N3's parent-path alternative, `.none` when it does not apply.
    let parent: ProgramRef
    /// The rule index's keys (literal starts, else a literal end) in the document's key bytes. Only
    /// the rule index reads them, and only a path pattern's: other patterns have `IndexKeys.none`.
    let keys: IndexKeys

    /// The programs alone, as the decision reads them.
    var programs: PatternPrograms { PatternPrograms(main: main, parent: parent) }

    /// The pattern of programs and keys already built (the byte path, `PatternCompiler.compileASCII`).
    init(main: ProgramRef, parent: ProgramRef, keys: IndexKeys) {
        self.main = main
        self.parent = parent
        self.keys = keys
    }

    /// A pattern without variables (`main` and N3's `parent` as runs of units, `?` and `*`): glob
    /// programs over the atoms as they are, added to `store`. `indexed`: the rule index reads this
    /// pattern's keys (a path pattern), which are then appended to `keyBytes` (UTF-8 read straight from the atoms).
    init(glob main: ArraySlice<CompiledAtom>, parent: ArraySlice<CompiledAtom>?, indexed: Bool, keyBytes: inout [UInt8],
         store: inout MatcherStore) {
        self.main = store.addGlob(main)
        self.parent = parent.map { store.addGlob($0) } ?? .none
        guard indexed else {
            keys = .none
            return
        }
        let start = keyBytes.count
        Self.appendUTF8(of: main, to: &keyBytes) // (it stops at the first atom that is not a unit)
        // With an N3 parent a text matches one program or the other: the key is what both starts share.
        if let parent {
            let common = Self.commonLength(keyBytes[start...], parent)
            keyBytes.removeLast(keyBytes.count - start - common)
        }
        let first = Int32(start)..<Int32(keyBytes.count)
        var suffix = first.upperBound..<first.upperBound
        if first.isEmpty && parent == nil {
            Self.appendUTF8(of: Self.trailingUnits(main), to: &keyBytes)
            keyBytes[start...].reverse()
            suffix = first.upperBound..<Int32(keyBytes.count)
        }
        keys = IndexKeys(first: first, more: 0..<0, reversedSuffix: suffix)
    }

    /// The run of literal units `atoms` end with.
    static func trailingUnits(_ atoms: ArraySlice<CompiledAtom>) -> ArraySlice<CompiledAtom> {
        var start = atoms.endIndex
        while start > atoms.startIndex, case .unit = atoms[start - 1] { start -= 1 }
        return atoms[start..<atoms.endIndex]
    }

    /// Appends `utf8` of the run of `.unit` atoms `run` starts with to `out` (up to an invalid
    /// scalar, like `utf8`). No `reserveCapacity`: it would grow `out` (a document's key bytes) to
    /// the exact size each time, so every pattern past the first reservation would copy them all.
    private static func appendUTF8(of run: ArraySlice<CompiledAtom>, to out: inout [UInt8]) {
        for atom in run {
            guard case .unit(let u) = atom else { return }
            if u < 0x80 {
                out.append(UInt8(u))
                continue
            }
            guard let scalar = Unicode.Scalar(u) else { return }
            out.append(contentsOf: scalar.utf8)
        }
    }

    /// How many bytes `key` shares from its start with the UTF-8 of the literal units `atoms` start with.
    static func commonLength(_ key: ArraySlice<UInt8>, _ atoms: ArraySlice<CompiledAtom>) -> Int {
        let base = key.startIndex
        var i = 0
        for atom in atoms {
            guard case .unit(let u) = atom else { break }
            if u < 0x80 {
                guard i < key.count, key[base + i] == UInt8(u) else { return i }
                i += 1
                continue
            }
            guard let scalar = Unicode.Scalar(u) else { break }
            for byte in scalar.utf8 {
                guard i < key.count, key[base + i] == byte else { return i }
                i += 1
            }
        }
        return i
    }

    /// A pattern with variables. `indexed` and `keyBytes` as for `init(glob:parent:indexed:keyBytes:)`.
    init(main: AtomPattern, parent: AtomPattern?, indexed: Bool, keyBytes: inout [UInt8], store: inout MatcherStore) {
        self.main = store.addProgram(main)
        self.parent = parent.map { store.addProgram($0) } ?? .none
        guard indexed else {
            keys = .none
            return
        }
        // With an N3 parent, a text matches one program or the other: a key must start the texts of
        // both, so each is cut to what the main and the parent key (for the same value) share.
        var keys = main.literalPrefixes.map(Self.utf8)
        if let parent {
            var others = parent.literalPrefixes.map(Self.utf8)
            if others.count != keys.count {
                keys = [Self.utf8(main.literalPrefix)]
                others = [Self.utf8(parent.literalPrefix)]
            }
            for i in keys.indices {
                var common = 0
                while common < keys[i].count, common < others[i].count, keys[i][common] == others[i][common] { common += 1 }
                keys[i].removeLast(keys[i].count - common)
            }
            if keys.contains(where: { $0.isEmpty }) { keys = [[]] }
        }
        if keys.count > 1 {
            var seen = Set<[UInt8]>()
            keys = keys.filter { seen.insert($0).inserted } // two values may share a start
        }
        let ranges = keys.map { IndexKeys.append($0, to: &keyBytes) }
        var suffix: Range<Int32> = 0..<0
        if parent == nil, ranges.count == 1, ranges[0].isEmpty {
            suffix = IndexKeys.append(Self.utf8(main.literalSuffix).reversed(), to: &keyBytes)
        }
        // No range at all when a leading variable has no values (no text matches, so no key lists it).
        let more = ranges.count > 1 ? IndexKeys.append(ranges: ranges.dropFirst(), to: &keyBytes) : 0..<0
        self.keys = IndexKeys(first: ranges.first, more: more, reversedSuffix: suffix)
    }

    static func utf8(_ units: some Collection<UInt32>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        for u in units {
            if u < 0x80 { // ASCII, the usual case: one byte, no scalar view
                out.append(UInt8(u))
                continue
            }
            guard let scalar = Unicode.Scalar(u) else { break }
            out.append(contentsOf: scalar.utf8)
        }
        return out
    }
}

/// What a pattern was compiled to; each case is one matching strategy.
enum PatternShape: String, Sendable, Equatable {
    /// Literal units only: one length check and one comparison.
    case literal
    /// `?` runs and literals, no `*`: fixed length, one pass.
    case fixedLength
    /// `prefix*`.
    case prefix
    /// `*suffix`.
    case suffix
    /// `*infix*`.
    case infix
    /// Any other mix of literals, `?` and `*`: anchored first and last segment, greedy middle.
    case glob
    /// Has variables whose values are all literal: text positions stepped through the pattern,
    /// each variable by its values' trie (SequenceMatcher).
    case sequence
    /// Has variables with `?` or `*` in a value: the bit-set automaton.
    case automaton
    /// Can never match (a variable with no values, P4/V6).
    case never
}

/// A pattern's matching program: which kind of matcher, and its index in the store's array of that
/// kind. Two words of plain data: reading one out of a pattern retains nothing.
struct ProgramRef: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        /// No program (a pattern without an N3 parent has this as its parent).
        case none
        /// `MatcherStore.globs[index]`.
        case glob
        /// `MatcherStore.sequences[index]`.
        case sequence
        /// `MatcherStore.automata[index]`.
        case automaton
        /// Can never match (a variable with no values, P4/V6).
        case never
    }

    let kind: Kind
    let index: Int32

    static let none = ProgramRef(kind: .none, index: 0)
    static let never = ProgramRef(kind: .never, index: 0)
}
