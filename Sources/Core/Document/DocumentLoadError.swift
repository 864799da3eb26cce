/// Why a file could not be read as an AASA document at all. Everything less severe is a
/// `Diagnostic` on a document that still parses (SPEC.md D1, D2, D10).
public struct DocumentLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The fatal code (SPEC.md section 12): `file-too-large`, `too-deep`, `invalid-json`,
    /// `top-level-not-object` or `too-complex`.
    public var code: String
    /// What went wrong, for people (for `invalid-json`, with line and column, D1).
    public var message: String
    /// `[code] message`.
    public var description: String { "[\(code)] \(message)" }

    /// Both loaders (the compiled side's `AASADocument.parse` and the reference's own) throw this,
    /// with the same codes for the same problems, so the `document` fuzz check can compare them.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
