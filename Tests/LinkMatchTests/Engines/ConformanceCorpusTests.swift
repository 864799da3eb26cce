import XCTest
import LinkMatch
import LinkMatchTestData

/// The public conformance corpus (139 cases observed with Apple's swcutil, 1 API convention we
/// share), through every engine of the suite. SPEC.md lists any case we differ on; there are none.
final class ConformanceCorpusTests: XCTestCase {
    func testEveryEngineAgreesWithEveryCase() throws {
        let cases = try MatchCase.conformance()
        XCTAssertEqual(cases.count, 140)
        XCTAssertEqual(cases.filter { $0.status == "oracle" }.count, 139)
        for engine in EngineSuite.engines {
            let failures = cases.compactMap { $0.mismatch(engine: engine) }
            XCTAssertEqual(failures, [], "\(engine.name): \(failures.count) of \(cases.count) conformance cases disagree")
        }
    }
}
