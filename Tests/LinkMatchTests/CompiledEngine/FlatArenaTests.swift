import XCTest
@testable import LinkMatchCompiled

/// `FlatArena` places each reserved buffer at the next offset aligned for its type, in one block of
/// the size `ArenaLayout` computed. These tests state the offsets by hand for a mixed layout and
/// check that every placed buffer holds what was given, aligned and apart from the others.
final class FlatArenaTests: XCTestCase {
    private struct Pair: Equatable {
        let a: Int32
        let b: UInt8
    }

    func testTheLayoutAlignsEachBufferForItsType() {
        var layout = ArenaLayout()
        layout.reserve(UInt8.self, count: 3)    // bytes 0..<3
        layout.reserve(UInt64.self, count: 2)   // aligned to 8: bytes 8..<24
        layout.reserve(UInt8.self, count: 0)    // empty, at 24
        layout.reserve(Int32.self, count: 1)    // bytes 24..<28
        layout.reserve(UInt16.self, count: 1)   // bytes 28..<30
        layout.reserve(Pair.self)               // alignment 4, stride 8: bytes 32..<40
        XCTAssertEqual(layout.byteCount, 40)
        XCTAssertEqual(layout.alignment, 8)
    }

    func testPlacedBuffersHoldTheirArraysAlignedAndApart() {
        let bytes: [UInt8] = [1, 2, 3]
        let words: [UInt64] = [.max, 0x0102_0304_0506_0708]
        let none: [UInt32] = []
        let ints: [Int32] = [-7, 9, 11]
        let pair = Pair(a: 42, b: 7)
        var layout = ArenaLayout()
        layout.reserve(UInt8.self, count: bytes.count)
        layout.reserve(UInt64.self, count: words.count)
        layout.reserve(UInt32.self, count: none.count)
        layout.reserve(Int32.self, count: ints.count)
        layout.reserve(Pair.self)
        var arena = FlatArena(layout)
        let placedBytes = arena.place(bytes)
        let placedWords = arena.place(words)
        let placedNone = arena.place(none)
        let placedInts = arena.place(ints)
        let placedPair = arena.place(pair)
        arena.assertFilled()

        XCTAssertEqual(Array(placedBytes), bytes)
        XCTAssertEqual(Array(placedWords), words)
        XCTAssertEqual(placedNone.count, 0)
        XCTAssertNotNil(placedNone.baseAddress, "an empty buffer still has a start")
        XCTAssertEqual(Array(placedInts), ints)
        XCTAssertEqual(placedPair.pointee, pair)

        let starts = [UInt(bitPattern: placedBytes.baseAddress), UInt(bitPattern: placedWords.baseAddress),
                      UInt(bitPattern: placedInts.baseAddress), UInt(bitPattern: placedPair)]
        let ends = [starts[0] + 3, starts[1] + 16, starts[2] + 12, starts[3] + UInt(MemoryLayout<Pair>.size)]
        XCTAssertEqual(starts[1] % 8, 0)
        XCTAssertEqual(starts[2] % 4, 0)
        XCTAssertEqual(starts[3] % UInt(MemoryLayout<Pair>.alignment), 0)
        // In the reserved order, in one block: each buffer starts at or after the previous one's end, all within the layout's size.
        for i in 1..<starts.count { XCTAssertGreaterThanOrEqual(starts[i], ends[i - 1]) }
        XCTAssertLessThanOrEqual(ends[3] - starts[0], UInt(layout.byteCount))
    }

    func testAnAliasingCopyNamesTheSameObjects() {
        final class Box {}
        let boxes = [Box(), Box(), Box()]
        var layout = ArenaLayout()
        layout.reserve(Box.self, count: boxes.count)
        var arena = FlatArena(layout)
        let placed = arena.placeAliasing(boxes)
        arena.assertFilled()
        XCTAssertEqual(placed.count, 3)
        for i in boxes.indices { XCTAssertTrue(placed[i] === boxes[i]) }
    }
}
