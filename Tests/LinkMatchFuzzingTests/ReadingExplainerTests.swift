import LinkMatch
import LinkMatchFuzzing
import XCTest

/// `ReadingExplainer`: a program that *is* a reading (its answers computed by that reading's engine,
/// standing in for the program) is explained by that reading, the generalizing one only when a
/// sibling tells them apart; LinkMatch's rejections are keyed by their error code.
final class ReadingExplainerTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    func request(_ json: String, _ url: String) throws -> ConformanceProtocol.Request {
        ConformanceProtocol.Request(id: .string("t"), aasa: try JSONParser.parse(Array(json.utf8)), domain: "", appID: app, url: url)
    }

    /// The explanation when the program answers as `programReading` does.
    func explained(_ r: ConformanceProtocol.Request, programReading: String) throws -> ReadingExplainer.Explanation {
        let program = try XCTUnwrap(Readings.named(programReading)).engine
        func answer(_ q: ConformanceProtocol.Request) -> ExternalEngine.Answer {
            switch ConformanceProtocol.answer(q, engine: program) {
            case .decision(_, let o): return .decision(o)
            case .error(_, let m): return .error(m)
            }
        }
        return ReadingExplainer().explain(r, ours: ConformanceProtocol.answer(r, engine: ReferenceEngine()), theirs: answer(r),
                                          ask: { $0.map(answer) })
    }

    func testTheSpecificReadingUnlessASiblingShowsTheGeneralOne() throws {
        let entryDefaults = try request(
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"defaults":{"caseSensitive":false},"components":[{"/":"/A"}]}]}}"#,
            "https://example.com/a")
        XCTAssertEqual(try explained(entryDefaults, programReading: "entry-defaults-ignored"), .readings(["entry-defaults-ignored"]))
        XCTAssertEqual(try explained(entryDefaults, programReading: "defaults-ignored"), .readings(["defaults-ignored"]))
        let parent = try request(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/buy/*"}]}]}}"#,
                                 "https://example.com/buy")
        XCTAssertEqual(try explained(parent, programReading: "no-parent-path"), .readings(["no-parent-path"]))
    }

    func testTwoReadingsThatOneCaseNeeds() throws {
        // LinkMatch: the first rule excludes /buy (N3). Without N3 the second rule decides, and
        // it matches unless an absent item fails: only both readings give no_match.
        let r = try request(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/buy/*","exclude":true},{"?":{"b":"*"}}]}]}}"#,
                            "https://example.com/buy")
        XCTAssertEqual(try explained(r, programReading: "no-parent-path+absent-query-item-fails"),
                       .readings(["no-parent-path", "absent-query-item-fails"]))
    }

    func testRejectionsAreKeyedByErrorCode() {
        let r = ConformanceProtocol.Request(id: .null, aasa: .array([]), domain: "", appID: app, url: "https://example.com/")
        let ours = ConformanceProtocol.answer(r, engine: ReferenceEngine())
        guard case .error(_, let message) = ours else { return XCTFail("\(ours)") }
        XCTAssertEqual(ReadingExplainer().explain(r, ours: ours, theirs: .decision(.noMatch), ask: { _ in [] }),
                       .rejected(ReadingExplainer.errorCode(message)))
        XCTAssertEqual(ReadingExplainer.errorCode("cannot read \"aasa\": x [no-applinks]"), "no-applinks")
    }
}
