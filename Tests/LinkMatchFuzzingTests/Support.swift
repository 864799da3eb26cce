import Foundation
import LinkMatch
@testable import LinkMatchFuzzing

/// Runs `body` on `count` seeded byte strings; returns the index of the first case for which it
/// returns true, or nil.
func firstIndex(seed: UInt64, count: Int, maxBytes: Int = 300, where body: ([UInt8]) -> Bool) -> Int? {
    var g = SeededBytes(seed: seed)
    for i in 0..<count where body(g.next(maxCount: maxBytes)) { return i }
    return nil
}

