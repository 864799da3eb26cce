import XCTest
import LinkMatch

/// The public conformance corpus (139 cases observed with Apple's swcutil, 1 API convention we
/// share), through the reference engine. SPEC.md lists any case we differ on; there are none.
final class ConformanceTests: XCTestCase {
    func testReferenceEngineAgreesWithEveryCase() throws {
        let cases = try Vectors.conformanceCases()
        XCTAssertEqual(cases.count, 140)
        var failures: [String] = []
        for c in cases {
            let got = try Self.decide(c, engine: ReferenceEngine())
            if got != c.expect { failures.append("\(c.name): expected \(c.expect), got \(got)") }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(cases.count) conformance cases disagree")
    }

    static func decide(_ c: Vectors.MatchCase, engine: any MatchEngine) throws -> String {
        let parsed = try AASADocument.parse(Array(c.aasa.serialized().utf8))
        let url = try ParsedURL(c.url)
        return engine.prepare(parsed.document).decide(url, appID: c.appID, domain: c.domain).outcome.rawValue
    }
}
