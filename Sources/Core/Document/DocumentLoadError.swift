/// Why a file could not be read as an AASA document at all. Everything less severe is a
/// `Diagnostic` on a document that still parses (SPEC.md D1, D2, D10).
public struct DocumentLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: String
    public var message: String
    public var description: String { "[\(code)] \(message)" }

    /// Both loaders (the compiled side's `AASADocument.parse` and the reference's own) throw this,
    /// with the same codes for the same problems, so the `document` fuzz check can compare them.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
