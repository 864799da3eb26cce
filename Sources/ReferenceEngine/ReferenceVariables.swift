import LinkMatchCore

/// V1, V4, V5 for the reference side only: which values a `$(name)` stands for. Names compare
/// exactly, scalar for scalar. Only the `region` and `lang` code lists (PredefinedTables) are data
/// shared with the compiled side; the lookup, the precedence and the character classes are its own.
struct ReferenceVariables {
    /// Custom definitions in document order.
    var custom: [(name: String, values: [String])]

    /// The values of `name`, or nil when it is undefined (P4). V5: a custom definition replaces a
    /// predefined one; a name defined twice keeps its last definition (D5, duplicate keys).
    func values(of name: String) -> [String]? {
        definition(of: name).map { $0.values }
    }

    /// Where `name`'s values come from: a custom definition (its values), or row `row` of `predefined`.
    enum Definition {
        case custom([String])
        case predefined(row: Int)

        var values: [String] {
            switch self {
            case .custom(let values): return values
            case .predefined(let row): return ReferenceVariables.predefined[row].values
            }
        }
    }

    func definition(of name: String) -> Definition? {
        for definition in custom.reversed() where Self.same(definition.name, name) {
            return .custom(definition.values)
        }
        return Self.predefined.firstIndex { Self.same($0.name, name) }.map { .predefined(row: $0) }
    }

    /// V4, value by value as SPEC.md lists them. Built once: a table, not a step.
    static let predefined: [(name: String, values: [String])] = {
        let upper = letters(from: "A", to: "Z")
        let lower = letters(from: "a", to: "z")
        let digits = letters(from: "0", to: "9")
        return [
            ("alpha", upper + lower),
            ("upper", upper),
            ("lower", lower),
            ("alnum", upper + lower + digits),
            ("digit", digits),
            ("xdigit", digits + letters(from: "A", to: "F") + letters(from: "a", to: "f")),
            ("region", PredefinedTables.regionCodes),
            ("lang", PredefinedTables.languageCodes),
        ]
    }()

    /// Every scalar from `first` to `last`, each as a one-character value.
    static func letters(from first: Unicode.Scalar, to last: Unicode.Scalar) -> [String] {
        (first.value...last.value).compactMap { Unicode.Scalar($0).map { String($0) } }
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }
}
