import XCTest

@testable import LinkMatchCore

/// The JSON parser's shared child stack: order, exact hand-over, and every element released once.
final class JSONBuildStackTests: XCTestCase {
    /// Counts live instances, so a leaked or doubly released element shows.
    private final class Tracked {
        nonisolated(unsafe) static var live = 0
        let id: Int
        init(_ id: Int) { self.id = id; Tracked.live += 1 }
        deinit { Tracked.live -= 1 }
    }

    func testPopArrayHandsOverTheTopInStackOrderAndReleasesTheRestOnce() {
        Tracked.live = 0
        do {
            var stack = JSONBuildStack<Tracked>(initialCapacity: 2) // grows several times below
            for i in 0..<100 { stack.push(Tracked(i)) }
            XCTAssertEqual(stack.count, 100)
            let top = stack.popArray(from: 40)
            XCTAssertEqual(top.map(\.id), Array(40..<100))
            XCTAssertEqual(stack.count, 40)
            XCTAssertEqual(Tracked.live, 100, "moved, not copied or released")
            XCTAssertEqual(stack.popArray(from: 40).count, 0)
            stack.push(Tracked(7))
            XCTAssertEqual(stack.popArray(from: 39).map(\.id), [39, 7])
            _ = top
        }
        XCTAssertEqual(Tracked.live, 0, "the stack's remaining elements and the arrays are released once each")
    }

    func testSiblingsAndCousinsKeepTheirOrderAcrossLevels() throws {
        // Every level has more children than the stacks start with, interleaving arrays and objects.
        func member(_ i: Int) -> JSONMember {
            JSONMember(key: "k\(i % 7)", value: .array((0..<20).map { j in
                j % 3 == 0 ? .object(JSONObject((0..<18).map { JSONMember(key: "m\($0)", value: .string("\(i).\(j).\($0)")) }))
                           : .number("\(i * 100 + j)")
            }))
        }
        let value = JSONValue.object(JSONObject((0..<25).map(member)))
        XCTAssertEqual(try JSONParser.parse(Array(value.serialized().utf8)), value)
        XCTAssertEqual(try JSONParser.parse(Array(value.serialized(pretty: true).utf8)), value)
    }
}
