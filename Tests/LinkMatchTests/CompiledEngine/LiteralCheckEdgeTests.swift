import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// The literal checks' shortcuts (`LiteralCheck`, `QuickChecks`, `MatchText.trimmedBounds`): the
/// slashes counted a word at a time at each end, a text shorter than the run decided before
/// trimming, the suffix's start by a mask, the usual path of a run (a slash, then the run)
/// compared without trimming, and the usual paths of any run (a slash, then no slash, and none or
/// one at the end) trimmed by a few byte tests. Each is checked at the lengths around its word
/// boundaries, or on every short text, against a plain reading and the reference engine.
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

    func testEveryShortPathOfSlashesAndTwoLetters() {
        // Every path of up to six bytes of '/', 'a' and 'b' against every run of up to three of them
        // after a slash, whole, `run*` and `*run`: the usual shapes and the ones next to them (two
        // slashes before the run, two after it, the run's last byte a slash, one byte more or
        // fewer) all meet each shortcut and its way out.
        let letters: [Character] = ["/", "a", "b"]
        func strings(upTo length: Int) -> [String] {
            var all = [""]
            var last = [""]
            for _ in 0..<length {
                last = last.flatMap { prefix in letters.map { prefix + String($0) } }
                all += last
            }
            return all
        }
        // Parts other than paths keep their slashes: there, none of it applies.
        let texts = strings(upTo: 6)
        for run in strings(upTo: 3) where !run.isEmpty {
            for (pattern, kind) in [("/" + run, PartRequest.Kind.path), ("/" + run + "*", .path), ("*" + run, .path),
                                    (run, .plain), (run + "*", .plain), ("*" + run, .plain)] {
                let part = CompiledPart(pattern: pattern, kind: kind)
                for text in texts {
                    let expected = ReferenceEngine().matchPart(PartRequest(pattern: pattern, kind: kind, text: text))
                    XCTAssertEqual(part.verdict(for: text), expected, "\(pattern) (\(kind)) on \(text)")
                }
            }
        }
    }

    func testUsualPathShortcutOnlyForWholeRunsWithoutEndSlashes() {
        // The shortcut's argument needs a run of literals whose ends are not slashes. Literal path
        // patterns never compile to another (their end slashes are trimmed), so the runs of plain
        // parts, which keep theirs, stand in for one here.
        func slashedRunLength(_ pattern: String, compiledAsPath: Bool) -> Int? {
            var store = MatcherStore()
            var resolver = VariableResolver(VariableTable())
            guard let programs = PatternCompiler.compile(pattern, isPath: compiledAsPath, caseSensitive: true, variables: &resolver,
                                                         store: &store)?.programs else { return nil }
            return QuickChecks(programs, in: store, isPath: true)?.slashedRunLength
        }
        XCTAssertEqual(slashedRunLength("/help/faq", compiledAsPath: true), 9)
        XCTAssertEqual(slashedRunLength("help/faq", compiledAsPath: false), 9)
        XCTAssertEqual(slashedRunLength("/help/faq", compiledAsPath: false), -1)  // starts with a slash
        XCTAssertEqual(slashedRunLength("help/faq/", compiledAsPath: false), -1)  // ends with one
        XCTAssertEqual(slashedRunLength("a/", compiledAsPath: false), -1)
        XCTAssertEqual(slashedRunLength("/", compiledAsPath: false), -1)
        XCTAssertEqual(slashedRunLength("/help/fa?", compiledAsPath: true), -1)   // a `?`
        XCTAssertEqual(slashedRunLength("/help*", compiledAsPath: true), 5)       // `run*` and `*run` too
        XCTAssertEqual(slashedRunLength("*help", compiledAsPath: true), 5)
        XCTAssertEqual(slashedRunLength("/help/*", compiledAsPath: true), -1)     // `help/`, and a parent
        XCTAssertEqual(slashedRunLength("*/faq", compiledAsPath: true), -1)
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
