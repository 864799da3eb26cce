import LinkMatch

/// The fuzz targets; each has one check (`check`, a `FuzzCheck`) and one libFuzzer executable.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// One pattern against one URL part: reference and candidate `matchPart` agree.
    case differential
    /// A whole document, URLs and app IDs: reference and candidate decisions (with traces) agree, and
    /// every URL splits as Foundation's URLComponents splits it (URLSplitCheck).
    case document
    /// PercentCoding round trips, agreement with Foundation, invalid-escape offsets.
    case percentEncoding = "percent-encoding"
    /// Arbitrary (mostly AASA-shaped) bytes through the document parser, and a serialize/parse round trip.
    case parser
    /// Relations one engine must satisfy on its own (case swap, variable substitution, N2...).
    case metamorphic
    /// A whole document case sent to an external program (`LINKMATCH_FUZZ_PROGRAM`) over the
    /// conformance protocol; without one, to the reference behind the protocol (ExternalCheck).
    case external
    /// A clean document with planted faults: `validate` reports exactly the diagnostics the faults
    /// were built to cause, and metamorphic changes to the file keep them (DiagnosticsCheck).
    case diagnostics
    /// A generated file and a second one derived from it (a rewrite or a real edit): `linkmatch
    /// diff` reports no change for a rewrite, only witnesses the reference confirms, no proof the
    /// search contradicts, and a change wherever a probe URL changes decision (DiffCheck).
    case diff
    /// One text for Core's JSON reader, generated to reach every branch of the grammar (or raw):
    /// it agrees with Foundation's JSONSerialization but for the listed differences, and every
    /// error's line and column are those of a plain count (JSONReaderCheck).
    case json

    /// The registry: the type that decodes, checks and reads this target's cases.
    public var check: any FuzzCheck.Type {
        switch self {
        case .differential: return DifferentialCheck.self
        case .document: return DocumentCheck.self
        case .percentEncoding: return PercentEncodingCheck.self
        case .parser: return ParserCheck.self
        case .metamorphic: return MetamorphicCheck.self
        case .external: return ExternalCheck.self
        case .diagnostics: return DiagnosticsCheck.self
        case .diff: return DiffCheck.self
        case .json: return JSONReaderCheck.self
        }
    }
}

/// The two engines a check compares: the oracle and the implementation under test.
public struct Engines: Sendable {
    public var reference: any MatchEngine
    public var candidate: any MatchEngine

    public init(reference: any MatchEngine, candidate: any MatchEngine) {
        self.reference = reference
        self.candidate = candidate
    }

    /// ReferenceEngine vs the compiled engine.
    public static var standard: Engines {
        Engines(reference: ReferenceEngine(), candidate: CompiledEngine())
    }

    /// The same engine on both sides (the metamorphic target checks one engine).
    public static func only(_ engine: any MatchEngine) -> Engines {
        Engines(reference: engine, candidate: engine)
    }
}

/// A check that found a problem: what broke, and the case as readable JSON (its "twin").
public struct CheckFailure: Error, Sendable, CustomStringConvertible {
    public var target: FuzzTarget
    /// One line: what disagreed.
    public var summary: String
    /// The decoded case as pretty JSON, with both answers; `Checks.encodeSeed` turns it back into bytes.
    public var readable: String

    public init(target: FuzzTarget, summary: String, readable: String) {
        self.target = target
        self.summary = summary
        self.readable = readable
    }

    public var description: String { "[\(target.rawValue)] \(summary)\n\(readable)" }
}
