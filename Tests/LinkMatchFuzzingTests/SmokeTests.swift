import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

final class SmokeTests: XCTestCase {
    func testPrintSomeCases() {
        var g = SeededBytes(seed: 1)
        for target in FuzzTarget.allCases {
            for _ in 0..<2 {
                let b = g.next(maxCount: 200)
                print(target, Checks.readable(target, b))
            }
        }
    }
}
