import Foundation
import XCTest

import LinkMatch
@testable import LinkMatchCore
import LinkMatchRandom
import LinkMatchTestData

final class JSONParserTests: XCTestCase {
    // MARK: Valid documents

    func testScalarsAndContainers() throws {
        XCTAssertEqual(try parseText("true"), .bool(true))
        XCTAssertEqual(try parseText(" false "), .bool(false))
        XCTAssertEqual(try parseText("null"), .null)
        XCTAssertEqual(try parseText("\"hi\""), .string("hi"))
        XCTAssertEqual(try parseText("[]"), .array([]))
        XCTAssertEqual(try parseText("{}"), .object(JSONObject()))
        XCTAssertEqual(try parseText(" [ ] "), .array([]))
        XCTAssertEqual(try parseText("\t{\r\n}\n"), .object(JSONObject()))
        XCTAssertEqual(
            try parseText(#"{"a":[1,{"b":null},[]],"c":{"d":"e"}}"#),
            .object(JSONObject([
                JSONMember(key: "a", value: .array([.number("1"), .object(JSONObject([JSONMember(key: "b", value: .null)])), .array([])])),
                JSONMember(key: "c", value: .object(JSONObject([JSONMember(key: "d", value: .string("e"))]))),
            ])))
    }

    func testNumbersKeepTheirText() throws {
        let texts = ["0", "-0", "1.50", "1e10", "1E+2", "-3.25e-7", "123456789012345678901234567890", "0.0", "9e-0"]
        let value = try parseText("[" + texts.joined(separator: " , ") + "]")
        XCTAssertEqual(value, .array(texts.map { .number($0) }))
        XCTAssertEqual(try parseText("-12.5e+3"), .number("-12.5e+3"))
    }

    func testStringEscapes() throws {
        XCTAssertEqual(try parseText(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parseText(#""a\u00e9b\u00E9c""#), .string("a\u{E9}b\u{E9}c"))
        XCTAssertEqual(try parseText(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try parseText(#""\u2028""#), .string("\u{2028}"))
        XCTAssertEqual(try parseText("\"raw 😀 é\u{2028}\u{7F}\""), .string("raw 😀 é\u{2028}\u{7F}"))
    }

    func testSurrogatePairs() throws {
        XCTAssertEqual(try parseText(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(try parseText(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try parseText(#""x\uDBFF\uDFFFy""#), .string("x\u{10FFFF}y"))
        XCTAssertEqual(try parseText(#""\uD800\uDC00\n""#), .string("\u{10000}\n"))
    }

    func testByteOrderMarkIsSkipped() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(
            try JSONParser.parse(bom + Array(#"{"a":1}"#.utf8)),
            .object(JSONObject([JSONMember(key: "a", value: .number("1"))])))
        // Offsets still count the BOM; columns on line 1 do not.
        assertError(bom + Array("[1,]".utf8), .trailingComma, offset: 5, line: 1, column: 3)
        assertError(bom, .empty, offset: 3, line: 1, column: 1)
        // Only one leading BOM is skipped; anywhere else it is an ordinary (invisible) character.
        assertError(bom + bom + Array("{}".utf8), .unexpectedCharacter("U+FEFF"), offset: 3, line: 1, column: 1)
        assertError(Array("[\u{FEFF}1]".utf8), .unexpectedCharacter("U+FEFF"), offset: 1, line: 1, column: 2)
    }

    func testDuplicateKeys() throws {
        let value = try parseText(#"{"a":1,"b":2,"a":3,"c":{"x":true},"b":4,"a":5}"#)
        guard case .object(let object) = value else { return XCTFail("not an object: \(value)") }
        XCTAssertEqual(object.members.count, 6)
        XCTAssertEqual(object["a"], .number("5"))
        XCTAssertEqual(object["b"], .number("4"))
        XCTAssertEqual(object["c"], .object(JSONObject([JSONMember(key: "x", value: .bool(true))])))
        XCTAssertNil(object["d"])
        XCTAssertEqual(object.keys, ["a", "b", "c"])
        XCTAssertEqual(object.duplicateKeys, ["a", "b"])
        XCTAssertEqual(object.members.map(\.key), ["a", "b", "a", "c", "b", "a"])
    }

    func testKeysAreComparedByScalars() throws {
        // Precomposed and decomposed "é" are canonically equivalent in Swift but different JSON keys.
        let value = try parseText(#"{"\u00e9":1,"e\u0301":2,"":3,"":4}"#)
        guard case .object(let object) = value else { return XCTFail("not an object: \(value)") }
        XCTAssertEqual(object.keys.count, 3)
        XCTAssertEqual(object.duplicateKeys, [""])
        XCTAssertEqual(object["\u{E9}"], .number("1"))
        XCTAssertEqual(object["e\u{301}"], .number("2"))
        XCTAssertEqual(object[""], .number("4"))
    }

    func testTypeNames() {
        let values: [JSONValue] = [.object(JSONObject()), .array([]), .string(""), .number("1"), .bool(true), .null]
        XCTAssertEqual(values.map(\.typeName), ["object", "array", "string", "number", "boolean", "null"])
    }

    // MARK: Errors, one kind at a time, with positions

    func testEmpty() {
        assertError([], .empty, offset: 0, line: 1, column: 1)
        assertError(" \n\t ", .empty, offset: 4, line: 2, column: 3)
    }

    func testUnexpectedEnd() {
        assertError(#"{"a":"#, .unexpectedEnd, offset: 5, line: 1, column: 6)
        assertError(#"{"a""#, .unexpectedEnd, offset: 4, line: 1, column: 5)
        assertError("{", .unexpectedEnd, offset: 1, line: 1, column: 2)
        assertError("[1,2", .unexpectedEnd, offset: 4, line: 1, column: 5)
        assertError("[1,\n", .unexpectedEnd, offset: 4, line: 2, column: 1)
        assertError(#""abc"#, .unexpectedEnd, offset: 4, line: 1, column: 5)
        assertError(#""abc\"#, .unexpectedEnd, offset: 5, line: 1, column: 6)
        assertError(#""\u12"#, .unexpectedEnd, offset: 5, line: 1, column: 6)
        assertError(#""\uD800"#, .unexpectedEnd, offset: 7, line: 1, column: 8)
        assertError("tru", .unexpectedEnd, offset: 3, line: 1, column: 4)
        assertError("-", .unexpectedEnd, offset: 1, line: 1, column: 2)
        assertError("1.", .unexpectedEnd, offset: 2, line: 1, column: 3)
        assertError("1e", .unexpectedEnd, offset: 2, line: 1, column: 3)
    }

    func testUnexpectedCharacter() {
        assertError("{'a':1}", .unexpectedCharacter("'"), offset: 1, line: 1, column: 2)
        assertError("// comment\n{}", .unexpectedCharacter("/"), offset: 0, line: 1, column: 1)
        assertError("{} /* c */", .trailingContent, offset: 3, line: 1, column: 4)
        assertError("[NaN]", .unexpectedCharacter("N"), offset: 1, line: 1, column: 2)
        assertError("[Infinity]", .unexpectedCharacter("I"), offset: 1, line: 1, column: 2)
        assertError("[True]", .unexpectedCharacter("T"), offset: 1, line: 1, column: 2)
        assertError("[nul]", .unexpectedCharacter("]"), offset: 4, line: 1, column: 5)
        assertError("[+1]", .unexpectedCharacter("+"), offset: 1, line: 1, column: 2)
        assertError("[.5]", .unexpectedCharacter("."), offset: 1, line: 1, column: 2)
        assertError(#"{"a" 1}"#, .unexpectedCharacter("1"), offset: 5, line: 1, column: 6)
        assertError(#"{"a":1 "b":2}"#, .unexpectedCharacter("\""), offset: 7, line: 1, column: 8)
        assertError("{1:2}", .unexpectedCharacter("1"), offset: 1, line: 1, column: 2)
        assertError("{,}", .unexpectedCharacter(","), offset: 1, line: 1, column: 2)
        assertError("[,1]", .unexpectedCharacter(","), offset: 1, line: 1, column: 2)
        assertError("[1,,2]", .unexpectedCharacter(","), offset: 3, line: 1, column: 4)
        assertError("[1 2]", .unexpectedCharacter("2"), offset: 3, line: 1, column: 4)
        assertError("[1}", .unexpectedCharacter("}"), offset: 2, line: 1, column: 3)
        assertError(#"{"a":1]"#, .unexpectedCharacter("]"), offset: 6, line: 1, column: 7)
        assertError("[1.5.3]", .unexpectedCharacter("."), offset: 4, line: 1, column: 5)
        // Whitespace outside the four JSON ones is invisible, so it is shown as a code point.
        assertError("[\u{A0}1]", .unexpectedCharacter("U+00A0"), offset: 1, line: 1, column: 2)
        assertError("[1,\u{B}2]", .unexpectedCharacter("U+000B"), offset: 3, line: 1, column: 4)
        assertError("[1,\u{C}2]", .unexpectedCharacter("U+000C"), offset: 3, line: 1, column: 4)
        assertError("[é]", .unexpectedCharacter("é"), offset: 1, line: 1, column: 2)
        assertError("\n\n  x", .unexpectedCharacter("x"), offset: 4, line: 3, column: 3)
    }

    func testTrailingComma() {
        assertError("[1,]", .trailingComma, offset: 2, line: 1, column: 3)
        assertError(#"{"a":1,}"#, .trailingComma, offset: 6, line: 1, column: 7)
        assertError("[1 , \n ]", .trailingComma, offset: 3, line: 1, column: 4)
        assertError("[[1,2,],3]", .trailingComma, offset: 5, line: 1, column: 6)
        assertError("{\n  \"a\": [1, 2],\n  \"b\": 3,\n}", .trailingComma, offset: 25, line: 3, column: 9)
    }

    func testInvalidEscape() {
        assertError(#""\x""#, .invalidEscape, offset: 1, line: 1, column: 2)
        assertError(#""\U0041""#, .invalidEscape, offset: 1, line: 1, column: 2)
        assertError(#""ab\u12G4""#, .invalidEscape, offset: 3, line: 1, column: 4)
        assertError(#""\u 123""#, .invalidEscape, offset: 1, line: 1, column: 2)
        assertError("\"\\'\"", .invalidEscape, offset: 1, line: 1, column: 2)
        assertError("\"\\\n\"", .invalidEscape, offset: 1, line: 1, column: 2)
    }

    func testInvalidNumber() {
        assertError("01", .invalidNumber, offset: 0, line: 1, column: 1)
        assertError("[-01]", .invalidNumber, offset: 2, line: 1, column: 3)
        assertError("[00]", .invalidNumber, offset: 1, line: 1, column: 2)
        assertError("[-a]", .invalidNumber, offset: 2, line: 1, column: 3)
        assertError("[-]", .invalidNumber, offset: 2, line: 1, column: 3)
        assertError("[1.]", .invalidNumber, offset: 3, line: 1, column: 4)
        assertError("[1.e3]", .invalidNumber, offset: 3, line: 1, column: 4)
        assertError("[1e]", .invalidNumber, offset: 3, line: 1, column: 4)
        assertError("[1e+]", .invalidNumber, offset: 4, line: 1, column: 5)
        assertError("[1E-x]", .invalidNumber, offset: 4, line: 1, column: 5)
        assertError("-Infinity", .invalidNumber, offset: 1, line: 1, column: 2)
    }

    func testControlCharacterInString() {
        assertError("\"a\tb\"", .controlCharacterInString, offset: 2, line: 1, column: 3)
        assertError("{\"k\":\"line\nbreak\"}", .controlCharacterInString, offset: 10, line: 1, column: 11)
        assertError("[\"\u{0}\"]", .controlCharacterInString, offset: 2, line: 1, column: 3)
        assertError("\"\\n\u{1F}\"", .controlCharacterInString, offset: 3, line: 1, column: 4)
        // DEL is not a control character for JSON.
        XCTAssertEqual(try parseText("\"\u{7F}\""), .string("\u{7F}"))
    }

    func testUnpairedSurrogate() {
        assertError(#""\uD800""#, .unpairedSurrogate, offset: 1, line: 1, column: 2)
        assertError(#""\uDC00""#, .unpairedSurrogate, offset: 1, line: 1, column: 2)
        assertError(#""x\uDFFF\uD800""#, .unpairedSurrogate, offset: 2, line: 1, column: 3)
        assertError(#""\uD800\u0041""#, .unpairedSurrogate, offset: 1, line: 1, column: 2)
        assertError(#""\uD800\uD800""#, .unpairedSurrogate, offset: 1, line: 1, column: 2)
        assertError(#""\uD800x""#, .unpairedSurrogate, offset: 1, line: 1, column: 2)
        assertError(#""\uDBFF\n""#, .unpairedSurrogate, offset: 1, line: 1, column: 2)
    }

    func testTrailingContent() {
        assertError("{} {}", .trailingContent, offset: 3, line: 1, column: 4)
        assertError("1 2", .trailingContent, offset: 2, line: 1, column: 3)
        assertError("{}x", .trailingContent, offset: 2, line: 1, column: 3)
        assertError(#""a""b""#, .trailingContent, offset: 3, line: 1, column: 4)
        assertError("[]]", .trailingContent, offset: 2, line: 1, column: 3)
        assertError("{}\n\n,", .trailingContent, offset: 4, line: 3, column: 1)
        assertError("truex", .trailingContent, offset: 4, line: 1, column: 5)
    }

    func testInvalidUTF8() {
        let quote = UInt8(ascii: "\"")
        assertError([quote, 0x61, 0xFF, 0x62, quote], .invalidUTF8, offset: 2, line: 1, column: 3)
        assertError([quote, 0xC0, 0x80, quote], .invalidUTF8, offset: 1, line: 1, column: 2)  // overlong NUL
        assertError([quote, 0xE0, 0x80, 0xAF, quote], .invalidUTF8, offset: 1, line: 1, column: 2)  // overlong
        assertError([quote, 0xED, 0xA0, 0x80, quote], .invalidUTF8, offset: 1, line: 1, column: 2)  // surrogate
        assertError([quote, 0xF4, 0x90, 0x80, 0x80, quote], .invalidUTF8, offset: 1, line: 1, column: 2)  // > U+10FFFF
        assertError([quote, 0xF5, 0x80, 0x80, 0x80, quote], .invalidUTF8, offset: 1, line: 1, column: 2)
        assertError([quote, 0xE2, 0x82, quote], .invalidUTF8, offset: 1, line: 1, column: 2)  // cut short
        assertError([quote, 0xF0, 0x9F], .invalidUTF8, offset: 1, line: 1, column: 2)  // cut by the end
        assertError([quote, 0x80, quote], .invalidUTF8, offset: 1, line: 1, column: 2)  // lone continuation
        assertError([quote, 0x5C, 0x6E, 0xC3, 0x28, quote], .invalidUTF8, offset: 3, line: 1, column: 4)  // after an escape
        assertError([quote, 0x5C, 0xFF, quote], .invalidUTF8, offset: 2, line: 1, column: 3)  // as the escape letter
        // Outside strings too.
        assertError([UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")], .invalidUTF8, offset: 1, line: 1, column: 2)
        assertError(Array("{} ".utf8) + [0x80], .invalidUTF8, offset: 3, line: 1, column: 4)
        assertError(Array("{\"a\":1,\n".utf8) + [0xC3], .invalidUTF8, offset: 8, line: 2, column: 1)
    }

    func testLineAndColumnWithCRLFAndCR() {
        assertError("{\r\n\"a\": 1,\r\n}", .trailingComma, offset: 9, line: 2, column: 7)
        assertError("[1,\r2,\r]", .trailingComma, offset: 5, line: 2, column: 2)
        assertError("[1,\r\n\r\n\r2,]", .trailingComma, offset: 9, line: 4, column: 2)
    }

    func testDescriptions() {
        XCTAssertEqual(error(of: Array("{\n  \"a\": 1,\n}".utf8))?.description, "line 2, column 9: trailing comma before '}'")
        XCTAssertEqual(error(of: Array("[1,]".utf8))?.description, "line 1, column 3: trailing comma before ']'")
        XCTAssertEqual(
            error(of: Array("{'a':1}".utf8))?.description,
            "line 1, column 2: unexpected character \"'\" (expected a string key)")
        XCTAssertEqual(
            error(of: Array("[1 2]".utf8))?.description, "line 1, column 4: unexpected character '2' (expected ',' or ']')")
        XCTAssertEqual(
            error(of: Array("[\u{A0}]".utf8))?.description,
            "line 1, column 2: unexpected character U+00A0 (expected a value)")
        XCTAssertEqual(error(of: Array("01".utf8))?.description, "line 1, column 1: invalid number (leading zeros are not allowed)")
        XCTAssertEqual(
            error(of: [UInt8(ascii: "\""), 0xFF])?.description, "line 1, column 2: invalid UTF-8 (bytes 0xFF)")
        XCTAssertEqual(
            error(of: Array("[1]".utf8), limits: JSONParser.Limits(maxBytes: 2))?.description,
            "line 1, column 1: document is 3 bytes, over the limit of 2 bytes")
        // Every kind has a non-empty message naming the problem.
        let samples = ["", "[", "[1,]", "\"\\x\"", "01", "\"\u{1}\"", "\"\\uD800\"", "1 2", "[x]"]
        for sample in samples {
            let description = error(of: Array(sample.utf8))?.description ?? ""
            XCTAssertTrue(description.hasPrefix("line 1, column "), description)
            XCTAssertGreaterThan(description.count, 25, description)
        }
    }

    func testErrorsCompareByKindAndPosition() {
        XCTAssertEqual(error(of: Array("[1,]".utf8)), JSONParseError(kind: .trailingComma, offset: 2, line: 1, column: 3))
    }

    // MARK: Limits

    func testFiftyMegabytesFailFastAsTooLarge() {
        let bytes = [UInt8](repeating: 0x20, count: 50 << 20)
        let clock = ContinuousClock()
        let start = clock.now
        let failure = error(of: bytes)
        let elapsed = clock.now - start
        XCTAssertEqual(failure, JSONParseError(kind: .tooLarge(size: 50 << 20, limit: 8 << 20), offset: 0, line: 1, column: 1))
        XCTAssertLessThan(elapsed, .milliseconds(500), "the size check must come before any scanning")
    }

    func testLimitsOverride() throws {
        let small = JSONParser.Limits(maxBytes: 8, maxDepth: 2)
        XCTAssertEqual(try JSONParser.parse(Array("[1,2,34]".utf8), limits: small).typeName, "array")
        assertError(Array("[1,2,345]".utf8), .tooLarge(size: 9, limit: 8), offset: 0, line: 1, column: 1, limits: small)
        // The BOM counts toward the size.
        assertError([0xEF, 0xBB, 0xBF] + Array("[1,23]".utf8), .tooLarge(size: 9, limit: 8), offset: 0, line: 1, column: 1, limits: small)

        XCTAssertEqual(try JSONParser.parse(Array("[[1]]".utf8), limits: small), .array([.array([.number("1")])]))
        assertError(Array("[[[1]]]".utf8), .tooDeep(limit: 2), offset: 2, line: 1, column: 3, limits: small)
        assertError(Array("[[[]]]".utf8), .tooDeep(limit: 2), offset: 2, line: 1, column: 3, limits: small)
        let objects = JSONParser.Limits(maxDepth: 2)
        assertError(Array(#"{"a":{"b":{}}}"#.utf8), .tooDeep(limit: 2), offset: 10, line: 1, column: 11, limits: objects)
        let flat = JSONParser.Limits(maxDepth: 0)
        XCTAssertEqual(try JSONParser.parse(Array("7".utf8), limits: flat), .number("7"))
        assertError(Array("[]".utf8), .tooDeep(limit: 0), offset: 0, line: 1, column: 1, limits: flat)

        // A large but legal document under the default limits.
        let big = "[" + Array(repeating: #"{"k":"v\u00e9","n":-1.5e3}"#, count: 20_000).joined(separator: ",") + "]"
        guard case .array(let elements) = try JSONParser.parse(Array(big.utf8)) else { return XCTFail("not an array") }
        XCTAssertEqual(elements.count, 20_000)
    }

    func testTenThousandNestedArraysAreTooDeep() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 10_000)
        assertError(bytes, .tooDeep(limit: 512), offset: 512, line: 1, column: 513)
        let closed = bytes + [UInt8](repeating: UInt8(ascii: "]"), count: 10_000)
        assertError(closed, .tooDeep(limit: 512), offset: 512, line: 1, column: 513)
        let objects = Array(String(repeating: #"{"a":"#, count: 10_000).utf8)
        assertError(objects, .tooDeep(limit: 512), offset: 512 * 5, line: 1, column: 512 * 5 + 1)
    }

    func testDeepNestingWithinTheLimitDoesNotRecurse() throws {
        // The parser and the serializer are iterative, so depth is bounded only by the limit.
        let depth = 10_000
        let text = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let value = try JSONParser.parse(text, limits: JSONParser.Limits(maxDepth: depth))
        XCTAssertEqual(nestingDepth(of: value), depth)
        XCTAssertEqual(Array(value.serialized().utf8), text)
        // Pretty output grows with depth squared (indentation), so check it on a shallower value.
        let shallow = try JSONParser.parse(Array(text[(depth - 300)..<(depth + 300)]))
        XCTAssertEqual(nestingDepth(of: try JSONParser.parse(Array(shallow.serialized(pretty: true).utf8))), 300)
        assertError(text, .tooDeep(limit: depth - 1), offset: depth - 1, line: 1, column: depth, limits: JSONParser.Limits(maxDepth: depth - 1))
    }

    // MARK: Serialization

    func testSerializationIsExact() {
        let value = JSONValue.object(JSONObject([
            JSONMember(key: "a", value: .array([.number("1"), .bool(true), .null])),
            JSONMember(key: "b", value: .string("x\"y/z")),
            JSONMember(key: "c", value: .object(JSONObject())),
            JSONMember(key: "d", value: .array([])),
            JSONMember(key: "e", value: .object(JSONObject([JSONMember(key: "f", value: .bool(false))]))),
        ]))
        XCTAssertEqual(value.serialized(), #"{"a":[1,true,null],"b":"x\"y/z","c":{},"d":[],"e":{"f":false}}"#)
        XCTAssertEqual(value.serialized(pretty: true), """
            {
              "a": [
                1,
                true,
                null
              ],
              "b": "x\\"y/z",
              "c": {},
              "d": [],
              "e": {
                "f": false
              }
            }
            """)
        XCTAssertEqual(
            JSONValue.string("\u{0}\u{1F}\u{7F}\u{8}\u{C}\n\r\t\\\u{2028}😀é").serialized(),
            "\"\\u0000\\u001f\u{7F}\\b\\f\\n\\r\\t\\\\\u{2028}😀é\"")
        XCTAssertEqual(JSONValue.number("-1.50e+3").serialized(), "-1.50e+3")
        XCTAssertEqual(JSONValue.array([]).serialized(pretty: true), "[]")
        XCTAssertEqual(JSONValue.string("").serialized(pretty: true), "\"\"")
    }

    func testRoundTripOfTrickyValues() throws {
        let strings = [
            "", "\u{0}", "\u{1}\u{1F}", "\"", "\\", "/", "\\/", "😀", "👩🏽‍💻", "\u{2028}\u{2029}", "\u{7F}", "e\u{301}", "\u{E9}",
            "a\r\nb\tc", "\u{FEFF}", "\u{10FFFF}", "</script>", "\u{8}\u{C}", "NOT /a/*", "%E2%82%AC ?*#",
        ]
        let numbers = ["0", "-0", "1.5", "1e-10", "1E+300", "-123456789012345678901234567890.0001"]
        var members = strings.enumerated().map { JSONMember(key: $0.element, value: .string("\($0.offset)")) }
        members.append(JSONMember(key: "dup", value: .number("1")))
        members.append(JSONMember(key: "dup", value: .array(strings.map { .string($0) })))
        let values: [JSONValue] = strings.map { .string($0) } + numbers.map { .number($0) } + [
            .bool(true), .bool(false), .null, .array([]), .object(JSONObject()),
            .object(JSONObject(members)),
            .array([.array([.array([])]), .object(JSONObject([JSONMember(key: "", value: .object(JSONObject()))])), .null]),
            .array(numbers.map { .number($0) } + [.object(JSONObject(members))]),
        ]
        for value in values {
            try assertRoundTrip(value)
        }
    }

    // MARK: Real-world files

    func testRealWorldFiles() throws {
        let files = try RealWorldFiles.all()
        var parsed = 0
        for (name, bytes) in files where !name.contains("signed-pkcs7") {
            if name == "5calls__5calls__well-known-2020-trailing-comma.json" {
                assertError(bytes, .trailingComma, offset: 575, line: 16, column: 17)
                continue
            }
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            guard case .object(let object) = value else {
                XCTFail("\(name): top level is \(value.typeName)")
                continue
            }
            XCTAssertNotNil(object["applinks"] ?? object["webcredentials"] ?? object["activitycontinuation"], name)
            try assertRoundTrip(value, name)
            parsed += 1
        }
        XCTAssertGreaterThanOrEqual(parsed, 20)
    }

    func testTruncatedAndMutatedRealWorldInputNeverCrash() throws {
        let sample = try RealWorldFiles.bytes("5calls__5calls__well-known.json")
        // Every strict prefix of a document ending in "}" (plus trailing whitespace) is an error.
        let valueEnd = (sample.lastIndex(of: UInt8(ascii: "}")) ?? 0) + 1
        for length in 0..<valueEnd {
            XCTAssertNotNil(error(of: Array(sample[0..<length])), "prefix of \(length) bytes parsed")
        }
        // Random byte edits: each must give a value or a typed error (a crash fails the whole run).
        var random = SplitMix64(seed: 0x5EED)
        let interesting: [UInt8] = Array("{}[],:\"\\u0eE-+. \n".utf8) + [0x00, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
        for _ in 0..<3_000 {
            var bytes = sample
            for _ in 0...random.next(below: 4) {
                let index = random.next(below: bytes.count)
                let byte = random.next(below: 2) == 0 ? interesting[random.next(below: interesting.count)] : UInt8(truncatingIfNeeded: random.next(below: 256))
                switch random.next(below: 3) {
                case 0: bytes[index] = byte
                case 1: bytes.insert(byte, at: index)
                default: bytes.remove(at: index)
                }
            }
            if let failure = error(of: bytes, expectFailure: false) {
                XCTAssertTrue((0...bytes.count).contains(failure.offset), "\(failure)")
                XCTAssertGreaterThanOrEqual(failure.line, 1)
                XCTAssertGreaterThanOrEqual(failure.column, 1)
            }
        }
    }

    // MARK: Helpers

    private func parseText(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    /// The error parsing `bytes` gives, or nil (and a failure, when one was expected) if it parses.
    private func error(
        of bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits(), expectFailure: Bool = true,
        file: StaticString = #filePath, line: UInt = #line
    ) -> JSONParseError? {
        do {
            let value = try JSONParser.parse(bytes, limits: limits)
            if expectFailure {
                XCTFail("expected an error, parsed \(value.serialized().prefix(80))", file: file, line: line)
            }
            return nil
        } catch {
            return error
        }
    }

    private func assertError(
        _ text: String, _ kind: JSONParseError.Kind, offset: Int, line: Int, column: Int,
        file: StaticString = #filePath, testLine: UInt = #line
    ) {
        assertError(Array(text.utf8), kind, offset: offset, line: line, column: column, file: file, testLine: testLine)
    }

    private func assertError(
        _ bytes: [UInt8], _ kind: JSONParseError.Kind, offset: Int, line: Int, column: Int,
        limits: JSONParser.Limits = JSONParser.Limits(), file: StaticString = #filePath, testLine: UInt = #line
    ) {
        guard let failure = error(of: bytes, limits: limits, file: file, line: testLine) else { return }
        XCTAssertEqual(failure.kind, kind, "\(failure)", file: file, line: testLine)
        XCTAssertEqual(
            [failure.offset, failure.line, failure.column], [offset, line, column],
            "offset, line, column of \(failure)", file: file, line: testLine)
    }

    /// parse(serialize(v)) == v, compact and pretty, and serializing again gives the same bytes
    /// (byte comparison: String == would hide normalization changes).
    private func assertRoundTrip(_ value: JSONValue, _ label: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            let reparsed = try JSONParser.parse(Array(text.utf8))
            XCTAssertEqual(reparsed, value, "\(label) pretty=\(pretty): \(text.prefix(200))", file: file, line: line)
            XCTAssertEqual(Array(reparsed.serialized(pretty: pretty).utf8), Array(text.utf8), label, file: file, line: line)
            if case .string(let original) = value, case .string(let back) = reparsed {
                XCTAssertEqual(Array(back.utf8), Array(original.utf8), label, file: file, line: line)
            }
        }
    }

    private func nestingDepth(of value: JSONValue) -> Int {
        var depth = 0
        var current = value
        while case .array(let elements) = current {
            depth += 1
            guard let first = elements.first else { break }
            current = first
        }
        return depth
    }
}

