import Foundation
import XCTest
import LinkMatch
import LinkMatchRandom
import LinkMatchTestData

/// LinkMatchTestData's loaders: missing or malformed data is an error naming the file, the case and
/// the key (a test that reads no data must fail, not pass on nothing), and the generator gives
/// SplitMix64's published values.
final class TestDataLoaderTests: XCTestCase {
    func withVectorFile(_ text: String, _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString).json").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    func assertError(_ expected: String, _ body: () throws -> Void, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertTrue(error is TestDataError, "\(error)", line: line)
            XCTAssertTrue("\(error)".contains(expected), "\(error) does not say \(expected)", line: line)
        }
    }

    func testMissingFileAndFolderAreErrors() {
        assertError("cannot read vector file") { _ = try VectorFile("nope.json", at: "/nonexistent/nope.json") }
        assertError("cannot be listed") { _ = try RealWorldFiles.names(in: URL(fileURLWithPath: "/nonexistent")) }
        assertError("cannot be read") { _ = try RealWorldFiles.bytes("nope.json") }
    }

    func testMalformedCasesNameTheFileTheCaseAndTheKey() throws {
        try withVectorFile(#"{"cases": [{"rule": "N1", "name": "a", "component": {}, "url": "https://e.com/", "expect": "match"}, {"rule": "N1", "name": "b", "component": {}, "url": 7}]}"#) { path in
            assertError(#"x.json cases[1]: "url" is a number, not a string"#) { _ = try MatchCase.specExamples(VectorFile("x.json", at: path)) }
        }
        try withVectorFile(#"{"cases": [{"rule": "N1", "name": "a", "url": "https://e.com/", "expect": "match"}]}"#) { path in
            assertError(#"x.json cases[0] needs exactly one of "aasa" and "component""#) { _ = try MatchCase.specExamples(VectorFile("x.json", at: path)) }
        }
        try withVectorFile(#"{"cases": [{"name": "a", "status": "oracle", "aasa": {}, "domain": "", "appId": "A.b", "url": "https://e.com/", "expect": "maybe"}]}"#) { path in
            assertError(#"x.json cases[0]: "expect" is maybe"#) { _ = try MatchCase.conformance(VectorFile("x.json", at: path)) }
        }
        try withVectorFile(#"{"about": "no cases"}"#) { path in
            assertError(#"x.json has no "cases" array"#) { _ = try MatchCase.conformance(VectorFile("x.json", at: path)) }
        }
    }

    func testSpecExampleDefaultsAndWrapping() throws {
        try withVectorFile(#"{"cases": [{"rule": "N1", "name": "a", "component": {"/": "/x"}, "url": "https://e.com/x", "expect": "match"}]}"#) { path in
            let c = try XCTUnwrap(try MatchCase.specExamples(VectorFile("x.json", at: path)).first)
            XCTAssertEqual(c.label, "N1 a")
            XCTAssertEqual(c.appID, "ABCDE12345.com.example.app")
            XCTAssertEqual(c.domain, "example.com")
            XCTAssertEqual(c.aasa.serialized(), #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x"}]}]}}"#)
        }
    }

    func testSplitMix64ReferenceValues() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var g = SplitMix64(seed: 0)
        XCTAssertEqual(g.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(g.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(g.next(below: 0), 0)
    }

    func testTheCommittedDataIsFound() throws {
        XCTAssertEqual(try RealWorldFiles.names().count, 30)
        XCTAssertEqual(try MatchCase.conformance().count, 140)
        XCTAssertEqual(try ValidationCase.conformance().count, 13)
        XCTAssertGreaterThan(try MatchCase.specExamples().count, 400)
        XCTAssertEqual(try RealWorldSample.all().count, 94)
    }
}
