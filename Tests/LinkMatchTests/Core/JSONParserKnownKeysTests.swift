import XCTest
import LinkMatchCore

/// Member names AASA files repeat come back as literals (`JSONKnownKeys`, issue 33); every other
/// name, and every value, is decoded from the bytes. Either way the key is the text written in
/// the file: the expected keys below are written by hand.
final class JSONParserKnownKeysTests: XCTestCase {
    private func keys(_ json: String) throws -> [String] {
        guard case .object(let object) = try JSONParser.parse(Array(json.utf8)) else {
            XCTFail("not an object")
            return []
        }
        return object.members.map(\.key)
    }

    func testKnownKeysReadBackExactly() throws {
        let known = ["/", "?", "#", "apps", "paths", "appID", "appIDs", "exclude", "comment", "details", "applinks",
                     "defaults", "components", "caseSensitive", "percentEncoded", "substitutionVariables"]
        let json = "{" + known.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
        let read = try keys(json)
        XCTAssertEqual(read, known)
        XCTAssertEqual(read.map { Array($0.utf8) }, known.map { Array($0.utf8) })
    }

    func testNearMissesAndOtherKeysAreDecoded() throws {
        let read = try keys(#"{"path": 1, "pathz": 2, "Paths": 3, "appId": 4, "appIDz": 5, "excluded": 6, "//": 7, "": 8, "a": 9, "comments": 10, "percentencoded": 11, "substitutionvariables": 12, "componentz": 13}"#)
        XCTAssertEqual(read, ["path", "pathz", "Paths", "appId", "appIDz", "excluded", "//", "", "a", "comments", "percentencoded",
                              "substitutionvariables", "componentz"])
    }

    func testEscapedAndNonASCIIKeysAreTheirText() throws {
        let read = try keys(#"{"\u0070aths": 1, "p\u00e4ths": 2, "pathsé": 3, "\/": 4}"#)
        XCTAssertEqual(read, ["paths", "p\u{e4}ths", "paths\u{e9}", "/"])
    }

    func testValuesAreNotTakenForKeys() throws {
        let value = try JSONParser.parse(Array(#"{"paths": ["paths", "/", "appID"]}"#.utf8))
        XCTAssertEqual(value, .object(JSONObject([JSONMember(key: "paths", value: .array([.string("paths"), .string("/"), .string("appID")]))])))
    }
}
