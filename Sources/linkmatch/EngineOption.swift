import ArgumentParser
import LinkMatch

/// `--engine`: which of our matchers answers.
enum EngineChoice: String, ExpressibleByArgument, CaseIterable {
    case reference
    // TODO(cli): add `compiled` (and make it the default) once CompiledEngine lands on main.

    static let defaultChoice = EngineChoice.reference

    var engine: any MatchEngine {
        switch self {
        case .reference: return ReferenceEngine()
        }
    }
}
