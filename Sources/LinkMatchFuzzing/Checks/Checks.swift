import LinkMatch

/// The entry points the fuzz executables, the tests and the CLI share: bytes in, verdict out.
public enum Checks {
    /// Runs `target`'s check on fuzzer bytes; nil means the case passed. Deterministic, never traps.
    public static func run(_ target: FuzzTarget, _ bytes: [UInt8], engines: Engines = .standard) -> CheckFailure? {
        switch target {
        case .differential: return DifferentialCheck.check(PartCase(bytes: bytes), engines: engines)
        case .document:
            let c = DocumentCase(bytes: bytes)
            return DocumentCheck.check(c, engines: engines)
                ?? URLSplitCheck.check(c.urls, target: .document) { DocumentCheck.readable(c, engines: engines) }
        case .percentEncoding: return PercentEncodingCheck.check(PercentCase(bytes: bytes))
        case .parser: return ParserCheck.check(ParserCase(bytes: bytes))
        case .metamorphic: return MetamorphicCheck.check(PartCase(bytes: bytes), engines: engines)
        case .external: return ExternalCheck.check(DocumentCase(bytes: bytes), engines: engines)
        }
    }

    /// The case `bytes` decode to, as pretty JSON (with the standard engines' answers).
    public static func readable(_ target: FuzzTarget, _ bytes: [UInt8]) -> String {
        readable(target, bytes, engines: .standard)
    }

    public static func readable(_ target: FuzzTarget, _ bytes: [UInt8], engines: Engines) -> String {
        switch target {
        case .differential: return DifferentialCheck.readable(PartCase(bytes: bytes), engines: engines)
        case .document, .external: return DocumentCheck.readable(DocumentCase(bytes: bytes), engines: engines)
        case .percentEncoding: return PercentEncodingCheck.readable(PercentCase(bytes: bytes))
        case .parser: return ParserCheck.readable(ParserCase(bytes: bytes))
        case .metamorphic: return MetamorphicCheck.readable(PartCase(bytes: bytes), engines: engines)
        }
    }

    /// The inverse of `readable`: bytes that decode to the case a readable JSON describes. Answers in
    /// the JSON are ignored. For `document` a conformance case (`aasa`, `domain`, `appId`, `url`)
    /// is accepted as is.
    public static func encodeSeed(_ target: FuzzTarget, readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        switch target {
        case .differential, .metamorphic: return try DifferentialCheck.parseReadable(readableJSON).encoded()
        case .document, .external: return try DocumentCheck.parseReadable(readableJSON).encoded()
        case .percentEncoding: return try PercentEncodingCheck.parseReadable(readableJSON).encoded()
        case .parser: return try ParserCheck.parseReadable(readableJSON).encoded()
        }
    }
}
