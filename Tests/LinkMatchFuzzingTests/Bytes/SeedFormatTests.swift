import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchTestData
import XCTest

/// The byte format is invertible: `encodeSeed(readable(bytes))` decodes to the same case.
final class SeedFormatTests: XCTestCase {
    func testReadableRoundTripsForEveryTarget() throws {
        var g = SeededBytes(seed: 0x5EED)
        // The default tier (TestTier) checks the first third of the same seeded sequence.
        for i in 0..<TestTier.budget(sample: 100, full: 300) {
            let bytes = g.next(maxCount: 300)
            for target in FuzzTarget.allCases {
                let readable = Checks.readable(target, bytes)
                let again: [UInt8]
                do {
                    again = try Checks.encodeSeed(target, readableJSON: readable)
                } catch {
                    return XCTFail("case \(i) of \(target): \(error)\n\(readable)")
                }
                switch target {
                case .differential, .metamorphic:
                    XCTAssertEqual(PartCase(bytes: again), PartCase(bytes: bytes), "case \(i)\n\(readable)")
                case .document, .external:
                    XCTAssertEqual(DocumentCase(bytes: again), DocumentCase(bytes: bytes), "case \(i)\n\(readable)")
                case .percentEncoding:
                    XCTAssertEqual(PercentCase(bytes: again), PercentCase(bytes: bytes), "case \(i)\n\(readable)")
                case .parser:
                    XCTAssertEqual(ParserCase(bytes: again), ParserCase(bytes: bytes), "case \(i)\n\(readable)")
                case .diagnostics:
                    XCTAssertEqual(DiagnosticCase(bytes: again), DiagnosticCase(bytes: bytes), "case \(i)\n\(readable)")
                case .diff:
                    XCTAssertEqual(DiffCase(bytes: again), DiffCase(bytes: bytes), "case \(i)\n\(readable)")
                case .json:
                    XCTAssertEqual(JSONTextCase(bytes: again), JSONTextCase(bytes: bytes), "case \(i)\n\(readable)")
                }
            }
        }
    }

    func testEveryConformanceCaseIsRepresentable() throws {
        let cases = try MatchCase.conformance()
        XCTAssertEqual(cases.count, 140)
        for c in cases {
            let bytes = try Checks.encodeSeed(.document, readableJSON: c.source.serialized())
            let decoded = DocumentCase(bytes: bytes)
            XCTAssertEqual(decoded.aasa, c.aasa, c.name)
            XCTAssertTrue(decoded.domain.unicodeScalars.elementsEqual(c.domain.unicodeScalars), c.name)
            XCTAssertEqual(decoded.appIDs, [c.appID], c.name)
            XCTAssertEqual(decoded.urls, [c.url], c.name)
            // The decoded case still gives the outcome Apple's tool observed.
            let document = try XCTUnwrap(decoded.document, c.name)
            for engine in EngineSuite.engines {
                let decision = engine.prepare(document).decide(try ParsedURL(c.url), appID: c.appID, domain: c.domain)
                XCTAssertEqual(decision.outcome.rawValue, c.expect, "\(engine.name): \(c.name)")
            }
            XCTAssertNil(Checks.run(.document, bytes), c.name)
            // The file also makes a parser seed.
            let parserBytes = try Checks.encodeSeed(.parser, readableJSON: ReadableJSON.object([("aasa", c.aasa)]).serialized())
            XCTAssertEqual(ParserCase(bytes: parserBytes).file, Array(c.aasa.serialized().utf8), c.name)
        }
    }

    func testHandWrittenSeedsDecodeToWhatTheySay() throws {
        let part = try Checks.encodeSeed(.differential, readableJSON: """
            {"pattern": "/item/$(id)/?*", "kind": "path", "text": "/item/42/x", "caseSensitive": false,
             "percentEncoded": false, "variables": {"id": ["4?", "*2"]}}
            """)
        XCTAssertEqual(PartCase(bytes: part), PartCase(pattern: "/item/$(id)/?*", kind: .path, text: "/item/42/x",
                                                       caseSensitive: false, percentEncoded: false, variables: [("id", ["4?", "*2"])]))
        let percent = try Checks.encodeSeed(.percentEncoding, readableJSON: #"{"text": "%C3%A9 é %G"}"#)
        XCTAssertEqual(PercentCase(bytes: percent).text, "%C3%A9 é %G")
        let file = try Checks.encodeSeed(.parser, readableJSON: #"{"fileHex": "7b7dff"}"#)
        XCTAssertEqual(ParserCase(bytes: file).file, [0x7B, 0x7D, 0xFF])
        let text = try Checks.encodeSeed(.parser, readableJSON: #"{"file": "{\"applinks\": {}}"}"#)
        XCTAssertEqual(ParserCase(bytes: text).file, Array(#"{"applinks": {}}"#.utf8))
    }

    func testSeedsTooBigForTheFormatAreRejectedWithAReason() {
        let long = String(repeating: "a", count: 41)
        XCTAssertThrowsError(try Checks.encodeSeed(.differential, readableJSON: #"{"pattern": "\#(long)", "text": ""}"#)) {
            XCTAssertTrue("\($0)".contains("pattern"), "\($0)")
        }
        XCTAssertThrowsError(try Checks.encodeSeed(.document, readableJSON: #"{"aasa": {}, "urls": []}"#))
        XCTAssertThrowsError(try Checks.encodeSeed(.differential, readableJSON: "not json"))
    }

    func testTextCodingUsesFewestTokens() throws {
        // "%C3%A9" is one token of the part-text alphabet; greedy "%" + "C" + ... would take six.
        var w = ByteWriter()
        try TextCoding.write("%C3%A9", .partText, to: &w, what: "t")
        XCTAssertEqual(w.bytes.count, 2, "a length byte and one token")
        var r = ByteReader(w.bytes)
        XCTAssertEqual(TextCoding.read(&r, .partText), "%C3%A9")
    }

    func testAnyScalarIsRepresentable() throws {
        let text = "\u{0}\u{7F}\u{D7FF}\u{E000}\u{10FFFF}e\u{301}"
        var w = ByteWriter()
        try TextCoding.write(text, .name, to: &w, what: "t")
        var r = ByteReader(w.bytes)
        XCTAssertTrue(TextCoding.read(&r, .name).unicodeScalars.elementsEqual(text.unicodeScalars))
    }
}

/// Real AASA files copied into the parser corpus are read as themselves, and pass the check.
final class RealWorldSeedTests: XCTestCase {
    func testRealFilesAreParserSeedsAsTheyAre() throws {
        let files = try RealWorldFiles.all()
        XCTAssertEqual(files.count, 30)
        for (name, bytes) in files {
            XCTAssertEqual(ParserCase(bytes: bytes).file, bytes, "\(name) starts with \(bytes.first.map { String($0, radix: 16) } ?? "nothing")")
            XCTAssertEqual(ParserCase(file: bytes).encoded(), bytes, name)
            XCTAssertNil(ParserCheck.check(ParserCase(file: bytes)), name)
        }
    }

    func testAFileStartingWithAnyOtherByteIsMarked() {
        let odd: [UInt8] = [0x41, 0x7B, 0x7D]
        XCTAssertEqual(ParserCase(file: odd).encoded(), [ParserCase.rawMarker] + odd)
        XCTAssertEqual(ParserCase(bytes: ParserCase(file: odd).encoded()).file, odd)
        XCTAssertEqual(ParserCase(bytes: [ParserCase.rawMarker]).file, [])
    }
}
