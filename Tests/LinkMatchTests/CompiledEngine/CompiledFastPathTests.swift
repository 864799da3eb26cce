import XCTest
import LinkMatch
@testable import LinkMatchCompiled

/// Each matcher the compiled engine picks, with hand-written expectations from the spec
/// (P1–P4, N1–N3, E1–E3, V1–V4).
final class CompiledFastPathTests: XCTestCase {
    func verdict(_ pattern: String, _ text: String, path: Bool = true, cs: Bool = true, pe: Bool = true,
                 variables: VariableTable = VariableTable(), file: StaticString = #filePath, line: UInt = #line) -> PartVerdict {
        let request = PartRequest(pattern: pattern, kind: path ? .path : .plain, text: text,
                                  caseSensitive: cs, percentEncoded: pe, variables: variables)
        let got = CompiledEngine().matchPart(request)
        // The expectations below are read from the spec; the reference must read it the same way.
        XCTAssertEqual(ReferenceEngine().matchPart(request), got, "reference disagrees", file: file, line: line)
        return got
    }

    func shape(_ pattern: String, path: Bool = true, variables: VariableTable = VariableTable()) -> String {
        CompiledPart(pattern: pattern, kind: path ? .path : .plain, variables: variables).shapeName
    }

    func testLiteral() {
        XCTAssertEqual(shape("/help/website/faq"), "literal")
        XCTAssertEqual(verdict("/help/website/faq", "/help/website/faq"), .matched)
        XCTAssertEqual(verdict("/help/website/faq", "/help/website/faq/"), .matched)      // N2
        XCTAssertEqual(verdict("/help/website/faq", "help/website/faq"), .matched)        // N1
        XCTAssertEqual(verdict("/help/website/faq", "/help/website/fa"), .notMatched)
        XCTAssertEqual(verdict("/help/website/faq", "/help/website/faqs"), .notMatched)
        XCTAssertEqual(verdict("/help/website/faq", "/help/website/FAQ"), .notMatched)    // caseSensitive default
        XCTAssertEqual(verdict("/help/website/faq", "/HELP/website/FAQ", cs: false), .matched) // E1
        XCTAssertEqual(verdict("", "/", path: true), .matched)
        XCTAssertEqual(verdict("", "", path: false), .matched)
        XCTAssertEqual(verdict("", "x", path: false), .notMatched)
    }

    func testPrefixAndParentRule() {
        XCTAssertEqual(shape("/buy/*"), "prefix")
        XCTAssertEqual(verdict("/buy/*", "/buy/42"), .matched)
        XCTAssertEqual(verdict("/buy/*", "/buy/a/b/c"), .matched)
        XCTAssertEqual(verdict("/buy/*", "/buy"), .matched)            // N3
        XCTAssertEqual(verdict("/buy/*", "/buy/"), .matched)
        XCTAssertEqual(verdict("/buy/*", "/buyer"), .notMatched)
        XCTAssertEqual(verdict("/buy/?*", "/buy"), .notMatched)        // N3 needs a lone `*`
        XCTAssertEqual(verdict("/buy/*", "/buy", path: false), .notMatched) // not a path: no N1–N3
        XCTAssertEqual(verdict("*", "", path: false), .matched)
    }

    func testSuffix() {
        XCTAssertEqual(shape("*/checkout"), "suffix")
        XCTAssertEqual(verdict("*/checkout", "/cart/checkout"), .matched)
        XCTAssertEqual(verdict("*/checkout", "/a/b/checkout/"), .matched)
        XCTAssertEqual(verdict("*/checkout", "/checkout"), .notMatched) // the text loses its leading slash (N1)
        XCTAssertEqual(verdict("*/checkout", "/cart/checkouts"), .notMatched)
    }

    func testInfix() {
        XCTAssertEqual(shape("*infix*"), "infix")
        XCTAssertEqual(verdict("*infix*", "/a/infix/b"), .matched)
        XCTAssertEqual(verdict("*infix*", "infix"), .matched)
        XCTAssertEqual(verdict("*infix*", "/a/infi/x"), .notMatched)
    }

