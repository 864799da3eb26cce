// The json check can fail: readers with a planted mistake (wrapping the real one) are caught on
// plain texts, the plain position count gives the positions worked out by hand, and the allowed
// differences are exactly the listed ones.
import Foundation
import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

final class JSONReaderCheckTests: XCTestCase {
    func problem(_ text: String, _ reader: @escaping JSONReaderCheck.Reader = JSONReaderCheck.standardReader) -> String? {
        JSONReaderCheck.problem(Array(text.utf8), reader: reader)
    }

    func testPlainTextsPass() {
        for text in ["10", "-1", "[0,-0,1e+5,2E-3,3e4,0.05]", #"{"a":1,"a":2}"#, "[1,2,]", "1e999", "\u{FEFF}[\r\n1]", #""\ud83d\ude00""#,
                     "[1,\rx]", "\"a\rb\"", "", "[01]"] {
            XCTAssertNil(problem(text), text.debugDescription)
        }
    }

    func testPositionsByHand() {
        func at(_ text: String, _ offset: Int) -> [Int] {
            let p = JSONErrorPosition.lineAndColumn(of: offset, in: Array(text.utf8))
            return [p.line, p.column]
        }
        XCTAssertEqual(at("[1,\n  x]", 6), [2, 3])
        XCTAssertEqual(at("[1,\r  x]", 6), [2, 3])
        XCTAssertEqual(at("[1,\r\n  x]", 7), [2, 3])
        XCTAssertEqual(at("[1,\r\r  x]", 7), [3, 3])
        XCTAssertEqual(at("[1,\n\r  x]", 7), [3, 3])
        XCTAssertEqual(at("\u{FEFF}[x]", 4), [1, 2])
        XCTAssertEqual(at("x", 0), [1, 1])
    }

    /// A tape that reads another value than the tree, or fails where the tree reads, or with
    /// another error: each is a problem (the tree being right and Foundation agreeing with it).
    func testPlantedTapesAreCaught() {
        func tapeProblem(_ text: String, _ tape: @escaping JSONReaderCheck.Reader) -> String? {
            JSONReaderCheck.problem(Array(text.utf8), tapeReader: tape)
        }
        XCTAssertNil(tapeProblem(#"{"a":[1,{"b":"\u00e9"}],"c":null}"#, JSONReaderCheck.standardTapeReader))
        XCTAssertNil(tapeProblem("[1,", JSONReaderCheck.standardTapeReader))
        let dropsLastMember: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            let v = try JSONTape.parse(t).tree
            if case .object(var o) = v, !o.members.isEmpty { o.members.removeLast(); return .object(o) }
            return v
        }
        XCTAssertNotNil(tapeProblem(#"{"a":1,"b":2}"#, dropsLastMember))
        let rejectsEscapes: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            if t.contains(UInt8(ascii: "\\")) { throw JSONParseError(kind: .invalidEscape, offset: 0, line: 1, column: 1) }
            return try JSONTape.parse(t).tree
        }
        XCTAssertNotNil(tapeProblem(#"["\n"]"#, rejectsEscapes))
        let errorOneLater: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            do throws(JSONParseError) { return try JSONTape.parse(t).tree } catch {
                throw JSONParseError(kind: error.kind, offset: error.offset + 1, line: error.line, column: error.column + 1)
            }
        }
        XCTAssertNotNil(tapeProblem("[1,x]", errorOneLater))
    }

    /// A reader that rejects what it should accept, accepts what it should reject, reads a number
    /// wrongly, or reports a position off by one: each is a problem.
    func testPlantedReadersAreCaught() {
        let rejectsTen: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            if t == Array("10".utf8) { throw JSONParseError(kind: .trailingContent, offset: 1, line: 1, column: 2) }
            return try JSONParser.parse(t)
        }
        XCTAssertNotNil(problem("10", rejectsTen))
        let acceptsLeadingZero: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            t == Array("01".utf8) ? .number("01") : try JSONParser.parse(t)
        }
        XCTAssertNotNil(problem("01", acceptsLeadingZero))
        let dropsTheSign: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            let v = try JSONParser.parse(t)
            if case .number(let n) = v, n.hasPrefix("-") { return .number(String(n.dropFirst())) }
            return v
        }
        XCTAssertNotNil(problem("-12", dropsTheSign))
        let columnOffByOne: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            do throws(JSONParseError) { return try JSONParser.parse(t) } catch {
                throw JSONParseError(kind: error.kind, offset: error.offset, line: error.line, column: error.column + 1)
            }
        }
        XCTAssertNotNil(problem("[x]", columnOffByOne))
        let crNotCounted: JSONReaderCheck.Reader = { (t: [UInt8]) throws(JSONParseError) -> JSONValue in
            do throws(JSONParseError) { return try JSONParser.parse(t) } catch {
                throw JSONParseError(kind: error.kind, offset: error.offset, line: error.line - t.filter { $0 == 0x0D }.count, column: error.column)
            }
        }
        XCTAssertNotNil(problem("[1,\r  x]", crNotCounted))
        XCTAssertNil(problem("[1,\n  x]", crNotCounted))
    }

    func testDecimalText() {
        XCTAssertEqual(DecimalText("-12.50e1"), DecimalText("-125"))
        XCTAssertEqual(DecimalText("-0"), DecimalText("0.000e5"))
        XCTAssertNotEqual(DecimalText("10"), DecimalText("1"))
        XCTAssertNotEqual(DecimalText("-1"), DecimalText("1"))
    }
}
