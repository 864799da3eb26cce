import XCTest
import LinkMatchCore
import LinkMatchRandom

/// `JSONTapeBuffers.sameValue`, which lets the compile from a tape take an entry's rules as the
/// previous entry's: it may call equal values written differently different, never different
/// values the same. Checked on hand-picked pairs and on seeded random pairs against the trees.
final class JSONTapeSameValueTests: XCTestCase {
    /// `sameValue` of the two elements of the array `[a, b]`.
    private func same(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let tape = try JSONTape.parse(Array("[\(a),\(b)]".utf8))
        return tape.withBuffers { json in
            var elements = json.elementIndices(at: 0)
            guard let x = elements.next(), let y = elements.next() else { XCTFail("two elements", file: file, line: line); return false }
            return json.sameValue(at: x, y)
        }
    }

    func testHandPickedPairs() throws {
        // The same text: the same value.
        for text in [#""a""#, #"["NOT /about", "/a/*", "/b"]"#, #"{"/": "/x", "exclude": true, "?": {"k": "v"}}"#, "[]", "{}", "1.5", "null",
                     #"["\u0041", "é", [1, [2, {"x": false}]]]"#, #""""#] {
            XCTAssertTrue(try same(text, text), text)
        }
        // Different values: never the same.
        for (a, b) in [(#""a""#, #""b""#), (#"["a","b"]"#, #"["a","c"]"#), (#"["a","b"]"#, #"["ab"]"#), (#"["a","b"]"#, #"["a","b","c"]"#),
                       (#"{"a":1}"#, #"{"a":2}"#), (#"{"a":1}"#, #"{"b":1}"#), ("[1,[2]]", "[1,2]"), ("[[1],2]", "[[1,2]]"),
                       ("true", "false"), ("null", "false"), (#"["x"]"#, #"{"x":"x"}"#), ("12", "13"), (#""\u0041""#, #""\u0042""#),
                       (#"["NOT /a"]"#, #"["/a"]"#), (#"[{"/":"/a"},{"/":"/b"}]"#, #"[{"/":"/a"},{"/":"/c"}]"#)] {
            XCTAssertFalse(try same(a, b), "\(a) / \(b)")
            XCTAssertFalse(try same(b, a), "\(b) / \(a)")
        }
        // Equal values spaced differently: compared string by string, still the same.
        XCTAssertTrue(try same(#"["x", "y","z"]"#, #"["x","y", "z"]"#))
        XCTAssertFalse(try same(#"["x", "y","z"]"#, #"["x","y", "q"]"#))
    }

    /// A small random JSON value's text, from a few strings, numbers and shapes (often equal to another's).
    private func randomValue(_ rng: inout SplitMix64, depth: Int = 0) -> String {
        let strings = [#""a""#, #""b""#, #""ab""#, #""""#, #""NOT /a""#, #""\u0061""#, #""/""#]
        switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &rng) {
        case 0, 1: return strings.randomElement(using: &rng)!
        case 2: return ["1", "2", "1.0", "true", "false", "null"].randomElement(using: &rng)!
        case 3: return strings.randomElement(using: &rng)!
        case 4:
            let n = Int.random(in: 0...3, using: &rng)
            let spaces = ["", " "]
            return "[" + (0..<n).map { _ in randomValue(&rng, depth: depth + 1) }.joined(separator: "," + spaces.randomElement(using: &rng)!) + "]"
        default:
            let n = Int.random(in: 0...2, using: &rng)
            return "{" + (0..<n).map { _ in "\(strings.randomElement(using: &rng)!):\(randomValue(&rng, depth: depth + 1))" }.joined(separator: ",") + "}"
        }
    }

    func testSameOnlyWhenTheTreesAreEqual() throws {
        var rng = SplitMix64(seed: 0x5A3E_7A1E)
        var sameCount = 0
        for _ in 0..<3_000 {
            let a = randomValue(&rng)
            let b = Bool.random(using: &rng) ? a : randomValue(&rng)
            let trees = try JSONParser.parse(Array("[\(a),\(b)]".utf8))
            guard case .array(let elements) = trees else { return XCTFail("an array") }
            let got = try same(a, b)
            if a == b { XCTAssertTrue(got, "the same text: \(a)") }
            if got {
                sameCount += 1
                XCTAssertEqual(elements[0], elements[1], "called the same: \(a) / \(b)")
            }
        }
        XCTAssertGreaterThan(sameCount, 1_000) // most pairs repeat a text, as real files do
    }
}
