/// The reference pattern matcher: a backtracking search written to read like SPEC.md P1–P4 and
/// N1–N3, not to be fast.
///
/// A pattern matches a text when both can be walked to their ends together, where
/// - a literal consumes the same character (P1),
/// - `?` consumes any one character (P1),
/// - `*` either stops or consumes one more character (P1),
/// - `$(name)` steps into one of the variable's values, and back out at its end (V1).
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
    var atoms: [Atom]
    var choices: [[[Atom]]]

    /// A position in the walk: atom `i` of the pattern (inside value `v` at atom `k` when `v >= 0`)
    /// and character `t` of the text.
    private struct State: Hashable {
        var i: Int
        var v: Int
        var k: Int
        var t: Int
    }

    /// true/false, or nil when `budget` ran out.
    func matches(_ text: [Unicode.Scalar], budget: inout Int) -> Bool? {
        var stack = [State(i: 0, v: -1, k: 0, t: 0)]
        var visited = Set<State>()
        while let s = stack.popLast() {
            guard visited.insert(s).inserted else { continue }
            budget -= 1
            if budget < 0 { return nil }

            let atom: Atom
            let next: (Int) -> State
            if s.v >= 0 {
                guard case .choice(let c) = atoms[s.i] else { return false }
                let value = choices[c][s.v]
                if s.k == value.count {
                    // End of the value: continue after the variable.
                    stack.append(State(i: s.i + 1, v: -1, k: 0, t: s.t))
                    continue
                }
                atom = value[s.k]
                next = { State(i: s.i, v: s.v, k: s.k + 1, t: $0) }
            } else {
                if s.i == atoms.count {
                    if s.t == text.count { return true }
                    continue
                }
                if case .choice(let c) = atoms[s.i] {
                    for v in choices[c].indices.reversed() { stack.append(State(i: s.i, v: v, k: 0, t: s.t)) }
                    continue
                }
                atom = atoms[s.i]
                next = { State(i: s.i + 1, v: -1, k: 0, t: $0) }
            }

            switch atom {
            case .literal(let c):
                if s.t < text.count, text[s.t] == c { stack.append(next(s.t + 1)) }
            case .one:
                if s.t < text.count { stack.append(next(s.t + 1)) }
            case .many:
                stack.append(next(s.t))                                   // stop here
                if s.t < text.count { stack.append(State(i: s.i, v: s.v, k: s.k, t: s.t + 1)) } // one more
            case .choice:
                return false // values never contain variables (V2)
            }
        }
        return false
    }
}