    func testFixedLengthRuns() {
        XCTAssertEqual(shape("/id/????"), "fixedLength")
        XCTAssertEqual(verdict("/id/????", "/id/4815"), .matched)
        XCTAssertEqual(verdict("/id/????", "/id/481"), .notMatched)
        XCTAssertEqual(verdict("/id/????", "/id/481/"), .notMatched)    // N2 removes the slash first
        XCTAssertEqual(verdict("/id/????", "/id/48151"), .notMatched)
        XCTAssertEqual(verdict("????", "%41b", path: false), .matched)   // P2: `%41` is three characters
        XCTAssertEqual(verdict("??", "%41b", path: false, pe: false), .matched) // E3: decoded first
        XCTAssertEqual(verdict("?", "é", path: false), .matched)        // a scalar, not a byte
    }

    func testGeneralGlob() {
        XCTAssertEqual(shape("/a/*/b/?*/c"), "glob")
        XCTAssertEqual(verdict("/a/*/b/?*/c", "/a/x/b/y/c"), .matched)
        XCTAssertEqual(verdict("/a/*/b/?*/c", "/a/b/y/c"), .notMatched)
        XCTAssertEqual(verdict("/a/*/b/?*/c", "/a/x/b//c"), .notMatched)
        XCTAssertEqual(verdict("/a/*/c", "/a/c"), .notMatched)          // N3 does not apply inside
        XCTAssertEqual(verdict("*ab*ba*", "aba", path: false), .notMatched) // segments may not overlap
        XCTAssertEqual(verdict("*ab*ba*", "abba", path: false), .matched)
        let long = String(repeating: "a", count: 512)
        XCTAssertEqual(verdict("*a*a*a*a*a*a*a*a*b", long, path: false), .notMatched)
        XCTAssertEqual(verdict("*a*a*a*a*a*a*a*a*b", long + "b", path: false), .matched)
    }

    func testMiddleSegmentsAroundOneSearchWord() {
        // A middle segment is searched with one 64-bit state word up to 64 units and with several
        // beyond. The text holds the segment once, after a decoy that differs in its last unit, so
        // a search that stops one unit early or late, or misses a word's carry, finds the decoy or nothing.
        for length in [1, 2, 8, 63, 64, 65, 127, 128, 129, 200] {
            let run = String((0..<length).map { i in Character(Unicode.Scalar(UInt8(97 + i % 26))) })
            let decoy = String(run.dropLast()) + "#"
            // (With `?` first: a one-unit `?` run would match the decoy.)
            let withQuestionMark = length > 1 ? ["?" + run.dropFirst()] : []
            for middle in [run] + withQuestionMark {
                let pattern = "x*\(middle)*y"
                let found = "x" + decoy + "-" + run + "y"
                XCTAssertEqual(verdict(pattern, found, path: false), .matched, "\(length) \(middle)")
                XCTAssertEqual(verdict(pattern, "x" + decoy + "y", path: false), .notMatched, "\(length) \(middle)")
                // The segment may not overlap the last anchor: with the run's last unit as that
                // anchor, a text of the pattern's minimum length whose only copy of the run ends
                // the text passes the length check and must still fail the search.
                let last = String(run.last!)
                XCTAssertEqual(verdict("x*\(middle)*\(last)", "x-" + run, path: false), .notMatched, "\(length) overlap")
                XCTAssertEqual(verdict("x*\(middle)*\(last)", "x-" + run + last, path: false), .matched, "\(length) overlap")
                // Non-ASCII text: the unit path searches the same tables.
                XCTAssertEqual(verdict(pattern, "xé" + decoy + run + "y", path: false), .matched, "\(length) wide")
                XCTAssertEqual(verdict(pattern, "xé" + decoy + "y", path: false), .notMatched, "\(length) wide")
            }
        }
        // A wide unit inside a searched segment (its own mask row).
        XCTAssertEqual(verdict("x*aéb*y", "xaébqy", path: false), .matched)
        XCTAssertEqual(verdict("x*aéb*y", "xaebqy", path: false), .notMatched)
        XCTAssertEqual(verdict("x*a?b*y", "xaébqy", path: false), .matched)
    }

    func testPercentEncodingAndBytes() {
        XCTAssertEqual(verdict("/a%2Fb", "/a%2Fb"), .matched)
        XCTAssertEqual(verdict("/a%2Fb", "/a%2fb"), .notMatched)       // E2: hex case matters
        XCTAssertEqual(verdict("/a%2Fb", "/a%2Fb", pe: false), .notMatched) // E3: text decodes to a/b
        XCTAssertEqual(verdict("/a/b", "/a%2Fb", pe: false), .matched)
        XCTAssertEqual(verdict("/a/*", "/a%2F", pe: false), .matched)  // N4: normalized after decoding
        XCTAssertEqual(verdict("/café", "/caf%C3%A9", pe: false), .matched)
        XCTAssertEqual(verdict("/café", "/caf%C3%A9"), .notMatched)
        XCTAssertEqual(verdict("/caf?", "/café"), .matched)            // part-level non-ASCII: scalars
        XCTAssertEqual(verdict("/?", "/%FF", pe: false), .matched)       // U+FFFD is one character
        XCTAssertEqual(verdict("/ÉTÉ", "/été", cs: false), .matched)
        XCTAssertEqual(verdict("/ÉTÉ", "/%C3%89t%C3%A9", cs: false, pe: false), .matched)
    }

