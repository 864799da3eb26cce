import LinkMatchCore

/// Every matcher of a document (or of one compiled part), per kind in one array, with the tables
/// they are ranges of: the segment tables of the globs and the sequence runs, the sequence steps,
/// the value tries. A pattern names its programs by kind and index (`ProgramRef`), so compiling a
/// document appends to a few arrays instead of allocating objects per pattern, and the decision
/// reads plain values through one view taken at its start.
struct MatcherStore: Sendable {
    /// The globs' segments and middles, and the sequence matchers' searched runs.
    var segments = GlobMatcher.SegmentTables()
    private(set) var globs: [GlobMatcher] = []
    /// Every sequence matcher's steps, each one's in a run (`SequenceMatcher.stepStart`).
    var steps: [SequenceMatcher.Step] = []
    private(set) var sequences: [SequenceMatcher] = []
    var tries = ValueTries()
    /// The bit-set automata (values with `?` or `*`): objects that share their large parts with
    /// every other automaton of the process using the same values (BitNFA). Objects by design, the
    /// one kind of matcher not flattened into this store's arrays: a predefined variable's part
    /// (`$(lang)`'s has hundreds of states) is built once per process and shared by every document
    /// and pattern that uses it, which values copied into each store would undo.
    private(set) var automata: [BitNFA] = []

    /// Room for the patterns of about `rules` more rules: most rules have a path pattern and some a
    /// query or fragment pattern, a path ending in `/*` has a second glob (N3's parent), and most
    /// globs have one or two runs of up to eight units, a pair of words each (the arrays then
    /// seldom grow, each growth a copy of what they hold). Some patterns have a middle segment (two
    /// stars apart, `/a/*/b/*`), the only runs of a usual glob stored as a `Segment`, whose search
    /// adds a 129-word table: room for one per eight rules (the table's when the first comes). A
    /// document that repeats its patterns uses far less than this: `dropSpareRoom` gives the rest
    /// back once the compile is done.
    mutating func reserve(rules: Int) {
        guard rules > 0 else { return }
        globs.reserveCapacity(globs.count + 2 * rules)
        segments.reserve(segments: (rules + 7) / 8, words: 7 * rules, searches: (rules + 7) / 8)
    }

    /// Gives back the room `reserve(rules:)` set aside and the compile did not use, before the
    /// store is kept for the life of a compiled document (`Array.dropSpareRoom`).
    mutating func dropSpareRoom() {
        segments.dropSpareRoom()
        globs.dropSpareRoom()
        steps.dropSpareRoom()
        sequences.dropSpareRoom()
        automata.dropSpareRoom()
    }

    /// A glob program of `atoms` (no variable).
    mutating func addGlob(_ atoms: ArraySlice<CompiledAtom>) -> ProgramRef {
        let glob = GlobMatcher(atoms, into: &segments)
        globs.append(glob)
        return ProgramRef(kind: .glob, index: Int32(globs.count - 1))
    }

    /// A glob program of an ASCII pattern without variables, read from its bytes (`GlobMatcher.init(ascii:into:)`).
    mutating func addASCIIGlob(_ pattern: UnsafeBufferPointer<UInt8>) -> ProgramRef {
        let glob = GlobMatcher(ascii: pattern, into: &segments)
        globs.append(glob)
        return ProgramRef(kind: .glob, index: Int32(globs.count - 1))
    }

    /// `addASCIIGlob` of a pattern whose first star (its count when it has none) the caller found
    /// already: the compiler's path patterns, scanned once for the star and the index key's end.
    mutating func addASCIIGlob(_ pattern: UnsafeBufferPointer<UInt8>, firstStar: Int) -> ProgramRef {
        let glob = GlobMatcher(ascii: pattern, firstStar: firstStar, into: &segments)
        globs.append(glob)
        return ProgramRef(kind: .glob, index: Int32(globs.count - 1))
    }

    /// The program of `pattern`: a glob without variables, else a sequence matcher when every value
    /// is literal, else the automaton; `.never` when a variable has no usable value.
    mutating func addProgram(_ pattern: AtomPattern) -> ProgramRef {
        guard pattern.hasChoices else { return addGlob(pattern.atoms[...]) }
        guard BitNFA.canAccept(pattern) else { return .never }
        if let sequence = SequenceMatcher(pattern, into: &self) {
            sequences.append(sequence)
            return ProgramRef(kind: .sequence, index: Int32(sequences.count - 1))
        }
        automata.append(BitNFA(pattern))
        return ProgramRef(kind: .automaton, index: Int32(automata.count - 1))
    }

