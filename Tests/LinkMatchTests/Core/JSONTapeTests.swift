import Foundation
import XCTest
import LinkMatchCore
import LinkMatchRandom
import LinkMatchTestData

/// The tape and the tree come from one tokenizer: for every input the tape made into a tree equals
/// `JSONParser.parse`'s tree, and where one throws the other throws the same error (kind, offset,
/// line, column and message). The inputs: every file of TestData and Corpus as it is, their
/// prefixes and byte edits, and small limits.
final class JSONTapeTests: XCTestCase {
    /// Checks one input under `limits`; returns whether it parsed.
    @discardableResult
    private func checkSame(_ bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits(), _ name: @autoclosure () -> String,
                           file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let tree: Result<JSONValue, JSONParseError> = Result { () throws(JSONParseError) in try JSONParser.parse(bytes, limits: limits) }
        let tape: Result<JSONTape, JSONParseError> = Result { () throws(JSONParseError) in try JSONTape.parse(bytes, limits: limits) }
        switch (tree, tape) {
        case (.success(let value), .success(let tape)):
            XCTAssertEqual(tape.tree, value, "tape and tree differ: \(name())", file: file, line: line)
            XCTAssertEqual(tape.root.tree, value, "root view's tree differs: \(name())", file: file, line: line)
            XCTAssertEqual(tape.root.typeName, value.typeName, name(), file: file, line: line)
            XCTAssertEqual(viaViews(tape.root), value, "the views read another value: \(name())", file: file, line: line)
            return true
        case (.failure(let treeError), .failure(let tapeError)):
            XCTAssertEqual(tapeError, treeError, "errors differ: \(name())", file: file, line: line)
            XCTAssertEqual(tapeError.description, treeError.description, "messages differ: \(name())", file: file, line: line)
            return false
        case (.success, .failure(let error)):
            XCTFail("only the tape failed (\(error)): \(name())", file: file, line: line)
        case (.failure(let error), .success):
            XCTFail("only the tree failed (\(error)): \(name())", file: file, line: line)
        }
        return false
    }

    /// The value read through the views alone (`shape`, members and elements in order, `count`),
    /// so that every container's end and count on the tape is used.
    private func viaViews(_ value: JSONTapeValue) -> JSONValue {
        switch value.shape {
        case .object(let object):
            let members = object.map { JSONMember(key: $0.key.string, value: viaViews($0.value)) }
            XCTAssertEqual(members.count, object.count)
            // The index walk (what the document parser reads) steps over the same members.
            let indices = Array(object.memberIndices)
            XCTAssertEqual(indices.map(\.value), object.map(\.value.index), "memberIndices steps elsewhere")
            XCTAssertEqual(indices.map(\.key), indices.map { $0.value - 1 })
            return .object(JSONObject(members))
        case .array(let array):
            let elements = array.map(viaViews)
            XCTAssertEqual(elements.count, array.count)
            return .array(elements)
        case .string(let text): return .string(text)
        case .number: return value.tree
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        }
    }

    func testEveryTestDataAndCorpusFileReadsTheSameBothWays() throws {
        var parsed = 0, failed = 0
        for folder in ["TestData", "Corpus"] {
            let urls = try TestDataFolder.files(under: folder)
            XCTAssertGreaterThan(urls.count, 30, folder)
            for url in urls {
                let bytes = Array(try Data(contentsOf: url))
                if checkSame(bytes, url.path) { parsed += 1 } else { failed += 1 }
            }
        }
        // Both outcomes are exercised (the corpora hold fuzzer inputs, most of them not JSON).
        XCTAssertGreaterThan(parsed, 200)
        XCTAssertGreaterThan(failed, 200)
    }

    func testPrefixesEditsAndLimitsOfRealWorldFilesReadTheSameBothWays() throws {
        var random = SplitMix64(seed: 0x7A9E)
        let interesting: [UInt8] = Array("{}[],:\"\\u0eE-+. \ntfn".utf8) + [0x00, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
        for (name, sample) in try RealWorldFiles.all() {
            let step = max(1, sample.count / 200)
            for length in stride(from: 0, to: sample.count, by: step) {
                checkSame(Array(sample[0..<length]), "\(name) prefix \(length)")
            }
            for depth in [1, 2, 3, 5] {
                checkSame(sample, limits: JSONParser.Limits(maxDepth: depth), "\(name) maxDepth \(depth)")
            }
            checkSame(sample, limits: JSONParser.Limits(maxBytes: sample.count - 1), "\(name) maxBytes")
            for edit in 0..<60 {
                var bytes = sample
                for _ in 0...random.next(below: 3) where !bytes.isEmpty {
                    let index = random.next(below: bytes.count)
                    let byte = random.next(below: 2) == 0 ? interesting[random.next(below: interesting.count)] : UInt8(truncatingIfNeeded: random.next(below: 256))
                    switch random.next(below: 3) {
                    case 0: bytes[index] = byte
                    case 1: bytes.insert(byte, at: index)
                    default: bytes.remove(at: index)
                    }
                }
                checkSame(bytes, "\(name) edit \(edit)")
            }
        }
    }

    func testNestingEscapesAndEmptyContainersReadTheSameBothWays() {
        let texts = [
            #"{"a": [1, {"b": [], "c": {}}, [[[]]], "x"], "d": {"e": {"f": [true, false, null]}}, "g": -1.5e+3}"#,
            #"[[], {}, [{}], {"": ""}, [[1], [2, [3]]], "\u00e9\ud83d\ude00\n\"\\\/"]"#,
            #"{"k\u0065y": "v\u0061lue", "key": 1, "p\u00e4ths": ["\t"], "paths": "/"}"#,
            "\u{FEFF}{\"bom\": 1}", "  \"top\"  ", "0", "[1,]", "{\"a\" 1}", "[\"\\x\"]", "[\"\\ud800\"]", "\"\u{1}\"",
            "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 601),
        ]
        for text in texts {
            checkSame(Array(text.utf8), text)
            checkSame(Array(text.utf8), limits: JSONParser.Limits(maxDepth: 2), text + " (depth 2)")
        }
    }

    func testViewsReadMembersInOrderWithTheLastOfADuplicateKey() throws {
        let tape = try JSONTape.parse(Array(#"{"a": 1, "b": {"c": "x\u0079"}, "a": [2, 3], "é": null}"#.utf8))
        let top = try XCTUnwrap(tape.root.object)
        XCTAssertEqual(top.count, 4)
        XCTAssertEqual(top.map(\.key.string), ["a", "b", "a", "é"])
        XCTAssertEqual(top.keys, ["a", "b", "é"])
        XCTAssertEqual(top.duplicateKeys, ["a"])
        XCTAssertEqual(top["a"]?.tree, .array([.number("2"), .number("3")]))
        XCTAssertNil(top["c"])
        guard case .object(let b)? = top["b"]?.shape, case .string(let c)? = b["c"]?.shape else { return XCTFail("b.c") }
        XCTAssertEqual(c, "xy")
        guard case .array(let list)? = top["a"]?.shape else { return XCTFail("a") }
        XCTAssertEqual(list.map(\.typeName), ["number", "number"])
        XCTAssertEqual(top["é"]?.typeName, "null")
    }
}
