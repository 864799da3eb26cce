import XCTest
import LinkMatch
import LinkMatchTestData

/// P5 (pattern size limits) and D12/E4 (exact, code-point equality of app IDs and query names),
/// through every engine of the suite.
final class SpecLimitsAndExactnessTests: XCTestCase {
    let engines = EngineSuite.engines

    /// 20 references to a variable whose values hold 5,000 scalars in all: 100,000+ > 65,536.
    func testOversizedExpansionIsAnInvalidPatternInEveryEngine() throws {
        let values = (0..<10).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0))), count: 500) }
        let variables = VariableTable(custom: [("v", values)])
        let pattern = String(repeating: "/$(v)", count: 20)
        for engine in engines {
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: pattern, kind: .path, text: "/" + values[0], variables: variables)),
                           .invalidPattern, engine.name)
            // Just under the limit it is a normal pattern.
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: "/$(v)", kind: .path, text: "/" + values[3], variables: variables)),
                           .matched, engine.name)
        }
        let json = """
        {"applinks": {"substitutionVariables": {"v": [\(values.map { "\"\($0)\"" }.joined(separator: ","))]},
          "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "\(pattern)"}, {"/": "/ok"}]}]}}
        """
        let parsed = try AASADocument.parse(json: json)
        XCTAssertTrue(parsed.diagnostics.contains { $0.code == "invalid-pattern" && $0.path == "applinks.details[0].components[0][\"/\"]" },
                      "\(parsed.diagnostics)")
        for engine in engines {
            let doc = engine.prepare(parsed.document)
            XCTAssertEqual(doc.decide(try ParsedURL("https://example.com/ok"), appID: "ABCDE12345.com.example.app", domain: "").outcome, .match)
        }
    }

    func testDocumentOverTheTotalLimitIsATypedError() {
        let values = (0..<10).map { _ in String(repeating: "x", count: 1_000) }   // 10,000 per reference
        let rule = "{\"/\": \"" + String(repeating: "$(v)", count: 6) + "\"}"      // 60,000 per rule (fits)
        let rules = Array(repeating: rule, count: 40).joined(separator: ",")       // 2,400,000 in all
        let json = """
        {"applinks": {"substitutionVariables": {"v": [\(values.map { "\"\($0)\"" }.joined(separator: ","))]},
          "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\(rules)]}]}}
        """
        XCTAssertThrowsError(try AASADocument.parse(json: json)) { error in
            XCTAssertEqual((error as? DocumentLoadError)?.code, "too-complex")
        }
    }

    /// D12: "é" written precomposed (U+00E9) is not the same app ID as "e" + U+0301.
    func testAppIDsCompareCodePointByCodePoint() throws {
        let composed = "ABCDE12345.com.caf\u{E9}"
        let decomposed = "ABCDE12345.com.cafe\u{301}"
        XCTAssertTrue(composed == decomposed, "precondition: Swift's == is canonical equivalence")
        let parsed = try AASADocument.parse(json: #"{"applinks": {"details": [{"appIDs": ["\#(composed)"], "components": [{"/": "*"}]}]}}"#)
        for engine in engines {
            let doc = engine.prepare(parsed.document)
            let url = try ParsedURL("https://example.com/x")
            XCTAssertEqual(doc.decide(url, appID: composed, domain: "").outcome, .match, engine.name)
            XCTAssertEqual(doc.decide(url, appID: decomposed, domain: "").reason, .appNotListed, engine.name)
        }
    }

    /// E4: with percentEncoded false, the decoded name `café` (precomposed) does not equal a
    /// dictionary key written decomposed.
    func testQueryItemNamesCompareCodePointByCodePoint() throws {
        let json = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"?": {"cafe\u0301": "1"}, "percentEncoded": false}]}]}}"#
        let parsed = try AASADocument.parse(json: json)
        for engine in engines {
            let doc = engine.prepare(parsed.document)
            // The name is absent (reads ""), so the literal "1" does not match.
            XCTAssertEqual(doc.decide(try ParsedURL("https://example.com/x?caf%C3%A9=1"), appID: "ABCDE12345.com.example.app", domain: "").outcome,
                           .noMatch, engine.name)
            XCTAssertEqual(doc.decide(try ParsedURL("https://example.com/x?cafe%CC%81=1"), appID: "ABCDE12345.com.example.app", domain: "").outcome,
                           .match, engine.name)
        }
    }
}
