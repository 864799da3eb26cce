import LinkMatchCore
import LinkMatchModel

/// Turns a pattern string into a `CompiledPattern` (P1–P4, V1–V2, E1, N1–N3).
enum PatternCompiler {
    /// nil when the pattern is invalid (P3) or names an undefined variable (P4). The matchers go to
    /// `store`; a path pattern's rule-index keys to a buffer of their own (for a pattern compiled alone).
    static func compile(_ source: String, isPath: Bool, caseSensitive: Bool,
                        variables: inout VariableResolver, store: inout MatcherStore) -> CompiledPattern? {
        var keyBytes: [UInt8] = []
        var atoms: [CompiledAtom] = []
        return compile(source, isPath: isPath, caseSensitive: caseSensitive, variables: &variables, keyBytes: &keyBytes,
                       atoms: &atoms, store: &store)
    }

    /// `compile`, a path pattern's rule-index keys appended to `keyBytes` (the document's, `PatternMemo`).
    /// `atoms` is scratch space the compilations of one document share (its old content is
    /// overwritten, and only this pattern's atoms at its start are read): the matchers copy what they
    /// keep, so one array serves every pattern. The matchers go to `store` (nothing is added for an
    /// invalid pattern).
    static func compile(_ source: String, isPath: Bool, caseSensitive: Bool, variables: inout VariableResolver,
                        keyBytes: inout [UInt8], atoms: inout [CompiledAtom], store: inout MatcherStore) -> CompiledPattern? {
        let compiled = source.utf8.withContiguousStorageIfAvailable { bytes -> CompiledPattern? in
            compile(bytes, of: { source }, isPath: isPath, caseSensitive: caseSensitive, variables: &variables,
                    keyBytes: &keyBytes, atoms: &atoms, store: &store)
        }
        if let compiled { return compiled }
        return compileFromAtoms(source, isPath: isPath, caseSensitive: caseSensitive, variables: &variables,
                                keyBytes: &keyBytes, atoms: &atoms, store: &store)
    }

    /// `compile` of the pattern whose UTF-8 the caller lends as `bytes` (`PatternMemo`, which hashed
    /// the same bytes): the byte path when they are plain ASCII, else the atom path, on the string
    /// `source` makes (a pattern read from a JSON tape is made a `String` only then).
    @inline(__always)
    static func compile(_ bytes: UnsafeBufferPointer<UInt8>, of source: () -> String, isPath: Bool, caseSensitive: Bool,
                        variables: inout VariableResolver, keyBytes: inout [UInt8], atoms: inout [CompiledAtom],
                        store: inout MatcherStore) -> CompiledPattern? {
        switch compileASCII(bytes, isPath: isPath, caseSensitive: caseSensitive, keyBytes: &keyBytes, store: &store) {
        case .compiled(let pattern): return pattern
        case .invalid: return nil
        case .notPlainASCII:
            return compileFromAtoms(source(), isPath: isPath, caseSensitive: caseSensitive, variables: &variables,
                                    keyBytes: &keyBytes, atoms: &atoms, store: &store)
        }
    }

