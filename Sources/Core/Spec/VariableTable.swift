/// The substitution variables a document defines, with the predefined ones (SPEC.md V1–V6).
public struct VariableTable: Sendable, Equatable {
    /// Custom definitions in document order: name and the values as written.
    public private(set) var custom: [(name: String, values: [String])]

    /// A table with these custom definitions (V1), kept exactly as given, in order (the parser passes
    /// only valid definitions, V6).
    public init(custom: [(name: String, values: [String])] = []) {
        self.custom = custom
    }

    /// Equal when the custom definitions are the same, in the same order, name and values compared
    /// scalar for scalar (D12), not by canonical equivalence.
    public static func == (lhs: VariableTable, rhs: VariableTable) -> Bool {
        lhs.custom.elementsEqual(rhs.custom) { $0.name.isExactly($1.name) && $0.values.elementsEqual($1.values) { $0.isExactly($1) } }
    }

    /// The names of the predefined variables, in the order Apple lists them.
    public static let predefinedNames = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    /// The values of `name` as written, or nil when the variable is undefined (P4).
    /// A custom definition replaces a predefined one of the same name (V5); for a name defined twice
    /// the last definition wins (like duplicate JSON keys, D5). Names compare exactly, scalar for
    /// scalar (D9: keys are compared exactly), not by String's canonical equivalence.
    public func values(of name: String) -> [String]? {
        if let def = custom.last(where: { $0.name.isExactly(name) }) { return def.values }
        return Self.predefined(name)
    }

    /// Whether a custom definition named exactly `name` exists.
    package func definesCustom(_ name: String) -> Bool {
        custom.contains { $0.name.isExactly(name) }
    }

    package static func predefined(_ name: String) -> [String]? {
        // `switch` on a String matches canonically equivalent spellings; no other spelling of these
        // ASCII names exists (no letter in them has a canonical singleton like U+212A KELVIN SIGN),
        // and the check below keeps it exact anyway.
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        switch name {
        case "alpha": return alpha
        case "upper": return upper
        case "lower": return lower
        case "alnum": return alnum
        case "digit": return digits
        case "xdigit": return xdigits
        case "region": return PredefinedTables.regionCodes
        case "lang": return PredefinedTables.languageCodes
        default: return nil
        }
    }

    private static let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    private static let lower = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
    private static let digits = (UInt8(ascii: "0")...UInt8(ascii: "9")).map { String(UnicodeScalar($0)) }
    // Built once, not per lookup: both engines look variables up for every pattern they compile.
    private static let alpha = upper + lower
    private static let alnum = upper + lower + digits
    private static let xdigits = digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"]

    /// Sum of the scalar counts of each predefined variable's values (P5's expanded size), computed once.
    package static let predefinedScalarCounts: [String: Int] = Dictionary(uniqueKeysWithValues: predefinedNames.map { name in
        (name, (predefined(name) ?? []).reduce(0) { $0 + $1.unicodeScalars.count })
    })

    /// The sum of the scalar counts of `name`'s values (0 when undefined), as P5 counts them.
    package func scalarCount(of name: String) -> Int {
        if !definesCustom(name), Self.predefined(name) != nil, let count = Self.predefinedScalarCounts[name] { return count }
        return (values(of: name) ?? []).reduce(0) { $0 + $1.unicodeScalars.count }
    }
}
