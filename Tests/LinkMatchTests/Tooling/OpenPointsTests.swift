import XCTest
import LinkMatch
import LinkMatchTestData

/// The open-point registry (SPEC.md "Open points"): every probe's "linkmatch" prediction, written by
/// hand from SPEC, must be what both engines answer; the registry is well formed.
final class OpenPointsTests: XCTestCase {
    static let outcomes: Set<String> = ["match", "exclude", "no_match", "error"]

    func testEveryLinkMatchPredictionHoldsInBothEngines() {
        var failures: [String] = []
        for point in OpenPoints.all {
            for (n, probe) in point.probes.enumerated() {
                let expected = probe.predictions["linkmatch"] ?? "(missing)"
                for engine in EngineSuite.engines {
                    let got = Self.outcome(probe, engine: engine)
                    if got != expected {
                        failures.append("\(point.id) probe \(n) \(probe.url): \(engine.name) says \(got), predicted \(expected)")
                    }
                }
            }
        }
        XCTAssertEqual(failures, [])
    }

    func testRegistryIsWellFormed() {
        XCTAssertGreaterThanOrEqual(OpenPoints.all.count, 15)
        XCTAssertEqual(Set(OpenPoints.all.map(\.id)).count, OpenPoints.all.count, "IDs must be unique")
        for point in OpenPoints.all {
            XCTAssertFalse(point.rules.isEmpty, point.id)
            XCTAssertTrue(point.id.hasPrefix(point.rules[0] + "-"), "\(point.id) should start with its first rule")
            XCTAssertFalse(point.alternatives.isEmpty, point.id)
            XCTAssertFalse(point.probes.isEmpty, point.id)
            for probe in point.probes {
                XCTAssertGreaterThanOrEqual(probe.predictions.count, 2, "\(point.id): a probe tells readings apart")
                XCTAssertNotNil(probe.predictions["linkmatch"], point.id)
                XCTAssertTrue(Set(probe.predictions.values).isSubset(of: Self.outcomes), point.id)
                XCTAssertGreaterThan(Set(probe.predictions.values).count, 1,
                                     "\(point.id) \(probe.url): every reading predicts the same outcome")
                for reading in probe.predictions.keys where reading != "linkmatch" {
                    XCTAssertTrue(point.alternatives.contains { $0.hasPrefix(reading + ":") },
                                  "\(point.id): reading \(reading) is not described in alternatives")
                }
            }
        }
    }

    /// The conformance-protocol outcome of one probe: the document or URL refused is "error".
    static func outcome(_ probe: OpenPointProbe, engine: any MatchEngine) -> String {
        guard let parsed = try? AASADocument.parse(Array(probe.aasa.utf8)),
              let url = try? ParsedURL(probe.url) else { return "error" }
        return engine.prepare(parsed.document).decide(url, appID: probe.appID, domain: probe.domain).outcome.rawValue
    }
}
