import LinkMatch

/// `differential`: one pattern, variables, flags, part kind and text; reference and candidate
/// `matchPart` must give the same verdict. When the reference runs out of budget (`.undecided`) the
/// candidate must still decide (M1: only the reference may be undecided).
public enum DifferentialCheck {
    public static func check(_ c: PartCase, engines: Engines) -> CheckFailure? {
        let request = c.request
        let expected = engines.reference.matchPart(request)
        let actual = engines.candidate.matchPart(request)
        let agree = expected == .undecided ? actual != .undecided : expected == actual
        guard !agree else { return nil }
        return CheckFailure(
            target: .differential,
            summary: "\(engines.reference.name) says \(expected.rawValue), \(engines.candidate.name) says \(actual.rawValue)"
                + " for pattern \(c.pattern.debugDescription) and \(c.kind.rawValue) text \(c.text.debugDescription)",
            readable: readable(c, engines: engines))
    }

    public static func readableJSON(_ c: PartCase, engines: Engines) -> JSONValue {
        let request = c.request
        var pairs: [(String, JSONValue)] = [
            ("pattern", .string(c.pattern)),
            ("kind", .string(c.kind.rawValue)),
            ("text", .string(c.text)),
            ("caseSensitive", .bool(c.caseSensitive)),
            ("percentEncoded", .bool(c.percentEncoded)),
            ("variables", ReadableJSON.variables(c.variables)),
        ]
        pairs.append((engines.reference.name == engines.candidate.name ? "reference" : engines.reference.name,
                      .string(engines.reference.matchPart(request).rawValue)))
        if engines.reference.name != engines.candidate.name {
            pairs.append((engines.candidate.name, .string(engines.candidate.matchPart(request).rawValue)))
        }
        return ReadableJSON.object(pairs)
    }

    public static func readable(_ c: PartCase, engines: Engines) -> String {
        readableJSON(c, engines: engines).serialized(pretty: true)
    }

    /// Reads the readable form back (answers are ignored; missing flags take their defaults).
    public static func parseReadable(_ text: String) throws(SeedEncodingError) -> PartCase {
        let obj = try ReadableJSON.parse(text, what: "the differential case")
        let kindName = try ReadableJSON.string(obj, "kind", default: "path")
        guard let kind = PartRequest.Kind(rawValue: kindName) else { throw SeedEncodingError("\"kind\" must be \"path\" or \"plain\"") }
        return PartCase(pattern: try ReadableJSON.string(obj, "pattern"), kind: kind, text: try ReadableJSON.string(obj, "text"),
                        caseSensitive: try ReadableJSON.bool(obj, "caseSensitive", default: true),
                        percentEncoded: try ReadableJSON.bool(obj, "percentEncoded", default: true),
                        variables: try ReadableJSON.variables(from: obj["variables"]))
    }
}

extension DifferentialCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> PartCase { PartCase(bytes: bytes) }
    public static func run(_ c: PartCase, engines: Engines) -> CheckFailure? { check(c, engines: engines) }
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try parseReadable(readableJSON).encoded()
    }
}
