import LinkMatchCore

/// The reference pattern matcher: a backtracking search written to read like SPEC.md P1–P4 and
/// N1–N3, not to be fast.
///
/// A pattern matches a text when both can be walked to their ends together, where
/// - a literal consumes the same character (P1),
/// - `?` consumes any one character (P1),
/// - `*` either stops or consumes one more character (P1),
/// - `$(name)` steps into one of the variable's values, and back out at its end (V1); values that
///   begin with a literal other than the next character are not stepped into (they cannot match).
/// The search remembers every state it has visited (a visited set, as in regex-automata's bounded
/// backtracker), so it never explores a state twice: polynomial, not exponential. It keeps its own
/// stack instead of recursing, so a long input cannot overflow the call stack. Every state costs one
/// step of the caller's budget; when the budget is spent the answer is "undecided" (M1).
struct ReferencePatternMatcher {
    enum Atom: Equatable {
        case literal(Unicode.Scalar)
        case one
        case many
        /// Index into `choices`: one of several values (a variable).
        case choice(Int)
    }

    /// The pattern's atoms, and the values of each variable it uses (values hold no `.choice`, V2).
    let atoms: [Atom]
    let choices: [[[Atom]]]
    /// For each choice, its values by first character and their positions (see `ValueIndex`).
    let indexes: [ValueIndex]
    /// Where the visited set numbers pattern positions (`VisitedStates`), laid out once per pattern.
    let layout: PositionLayout

    init(atoms: [Atom], choices: [[[Atom]]], indexes: [ValueIndex]) {
        self.atoms = atoms
        self.choices = choices
        self.indexes = indexes
        layout = PositionLayout(atoms: atoms, indexes: indexes)
    }

    /// What the walk needs to know about one variable's values besides the values themselves.
    struct ValueIndex {
        /// Values beginning with this literal, in value order. A value that begins with a literal
        /// other than the text's next character fails at its first step, so the walk does not step
        /// into it: same answer, fewer states (`$(lang)` has 631 values, about 25 per first letter).
        var byFirst: [Unicode.Scalar: [Int]] = [:]
        /// Values beginning with `?` or `*`, and empty values (all values of a short list): tried at
        /// every position, in order.
        var always: [Int] = []
        /// Position of atom 0 of each value, counted from the variable's first position; each value
        /// takes its atoms plus one position for its end.
        var offsets: [Int] = []
        var size = 0

        /// Up to this many values are all tried everywhere: an index would cost more than it saves.
        static let unindexed = 8

        init(_ values: [[Atom]]) {
            offsets.reserveCapacity(values.count)
            for (v, value) in values.enumerated() {
                if values.count > Self.unindexed, case .literal(let c)? = value.first {
                    byFirst[c, default: []].append(v)
                } else {
                    always.append(v)
                }
                offsets.append(size)
                size += value.count + 1
            }
        }
    }

    /// Pattern positions, numbered: atom `i` outside any variable is position `i` (`atoms.count`
    /// is the end), then atom `k` of value `v` of choice `c` is `base[c] + offsets[v] + k`.
    struct PositionLayout {
        var count: Int
        /// First position of each choice.
        var base: [Int]

        init(atoms: [Atom], indexes: [ValueIndex]) {
            var positions = atoms.count + 1
            base = indexes.map { index in
                defer { positions += index.size }
                return positions
            }
            count = positions
        }
    }

    /// The most (pattern position, text position) pairs the visited set keeps as bits: 32 MiB if
    /// every chunk were touched, and a chunk table of 512 KiB. Beyond, it hashes (`VisitedStates`).
    static let maxVisitedBits = 1 << 28

    /// A position in the walk: atom `i` of the pattern (inside value `v` at atom `k` when `v >= 0`)
    /// and character `t` of the text. `p` is that pattern position's number in `layout`, carried
    /// along (each step knows it: the next atom is `p + 1`) so the visited set need not look it up.
    fileprivate struct State: Hashable {
        var i: Int
        var v: Int
        var k: Int
        var t: Int
        var p: Int
    }

