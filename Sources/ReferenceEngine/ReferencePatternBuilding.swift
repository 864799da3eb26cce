import LinkMatchCore

/// Turning a pattern and a URL part into what `ReferencePatternMatcher` walks, with the reference
/// side's own steps: reading the pattern (P1, P3), variables (V1–V5, P4), the size limit (P5),
/// decoding (E3), folding (E1, V3) and slash normalization (N1–N4).
extension ReferencePatternMatcher {
    /// The matcher(s) for a pattern with its flags: two when N3's parent-path alternative applies.
    /// nil when the pattern is invalid (P3, P5) or uses an undefined variable (P4).
    /// `readCustom` reads a custom variable's values (`read`, or a table of earlier reads of it).
    static func build(pattern source: String, isPath: Bool, caseSensitive: Bool, variables: ReferenceVariables,
                      readCustom: ([String], Bool) -> ReadValues = read) -> [ReferencePatternMatcher]? {
        guard let pattern = ReferencePattern.read(source) else { return nil }           // P3
        guard ReferenceLimits.fits(pattern, variables: variables) else { return nil }    // P5
        var atoms: [Atom] = []
        var choices: [[[Atom]]] = []
        var indexes: [ValueIndex] = []
        for element in pattern {
            if case .variable(let name) = element {
                guard let definition = variables.definition(of: name) else { return nil } // P4
                let read: ReadValues                                                           // V2, V3
                switch definition {
                case .custom(let values): read = readCustom(values, caseSensitive)
                case .predefined(let row): read = caseSensitive ? predefinedValues[row].exact : predefinedValues[row].folded
                }
                choices.append(read.values)
                indexes.append(read.index)
                atoms.append(.choice(choices.count - 1))
            } else {
                atoms.append(atom(element, caseSensitive: caseSensitive))
            }
        }
        guard isPath else { return [ReferencePatternMatcher(atoms: oneStarPerRun(atoms), choices: choices, indexes: indexes)] }

        // N1, N2: literal slashes at either end of the pattern do not count.
        func trimmed(_ a: [Atom]) -> [Atom] {
            var a = a[...]
            while a.first == .literal("/") { a = a.dropFirst() }
            while a.last == .literal("/") { a = a.dropLast() }
            return Array(a)
        }
        atoms = trimmed(atoms)
        var result = [ReferencePatternMatcher(atoms: oneStarPerRun(atoms), choices: choices, indexes: indexes)]
        // N3: a pattern ending in `/*` (a lone `*`, not `?*`) also matches the parent path.
        if atoms.count >= 2, atoms[atoms.count - 1] == .many, atoms[atoms.count - 2] == .literal("/") {
            result.append(ReferencePatternMatcher(atoms: oneStarPerRun(trimmed(Array(atoms.dropLast(2)))), choices: choices,
                                                  indexes: indexes))
        }
        return result
    }

    /// `atoms` with each run of `*` walked as one `*` (P1: zero or more characters, then zero or
    /// more, is zero or more). Applied after N1–N3, which look at the pattern as written (`/**` is not
    /// `/*` for N3); kept, a run of twenty stars costs the walk twenty positions per character.
    static func oneStarPerRun(_ atoms: [Atom]) -> [Atom] {
        var out: [Atom] = []
        out.reserveCapacity(atoms.count)
        for a in atoms where !(a == .many && out.last == .many) { out.append(a) }
        return out
    }

    /// A pattern element as the matcher walks it, folded (E1) when the pattern is case-insensitive.
    static func atom(_ e: ReferencePattern.Element, caseSensitive: Bool) -> Atom {
        switch e {
        case .literal(let c): return .literal(caseSensitive ? c : ReferenceFolding.fold(c))
        case .one: return .one
        case .many: return .many
        case .variable: return .one // not reached: values never hold variables (V2)
        }
    }

    /// A custom variable's values read (V2) and, for a case-insensitive pattern, folded (V3), with
    /// their index for the walk.
    typealias ReadValues = (values: [[Atom]], index: ValueIndex)

    static func read(_ values: [String], caseSensitive: Bool) -> ReadValues {
        // A value has no end that N3 looks at: its runs of `*` are walked as one right away.
        let read = values.map { oneStarPerRun(ReferencePattern.readValue($0).map { atom($0, caseSensitive: caseSensitive) }) }
        return (read, ValueIndex(read))
    }

    /// `read` of every predefined variable's values, both ways, done once (the values never change,
    /// and `$(lang)` has 631 of them).
    static let predefinedValues: [(exact: ReadValues, folded: ReadValues)] = ReferenceVariables.predefined.map {
        (read($0.values, caseSensitive: true), read($0.values, caseSensitive: false))
    }

    /// The text a part is compared as (E2, E3, E1, N1, N2, N4).
    static func prepare(_ raw: [Unicode.Scalar], isPath: Bool, caseSensitive: Bool, percentEncoded: Bool) -> [Unicode.Scalar] {
        let text = percentEncoded ? raw : ReferenceDecoding.decode(String(String.UnicodeScalarView(raw)))
        var scalars = (caseSensitive ? text : ReferenceFolding.fold(text))[...]
        if isPath {
            while scalars.first == "/" { scalars = scalars.dropFirst() }
            while scalars.last == "/" { scalars = scalars.dropLast() }
        }
        return Array(scalars)
    }
}
