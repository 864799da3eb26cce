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

    /// A literal above ASCII (not `?`): no byte of an ASCII text, and no single UTF-8 byte, is it.
    @inline(__always)
    static func isWideLiteral(_ label: UInt32) -> Bool {
        label >= 0x80 && label != any
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
        var count = 0
        while count < atoms.count, case .unit = atoms[count] { count += 1 }
        var out: [UInt32] = []
        out.reserveCapacity(count) // sized once, not grown unit by unit
        for atom in atoms[..<count] {
            if case .unit(let u) = atom { out.append(u) }
        }
        return out
    }

    /// Literal starts of which every text the pattern matches begins with one: the leading literal
    /// units, each extended by the leading literal units of one value when a variable with at most
    /// `maxIndexedValues` values comes next (so `/$(food)/*` is found by `pizza`, `tacos`, …). Just
    /// the leading units when a value starts with a wildcard or the variable has more values.
    var literalPrefixes: [[UInt32]] {
        let lead = literalPrefix
        guard lead.count < atoms.count, case .choice(let c) = atoms[lead.count], choices[c].count <= Self.maxIndexedValues else {
            return [lead]
        }
        var keys: [[UInt32]] = []
        for value in choices[c] {
            var key = lead
            for atom in value {
                guard case .unit(let u) = atom else { break }
                key.append(u)
            }
            if key.count == lead.count { return [lead] }
            keys.append(key)
        }
        return keys
    }

    /// The most values a variable may have for its values to be index keys (a rule is then listed
    /// once per value in the rule index).
    static let maxIndexedValues = 64

    /// The literal units the pattern ends with: every text it matches ends with them.
    var literalSuffix: [UInt32] {
        var start = atoms.count
        while start > 0, case .unit = atoms[start - 1] { start -= 1 }
        var out: [UInt32] = []
        out.reserveCapacity(atoms.count - start)
        for atom in atoms[start...] {
            if case .unit(let u) = atom { out.append(u) }
        }
        return out
    }
}
