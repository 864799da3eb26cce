import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

/// The check of a chosen explanation (`ReadingExplainer.firstConfirmed`): a reading that gives the
/// program's answer on a case by coincidence is refuted by the program's answers on siblings, and a
/// program that deviates in two ways gets each case named by its own reading. The programs are
/// readings (their answers computed by the reading's engine, standing in for a child process).
final class ExplanationCheckTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    func request(_ entry: String, _ url: String) throws -> ConformanceProtocol.Request {
        ConformanceProtocol.Request(id: .string("t"), aasa: try JSONParser.parse(Array(#"{"applinks":{"details":[\#(entry)]}}"#.utf8)),
                                    domain: "example.com", appID: app, url: url)
    }

    func explained(_ r: ConformanceProtocol.Request, program: String,
                   explainer: ReadingExplainer = ReadingExplainer()) throws -> ReadingExplainer.Explanation {
        let engine = try XCTUnwrap(Readings.named(program)).engine
        func answer(_ q: ConformanceProtocol.Request) -> ExternalEngine.Answer {
            switch ConformanceProtocol.answer(q, engine: engine) {
            case .decision(_, let o): return .decision(o)
            case .error(_, let m): return .error(m)
            }
        }
        return explainer.explain(r, ours: ConformanceProtocol.answer(r, engine: ReferenceEngine()), theirs: answer(r), ask: { $0.map(answer) })
    }

    /// The lead's case: a program that lets `appID` win answers `no_match` for an entry listing the
    /// app in `appIDs` beside another `appID`; the URL's port makes `host-with-port` answer so too.
    /// Without the program's own reading in the catalogue, the port reading is the only candidate:
    /// the program matches once the `appID` is gone (port kept) and still refuses without the port,
    /// so it is refuted and the difference is unexplained, not misnamed.
    func testACoincidentSingleCandidateIsRefuted() throws {
        let r = try request(#"{"appID":"ZZZZZ99999.other","appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x"}]}"#,
                            "https://example.com:8443/x")
        let without = ReadingExplainer(readings: Readings.all.filter { $0.name != "appid-wins-over-appids" })
        XCTAssertEqual(without.singles(r, theirs: "no_match"), ["host-with-port"], "the coincidence this test is about")
        XCTAssertEqual(try explained(r, program: "appid-wins-over-appids", explainer: without), .unexplained)
        XCTAssertEqual(try explained(r, program: "appid-wins-over-appids"), .readings(["appid-wins-over-appids"]))
        // The port reading itself is still named when it is the program's.
        XCTAssertEqual(try explained(r, program: "host-with-port"), .readings(["host-with-port"]))
    }

    /// A program with two deviations (the app listing and the host's port): each case that holds
    /// one of them is named by that one's reading, whatever other feature it has.
    func testTwoDeviationsEachNamedByItsOwnReading() throws {
        let program = "appid-wins-over-appids+host-with-port"
        let both = try request(#"{"appID":"ZZZZZ99999.other","appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x"}]}"#,
                               "https://example.com/x")
        XCTAssertEqual(try explained(both, program: program), .readings(["appid-wins-over-appids"]))
        let port = try request(#"{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x"}]}"#, "https://example.com:8443/x")
        XCTAssertEqual(try explained(port, program: program), .readings(["host-with-port"]))
    }

    /// Where a document-level reading and a URL reading both fit and nothing tells them apart, the
    /// document-level one is tried first.
    func testDocumentLevelReadingsAreTriedFirst() throws {
        let r = try request(#"{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x"}]}"#, "https://example.com/x")
        let order = ReadingExplainer().checkOrder([["host-with-port"], ["entry-defaults-ignored"]].map { $0.compactMap(Readings.named) },
                                                  preferring: [], request: r)
        XCTAssertEqual(order.map { $0.map(\.name) }, [["entry-defaults-ignored"], ["host-with-port"]])
    }

    /// The refutation rule: a contradiction refutes unless the supports are more than twice as many.
    func testRefutation() {
        XCTAssertFalse(ReadingExplainer.CheckTally(supports: 0, contradictions: 0).refutes)
        XCTAssertTrue(ReadingExplainer.CheckTally(supports: 0, contradictions: 1).refutes)
        XCTAssertTrue(ReadingExplainer.CheckTally(supports: 3, contradictions: 2).refutes)
        XCTAssertFalse(ReadingExplainer.CheckTally(supports: 3, contradictions: 1).refutes)
    }

    /// Two deviations found alone make a third answer together: on this case (a fuzz run's, against
    /// a program whose `applinks.defaults` win and whose patterns are decoded under `percentEncoded:
    /// false`) neither reading alone gives the program's `match`, `defaults-ignored` alone does, and
    /// the pair of found readings does too. With both found, the pair names the case (it then counts
    /// under them as a variant), not a new single reading.
    func testAPairOfFoundReadingsBeatsANewSingleOne() throws {
        let aasa = ##"{"applinks":{"defaults":{"/":"/ad/Ax**A*1%2F","?":{"dA4":"*cb%20%41?//%2F","BDiddEaccq_2ey9C_E1Xe2BqgFCAbxcbXZGEAA_":"/0fay9?","A4G0b":"?i*aB$(upper)$j?*0?*."}},"details":[{"appIDs":["FGHIJ67890.org.other.app"],"defaults":{"/":"/a.$(v)%C3*???*/*","?":{"E0adidcDAlangx2cCca":"n*z"},"caseSensitive":false},"components":[{"/":"/K%*?","?":"&//B%2F$(v)y","exclude":true},{"exclude":false,"percentEncoded":false},{"/":"/CB","?":{"eidbxc_éBAaybYidag1cid0yBBa":"0?*$(v)?*c$(alpha)eL$(v)c*/*","qidcebeXBelang1faCfbf0FaXacF1񁿸XDidEx9E":"?B","a4didaF":"c$"},"#":"4Y$(v)0a/*&0$(w)*X*?*z"}]}]}}"##
        let r = ConformanceProtocol.Request(id: .string("t"), aasa: try JSONParser.parse(Array(aasa.utf8)), domain: "example.com",
                                            appID: "FGHIJ67890.org.other.app", url: "https://example.com/ad/axa1%2F?da4=cb%20aa//%2F&BDiddEaccq_2ey9C_E1Xe2BqgFCabxcbXZGEaa_=/0fay9a&a4G0b=aiaBa$ja0a.")
        let explainer = ReadingExplainer()
        XCTAssertEqual(explainer.singles(r, theirs: "match"), ["defaults-ignored"], "the coincidence this test is about")
        let program = try XCTUnwrap(Readings.named("top-defaults-win+patterns-decoded-too")).engine
        func answer(_ q: ConformanceProtocol.Request) -> ExternalEngine.Answer {
            switch ConformanceProtocol.answer(q, engine: program) {
            case .decision(_, let o): return .decision(o)
            case .error(_, let m): return .error(m)
            }
        }
        let found: Set<String> = ["top-defaults-win", "patterns-decoded-too"]
        guard case .readings(let names) = explainer.explain(r, ours: ConformanceProtocol.answer(r, engine: ReferenceEngine()), theirs: answer(r),
                                                             preferring: found, ask: { $0.map(answer) }) else {
            return XCTFail("not explained by readings")
        }
        XCTAssertEqual(Set(names), found)
    }
}
