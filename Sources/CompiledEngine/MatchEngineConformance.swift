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

    /// Reads the file and compiles it straight from its JSON (`CompiledDocument(parsing:)`): no
    /// document model is built, and the file is refused exactly when `AASADocument.parse` refuses it.
    public func load(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument {
        try CompiledDocument(parsing: bytes)
    }
}

extension CompiledDocument: PreparedDocument {}
