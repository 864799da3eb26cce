import LinkMatch

/// The entry points the fuzz executables, the tests and the CLI share: bytes in, verdict out.
/// Each target's work is its `FuzzTarget.check` type; this only dispatches.
public enum Checks {
    /// Runs `target`'s check on fuzzer bytes; nil means the case passed. Deterministic, never traps.
    public static func run(_ target: FuzzTarget, _ bytes: [UInt8], engines: Engines = .standard) -> CheckFailure? {
        target.check.run(bytes: bytes, engines: engines)
    }

    /// The case `bytes` decode to, as pretty JSON (with the answers of `engines`).
    public static func readable(_ target: FuzzTarget, _ bytes: [UInt8], engines: Engines = .standard) -> String {
        target.check.readable(bytes: bytes, engines: engines)
    }

    /// The inverse of `readable`: bytes that decode to the case a readable JSON describes. Answers in
    /// the JSON are ignored. For `document` a conformance case (`aasa`, `domain`, `appId`, `url`)
    /// is accepted as is.
    public static func encodeSeed(_ target: FuzzTarget, readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try target.check.encodeSeed(readableJSON: readableJSON)
    }
}
