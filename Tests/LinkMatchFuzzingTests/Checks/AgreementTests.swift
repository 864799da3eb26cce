import Foundation
import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchTestData
import XCTest

/// Seeded agreement runs: the reference and the compiled engine on generated cases. On a failure
/// the seed, the case index and the readable case are printed (replay with `Checks.run` on
/// `SeededBytes(seed:)`'s n-th output, or encode the readable case with `Checks.encodeSeed`).
final class AgreementTests: XCTestCase {
    static let seed: UInt64 = 20_251_123

    /// The agreement claim rests on at least 100,000 differential cases per run: the full tier runs them
    /// (minutes in a debug build on a 2-core machine). The default tier runs the first tenth of the same
    /// seeded sequence, so every case it checks is one the full run checks.
    static let differentialCases = TestTier.budget(sample: 10_000, full: 100_000)
    static let documentCases = TestTier.budget(sample: 1_000, full: 10_000)

    func run(_ target: FuzzTarget, cases: Int, maxBytes: Int) {
        var g = SeededBytes(seed: Self.seed)
        let engines = Engines.standard
        let start = Date()
        var failures = 0
        for i in 0..<cases {
            let bytes = g.next(maxCount: maxBytes)
            if let failure = Checks.run(target, bytes, engines: engines) {
                failures += 1
                if failures <= 3 {
                    XCTFail("seed \(Self.seed), case \(i): \(failure)")
                }
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print("agreement \(target.rawValue): \(cases) cases, \(failures) disagreements, \(String(format: "%.1f", seconds)) s"
              + " (\(Int(Double(cases) / max(seconds, 0.001))) cases/s)")
    }

    func testDifferentialAgreement() {
        run(.differential, cases: Self.differentialCases, maxBytes: 300)
    }

    func testDocumentAgreement() {
        run(.document, cases: Self.documentCases, maxBytes: 600)
    }
}
