import XCTest
import LinkMatch
import LinkMatchTestData

/// The open points through the command line: `open-points`, `validate` and `explain`.
final class CLIOpenPointsTests: XCTestCase {
    static let garden = "WelcometoMyGarden__welcometomygarden__well-known.json"
    static let gardenApp = "9RZPVFH532.org.welcometomygarden.app"

    /// `open-points --requests` piped into `conformance` (both engines) answers the registry's
    /// hand-written "linkmatch" predictions, line for line.
    func testRequestsAnsweredByConformanceGiveTheLinkMatchPredictions() throws {
        let requests = try LinkMatchTool.run(["open-points", "--requests"])
        XCTAssertEqual(requests.status, 0)
        var predicted: [String: String] = [:]
        for point in OpenPoints.all {
            for (i, probe) in point.probes.enumerated() { predicted[point.probeID(i)] = probe.predictions["linkmatch"] }
        }
        XCTAssertEqual(requests.stdout.split(separator: "\n").count, predicted.count)
        for engine in ["reference", "compiled"] {
            let replies = try LinkMatchTool.run(["conformance", "--engine", engine], stdin: requests.stdout)
            var answered = 0
            for line in replies.stdout.split(separator: "\n") {
                let obj = try LinkMatchTool.json(String(line))
                guard case .string(let id)? = obj["id"] else { XCTFail("no id in \(line)"); continue }
                let outcome: String
                if case .string(let d)? = obj["decision"] { outcome = d } else { outcome = "error" }
                XCTAssertEqual(outcome, predicted[id], "\(engine) \(id)")
                answered += 1
            }
            XCTAssertEqual(answered, predicted.count, engine)
        }
    }

    func testMarkdownIsSpecsSection() throws {
        let run = try LinkMatchTool.run(["open-points", "--markdown"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(try OpenPointsSpecTests.openPointsSection().contains(run.stdout.trimmingCharacters(in: .newlines)),
                      "SPEC.md section 15 is stale: paste `linkmatch open-points --markdown` into it")
    }

    func testValidateNamesTheTermsRuleOfWelcomeToMyGarden() throws {
        let run = try LinkMatchTool.run(["validate", LinkMatchTool.realWorld(Self.garden)])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("warning [open-point] applinks.details[0].components[0]: depends on the open point N1-leading-star"), run.stdout)
    }

    func testExplainMarksTheOpenPointItWentThrough() throws {
        let run = try LinkMatchTool.run(["explain", LinkMatchTool.realWorld(Self.garden), "https://welcometomygarden.org/terms/privacy",
                                         "--app", Self.gardenApp])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("open point N1-leading-star at applinks.details[0].components[0] (SPEC.md section 15): under the reading slash-kept-in-text this URL would be exclude, not match"), run.stdout)
        let elsewhere = try LinkMatchTool.run(["explain", LinkMatchTool.realWorld(Self.garden), "https://welcometomygarden.org/garden/1",
                                               "--app", Self.gardenApp])
        XCTAssertFalse(elsewhere.stdout.contains("open point"), "no reading decides /garden/1 differently:\n\(elsewhere.stdout)")
        let http = try LinkMatchTool.run(["explain", LinkMatchTool.realWorld(Self.garden), "http://welcometomygarden.org/x",
                                          "--app", Self.gardenApp])
        XCTAssertTrue(http.stdout.contains("open point U2-http-scheme"), http.stdout)
    }

    func testExplainMarksURLOpenPoints() throws {
        let odd = try LinkMatchTool.run(["explain", LinkMatchTool.realWorld(Self.garden), "https://u:p@example.com:8443/a b",
                                         "--app", Self.gardenApp])
        XCTAssertTrue(odd.stdout.contains("open point U4-raw-characters"), odd.stdout)
        XCTAssertTrue(odd.stdout.contains("open point U3-authority (SPEC.md section 15): the authority u:p@example.com:8443 was read as the host example.com"), odd.stdout)
        let plain = try LinkMatchTool.run(["explain", LinkMatchTool.realWorld(Self.garden), "https://example.com?x#y",
                                           "--app", Self.gardenApp])
        XCTAssertFalse(plain.stdout.contains("open point"), plain.stdout)
    }
}
