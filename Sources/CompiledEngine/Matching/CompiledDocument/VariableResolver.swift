import LinkMatchCore
import LinkMatchModel

/// Looks up and parses substitution variables once per document and fold mode, so a document with
/// many rules using `$(lang)` parses its 631 values once, not once per rule (V1–V6, E1).
struct VariableResolver {
    let table: VariableTable
    /// name (its UTF-8, so that names compare exactly, not canonically) -> parsed values (nil =
    /// undefined, P4). Keyed lookups only; never iterated.
    private var sensitive: [[UInt8]: [[CompiledAtom]]?] = [:]
    private var folded: [[UInt8]: [[CompiledAtom]]?] = [:]

    init(_ table: VariableTable) {
        self.table = table
    }

    /// The values of `name` as atoms, folded when `caseSensitive` is false; nil when undefined.
    mutating func values(of name: String, caseSensitive: Bool) -> [[CompiledAtom]]? {
        let key = Array(name.utf8)
        if let cached = caseSensitive ? sensitive[key] : folded[key] { return cached }
        let parsed: [[CompiledAtom]]?
        if !table.definesCustom(name), VariableTable.predefined(name) != nil, let shared = Self.predefined[name] {
            // Not redefined (V5): the predefined values, parsed once per process.
            parsed = caseSensitive ? shared.sensitive : shared.folded
        } else {
            parsed = table.values(of: name).map { Self.parse($0, caseSensitive: caseSensitive) }
        }
        if caseSensitive { sensitive[key] = .some(parsed) } else { folded[key] = .some(parsed) }
        return parsed
    }

    /// The predefined variable `name` resolves to with this fold mode, or nil when it is custom or
    /// undefined (a custom definition replaces a predefined one, V5).
    func predefinedOrigin(of name: String, caseSensitive: Bool) -> PredefinedVariable? {
        guard VariableTable.predefined(name) != nil, Self.predefined[name] != nil, !table.definesCustom(name) else { return nil }
        return PredefinedVariable(name: name, caseSensitive: caseSensitive)
    }

    static func parse(_ values: [String], caseSensitive: Bool) -> [[CompiledAtom]] {
        values.map { PatternCompiler.atoms(of: PatternParser.parseValue($0).elements, caseSensitive: caseSensitive) }
    }

    /// The predefined variables' values as atoms, both ways. Parsing `$(lang)`'s 615 values for
    /// every compiled pattern was most of the cost of compiling a pattern that uses it.
    static let predefined: [String: (sensitive: [[CompiledAtom]], folded: [[CompiledAtom]])] = {
        var out: [String: (sensitive: [[CompiledAtom]], folded: [[CompiledAtom]])] = [:]
        for name in VariableTable.predefinedNames {
            guard let values = VariableTable.predefined(name) else { continue }
            out[name] = (parse(values, caseSensitive: true), parse(values, caseSensitive: false))
        }
        return out
    }()
}

/// A predefined variable's values in one fold mode: the same atoms for every pattern that uses them.
struct PredefinedVariable: Hashable, Sendable {
    let name: String
    let caseSensitive: Bool
}
