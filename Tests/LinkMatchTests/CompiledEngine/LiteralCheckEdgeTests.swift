import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// The literal checks' shortcuts (`LiteralCheck`, `QuickChecks`, `MatchText.trimmedBounds`): the
/// slashes counted a word at a time at each end, a text shorter than the run decided before
/// trimming, the suffix's start by a mask. Each is checked at the lengths around its word
/// boundaries against a plain reading and against the reference engine.
final class LiteralCheckEdgeTests: XCTestCase {
    /// The compiled verdict, after asserting that the reference engine gives the same.
    func verdict(_ pattern: String, _ text: String, path: Bool = true,
                 file: StaticString = #filePath, line: UInt = #line) -> PartVerdict {
        let request = PartRequest(pattern: pattern, kind: path ? .path : .plain, text: text)
        let got = CompiledEngine().matchPart(request)
        XCTAssertEqual(ReferenceEngine().matchPart(request), got, "reference disagrees on \(pattern) / \(text)", file: file, line: line)
        return got
    }

    func testTrimmedBoundsEqualsTrimmingByteByByte() {
        // Every text of up to 13 bytes of '/' and 'a', and longer ones made of slash runs around a
        // middle: the word reading (eight bytes or more) must agree with dropping bytes one by one.
        var texts: [[UInt8]] = []
        for length in 0...13 {
            for bits in 0..<(1 << length) {
                texts.append((0..<length).map { bits & (1 << $0) != 0 ? UInt8(ascii: "/") : UInt8(ascii: "a") })
            }
        }
        for lead in 0...17 {
            for trail in 0...17 {
                for middle in [[], [UInt8(ascii: "a")], Array("a/b".utf8), Array("é/x".utf8), Array(repeating: UInt8(ascii: "b"), count: 9)] {
                    texts.append(Array(repeating: UInt8(ascii: "/"), count: lead) + middle + Array(repeating: UInt8(ascii: "/"), count: trail))
                }
            }
        }
        for text in texts {
            let leading = text.prefix { $0 == UInt8(ascii: "/") }.count
            let trailing = text.reversed().prefix { $0 == UInt8(ascii: "/") }.count
            let expected = leading == text.count ? [] : Array(text[leading..<(text.count - trailing)])
            let (lo, hi) = text.withUnsafeBufferPointer { MatchText.trimmedBounds($0) }
            XCTAssertTrue(0 <= lo && lo <= hi && hi <= text.count, "\(String(decoding: text, as: UTF8.self)): \(lo)..<\(hi)")
            guard 0 <= lo && lo <= hi && hi <= text.count else { continue }
            XCTAssertEqual(Array(text[lo..<hi]), expected, "\(String(decoding: text, as: UTF8.self)): \(lo)..<\(hi)")
        }
    }

    func testLiteralPathsWithSlashesAtEveryLength() {
        // Runs of 1 to 40 bytes (across the packed words and the trimming words), with up to nine
        // slashes at each end; a changed first or last byte, or one byte fewer, never matches.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH")
        for length in 1...40 {
            let run = String(alphabet[0..<length])
            for (lead, trail) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 3), (7, 8), (9, 9)] {
                let around = { (middle: String) in String(repeating: "/", count: lead) + middle + String(repeating: "/", count: trail) }
                XCTAssertEqual(verdict("/" + run, around(run)), .matched, "\(run) on \(around(run))")
                XCTAssertEqual(verdict("/" + run + "/*", around(run + "/x")), .matched)
                XCTAssertEqual(verdict("*/" + run, around("x/" + run)), .matched)
                XCTAssertEqual(verdict("/" + run, around(String(run.dropLast()))), .notMatched)
                XCTAssertEqual(verdict("/" + run, around("_" + run.dropFirst())), .notMatched)
                XCTAssertEqual(verdict("/" + run, around(run.dropLast() + "_")), .notMatched)
                XCTAssertEqual(verdict("*/" + run, around("x/" + run.dropLast() + "_")), .notMatched)
            }
        }
    }

    func testShortTextsDecidedBeforeTrimming() {
        // The shorter of the main run and the N3 parent bounds the texts that can match: `/buy/*`'s
        // parent `buy` is shorter than its run `buy/`.
        XCTAssertEqual(verdict("/buy/*", "buy"), .matched)
        XCTAssertEqual(verdict("/buy/*", "/buy"), .matched)
        XCTAssertEqual(verdict("/buy/*", "bu"), .notMatched)
        XCTAssertEqual(verdict("/buy/*", "////"), .notMatched)
        XCTAssertEqual(verdict("*", ""), .matched)
        XCTAssertEqual(verdict("/*", ""), .matched)
        XCTAssertEqual(verdict("/*", "////////"), .matched)
        XCTAssertEqual(verdict("/", "/////////"), .matched)
        XCTAssertEqual(verdict("/", ""), .matched)
        XCTAssertEqual(verdict("/a", "/////////"), .notMatched)
        // A `?` run on non-ASCII texts: fewer bytes than the run is decided at once (a scalar is at
        // least a byte); as many bytes or more goes past the check to the scalar matcher.
        XCTAssertEqual(verdict("???", "\u{E9}", path: false), .notMatched)         // 2 bytes, 1 scalar
        XCTAssertEqual(verdict("??", "\u{E9}", path: false), .notMatched)          // 2 bytes, 1 scalar
        XCTAssertEqual(verdict("??*", "\u{E9}a", path: false), .matched)           // 3 bytes, 2 scalars
        XCTAssertEqual(verdict("???*", "\u{E9}a", path: false), .notMatched)
        XCTAssertEqual(verdict("*??", "a\u{1F600}", path: false), .matched)        // 5 bytes, 2 scalars
        XCTAssertEqual(verdict("/id/????", "/id/\u{1F600}\u{1F600}\u{E9}a/"), .matched)
    }

    func testNonASCIIRunsAndTexts() {
        // Runs without `?` compare UTF-8 as it is, trimmed or not, at the word boundaries.
        for pad in 0...9 {
            let run = String(repeating: "x", count: pad) + "é"
            XCTAssertEqual(verdict("/" + run, "//" + run + "/"), .matched)
            XCTAssertEqual(verdict("/" + run, "//" + run + "e/"), .notMatched)
            XCTAssertEqual(verdict("*" + run, "ü" + run, path: false), .matched)
            XCTAssertEqual(verdict(run + "*", run + "ü", path: false), .matched)
            XCTAssertEqual(verdict(run, String(repeating: "x", count: pad) + "e\u{301}", path: false), .notMatched)
        }
    }
}