    func testSequenceMatcherWithVariables() {
        let food = VariableTable(custom: [(name: "food", values: ["burrito", "pizza", "sushi", "samosa"])])
        let pattern = "/$(lang)_$(region)/$(food)/"
        XCTAssertEqual(shape(pattern, variables: food), "sequence")
        XCTAssertEqual(verdict(pattern, "/en_US/pizza/", variables: food), .matched)
        XCTAssertEqual(verdict(pattern, "/fr_CA/samosa", variables: food), .matched)
        XCTAssertEqual(verdict(pattern, "/en_UK/pizza", variables: food), .notMatched) // V4: UK is not a region
        XCTAssertEqual(verdict(pattern, "/en_US/pizzas", variables: food), .notMatched)
        XCTAssertEqual(verdict(pattern, "/EN_us/PIZZA", cs: false, variables: food), .matched) // V3
        XCTAssertEqual(verdict(pattern, "/EN_us/PIZZA", variables: food), .notMatched)

        let wild = VariableTable(custom: [(name: "p", values: ["a", "aa", "a*b", "?x", ""])])
        XCTAssertEqual(verdict("$(p)c", "c", path: false, variables: wild), .matched)    // empty value
        XCTAssertEqual(verdict("$(p)c", "azzzbc", path: false, variables: wild), .matched) // `*` inside a value
        XCTAssertEqual(verdict("$(p)c", "azzzc", path: false, variables: wild), .notMatched) // ... kept to its value
        XCTAssertEqual(verdict("$(p)c", "qxc", path: false, variables: wild), .matched)
        XCTAssertEqual(verdict("$(p)$(p)", "aaa", path: false, variables: wild), .matched)
        XCTAssertEqual(verdict("x$(digit)$(digit)", "x42", path: false), .matched)
        XCTAssertEqual(verdict("x$(digit)$(digit)", "x4a", path: false), .notMatched)
    }

    func testInvalidAndNever() {
        XCTAssertEqual(shape("/a/$(oops"), "invalid")
        XCTAssertEqual(verdict("/a/$(oops", "/a/$(oops"), .invalidPattern) // P3
        XCTAssertEqual(verdict("/a/$()", "/a/"), .invalidPattern)
        XCTAssertEqual(verdict("/a/$(nope)", "/a/x"), .invalidPattern)     // P4
        XCTAssertEqual(verdict("/a/$5", "/a/$5"), .matched)                 // `$` alone is literal
        let empty = VariableTable(custom: [(name: "none", values: [])])
        XCTAssertEqual(shape("/a/$(none)", variables: empty), "never")      // V6
        XCTAssertEqual(verdict("/a/$(none)*", "/a/x", variables: empty), .notMatched)
    }

    func testSequenceMatcherSearchesRunsBetweenStars() {
        // `*run*` and a final `*run` after a variable: searched, not stepped position by position.
        let one = VariableTable(custom: [(name: "one", values: ["a"])])
        XCTAssertEqual(shape("$(one)*x?*yz", path: false, variables: one), "sequence")
        XCTAssertEqual(verdict("$(one)*x?*yz", "aqxqyz", path: false, variables: one), .matched)
        XCTAssertEqual(verdict("$(one)*x?*yz", "axqyz", path: false, variables: one), .matched)
        XCTAssertEqual(verdict("$(one)*x?*yz", "axyz", path: false, variables: one), .notMatched)   // `?` then `yz` need 3 after x
        XCTAssertEqual(verdict("$(one)*x?*yz", "axxyz", path: false, variables: one), .matched)    // `x?` reads `xx`
        XCTAssertEqual(verdict("$(one)*x?*yz", "ayzxq", path: false, variables: one), .notMatched) // yz must end the text
        XCTAssertEqual(verdict("$(one)*x?*yz", "bxqyz", path: false, variables: one), .notMatched)
        XCTAssertEqual(verdict("$(one)*ab*", "aab", path: false, variables: one), .matched)
        XCTAssertEqual(verdict("$(one)*ab*", "ab", path: false, variables: one), .notMatched)      // `ab` must start after the value
        XCTAssertEqual(verdict("$(one)*é*", "aé", path: false, variables: one), .matched)          // non-ASCII: the scalar path
    }

