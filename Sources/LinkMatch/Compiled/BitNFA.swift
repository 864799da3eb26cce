/// The automaton for patterns with substitution variables (V1, V2), put together from shared
/// pieces instead of copied states:
/// - "main", a BitAutomaton of the pattern's own literals, `?` and `*`, where each variable
///   occurrence is two states: its root (the state before it) and a join (the state after it),
///   with no edge between them;
/// - one "part" per occurrence: the automaton of the variable's values (their trie, V2 wildcards
///   allowed inside values), whose state 0 stands for the root and whose accepting state stands
///   for the join.
///
/// A part is the same object for every occurrence of the same values: each predefined variable's is
/// built once per process (`$(lang)`'s has about 800 states), a custom variable's is kept with the
/// recent ones. So compiling a pattern costs its own atoms, not its variables' values, and the
/// values are never expanded into a product of patterns.
///
/// One step over a unit, with every automaton's states side by side in one buffer: main consumes;
/// then, in pattern order, each part consumes (skipped while none of its states is active), gets
/// its state 0 when main's root is active, closes, and activates main's join when it accepts.
/// Pattern order makes that one pass: a part's root is at or after the previous part's join (equal
/// for `$(a)$(b)`), and main has no epsilon edges of its own. This is exactly the automaton with
/// every trie copied in below its root (EngineShortcutTests compares the two). Cost per unit:
/// O(main's words + active parts' words and edges); no allocation (two state sets per text).
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
                let join = b.newState(UnitLabel.none)
                pieces.append((Self.automaton(of: pattern, choice: k), current, join))
                current = join
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
        start.withUnsafeMutableBufferPointer { set in
            for part in parts {
                Self.enter(part, states: Self.slice(set, part.offset, part.automaton.words), main: set, work: &ignoredWork)
            }
        }
        initial = start
    }

    /// The automaton of choice `k`'s values: the shared one of a predefined variable, else the
    /// recent one built from the same values.
    static func automaton(of pattern: AtomPattern, choice k: Int) -> BitAutomaton {
        if k < pattern.origins.count, let origin = pattern.origins[k], let shared = predefinedAutomata[origin] {
            return shared
        }
        let values = pattern.choices[k]
        return recentAutomata.value(for: values) { BitAutomaton(values: values) }
    }

    /// Every predefined variable's automaton in both fold modes, built once per process: `$(lang)`
    /// has 615 values, and building (or copying) its trie was most of the cost of compiling a
    /// pattern using it.
    static let predefinedAutomata: [PredefinedVariable: BitAutomaton] = {
        var out: [PredefinedVariable: BitAutomaton] = [:]
        for (name, values) in VariableResolver.predefined {
            out[PredefinedVariable(name: name, caseSensitive: true)] = BitAutomaton(values: values.sensitive)
            out[PredefinedVariable(name: name, caseSensitive: false)] = BitAutomaton(values: values.folded)
        }
        return out
    }()

    /// Automata of custom variables' values built lately, by value list (the parsed, folded atoms):
    /// a document's rules, and the patterns a fuzzer derives from one, use the same variables again
    /// and again.
    static let recentAutomata = RecentTable<[[CompiledAtom]], BitAutomaton>(capacity: 64)

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
        let w = words
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * w) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
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
        main.consume(from: Self.slice(current, 0, main.words), to: Self.slice(next, 0, main.words), unit: unit, work: &work)
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
            Self.enter(part, states: to, main: next, work: &work)
        }
    }

    /// Gives `part` its state 0 when main's root is active in `main`, closes its states, and
    /// activates main's join when they accept. Parts are entered in pattern order, so a root that
    /// is an earlier part's join is already final.
    @inline(__always)
    static func enter(_ part: Part, states: UnsafeMutableBufferPointer<UInt64>, main: UnsafeMutableBufferPointer<UInt64>,
                      work: inout Int) {
        if contains(main, part.root) { states[0] |= 1 }
        part.automaton.close(states, work: &work)
        if contains(states, part.automaton.accept) {
            main[part.join >> 6] |= UInt64(1) << UInt64(part.join & 63)
        }
    }

    @inline(__always)
    static func contains(_ set: UnsafeMutableBufferPointer<UInt64>, _ state: Int) -> Bool {
        set[state >> 6] & (UInt64(1) << UInt64(state & 63)) != 0
    }

    @inline(__always)
    static func slice(_ set: UnsafeMutableBufferPointer<UInt64>, _ offset: Int, _ count: Int) -> UnsafeMutableBufferPointer<UInt64> {
        UnsafeMutableBufferPointer(rebasing: set[offset..<offset + count])
    }
}
