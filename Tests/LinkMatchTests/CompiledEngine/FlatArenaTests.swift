import XCTest
@testable import LinkMatchCompiled

/// `FlatArena` places each reserved value at the next offset aligned for its type, in one block of
/// the size `ArenaLayout` computed. These tests state the offsets by hand for a mixed layout and
/// check that every placed value holds what was given, aligned and apart from the others; and that
/// an array lent to a view (`storageKeptByOwner`) is read in place.
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

    func testPlacedValuesAreAlignedAndApartInOneBlock() {
        let pair = Pair(a: 42, b: 7)
        let word: UInt64 = 0x0102_0304_0506_0708
        var layout = ArenaLayout()
        layout.reserve(UInt8.self)
        layout.reserve(Pair.self)
        layout.reserve(UInt64.self)
        var arena = FlatArena(layout)
        let placedByte = arena.place(UInt8(9))
        let placedPair = arena.place(pair)
        let placedWord = arena.place(word)
        arena.assertFilled()

        XCTAssertEqual(placedByte.pointee, 9)
        XCTAssertEqual(placedPair.pointee, pair)
        XCTAssertEqual(placedWord.pointee, word)
        let starts = [UInt(bitPattern: placedByte), UInt(bitPattern: placedPair), UInt(bitPattern: placedWord)]
        XCTAssertEqual(starts[1] % UInt(MemoryLayout<Pair>.alignment), 0)
        XCTAssertEqual(starts[2] % 8, 0)
        // In the reserved order, in one block of the layout's size: byte 0, the pair at 4, the word at 16.
        XCTAssertEqual(starts[1] - starts[0], 4)
        XCTAssertEqual(starts[2] - starts[0], 16)
        XCTAssertEqual(layout.byteCount, 24)
    }

    /// A view reads an array where its owner keeps it: the lent buffer is the array's own storage
    /// (no copy), and a copy made and changed elsewhere gets its own storage, leaving the lent one as it was.
    func testLentStorageIsTheArraysOwnAndSurvivesAChangedCopy() {
        let kept: [UInt64] = [1, 2, 3]
        let lent = kept.storageKeptByOwner()
        XCTAssertEqual(Array(lent), kept)
        kept.withUnsafeBufferPointer { XCTAssertEqual($0.baseAddress, lent.baseAddress, "lent in place, not copied") }
        var changed = kept
        changed[0] = 99
        changed.append(4)
        XCTAssertEqual(Array(lent), [1, 2, 3])
        XCTAssertEqual(changed, [99, 2, 3, 4])
        XCTAssertEqual([UInt32]().storageKeptByOwner().count, 0)
    }

    /// An array reserved far past what it holds is given back its room as an exact copy with the
    /// same elements; one within half again its count (plus 16) keeps its buffer (no copy).
    func testSpareRoomIsDroppedOnlyWhenLarge() {
        var wasteful: [UInt64] = []
        wasteful.reserveCapacity(1_000)
        wasteful.append(contentsOf: (0..<40).map { UInt64($0) &* 0x9E37_79B9 })
        let before = wasteful
        wasteful.dropSpareRoom()
        XCTAssertEqual(wasteful, before)
        XCTAssertLessThan(wasteful.capacity, 1_000)
        XCTAssertLessThanOrEqual(wasteful.capacity, 40 + 40 / 2 + 16)

        var snug: [UInt64] = []
        snug.reserveCapacity(100)
        snug.append(contentsOf: (0..<80).map(UInt64.init))
        let start = snug.withUnsafeBufferPointer { $0.baseAddress }
        snug.dropSpareRoom()
        XCTAssertEqual(snug.withUnsafeBufferPointer { $0.baseAddress }, start)
        XCTAssertEqual(snug, (0..<80).map(UInt64.init))

        var empty: [Pair] = []
        empty.reserveCapacity(64)
        empty.dropSpareRoom()
        XCTAssertEqual(empty, [])
        XCTAssertLessThan(empty.capacity, 64)
    }
}
