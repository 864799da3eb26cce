/// The matching vectors as compiled into this module: `TestData/vectors/spec-examples.json` and
/// `conformance.json`, wrapped at build time by the EmbedVectors plugin (Plugins/EmbedVectors), so a
/// case added to either file is in the next build of `linkmatch score` with no other change.
public enum EmbeddedVectors {
    /// The text of `spec-examples.json` as built.
    public static var specExamplesJSON: String { specExamplesText }

    /// The text of `conformance.json` as built.
    public static var conformanceJSON: String { conformanceText }

    /// The spec examples (`MatchCase.specExamples(_:)` over the compiled-in file).
    public static func specExamples() throws -> [MatchCase] {
        try MatchCase.specExamples(VectorFile("spec-examples.json", bytes: Array(specExamplesText.utf8)))
    }

    /// The matching cases of the conformance corpus (`MatchCase.conformance(_:)` over the compiled-in file).
    public static func conformance() throws -> [MatchCase] {
        try MatchCase.conformance(VectorFile("conformance.json", bytes: Array(conformanceText.utf8)))
    }
}
