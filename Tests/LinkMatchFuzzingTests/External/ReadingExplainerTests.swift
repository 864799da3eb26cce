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

    /// The glob peer's G1 on a rule whose `/b/**` comes from `applinks.defaults`: the path's
    /// trailing `/` meets the pattern's, which the `defaults` readings also explain (they drop the
    /// path pattern); the unrelated path tells them apart.
    func testATrailingSlashMetByThePatternIsNotADefaultsReading() throws {
        let r = try request(#"{"applinks":{"defaults":{"/":"/b/**"},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{}]}]}}"#,
                            "https://example.com/b/")
        XCTAssertEqual(try explained(r, programReading: "trailing-slash-significant"), .readings(["trailing-slash-significant"]))
        XCTAssertEqual(try explained(r, programReading: "top-defaults-ignored"), .readings(["top-defaults-ignored"]))
    }

    /// A custom variable named like a predefined one: renaming it tells a program that reads no
    /// custom variable from one that lets only the predefined list win (open point V5).
    func testVariablesLiteralAndPredefinedWinsApart() throws {
        let r = try request(#"{"applinks":{"substitutionVariables":{"lang":[]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(lang)"}]}]}}"#,
                            "https://example.com/en")
        XCTAssertEqual(try explained(r, programReading: "variables-literal"), .readings(["variables-literal"]))
        XCTAssertEqual(try explained(r, programReading: "predefined-wins"), .readings(["predefined-wins"]))
    }

    /// A path pattern without a leading `/` whose variables match nothing once unfolded: both
    /// `no-slash-rules` and `predefined-values-unfolded` answer `no_match` on every path; the same
    /// document with the `/` written (the same under N1) tells them apart.
    func testNoSlashRulesAndUnfoldedValuesApart() throws {
        let r = try request(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"$(lang)$(region)","caseSensitive":false}]}]}}"#,
                            "https://example.com/frCa")
        XCTAssertEqual(try explained(r, programReading: "no-slash-rules"), .readings(["no-slash-rules"]))
        XCTAssertEqual(try explained(r, programReading: "predefined-values-unfolded"), .readings(["predefined-values-unfolded"]))
    }

    /// The glob peer's G2: `$(region)` in a case-insensitive rule, against a folded code.
    func testPredefinedValuesUnfolded() throws {
        let r = try request(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(region)","caseSensitive":false}]}]}}"#,
                            "https://example.com/aG")
        XCTAssertEqual(try explained(r, programReading: "predefined-values-unfolded"), .readings(["predefined-values-unfolded"]))
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
