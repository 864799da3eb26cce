import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchRandom
import XCTest

final class ByteReaderTests: XCTestCase {
    func testReadingPastTheEndYieldsDefaults() {
        var r = ByteReader([7])
        XCTAssertEqual(r.byte(), 7)
        XCTAssertTrue(r.isAtEnd)
        XCTAssertEqual(r.byte(), 0)
        XCTAssertEqual(r.uint16(), 0)
        XCTAssertFalse(r.bool())
        XCTAssertEqual(r.count(max: 10), 0)
        XCTAssertEqual(r.scalar(), "\u{0}")
        XCTAssertEqual(r.rest(), [])
    }

    func testReadsFrontToBack() {
        var r = ByteReader([1, 2, 3, 0x00, 0x01, 0xF6])
        XCTAssertEqual(r.byte(), 1)
        XCTAssertEqual(r.uint16(), 0x0203)
        XCTAssertEqual(r.scalar(), "\u{1F6}")
        XCTAssertTrue(r.isAtEnd)
    }

    func testScalarNeverTraps() {
        // 0xD800 is a surrogate, 0xFFFFFF is past U+10FFFF: both still give a scalar.
        var r = ByteReader([0x00, 0xD8, 0x00, 0xFF, 0xFF, 0xFF])
        XCTAssertEqual(r.scalar(), "\u{FFFD}")
        XCTAssertEqual(r.scalar().value, 0xFF_FFFF % 0x11_0000)
    }

    func testCountIsInvertedByTheWriter() throws {
        for n in 0...12 {
            var w = ByteWriter()
            try w.count(n, max: 12, what: "n")
            var r = ByteReader(w.bytes)
            XCTAssertEqual(r.count(max: 12), n)
        }
        var w = ByteWriter()
        XCTAssertThrowsError(try w.count(13, max: 12, what: "n"))
    }

    func testChoiceTableFillsAllSlotsByWeight() {
        let table = ChoiceTable<String>([("a", 1), ("b", 3), ("c", 4)])
        var counts: [String: Int] = [:]
        for b in 0...255 { counts[table.choice(for: UInt8(b)), default: 0] += 1 }
        XCTAssertEqual(counts, ["a": 32, "b": 96, "c": 128])
        XCTAssertEqual(table.choice(for: 0), "a", "byte 0 (past the end) selects the first choice")
        for (i, v) in ["a", "b", "c"].enumerated() {
            XCTAssertEqual(table.choice(for: table.byte(forIndex: i)), v)
        }
    }

    func testChoiceTableGivesEveryChoiceASlotEvenWithTinyWeights() {
        let table = ChoiceTable<Int>((0..<100).map { ($0, $0 == 0 ? 10_000 : 1) })
        for i in 0..<100 { XCTAssertEqual(table.choice(for: table.byte(forIndex: i)), i) }
    }

    func testSeededBytesAreDeterministicAndSeedDependent() {
        var a = SeededBytes(seed: 42)
        var b = SeededBytes(seed: 42)
        var c = SeededBytes(seed: 43)
        let x = (0..<5).map { _ in a.next(maxCount: 64) }
        XCTAssertEqual(x, (0..<5).map { _ in b.next(maxCount: 64) })
        XCTAssertNotEqual(x, (0..<5).map { _ in c.next(maxCount: 64) })
        XCTAssertTrue(x.allSatisfy { $0.count <= 64 })
    }

    func testSeededBytesMatchSplitMix64ReferenceValues() {
        // First outputs of SplitMix64 seeded with 0 (as in Vigna's splitmix64.c).
        var g = SeededBytes(seed: 0)
        XCTAssertEqual(g.nextUInt64(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(g.nextUInt64(), 0x6E78_9E6A_A1B9_65F4)
    }
}
