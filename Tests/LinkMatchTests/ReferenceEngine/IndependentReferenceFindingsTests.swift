import LinkMatch
import LinkMatchTestData
import XCTest

/// Disagreements the reference's own reading of the document found in the compiled side once the
/// two stopped sharing it (SPEC.md §11). Both engines must now give SPEC.md's answer.
final class IndependentReferenceFindingsTests: XCTestCase {
    /// D6: a legacy path is an exclusion when it starts with the scalars N, O, T, space, even when a
    /// combining mark follows (Swift's `hasPrefix` compares Characters and said no).
    func testD6NotPrefixIsCountedInScalars() throws {
        let json = "{\"applinks\":{\"details\":[{\"appIDs\":[\"ABCDE12345.a\"],\"defaults\":{\"percentEncoded\":false},\"paths\":[\"NOT \u{301}a\"]}]}}"
        let document = try AASADocument.parse(json: json).document
        let url = try ParsedURL("https://example.com/%CC%81a")
        for engine in EngineSuite.engines {
            let decision = engine.prepare(document).decide(url, appID: "ABCDE12345.a", domain: "")
            XCTAssertEqual(decision.outcome, .exclude, engine.name)
            XCTAssertEqual(decision.rule?.parts.first?.pattern, "\u{301}a", engine.name)
        }
    }
}
