import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

/// The `diagnostics` target: its generated files cause exactly what they were built to cause, and
/// its expectations are checked against hand-written ones (not only against `validate`).
final class DiagnosticsCheckTests: XCTestCase {
    func testGeneratedCasesPass() {
        var g = SeededBytes(seed: 7)
        var failures: [String] = []
        var kinds: [DiagnosticCase.Fault.Kind: Int] = [:]
        for i in 0..<1500 {
            let bytes = g.next(maxCount: 80)
            let c = DiagnosticCase(bytes: bytes)
            for f in c.faults { kinds[f.kind, default: 0] += 1 }
            if let failure = DiagnosticsCheck.check(c, engines: .standard), failures.count < 5 {
                failures.append("case \(i): \(failure.summary)\n\(failure.readable)")
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(Set(kinds.keys), Set(DiagnosticCase.Fault.Kind.allCases), "every kind of fault is generated")
    }
}
