import ArgumentParser
import LinkMatch

/// `--engine`: which of our matchers answers. The compiled engine is the product; the reference
/// engine is the oracle (slow, written to read like SPEC.md).
enum EngineChoice: String, ExpressibleByArgument, CaseIterable {
    case compiled
    case reference

    static let defaultChoice = EngineChoice.compiled

    var engine: any MatchEngine {
        switch self {
        case .compiled: return CompiledEngine()
        case .reference: return ReferenceEngine()
        }
    }
}
