import XCTest
import LinkMatch
import LinkMatchTestData

/// The sample URLs of `TestData/real-world-aasa/INDEX.md` whose outcome INDEX.md states without
/// "edge" (`TestData/vectors/real-world-samples.json`), through every engine of the suite. INDEX.md's
/// outcomes are a human reading of each file, not Apple's tool; where that reading conflicts with a
/// SPEC.md decision, SPEC.md wins and the sample says so.
final class SpecRealWorldTests: XCTestCase {
    func testIndexSampleURLsThroughEveryEngine() throws {
        let samples = try RealWorldSample.all()
        XCTAssertEqual(samples.count, 94)
        var documents: [String: AASADocument] = [:]
        for sample in samples where documents[sample.file] == nil {
            documents[sample.file] = try AASADocument.parse(try RealWorldFiles.bytes(sample.file)).document
        }
        XCTAssertEqual(documents.count, 28, "every file but the trailing-comma one and the edge-only SubWallet one")
        for engine in EngineSuite.engines {
            var failures: [String] = []
            var prepared: [String: any PreparedDocument] = [:]
            for sample in samples {
                let document = try XCTUnwrap(documents[sample.file])
                let url = try ParsedURL(sample.url)
                let file = prepared[sample.file] ?? engine.prepare(document)
                prepared[sample.file] = file
                let apps = sample.appIDs(of: document)
                XCTAssertFalse(apps.isEmpty, sample.file)
                for app in apps {
                    // The domain is the site the file is served from: the sample URL's host (INDEX.md).
                    let decision = file.decide(url, appID: app, domain: url.host)
                    if decision.outcome.rawValue != sample.expect {
                        failures.append("\(sample.file) \(sample.url) for \(app): expected \(sample.expect), got \(decision)")
                    }
                }
            }
            XCTAssertEqual(failures, [], "\(engine.name):\n" + failures.joined(separator: "\n"))
        }
    }
}
