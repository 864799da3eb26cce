import LinkMatch

/// Generated substitution variables (V1–V6): custom and predefined names (incl. region/lang, which a
/// custom list may override, V5), values with wildcards, values that are prefixes of each other,
/// empty values and empty lists.
public enum VariableGenerator {
    enum NameChoice: Sendable, Equatable { case fixed(String), written }

    static let names = ChoiceTable<NameChoice>([
        (.fixed("v"), 60), (.fixed("w"), 30), (.fixed("id"), 25), (.fixed("x"), 20),
        (.fixed("lang"), 8), (.fixed("region"), 6), (.fixed("digit"), 6), (.fixed("alpha"), 4),
        (.written, 40),
    ])

    enum ValueChoice: Sendable, Equatable { case written, extendPrevious, empty }

    static let values = ChoiceTable<ValueChoice>([(.written, 170), (.extendPrevious, 60), (.empty, 26)])

    static let maxVariables = 3
    static let maxValues = 6

    /// Reads up to three definitions; a name defined twice keeps the first (the second is read and dropped).
    public static func read(_ r: inout ByteReader) -> [(name: String, values: [String])] {
        var out: [(name: String, values: [String])] = []
        for _ in 0..<r.count(max: maxVariables) {
            let name: String
            switch r.pick(names) {
            case .fixed(let n): name = n
            case .written: name = TextCoding.read(&r, .name)
            }
            var list: [String] = []
            for _ in 0..<r.count(max: maxValues) {
                switch r.pick(values) {
                case .written: list.append(TextCoding.read(&r, .value))
                case .extendPrevious: list.append((list.last ?? "") + TextCoding.read(&r, .value))
                case .empty: list.append("")
                }
            }
            if !out.contains(where: { sameScalars($0.name, name) }) { out.append((name, list)) }
        }
        return out
    }

    public static func write(_ vars: [(name: String, values: [String])], to w: inout ByteWriter) throws(SeedEncodingError) {
        try w.count(vars.count, max: maxVariables, what: "number of variables")
        for (i, v) in vars.enumerated() {
            if vars[..<i].contains(where: { sameScalars($0.name, v.name) }) {
                throw SeedEncodingError("variable \(v.name.debugDescription) is defined twice")
            }
            if let fixed = names.choices.firstIndex(where: { if case .fixed(let n) = $0 { return sameScalars(n, v.name) } else { return false } }) {
                w.pick(names, index: fixed)
            } else {
                w.pick(names, index: names.choices.firstIndex(of: .written) ?? 0)
                try TextCoding.write(v.name, .name, to: &w, what: "variable name")
            }
            try w.count(v.values.count, max: maxValues, what: "number of values of \(v.name)")
            var previous: String?
            for value in v.values {
                if let p = previous, !p.isEmpty, value.unicodeScalars.starts(with: p.unicodeScalars) {
                    // Written as "the previous value + a suffix", as it was most likely generated.
                    w.pick(values, index: 1)
                    let suffix = String(String.UnicodeScalarView(value.unicodeScalars.dropFirst(p.unicodeScalars.count)))
                    try TextCoding.write(suffix, .value, to: &w, what: "value of \(v.name)")
                } else if value.isEmpty {
                    w.pick(values, index: 2)
                } else {
                    w.pick(values, index: 0)
                    try TextCoding.write(value, .value, to: &w, what: "value of \(v.name)")
                }
                previous = value
            }
        }
    }

    /// The names a `$(…)` token may pick: the defined ones (weighted), the small predefined ones,
    /// one that is never defined (P4), and, rarely, `lang` and `region`: with hundreds of values they
    /// cost both engines far more per case than anything else.
    public static func referenceNames(_ vars: [(name: String, values: [String])]) -> [String] {
        let custom = vars.map(\.name)
        let small = ["alpha", "digit", "upper", "lower", "alnum", "xdigit"]
        return Array(repeating: custom, count: 8).flatMap { $0 } + small + small + small + ["nope", "nope", "nope", "lang", "region"]
    }
}