    /// The glob `program` names, if it names one.
    func glob(_ program: ProgramRef) -> GlobMatcher? {
        program.kind == .glob ? globs[Int(program.index)] : nil
    }

    /// The automaton `program` names, if it names one.
    func automaton(_ program: ProgramRef) -> BitNFA? {
        program.kind == .automaton ? automata[Int(program.index)] : nil
    }

    /// What `program` was compiled to (which fast path runs).
    func shape(of program: ProgramRef) -> PatternShape {
        switch program.kind {
        case .glob: return globs[Int(program.index)].shape
        case .sequence: return .sequence
        case .automaton: return .automaton
        case .never, .none: return .never
        }
    }

}

/// A `MatcherStore`'s storage, for matching: what `ProgramRef`s index. One word (its headers are in
/// the arena of its owner, a `FlatRules` or an `OwnedMatchers`, and point at the store's arrays that
/// owner keeps), so handing it on copies nothing.
struct MatcherView {
    struct Buffers {
        let tables: GlobMatcher.SegmentTables.View
        let globs: UnsafeBufferPointer<GlobMatcher>
        let steps: UnsafeBufferPointer<SequenceMatcher.Step>
        let sequences: UnsafeBufferPointer<SequenceMatcher>
        let tries: ValueTries.View
        let automata: UnsafeBufferPointer<BitNFA>
    }

    // SAFETY: points into the arena of the owning `FlatRules` or `OwnedMatchers`, alive while a match reads this view.
    let buffers: UnsafePointer<Buffers>

    // SAFETY: `buffers` points at a `Buffers` in the arena of the owning `FlatRules` or `OwnedMatchers`, kept for as long as a match can read this view (the pointer's liveness cannot be asserted).
    var tables: GlobMatcher.SegmentTables.View { buffers.pointee.tables }
    var globs: UnsafeBufferPointer<GlobMatcher> { buffers.pointee.globs }
    var steps: UnsafeBufferPointer<SequenceMatcher.Step> { buffers.pointee.steps }
    var sequences: UnsafeBufferPointer<SequenceMatcher> { buffers.pointee.sequences }
    var tries: ValueTries.View { buffers.pointee.tries }
    var automata: UnsafeBufferPointer<BitNFA> { buffers.pointee.automata }

    /// Whether `program` (of this view's store) accepts `text`.
    @inline(__always)
    func matches<U: FixedWidthInteger & UnsignedInteger>(_ program: ProgramRef, _ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
        let i = Int(program.index)
        switch program.kind {
        case .glob:
            let globs = globs
            // SAFETY: a glob `ProgramRef` is the index `addGlob` gave, so inside `globs`.
            assert(i >= 0 && i < globs.count)
            return globs[i].matches(text, tables, work: &work)
        case .sequence:
            let sequences = sequences
            // SAFETY: a sequence `ProgramRef` is the index `addProgram` gave, so inside `sequences`.
            assert(i >= 0 && i < sequences.count)
            return sequences[i].matches(text, self, work: &work)
        case .automaton:
            let automata = automata
            // SAFETY: an automaton `ProgramRef` is the index `addProgram` gave, so inside `automata`.
            assert(i >= 0 && i < automata.count)
            return automata[i].matches(text, work: &work)
        case .never, .none:
            return false
        }
    }

    /// Whether `pattern`'s main program or its N3 parent accepts `text`.
    @inline(__always)
    func matches<U: FixedWidthInteger & UnsignedInteger>(_ pattern: PatternPrograms, _ text: UnsafeBufferPointer<U>,
                                                         work: inout Int) -> Bool {
        if matches(pattern.main, text, work: &work) { return true }
        return pattern.parent.kind != .none && matches(pattern.parent, text, work: &work)
    }
}

/// A compiled pattern's programs (`CompiledPattern` without its index keys): what a decision reads.
struct PatternPrograms: Sendable {
    let main: ProgramRef
    /// `.none` without an N3 parent.
    let parent: ProgramRef
}
