import Foundation
import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

/// Seeded agreement runs: the reference and the compiled engine on generated cases. On a failure
/// the seed, the case index and the readable case are printed (replay with `Checks.run` on
/// `SeededBytes(seed:)`'s n-th output, or encode the readable case with `Checks.encodeSeed`).
final class AgreementTests: XCTestCase {
    static let seed: UInt64 = 20_251_123

    #if DEBUG
    /// Debug builds are about ten times slower (about 1,100 differential and 320 document cases/s on
    /// this machine), so a debug `swift test` runs a fifth of the cases; `swift test -c release` runs
    /// the full 100,000 + 10,000.
    static let differentialCases = 20_000
    static let documentCases = 2_000
    #else
    static let differentialCases = 100_000
    static let documentCases = 10_000
    #endif

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
