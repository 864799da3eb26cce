import LinkMatchCore

/// The automaton for patterns with substitution variables (V1, V2), put together from shared
/// pieces instead of copied states where the values are many:
/// - "main", a BitAutomaton of the pattern's own literals, `?` and `*`, and of the tries of its small
///   variables (at most `maxCopiedStates` states: `$(digit)`, a custom variable of a few short
///   values), copied in below their roots, where they cost less per unit than a part;
/// - one "part" per occurrence of a large variable (`$(lang)`, `$(region)`, long custom lists): the
///   automaton of the values' trie (V2 wildcards allowed inside values), whose state 0 stands for
///   main's root state before the occurrence and whose accepting state for main's join state after
///   it (main has no edge between the two).
///
/// A part is the same object for every occurrence of the same values: each predefined variable's is
/// built once per process (`$(lang)`'s has about 800 states), a custom variable's is kept with the
/// recent ones. So compiling a pattern costs its own atoms and small tries, not its large
/// variables' values, and the values are never expanded into a product of patterns.
///
/// One step over a unit, with every automaton's states side by side in one buffer: main consumes
/// and closes; then, in pattern order, each part consumes (skipped while none of its states is
/// active), gets its state 0 when main's root is active, closes, and activates main's join when it
/// accepts (closing main again when a copied trie hangs from that join). Pattern order makes that
/// one pass: every edge goes forward, so a part's root is final once the parts before it are done
/// (it is the previous join for `$(a)$(b)`). This is exactly the automaton with every trie copied
/// in below its root (EngineShortcutTests compares the two). Cost per unit: O(main's words + active
/// parts' words and edges); no allocation (two state sets per text).
final class BitNFA: Sendable {
    struct Part: Sendable {
        let automaton: BitAutomaton
        /// Main's state the values hang from, and main's state they lead to.
        let root: Int
        let join: Int
        /// Where the part's states start in the state buffer, in words.
        let offset: Int
    }

    let main: BitAutomaton
    let parts: [Part]
    /// Words of one state set: main's, then every part's.
    let words: Int
    /// Whether the accepting state is reachable at all (false when a variable has no values).
    let canAccept: Bool
    /// The start state and everything it reaches without consuming.
    let initial: [UInt64]

    init(_ pattern: AtomPattern) {
        var b = BitAutomaton.Builder()
        var current = 0
        var pieces: [(automaton: BitAutomaton, root: Int, join: Int)] = []
        for atom in pattern.atoms {
            switch atom {
            case .unit(let u):
                current = b.consume(from: current, label: u)
            case .any:
                current = b.consume(from: current, label: UnitLabel.any)
            case .star:
                b.loops[current] = true
            case .choice(let k):
                let values = Self.states(of: pattern, choice: k)
                if let shared = values.shared {
                    let join = b.newState(UnitLabel.none)
                    pieces.append((shared, current, join))
                    current = join
                } else {
                    current = b.append(values, root: current)
                }
            }
        }
        main = BitAutomaton(b, accept: current)
        var offset = main.words
        var parts: [Part] = []
        parts.reserveCapacity(pieces.count)
        for piece in pieces {
            parts.append(Part(automaton: piece.automaton, root: piece.root, join: piece.join, offset: offset))
            offset += piece.automaton.words
        }
        self.parts = parts
        words = offset
        canAccept = Self.canAccept(pattern)

        var start = [UInt64](repeating: 0, count: offset)
        for i in 0..<main.words { start[i] = main.initial[i] }
        var ignoredWork = 0
        let main = self.main
        // SAFETY: `enter` and `slice` rely on `set` having `offset` words, main's first and each part's at `part.offset`, as `start` does.
        start.withUnsafeMutableBufferPointer { set in
            for part in parts {
                Self.enter(part, states: Self.slice(set, part.offset, part.automaton.words), main: main, set: set,
                           work: &ignoredWork)
            }
        }
        initial = start
    }

    /// A variable's trie with at most this many states is copied into the pattern's own automaton.
    /// A part costs a few checks per unit beyond its words, which for a tiny trie is more than its
    /// states cost inline; copying costs per compile instead, which a caller that compiles a pattern
    /// for a handful of texts (the metamorphic fuzzer) pays. 16 was the better of the limits tried
    /// (docs/HISTORY.md, "Measured on the way").
    static let maxCopiedStates = 16

    /// A variable's values as BitNFA uses them: when small, their trie's states and edges below a
    /// root 0, to be copied below a pattern's root (exactly as `Builder.addTrie` would add them
    /// there); when large, only the automaton of the trie alone, shared by every occurrence (the
    /// states it was built from are dropped: the recent table keeps 64 of these, and a hostile value
    /// list can have tens of thousands of states).
    struct ValueStates: Sendable {
        /// Empty when `shared` is set.
        let trie: BitAutomaton.Builder
        let join: Int
        let shared: BitAutomaton?

        init(_ values: [[CompiledAtom]]) {
            var b = BitAutomaton.Builder()
            join = b.addTrie(values, root: 0)
            let large = b.labels.count > BitNFA.maxCopiedStates
            shared = large ? BitAutomaton(b, accept: join) : nil
            trie = large ? BitAutomaton.Builder() : b
        }
    }

    /// Choice `k`'s values: a predefined variable's, built once per process, else the recent ones
    /// built from the same values.
    static func states(of pattern: AtomPattern, choice k: Int) -> ValueStates {
        if k < pattern.origins.count, let origin = pattern.origins[k], let prebuilt = predefinedStates[origin] {
            return prebuilt
        }
        let values = pattern.choices[k]
        return recentStates.value(for: values) { ValueStates(values) }
    }

