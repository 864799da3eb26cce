import LinkMatch

/// `parser`: any bytes as an AASA file. `AASADocument.parse` returns a document or a typed error with
/// a known code (never a crash, a hang or an unknown code); its JSON survives a write/read round trip
/// (JSONRoundTrip: the JSON reader is shared by both engines, so it is checked on its own); a
/// document that parses survives a round trip: DocumentSerializer -> bytes -> parse gives an equal
/// document (source paths aside) and reparsing never reports a load error; and the lints of
/// `linkmatch validate` (`Lints.run`) keep every parser diagnostic and give each finding a code and a
/// message.
public enum ParserCheck {
    /// The load-error codes SPEC.md D1/D2 define.
    public static let loadErrorCodes: Set<String> = ["file-too-large", "too-deep", "invalid-json", "top-level-not-object"]

    /// Writes a document as JSON; replaceable so the tests can plant a mistake.
    public typealias Serializer = @Sendable (AASADocument) -> JSONValue

    public static func check(_ c: ParserCase, serializer: Serializer = DocumentSerializer.json) -> CheckFailure? {
        guard let problem = problem(c.file, serializer: serializer) else { return nil }
        return CheckFailure(target: .parser, summary: problem, readable: readable(c))
    }

    public static func problem(_ file: [UInt8], serializer: Serializer = DocumentSerializer.json) -> String? {
        let parsed: ParsedDocument
        do {
            parsed = try AASADocument.parse(file)
        } catch {
            return loadErrorCodes.contains(error.code) ? nil : "unknown load error code \(error.code.debugDescription)"
        }
        for d in parsed.diagnostics where d.code.isEmpty || d.message.isEmpty {
            return "a diagnostic without code or message at \(d.path.debugDescription)"
        }
        if let problem = JSONRoundTrip.problem(parsed.json) { return problem }
        if let problem = lintProblem(parsed) { return problem }
        let text = Array(serializer(parsed.document).serialized().utf8)
        let again: ParsedDocument
        do {
            again = try AASADocument.parse(text)
        } catch {
            return "the serialized document does not parse: \(error)"
        }
        let a = withoutSourcePaths(parsed.document)
        let b = withoutSourcePaths(again.document)
        // The model's == compares strings by canonical equivalence; the serialized bytes scalar for scalar.
        if a != b || !DocumentSerializer.json(a).serialized().utf8.elementsEqual(DocumentSerializer.json(b).serialized().utf8) {
            return "serialize -> parse changed the document"
        }
        return nil
    }

    /// `Lints.run` (what `linkmatch validate` prints) sorts the parser's diagnostics together with the
    /// lint findings: none of the parser's may be lost, and every finding needs a code, a message and a fix.
    /// Untrusted files reach the lints, so they are fuzzed here for crashes and hangs too.
    static func lintProblem(_ parsed: ParsedDocument) -> String? {
        let all = Lints.run(parsed)
        var expected: [Diagnostic: Int] = [:]
        for d in parsed.diagnostics { expected[d, default: 0] += 1 }
        for d in all {
            if d.code.isEmpty || d.message.isEmpty { return "a lint finding without code or message at \(d.path.debugDescription)" }
            // Every finding ends in an action (issue 32); the parser's own diagnostics get theirs in `Lints.run`.
            guard let fix = d.fix, !fix.isEmpty else { return "a finding without a fix: \(d)" }
            var bare = d
            bare.fix = nil
            if let n = expected[bare] { expected[bare] = n > 1 ? n - 1 : nil }
        }
        if let lost = expected.keys.first { return "Lints.run lost the parser diagnostic \(lost)" }
        return nil
    }

    /// Source paths say where a rule was written; the round trip may move it (see DocumentSerializer).
    static func withoutSourcePaths(_ d: AASADocument) -> AASADocument {
        var d = d
        for e in d.entries.indices {
            d.entries[e].sourcePath = ""
            for r in d.entries[e].rules.indices { d.entries[e].rules[r].sourcePath = "" }
        }
        return d
    }

    public static func readableJSON(_ c: ParserCase) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let text = String(validating: c.file, as: UTF8.self) {
            pairs.append(("file", .string(text)))
        } else {
            pairs.append(("fileHex", .string(c.file.map { PercentEncodingCheck.hex($0) }.joined())))
        }
        do {
            let parsed = try AASADocument.parse(c.file)
            pairs.append(("document", DocumentSerializer.json(parsed.document)))
            pairs.append(("diagnostics", .array(parsed.diagnostics.map { .string($0.description) })))
        } catch {
            pairs.append(("error", .string(error.description)))
        }
        if let problem = problem(c.file) { pairs.append(("problem", .string(problem))) }
        return ReadableJSON.object(pairs)
    }

    public static func readable(_ c: ParserCase) -> String { readableJSON(c).serialized(pretty: true) }

    /// `{"file": "..."}` (UTF-8 text), `{"fileHex": "..."}` (any bytes) or `{"aasa": {...}}` (a JSON
    /// document, encoded through the generator so mutations stay structured).
    public static func parseReadable(_ text: String) throws(SeedEncodingError) -> ParserSeed {
        let obj = try ReadableJSON.parse(text, what: "the parser case")
        if case .string(let s)? = obj["file"] { return .file(Array(s.utf8)) }
        if case .string(let h)? = obj["fileHex"] { return .file(try bytes(hex: h, key: "fileHex")) }
        if let aasa = obj["aasa"] { return .aasa(aasa) }
        throw SeedEncodingError("a parser case needs \"file\", \"fileHex\" or \"aasa\"")
    }

    /// The bytes a readable twin writes as hex digits (`"fileHex"`, the json case's `"textHex"`).
    static func bytes(hex h: String, key: String) throws(SeedEncodingError) -> [UInt8] {
        var bytes: [UInt8] = []
        let digits = Array(h.utf8)
        guard digits.count % 2 == 0 else { throw SeedEncodingError("\"\(key)\" must have an even number of hex digits") }
        var i = 0
        while i < digits.count {
            guard let hi = PercentCoding.hexValue(digits[i]), let lo = PercentCoding.hexValue(digits[i + 1]) else {
                throw SeedEncodingError("\"\(key)\" must hold hex digits only")
            }
            bytes.append(hi << 4 | lo)
            i += 2
        }
        return bytes
    }
}

/// What a readable parser case can be turned into.
public enum ParserSeed: Sendable {
    case file([UInt8])
    case aasa(JSONValue)

    public func encoded() throws(SeedEncodingError) -> [UInt8] {
        switch self {
        case .file(let bytes): return ParserCase(file: bytes).encoded()
        case .aasa(let json): return try ParserCase.encodedGenerated(json)
        }
    }
}

extension ParserCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> ParserCase { ParserCase(bytes: bytes) }
    /// No engines: the check is about the document parser alone.
    public static func run(_ c: ParserCase, engines: Engines) -> CheckFailure? { check(c) }
    public static func readable(_ c: ParserCase, engines: Engines) -> String { readable(c) }
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try parseReadable(readableJSON).encoded()
    }
}
