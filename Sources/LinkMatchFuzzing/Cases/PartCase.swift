import LinkMatch

/// One pattern against one URL part, outside any document: the `differential` and `metamorphic`
/// targets' case. Bytes: flags, variables, pattern, then the text (written, or derived from the pattern).
public struct PartCase: Sendable, Equatable {
    public var pattern: String
    public var kind: PartRequest.Kind
    public var text: String
    public var caseSensitive: Bool
    public var percentEncoded: Bool
    /// Custom variables in order, names unique.
    public var variables: [(name: String, values: [String])]

    public init(pattern: String, kind: PartRequest.Kind = .path, text: String, caseSensitive: Bool = true,
                percentEncoded: Bool = true, variables: [(name: String, values: [String])] = []) {
        self.pattern = pattern
        self.kind = kind
        self.text = text
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.variables = variables
    }

    public var request: PartRequest {
        PartRequest(pattern: pattern, kind: kind, text: text, caseSensitive: caseSensitive,
                    percentEncoded: percentEncoded, variables: VariableTable(custom: variables))
    }

    public static func == (a: PartCase, b: PartCase) -> Bool {
        sameScalars(a.pattern, b.pattern) && a.kind == b.kind && sameScalars(a.text, b.text)
            && a.caseSensitive == b.caseSensitive && a.percentEncoded == b.percentEncoded
            && a.variables.count == b.variables.count
            && zip(a.variables, b.variables).allSatisfy { sameScalars($0.name, $1.name) && sameScalars($0.values, $1.values) }
    }

    enum TextMode: Sendable, Equatable { case written, derived }

    static let textModes = ChoiceTable<TextMode>([(.written, 80), (.derived, 176)])

    /// Decodes fuzzer bytes (never fails: missing bytes read as defaults).
    public init(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        self.init(reading: &r)
    }

    public init(reading r: inout ByteReader) {
        let flags = r.byte()
        caseSensitive = flags & 1 == 0
        percentEncoded = flags & 2 == 0
        kind = flags & 4 == 0 ? .path : .plain
        variables = VariableGenerator.read(&r)
        pattern = PatternText.read(&r, names: VariableGenerator.referenceNames(variables))
        switch r.pick(Self.textModes) {
        case .written: text = TextCoding.read(&r, .partText)
        case .derived: text = Instantiator.text(for: pattern, variables: VariableTable(custom: variables), &r)
        }
    }

    /// Bytes that decode to this case.
    public func encoded() throws(SeedEncodingError) -> [UInt8] {
        var w = ByteWriter()
        w.byte((caseSensitive ? 0 : 1) | (percentEncoded ? 0 : 2) | (kind == .path ? 0 : 4))
        try VariableGenerator.write(variables, to: &w)
        try PatternText.write(pattern, names: VariableGenerator.referenceNames(variables), to: &w, what: "pattern")
        w.pick(Self.textModes, index: 0)
        try TextCoding.write(text, .partText, to: &w, what: "text")
        return w.bytes
    }
}
