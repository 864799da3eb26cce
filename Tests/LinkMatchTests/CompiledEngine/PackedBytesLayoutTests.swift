import XCTest
@testable import LinkMatchCompiled

/// `PackedBytes` packs in place (`set` per unit, then `finishLastPair` for the last eight); the
/// comparison (`PackedBytes.equal`) reads the layout its doc comment states: a pair (word, mask) per
/// eight units, the last partly filled, and past eight units not a multiple of eight one more pair
/// holding the last eight. These tests build that layout here, unit by unit from the statement, and
/// hold the packing to it for every length up to forty, with literals and `?` (nil) mixed.
final class PackedBytesLayoutTests: XCTestCase {
    /// The units of length `n`: letters, every third one a `?` (nil), shifted by `seed`.
    private func units(_ n: Int, seed: Int) -> [UInt8?] {
        (0..<n).map { i in (i + seed) % 3 == 0 ? nil : UInt8(ascii: "a") + UInt8((i * 7 + seed) % 26) }
    }

    /// The pair of `units[from..<from + 8]` (fewer at the end), written out from the layout's statement.
    private func pair(_ units: [UInt8?], from: Int) -> [UInt64] {
        var word: UInt64 = 0
        var mask: UInt64 = 0
        for (k, unit) in units[from..<min(from + 8, units.count)].enumerated() {
            guard let unit else { continue }
            word |= UInt64(unit) << UInt64(8 * k)
            mask |= UInt64(0xFF) << UInt64(8 * k)
        }
        return [word, mask]
    }

    func testThePackerWritesTheStatedLayoutForEveryLength() {
        for n in 0...40 {
            for seed in 0..<3 {
                let units = units(n, seed: seed)
                var expected: [UInt64] = []
                for start in stride(from: 0, to: n, by: 8) { expected += pair(units, from: start) }
                if n > 8, n % 8 != 0 { expected += pair(units, from: n - 8) }
                XCTAssertEqual(expected.count, PackedBytes.wordCount(n), "n \(n)")
                XCTAssertEqual(PackedBytes.pack(units), expected, "n \(n) seed \(seed)")
                // Appended after words already there, the run's words follow them unchanged.
                var shared: [UInt64] = [7, 9]
                PackedBytes.append(units, to: &shared)
                XCTAssertEqual(shared, [7, 9] + expected, "n \(n) seed \(seed)")
            }
        }
    }

    /// The comparison reads the packed words as the text they were packed from: equal where every
    /// literal is there (any byte under a `?`), unequal when one literal differs, wherever it is.
    func testPackedUnitsCompareEqualToTheirTextAndNotToAChangedOne() {
        for n in 1...40 {
            let units = units(n, seed: 1)
            let pairs = PackedBytes.pack(units)
            let text = units.map { $0 ?? UInt8(ascii: "#") }
            text.withUnsafeBytes { bytes in
                pairs.withUnsafeBufferPointer { XCTAssertTrue(PackedBytes.equal(bytes.baseAddress!, n, $0.baseAddress!), "n \(n)") }
            }
            for i in 0..<n where units[i] != nil {
                var changed = text
                changed[i] = UInt8(ascii: "#")
                changed.withUnsafeBytes { bytes in
                    pairs.withUnsafeBufferPointer {
                        XCTAssertFalse(PackedBytes.equal(bytes.baseAddress!, n, $0.baseAddress!), "n \(n) changed at \(i)")
                    }
                }
            }
        }
    }
}