    func testSequenceMatcherOnTextsAroundOneSetWord() {
        // Position sets are one word for texts under 64 units and a buffer from 64 on. A leading
        // `*/` and a pad without `/` leave each verdict that of the part after the pad, so every
        // pad length from 0 to 70 must give the hand-written verdict.
        let v = VariableTable(custom: [(name: "v", values: ["ab", "abc", "x"])])
        let cases: [(pattern: String, text: String, matched: Bool)] = [
            ("$(v)?c", "abcc", true),        // ab, ? reads c, c
            ("$(v)?c", "abc", false),
            ("$(v)*z*$(v)", "abqzqx", true), // a searched run between stars
            ("$(v)*z*$(v)", "abqzq", false),
            ("$(v)*zz", "xqzz", true),       // a final run after a star
            ("$(v)*zz", "xzzq", false),
            ("$(v)?*", "ab", false),         // `?*` needs one more unit
            ("$(v)?*", "abc", true),
            ("$(v)$(v)", "abcab", true),     // abc then ab: a value ends in two places
            ("$(v)$(v)", "abca", false),
        ]
        for (pattern, text, matched) in cases {
            XCTAssertEqual(shape("*/" + pattern, path: false, variables: v), "sequence")
            for pad in 0...70 {
                let padded = String(repeating: "p", count: pad) + "/" + text
                XCTAssertEqual(verdict("*/" + pattern, padded, path: false, variables: v), matched ? .matched : .notMatched,
                               "\(pattern) on \(padded.count) units")
            }
        }
    }