    /// Every predefined variable's values in both fold modes, built once per process: `$(lang)` has
    /// 615 values, and building (or copying) its trie was most of the cost of compiling a pattern
    /// using it.
    static let predefinedStates: [PredefinedVariable: ValueStates] = {
        var out: [PredefinedVariable: ValueStates] = [:]
        for (name, values) in VariableResolver.predefined {
            out[PredefinedVariable(name: name, caseSensitive: true)] = ValueStates(values.sensitive)
            out[PredefinedVariable(name: name, caseSensitive: false)] = ValueStates(values.folded)
        }
        return out
    }()

    /// Custom variables' values built lately, by value list (the parsed, folded atoms): a document's
    /// rules, and the patterns a fuzzer derives from one, use the same variables again and again.
    static let recentStates = RecentTable<[[CompiledAtom]], ValueStates>(capacity: 64)

    /// Whether the accepting state is reachable from the start. Literals, `?` and `*` never cut the
    /// path, and a variable's trie reaches its join through any of its values (values hold no
    /// `.choice`, V2; a `.choice` state in a trie has no entering edge, so such a value would not
    /// count): so it is reachable exactly when every variable the pattern uses has a usable value.
    static func canAccept(_ pattern: AtomPattern) -> Bool {
        pattern.atoms.allSatisfy { atom in
            guard case .choice(let k) = atom else { return true }
            return pattern.choices[k].contains { value in
                !value.contains { if case .choice = $0 { return true } else { return false } }
            }
        }
    }

    func matches<U: FixedWidthInteger & UnsignedInteger>(_ text: UnsafeBufferPointer<U>, work: inout Int) -> Bool {
        if parts.isEmpty { return main.matches(text, work: &work) } // every trie copied in: one flat automaton
        // The same loop as BitAutomaton.matches, kept as a copy on purpose: one shared loop taking
        // the step as a closure was not specialized and slowed the automaton benchmark down
        // (docs/HISTORY.md, "Measured on the way").
        let w = words
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * w) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            // SAFETY: the allocation holds `2 * w` words, so `current` is its first half and `next` its second.
            assert(buffer.count == 2 * w && initial.count == w)
            var current = UnsafeMutableBufferPointer(start: base, count: w)
            var next = UnsafeMutableBufferPointer(start: base + w, count: w)
            for i in 0..<w { current[i] = initial[i] }
            for position in 0..<text.count {
                let unit = UInt32(truncatingIfNeeded: text[position])
                step(from: current, to: next, unit: unit, work: &work)
                var alive: UInt64 = 0
                for i in 0..<w { alive |= next[i] }
                if alive == 0 { return false }
                swap(&current, &next)
            }
            return Self.contains(current, main.accept)
        }
    }

    @inline(__always)
    func step(from current: UnsafeMutableBufferPointer<UInt64>, to next: UnsafeMutableBufferPointer<UInt64>,
              unit: UInt32, work: inout Int) {
        let mainNext = Self.slice(next, 0, main.words)
        main.consume(from: Self.slice(current, 0, main.words), to: mainNext, unit: unit, work: &work)
        main.close(mainNext, work: &work) // the copied tries' epsilon edges
        for part in parts {
            let from = Self.slice(current, part.offset, part.automaton.words)
            let to = Self.slice(next, part.offset, part.automaton.words)
            var active: UInt64 = 0
            for word in from { active |= word }
            if active != 0 {
                part.automaton.consume(from: from, to: to, unit: unit, work: &work)
            } else {
                to.update(repeating: 0)
                // Nothing to close or pass on unless the root just became active.
                if !Self.contains(next, part.root) { continue }
            }
            Self.enter(part, states: to, main: main, set: next, work: &work)
        }
    }

    /// Gives `part` its state 0 when main's root is active in `set`, closes its states, and
    /// activates main's join when they accept, closing main again when the join has epsilon edges
    /// (a copied trie hangs from it). Parts are entered in pattern order, and main's edges go
    /// forward, so a root that is an earlier part's join, or reached from one, is already final.
    @inline(__always)
    static func enter(_ part: Part, states: UnsafeMutableBufferPointer<UInt64>, main: BitAutomaton,
                      set: UnsafeMutableBufferPointer<UInt64>, work: inout Int) {
        // SAFETY: `states` is the part's slice of `set`, `part.automaton.words >= 1` words; `part.join` is a state of main, inside `set`.
        assert(states.count == part.automaton.words && states.count >= 1 && part.join >= 0 && part.join >> 6 < main.words)
        if contains(set, part.root) { states[0] |= 1 }
        part.automaton.close(states, work: &work)
        guard contains(states, part.automaton.accept), !contains(set, part.join) else { return }
        set[part.join >> 6] |= UInt64(1) << UInt64(part.join & 63)
        if contains(main.epsilonSources, part.join) {
            main.close(slice(set, 0, main.words), work: &work)
        }
    }

    @inline(__always)
    static func contains<Words: RandomAccessCollection<UInt64>>(_ set: Words, _ state: Int) -> Bool where Words.Index == Int {
        // SAFETY: callers pass a state of the automaton `set` holds one bit per state of, so its word is inside.
        assert(state >= 0 && state >> 6 < set.count)
        return set[state >> 6] & (UInt64(1) << UInt64(state & 63)) != 0
    }

    @inline(__always)
    static func slice(_ set: UnsafeMutableBufferPointer<UInt64>, _ offset: Int, _ count: Int) -> UnsafeMutableBufferPointer<UInt64> {
        // SAFETY: parts are laid out one after another from main's words up to `words`, so each slice is inside `set`.
        assert(offset >= 0 && count >= 0 && offset + count <= set.count)
        return UnsafeMutableBufferPointer(rebasing: set[offset..<offset + count])
    }
}
