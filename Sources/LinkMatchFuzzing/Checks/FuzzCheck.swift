import LinkMatch

/// One fuzz target's check, in one type: how fuzzer bytes decode to its case, what it checks, and
/// its readable twin both ways. `FuzzTarget.check` is the registry; `Checks` only dispatches, so a
/// new target is one file conforming to this plus one case and one line in `FuzzTarget`.
public protocol FuzzCheck {
    associatedtype Case
    /// The case `bytes` decode to. Total: every byte string is some case (never traps).
    static func decode(_ bytes: [UInt8]) -> Case
    /// nil when the case passed; deterministic.
    static func run(_ c: Case, engines: Engines) -> CheckFailure?
    /// The case as pretty JSON, with the answers of `engines` where the check has any.
    static func readable(_ c: Case, engines: Engines) -> String
    /// The inverse of `readable`: bytes that decode to the case a readable JSON describes (answers
    /// in it are ignored).
    static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8]
}

extension FuzzCheck {
    /// `run` on fuzzer bytes (callable on an `any FuzzCheck.Type`).
    public static func run(bytes: [UInt8], engines: Engines) -> CheckFailure? { run(decode(bytes), engines: engines) }

    /// `readable` on fuzzer bytes (callable on an `any FuzzCheck.Type`).
    public static func readable(bytes: [UInt8], engines: Engines) -> String { readable(decode(bytes), engines: engines) }
}
