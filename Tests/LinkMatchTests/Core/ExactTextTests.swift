import XCTest
import LinkMatchCore

/// `String.isExactly`: code point equality (D12, E4), not Swift's canonical equivalence. The
/// expected values are written by hand.
final class ExactTextTests: XCTestCase {
    func testCanonicallyEquivalentIsNotExact() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed) // Swift's ==
        XCTAssertFalse(composed.isExactly(decomposed))
        XCTAssertFalse(decomposed.isExactly(composed))
    }

    func testEqualAndUnequalStrings() {
        XCTAssertTrue("".isExactly(""))
        XCTAssertTrue("ABCDE12345.com.example.app".isExactly("ABCDE12345.com.example.app"))
        XCTAssertFalse("ABCDE12345.com.example.app".isExactly("ABCDE12345.com.example.apq"))
        XCTAssertFalse("abc".isExactly("abcd"))      // a prefix
        XCTAssertFalse("abcd".isExactly("abc"))
        XCTAssertFalse("".isExactly("a"))
        XCTAssertFalse("abc".isExactly("ABC"))       // no folding
        // Small (inline) against large (heap) strings of the same text.
        let long = String(repeating: "x", count: 40)
        XCTAssertTrue(long.isExactly(String(repeating: "x", count: 39) + "x"))
        XCTAssertFalse(long.isExactly(String(repeating: "x", count: 39) + "y"))
    }

    func testSubstrings() {
        let text = "team.app.one/team.app.two"
        let second = text[text.index(after: text.firstIndex(of: "/")!)...]
        XCTAssertTrue("team.app.two".isExactly(second))
        XCTAssertFalse("team.app.one".isExactly(second))
        XCTAssertFalse("team.app.tw".isExactly(second))
    }
}