    /// true/false, or nil when `budget` ran out.
    func matches(_ text: [Unicode.Scalar], budget: inout Int) -> Bool? {
        var visited = VisitedStates(self, textCount: text.count)
        var stack = [State(i: 0, v: -1, k: 0, t: 0, p: 0)]
        while let s = stack.popLast() {
            guard visited.insert(s) else { continue }
            budget -= 1
            if budget < 0 { return nil }

            let atom: Atom
            var next: State // the state after `atom`; its `t` is set where the atom consumes
            if s.v >= 0 {
                guard case .choice(let c) = atoms[s.i] else { return false }
                let value = choices[c][s.v]
                if s.k == value.count {
                    // End of the value: continue after the variable.
                    stack.append(State(i: s.i + 1, v: -1, k: 0, t: s.t, p: s.i + 1))
                    continue
                }
                atom = value[s.k]
                next = State(i: s.i, v: s.v, k: s.k + 1, t: s.t, p: s.p + 1)
            } else {
                if s.i == atoms.count {
                    if s.t == text.count { return true }
                    continue
                }
                if case .choice(let c) = atoms[s.i] {
                    // Every value that can begin here, pushed last-first so the first is tried first.
                    let always = indexes[c].always
                    let byFirst = s.t < text.count ? indexes[c].byFirst[text[s.t]] ?? [] : []
                    let offsets = indexes[c].offsets
                    let base = layout.base[c]
                    var a = always.count - 1
                    var b = byFirst.count - 1
                    while a >= 0 || b >= 0 {
                        let v: Int
                        if b < 0 || (a >= 0 && always[a] > byFirst[b]) { v = always[a]; a -= 1 } else { v = byFirst[b]; b -= 1 }
                        stack.append(State(i: s.i, v: v, k: 0, t: s.t, p: base + offsets[v]))
                    }
                    continue
                }
                atom = atoms[s.i]
                next = State(i: s.i + 1, v: -1, k: 0, t: s.t, p: s.i + 1)
            }

            switch atom {
            case .literal(let c):
                if s.t < text.count, text[s.t] == c { next.t += 1; stack.append(next) }
            case .one:
                if s.t < text.count { next.t += 1; stack.append(next) }
            case .many:
                stack.append(next)                                        // stop here
                if s.t < text.count { stack.append(State(i: s.i, v: s.v, k: s.k, t: s.t + 1, p: s.p)) } // one more
            case .choice:
                return false // values never contain variables (V2)
            }
        }
        return false
    }
}

/// The visited set of one `matches` call: one bit per (pattern position, text position), where a
/// position is atom `i` outside any variable, or atom `k` of value `v` of the variable at choice `c`
/// (each choice belongs to one atom, so `c` names it). Cheaper than hashing every state, and it
/// visits exactly the same states. The bits are kept in chunks of 4,096, each allocated when the
/// walk first touches it: a large pattern against a long text (twenty `$(lang)`s, 50,000 positions,
/// against 200 characters) touches few of them, and memory stays within the flat array's size and
/// 512 bytes per visited state. Beyond `maxBits` it falls back to a hashed set, whose memory grows
/// only with the states the budget lets the search visit.
private struct VisitedStates: ~Copyable {
    static let maxBits = ReferencePatternMatcher.maxVisitedBits
    static let chunkShift = 12
    static let chunkWords = (1 << chunkShift) >> 6

    /// The chunk table, owned (freed by deinit with every chunk); empty when `hashed` is in use. Not
    /// bounds-checked in release builds; every cell is in range because `p < layout.count` and
    /// `t <= textCount`.
    private let chunks: UnsafeMutableBufferPointer<UnsafeMutablePointer<UInt64>?>
    private var hashed: Set<ReferencePatternMatcher.State> = []
    private let usesHash: Bool
    private let columns: Int
    /// Words of the whole array: the last chunk (the only one for a short text) has only what is left.
    private let words: Int

    init(_ matcher: ReferencePatternMatcher, textCount: Int) {
        columns = textCount + 1
        let (cells, overflow) = matcher.layout.count.multipliedReportingOverflow(by: columns)
        usesHash = overflow || cells > Self.maxBits
        words = usesHash ? 0 : (cells + 63) >> 6
        chunks = .allocate(capacity: usesHash ? 0 : (cells >> Self.chunkShift) + 1)
        chunks.initialize(repeating: nil)
    }

    deinit {
        for chunk in chunks { chunk?.deallocate() }
        chunks.deallocate()
    }

    /// Marks `s` visited; false when it already was.
    mutating func insert(_ s: ReferencePatternMatcher.State) -> Bool {
        if usesHash { return hashed.insert(s).inserted }
        let cell = s.p &* columns &+ s.t
        let chunk: UnsafeMutablePointer<UInt64>
        if let touched = chunks[cell >> Self.chunkShift] {
            chunk = touched
        } else {
            let count = min(Self.chunkWords, words - (cell >> Self.chunkShift) * Self.chunkWords)
            chunk = .allocate(capacity: count)
            chunk.initialize(repeating: 0, count: count)
            chunks[cell >> Self.chunkShift] = chunk
        }
        let mask = UInt64(1) << UInt64(cell & 63)
        let word = (cell & ((1 << Self.chunkShift) - 1)) >> 6
        if chunk[word] & mask != 0 { return false }
        chunk[word] |= mask
        return true
    }
}
