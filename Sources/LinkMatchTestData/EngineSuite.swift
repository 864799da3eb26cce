import LinkMatch

/// Every `MatchEngine` the behavioural tests run (spec vectors, conformance, the M contract, bad
/// input, real-world samples): each such test loops over `EngineSuite.engines`, the way Rust's
/// regex-automata runs one `suite()` over each of its engines. A new engine joins every one of those
/// tests by one line in this list. Each engine runs with its defaults (the reference's default step
/// budget); tests of one engine's own knobs (the reference's budget, the compiled engine's fast
/// paths) name that engine.
public enum EngineSuite {
    public static let engines: [any MatchEngine] = [
        ReferenceEngine(),
        CompiledEngine(),
    ]

    /// The engines checked against the reference as an oracle (every engine but the reference).
    public static var candidates: [any MatchEngine] {
        engines.filter { !($0 is ReferenceEngine) }
    }
}
