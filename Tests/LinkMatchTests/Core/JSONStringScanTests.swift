import XCTest

import LinkMatchCore

/// The string reader's fast path reads eight bytes at a time: every byte that needs a look must be
/// found wherever it falls in the word, in values and in keys.
final class JSONStringScanTests: XCTestCase {
    /// (the bytes written inside the quotes, the text they stand for) for each kind of byte the fast path must stop at.
    private let specials: [(written: [UInt8], text: String)] = [
        (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\n"#.utf8), "\n"), (Array(#"\u00e9"#.utf8), "é"),
        ([0xC3, 0xA9], "é"), ([0xF0, 0x9F, 0x98, 0x80], "😀"), ([0x7F], "\u{7F}"), ([0x20], " "), ([0x21], "!"),
    ]

    func testEveryKindOfByteIsFoundAtEveryPositionOfValuesAndKeys() throws {
        for length in 0..<26 {
            for position in 0...length {
                let before = String(repeating: "a", count: position)
                let after = String(repeating: "b", count: length - position)
                for special in specials {
                    let written = Array(before.utf8) + special.written + Array(after.utf8)
                    let text = before + special.text + after
                    let quoted = [UInt8(ascii: "\"")] + written + [UInt8(ascii: "\"")]
                    XCTAssertEqual(try JSONParser.parse(quoted), .string(text), "value \(text.debugDescription)")
                    // As a key, twice, and beside a key that differs in one byte.
                    let other = Array(before.utf8) + [UInt8(ascii: "c")] + Array(after.utf8)
                    let object = Array("{".utf8) + quoted + Array(":1,\"".utf8) + other + Array("\":2,".utf8) + quoted + Array(":3}".utf8)
                    let expected = JSONValue.object(JSONObject([
                        JSONMember(key: text, value: .number("1")),
                        JSONMember(key: before + "c" + after, value: .number("2")),
                        JSONMember(key: text, value: .number("3")),
                    ]))
                    XCTAssertEqual(try JSONParser.parse(object), expected, "key \(text.debugDescription)")
                }
                // A raw control character is an error at its own offset, found by the word scan too.
                let bad = [UInt8(ascii: "\"")] + Array(before.utf8) + [0x1F] + Array(after.utf8) + [UInt8(ascii: "\"")]
                XCTAssertThrowsError(try JSONParser.parse(bad)) { error in
                    let failure = error as? JSONParseError
                    XCTAssertEqual(failure?.kind, .controlCharacterInString)
                    XCTAssertEqual(failure?.offset, 1 + position)
                }
                // Unterminated: the end of the input is found without reading past it.
                XCTAssertThrowsError(try JSONParser.parse([UInt8(ascii: "\"")] + Array((before + after).utf8))) { error in
                    XCTAssertEqual((error as? JSONParseError)?.kind, .unexpectedEnd)
                }
            }
        }
    }

    func testKeysOfEveryShortLengthComeBackAsWritten() throws {
        // Many distinct keys of one to sixteen bytes (within and across a word), read twice in turn.
        let keys = (1...16).flatMap { length in (0..<6).map { i in String(repeating: String(UnicodeScalar(UInt8(97 + i))), count: length - 1) + "\(i % 10)" } }
        let members = (keys + keys).enumerated().map { JSONMember(key: $1, value: .number("\($0)")) }
        let value = JSONValue.object(JSONObject(members))
        XCTAssertEqual(try JSONParser.parse(Array(value.serialized().utf8)), value)
    }
}
