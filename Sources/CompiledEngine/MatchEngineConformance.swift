import LinkMatchCore
import LinkMatchModel

// The compiled engine conforms to `MatchEngine` in its own module: the protocol and the document
// model it takes live in LinkMatchModel, which this module depends on.

extension CompiledEngine: MatchEngine {
    /// Compiles `document` into a `CompiledDocument` (every pattern once): prepare once, decide many
    /// times; the result is immutable and `Sendable`.
    public func prepare(_ document: AASADocument) -> any PreparedDocument {
        compile(document)
    }
}

extension CompiledDocument: PreparedDocument {}
