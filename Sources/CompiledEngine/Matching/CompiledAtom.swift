import LinkMatchCore

/// The compiled engine's own view of a pattern (independent of the reference's): a flat list of
/// steps over "units" (Unicode scalar values), with case folding already applied (E1).
enum CompiledAtom: Hashable, Sendable {
    /// One literal unit (a scalar value, folded when the rule is case-insensitive).
    case unit(UInt32)
    /// `?`: any one unit.
    case any
    /// `*`: any run of units.
    case star
    /// `$(name)`: one of the values in `VariableValues.values[index]` (V1, V2).
    case choice(Int)
}

/// Labels on automaton edges: a unit value, or one of two sentinels that no scalar can have
/// (scalars stop at 0x10FFFF).
enum UnitLabel {
    /// Accepts any one unit (`?`).
    static let any: UInt32 = .max
    /// Marks a state that is entered without consuming (start, joins, `*` nodes inside values).
    static let none: UInt32 = .max - 1

    @inline(__always)
    static func accepts(_ label: UInt32, _ unit: UInt32) -> Bool {
        label == unit || label == any
    }
}

/// A pattern ready for compilation: top-level atoms plus the parsed, folded values of each
/// variable occurrence (values never contain `.choice`, V2).
struct AtomPattern: Sendable {
    var atoms: [CompiledAtom]
    var choices: [[[CompiledAtom]]]
    /// For each choice: the predefined variable its values are (not redefined, V5), else nil. Lets
    /// the automaton use that variable's prebuilt states (BitNFA.predefinedStates).
    var origins: [PredefinedVariable?] = []

    var hasChoices: Bool { !choices.isEmpty }

    /// The literal units the pattern starts with: every text it matches starts with them.
    var literalPrefix: [UInt32] {
        var out: [UInt32] = []
        for atom in atoms {
            guard case .unit(let u) = atom else { break }
            out.append(u)
        }
        return out
    }
}
