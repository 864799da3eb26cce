/// Looks up and parses substitution variables once per document and fold mode, so a document with
/// many rules using `$(lang)` parses its 631 values once, not once per rule (V1–V6, E1).
struct VariableResolver {
    let table: VariableTable
    /// name -> parsed values (nil = undefined, P4). Keyed lookups only; never iterated.
    private var sensitive: [String: [[CompiledAtom]]?] = [:]
    private var folded: [String: [[CompiledAtom]]?] = [:]

    init(_ table: VariableTable) {
        self.table = table
    }

    /// The values of `name` as atoms, folded when `caseSensitive` is false; nil when undefined.
    mutating func values(of name: String, caseSensitive: Bool) -> [[CompiledAtom]]? {
        if let cached = caseSensitive ? sensitive[name] : folded[name] { return cached }
        let parsed: [[CompiledAtom]]? = table.values(of: name).map { values in
            values.map { PatternCompiler.atoms(of: PatternParser.parseValue($0).elements, caseSensitive: caseSensitive) }
        }
        if caseSensitive { sensitive[name] = .some(parsed) } else { folded[name] = .some(parsed) }
        return parsed
    }
}