    func testNeedsNoPreparingMatchesABytewiseReading() {
        // The eight-bytes-at-a-time check against the plain reading: ASCII, and no `%` unless
        // percentEncoded, no capital unless caseSensitive; every byte value at every place.
        for length in 1...19 {
            for place in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = UInt8(value)
                    for cs in [false, true] {
                        for pe in [false, true] {
                            let plain = bytes.allSatisfy { b in
                                b < 0x80 && (pe || b != UInt8(ascii: "%")) && (cs || !(b >= 0x41 && b <= 0x5A))
                            }
                            let fast = bytes.withUnsafeBufferPointer {
                                MatchText.needsNoPreparing($0.baseAddress!, length, caseSensitive: cs, percentEncoded: pe)
                            }
                            XCTAssertEqual(fast, plain, "length \(length), byte \(value) at \(place), cs \(cs), pe \(pe)")
                        }
                    }
                }
            }
        }
    }

    func testLiteralChecksOnBytes() {
        // Literal, `run*` and `*run` decide from the bytes as given; `a*b` is not a plain prefix.
        XCTAssertEqual(verdict("a*b", "ab", path: false), .matched)
        XCTAssertEqual(verdict("a*b", "axyb", path: false), .matched)
        XCTAssertEqual(verdict("a*b", "a", path: false), .notMatched)
        XCTAssertEqual(verdict("a*b", "axy", path: false), .notMatched)
        XCTAssertEqual(verdict("*é", "xé", path: false), .matched)              // non-ASCII text and run
        XCTAssertEqual(verdict("*é", "é", path: false), .matched)
        XCTAssertEqual(verdict("*é", "e\u{301}", path: false), .notMatched)    // P2: scalars, not canonical equivalence
        XCTAssertEqual(verdict("é*", "éa", path: false), .matched)
        XCTAssertEqual(verdict("/é/x", "/é/x/", path: true), .matched)          // N2
        XCTAssertEqual(verdict("/buy/*", "//buy//", path: true), .matched)      // N1–N3
        XCTAssertEqual(verdict("/buy/*", "/buyer", path: true), .notMatched)
        XCTAssertEqual(verdict("*", "", path: false), .matched)
    }

    func testLiteralChecksCompareEveryByteAtEveryLength() {
        // Runs up to 32 bytes are compared a word at a time with an overlapping last word, longer
        // ones by memcmp: every length from 1 to 40, with one byte changed at each position, must
        // not match, and the run itself must, as a whole literal, a `run*` and a `*run`.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH")
        for length in 1...40 {
            let run = String(alphabet[0..<length])
            for (pattern, text) in [(run, run), (run + "*", run + "tail"), ("*" + run, "head" + run)] {
                XCTAssertEqual(verdict(pattern, text, path: false), .matched, "\(pattern) on \(text)")
            }
            for position in 0..<length {
                var changed = Array(run)
                changed[position] = "_"
                let text = String(changed)
                XCTAssertEqual(verdict(run, text, path: false), .notMatched, "\(run) on \(text)")
                XCTAssertEqual(verdict(run + "*", text + "tail", path: false), .notMatched, "\(run)* on \(text)tail")
                XCTAssertEqual(verdict("*" + run, "head" + text, path: false), .notMatched, "*\(run) on head\(text)")
            }
        }
    }

    func testQuestionMarkRunsCheckedOnBytesOnlyForASCII() {
        // `?` is one scalar: on ASCII texts one byte, on others up to four (the check steps aside).
        XCTAssertEqual(shape("/id/????"), "fixedLength")
        XCTAssertEqual(verdict("/id/????", "/id/4815"), .matched)
        XCTAssertEqual(verdict("/id/????", "/id/481"), .notMatched)
        XCTAssertEqual(verdict("/id/????", "/id/48151"), .notMatched)
        XCTAssertEqual(verdict("/id/????", "/ix/4815"), .notMatched)
        XCTAssertEqual(verdict("/id/????", "/id/\u{E9}815"), .matched)          // é: two bytes, one `?`
        XCTAssertEqual(verdict("/id/????", "/id/\u{E9}81"), .notMatched)
        XCTAssertEqual(verdict("/id/????", "/id/\u{1F600}abc/"), .matched)       // four bytes, one `?`; N2
        XCTAssertEqual(verdict("??", "\u{E9}", path: false), .notMatched)
        XCTAssertEqual(verdict("?", "\u{E9}", path: false), .matched)
        XCTAssertEqual(verdict("?", "e\u{301}", path: false), .notMatched)     // two scalars
        XCTAssertEqual(verdict("a?*", "a\u{E9}xyz", path: false), .matched)
        XCTAssertEqual(verdict("a?b*", "a\u{E9}bc", path: false), .matched)
        XCTAssertEqual(verdict("a?b*", "a\u{E9}c", path: false), .notMatched)
        XCTAssertEqual(verdict("*?b", "x\u{E9}b", path: false), .matched)
        XCTAssertEqual(verdict("*x?b", "\u{E9}b", path: false), .notMatched)
        XCTAssertEqual(verdict("\u{E9}?", "\u{E9}x", path: false), .matched)      // a non-ASCII literal with `?`
        XCTAssertEqual(verdict("/buy/?*", "/buy/1"), .matched)
        XCTAssertEqual(verdict("/buy/?*", "/buy/"), .notMatched)                // N3 is for a final `/*` only
        XCTAssertEqual(verdict("/buy/?*", "/buyx"), .notMatched)
        // Every length from 1 to 40 with a `?` at each position: any ASCII byte there matches, a
        // changed literal elsewhere does not.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH")
        for length in 1...40 {
            for any in 0..<length {
                var pattern = Array(alphabet[0..<length])
                pattern[any] = "?"
                var text = Array(alphabet[0..<length])
                text[any] = "_"
                XCTAssertEqual(verdict(String(pattern), String(text), path: false), .matched, "\(String(pattern)) on \(String(text))")
                XCTAssertEqual(verdict(String(pattern) + "*", String(text) + "z", path: false), .matched)
                XCTAssertEqual(verdict("*" + String(pattern), "z" + String(text), path: false), .matched)
                let other = any == 0 ? length - 1 : 0
                guard other != any else { continue }
                text[other] = "_"
                XCTAssertEqual(verdict(String(pattern), String(text), path: false), .notMatched, "\(String(pattern)) on \(String(text))")
                XCTAssertEqual(verdict(String(pattern) + "*", String(text) + "z", path: false), .notMatched)
                XCTAssertEqual(verdict("*" + String(pattern), "z" + String(text), path: false), .notMatched)
            }
        }
    }

    func testScalarsOfValidUTF8MatchStringDecoding() {
        let texts = ["", "a", "é", "été/x", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}", "日本語/パス", "e\u{301}", "🙂a🙂"]
        for text in texts {
            XCTAssertEqual(MatchText.scalars(ofValidUTF8: Array(text.utf8)), text.unicodeScalars.map(\.value), text)
        }
    }
}