    /// `compile` through the pattern's atoms: every pattern the byte path (`compileASCII`) does not
    /// take, and the reference the tests hold that path to.
    static func compileFromAtoms(_ source: String, isPath: Bool, caseSensitive: Bool, variables: inout VariableResolver,
                                 keyBytes: inout [UInt8], atoms: inout [CompiledAtom], store: inout MatcherStore) -> CompiledPattern? {
        var choices: [[[CompiledAtom]]] = []
        var origins: [PredefinedVariable?] = []
        // This pattern's atoms are `atoms[..<used]`.
        var used = 0
        if !PatternParser.mayHaveVariables(source) {
            // With no `$` there is no reference to parse (P3) and one element per scalar (P5), so the
            // atoms come straight from the scalars, each read by `PatternParser.element(for:)` as the
            // parser reads it.
            atoms.removeAll(keepingCapacity: true)
            atoms.reserveCapacity(source.unicodeScalars.count)
            for c in source.unicodeScalars {
                atoms.append(atom(PatternParser.element(for: c), caseSensitive: caseSensitive))
            }
            used = atoms.count
            guard used <= PatternLimits.maxExpandedSize else { return nil } // P5
        } else {
            atoms.removeAll(keepingCapacity: true)
            guard let parsed = try? PatternParser.parse(source) else { return nil }
            guard PatternLimits.fits(parsed, variables: variables.table) else { return nil } // P5
            atoms.reserveCapacity(parsed.elements.count)
            for element in parsed.elements {
                switch element {
                case .variable(let name):
                    guard let values = variables.values(of: name, caseSensitive: caseSensitive) else { return nil }
                    choices.append(values)
                    origins.append(variables.predefinedOrigin(of: name, caseSensitive: caseSensitive))
                    atoms.append(.choice(choices.count - 1))
                case .literal, .anyOne, .anyMany:
                    atoms.append(atom(element, caseSensitive: caseSensitive))
                }
            }
            used = atoms.count
        }
        if choices.isEmpty {
            // No variable: glob programs over slices of `atoms`, nothing copied.
            let pattern = atoms[..<used]
            guard isPath else { return CompiledPattern(glob: pattern, parent: nil, indexed: false, keyBytes: &keyBytes, store: &store) }
            let main = trimmingSlashes(pattern)
            return CompiledPattern(glob: main, parent: parentAlternative(main), indexed: true, keyBytes: &keyBytes, store: &store)
        }
        // (Variables: `atoms` was refilled from empty, so it is this pattern's atoms, `used` of them.)
        guard isPath else {
            return CompiledPattern(main: AtomPattern(atoms: atoms, choices: choices, origins: origins), parent: nil, indexed: false, keyBytes: &keyBytes, store: &store)
        }
        // N1, N2: literal slashes at either end of a path pattern do not count.
        let main = trimmingSlashes(atoms[...])
        return CompiledPattern(main: AtomPattern(atoms: Array(main), choices: choices, origins: origins),
                               parent: parentAlternative(main).map { AtomPattern(atoms: Array($0), choices: choices, origins: origins) }, indexed: true, keyBytes: &keyBytes, store: &store)
    }

    static let slash = UInt32(UInt8(ascii: "/"))

    /// N3: a path pattern (slashes trimmed) ending in a literal `/` then a lone `*` also matches
    /// the parent path: the pattern without them, trimmed again. nil when N3 does not apply.
    static func parentAlternative(_ main: ArraySlice<CompiledAtom>) -> ArraySlice<CompiledAtom>? {
        guard main.count >= 2, case .star = main[main.endIndex - 1], isSlash(main[main.endIndex - 2]) else { return nil }
        return trimmingSlashes(main.dropLast(2))
    }

    /// `atoms` without the literal slashes at either end (N1, N2), as a slice of the same array.
    static func trimmingSlashes(_ atoms: ArraySlice<CompiledAtom>) -> ArraySlice<CompiledAtom> {
        var lo = atoms.startIndex
        var hi = atoms.endIndex
        while lo < hi, isSlash(atoms[lo]) { lo += 1 }
        while hi > lo, isSlash(atoms[hi - 1]) { hi -= 1 }
        return atoms[lo..<hi]
    }

    /// A literal `/` (a case match on the payload: cheaper than the synthesized `==` of the enum).
    @inline(__always)
    private static func isSlash(_ atom: CompiledAtom) -> Bool {
        if case .unit(let u) = atom { return u == slash }
        return false
    }

    /// Pattern or value elements as atoms; a `.variable` here can only come from a rule pattern and
    /// is handled by the caller, so it never reaches this function from a value (V2).
    static func atoms(of elements: [PatternElement], caseSensitive: Bool) -> [CompiledAtom] {
        elements.map { atom($0, caseSensitive: caseSensitive) }
    }

    @inline(__always)
    static func atom(_ element: PatternElement, caseSensitive: Bool) -> CompiledAtom {
        switch element {
        case .literal(let scalar): return .unit(caseSensitive ? scalar.value : CaseFolding.fold(scalar).value)
        case .anyOne: return .any
        case .anyMany: return .star
        // Values are parsed with variables disabled (V2) and rule patterns route variables
        // elsewhere; if one ever got here it must not match anything it should not, so it
        // becomes a unit no text contains.
        case .variable: return .unit(UnitLabel.none)
        }
    }
}
