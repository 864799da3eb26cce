import Foundation
import LinkMatch
import LinkMatchFuzzing
import LinkMatchTestData
import XCTest

/// `linkmatch score`'s pieces without a program: the suites come from the vector files the tests read
/// (compiled in unchanged), each case lands in the suite its SPEC rule's evidence says, trivial passes
/// are graded, and the open-point readings follow the probes' hand-written predictions. The expected
/// values here are written from SPEC.md and by hand, not taken from a run.
final class ScoreTests: XCTestCase {
    // MARK: - One source

    func testTheCompiledInVectorsAreTheFilesByteForByte() throws {
        for (file, text) in [("spec-examples.json", EmbeddedVectors.specExamplesJSON), ("conformance.json", EmbeddedVectors.conformanceJSON)] {
            let onDisk = try Data(contentsOf: TestDataFolder.vectors.appendingPathComponent(file))
            XCTAssertTrue(Array(text.utf8) == [UInt8](onDisk),
                          "\(file): the build embedded \(text.utf8.count) bytes, not the \(onDisk.count) of TestData/vectors/\(file)")
        }
    }

    func testEveryVectorIsAScoreCaseOnce() throws {
        let cases = try ScoreSuite.embeddedCases()
        let corpus = try MatchCase.conformance(), examples = try MatchCase.specExamples()
        XCTAssertEqual(cases.count, corpus.count + examples.count)
        XCTAssertEqual(Set(cases.map(\.source)).count, cases.count, "request ids must differ (replies are matched by id)")
        XCTAssertEqual(cases.first?.source, "conformance.json#0")
        XCTAssertEqual(cases.last?.source, "spec-examples.json#\(examples.count - 1)")
        for c in cases { XCTAssertEqual(c.request.id, .string(c.source)) }
    }

    /// A case added to a vector file is scored, in the suite of its rule: `cases(conformance:specExamples:)`
    /// is all that stands between the file and the run.
    func testACaseAddedToTheFileIsScored() throws {
        var file = try VectorFile("spec-examples.json")
        let added = try JSONParser.parse(Array(#"{"rule": "N3", "name": "added-by-the-test", "component": {"/": "/zz/*"}, "url": "https://example.com/zz", "expect": "match"}"#.utf8))
        guard case .array(var list)? = file.top["cases"] else { return XCTFail("no cases") }
        list.append(added)
        file.top = JSONObject(file.top.members.map { $0.key == "cases" ? JSONMember(key: "cases", value: .array(list)) : $0 })
        let cases = ScoreSuite.cases(conformance: [], specExamples: try MatchCase.specExamples(file))
        let last = try XCTUnwrap(cases.last)
        XCTAssertEqual(last.label, "N3 added-by-the-test")
        XCTAssertEqual(last.suite, .observed)
        XCTAssertEqual(last.expect, .match)
        XCTAssertEqual(last.request.url, "https://example.com/zz")
    }

    // MARK: - Suites by evidence

    func testRulesGoToTheSuiteTheirEvidenceSays() {
        // From SPEC.md's headings: doc and/or tool alone is observed; decided anywhere, or no Apple
        // evidence at all (U1: RFC 3986), is decided.
        let observed = ["D4", "D7", "D8", "D9", "D11", "C1", "C2", "C3", "C4", "C5", "P1", "V1", "V3", "V4", "N2", "N3", "E2", "Q1", "Q2", "Q3", "Q4", "Q5"]
        let decided = ["D1", "D2", "D3", "D5", "D6", "D10", "D12", "P2", "P3", "P4", "P5", "V2", "V5", "V6", "U1", "U2", "U3", "U4", "U5",
                       "N1", "N4", "E1", "E3", "E4", "M1", "M2"]
        for rule in observed { XCTAssertEqual(ScoreSuite.suite(ofRule: rule), .observed, rule) }
        for rule in decided { XCTAssertEqual(ScoreSuite.suite(ofRule: rule), .decided, rule) }
        XCTAssertEqual(Set(observed + decided), Set(SpecLinks.ruleHeadings.keys), "every rule is listed here")
    }

    func testCorpusCasesGoByTheirStatus() throws {
        let cases = try ScoreSuite.embeddedCases().filter { $0.source.hasPrefix("conformance.json") }
        let corpus = try MatchCase.conformance()
        for (c, m) in zip(cases, corpus) { XCTAssertEqual(c.suite, m.status == "oracle" ? .observed : .decided, c.label) }
        // SPEC.md section 13: 139 oracle cases, one decided.
        XCTAssertEqual(cases.filter { $0.suite == .decided }.map(\.label), ["host/empty-domain-skips-the-check"])
    }

    // MARK: - Grading and trivial passes

    func scoreCase(_ n: Int, expect: Decision.Outcome, suite: ScoreSuite = .observed) -> ScoreCase {
        ScoreCase(suite: suite, source: "t#\(n)", label: "t\(n)", rule: nil, expect: expect,
                  request: ConformanceProtocol.Request(id: .string("t#\(n)"), aasa: .object(JSONObject([])), domain: "", appID: "a", url: "https://x"))
    }

    func testTrivialPassesAreTheConstantProgramsPasses() {
        // Six cases: three no_match, two match, one exclude. The program gets one of each kind right,
        // misses a no_match and a match... by hand:
        let cases: [(Decision.Outcome, ExternalEngine.Answer)] = [
            (.noMatch, .decision(.noMatch)),  // pass, trivial for always-no_match
            (.noMatch, .decision(.match)),    // fail
            (.noMatch, .error("x")),          // error
            (.match, .decision(.match)),      // pass, trivial for always-match
            (.match, .decision(.exclude)),    // fail
            (.exclude, .decision(.exclude)),  // pass, trivial for neither
        ]
        let scored = cases.enumerated().map { ScoredCase(scoreCase: scoreCase($0, expect: $1.0), answer: $1.1) }
        let tally = SuiteTally(suite: .observed, scored: scored + [ScoredCase(scoreCase: scoreCase(9, expect: .match, suite: .decided), answer: .decision(.match))])
        XCTAssertEqual([tally.cases, tally.passed, tally.failed, tally.errors], [6, 3, 2, 1])
        XCTAssertEqual(tally.baselines.map(\.answer), [.noMatch, .match])
        XCTAssertEqual(tally.baselines.map(\.passes), [3, 2])   // the constant programs' passes
        XCTAssertEqual(tally.baselines.map(\.trivial), [1, 1])  // the program's passes among them
        XCTAssertFalse(tally.allPassed)
    }

    func testPercentagesAreRoundedHalfUpFromIntegers() {
        XCTAssertEqual(scorePercent(291, of: 346), "84.1%")
        XCTAssertEqual(scorePercent(2, of: 3), "66.7%")
        XCTAssertEqual(scorePercent(1, of: 8), "12.5%")
        XCTAssertEqual(scorePercent(1, of: 2000), "0.1%")  // 0.05 rounds up
        XCTAssertEqual(scorePercent(5, of: 5), "100.0%")
        XCTAssertEqual(scorePercent(0, of: 0), "-")
    }

    // MARK: - Open points

    func testTheReadingTakenFollowsThePredictions() throws {
        let probes = ScoreSuite.probes().filter { $0.point.id == "N1-leading-star" }
        XCTAssertEqual(probes.map { $0.request.id }, [.string("N1-leading-star/1"), .string("N1-leading-star/2")])
        // SPEC.md: linkmatch no_match then match; slash-kept-in-text match then exclude.
        func take(_ answers: [ExternalEngine.Answer]) -> [String] { OpenPointTake.takes(probes, answers: answers).first?.readings ?? ["?"] }
        XCTAssertEqual(take([.decision(.noMatch), .decision(.match)]), ["linkmatch"])
        XCTAssertEqual(take([.decision(.match), .decision(.exclude)]), ["slash-kept-in-text"])
        XCTAssertEqual(take([.decision(.match), .decision(.match)]), [])
        XCTAssertEqual(take([.error("no"), .failure("gone")]), [])
        let taken = OpenPointTake.takes(probes, answers: [.decision(.match), .decision(.exclude)])[0]
        XCTAssertTrue(taken.differsFromLinkMatch)
        XCTAssertTrue(taken.description(of: "slash-kept-in-text").contains("`*/terms/*` matches `/terms/x`"))
        XCTAssertEqual(taken.answers.map(\.answer), ["match", "exclude"])
    }

    func testEveryOpenPointProbeThatIsARequestIsAsked() {
        let probes = ScoreSuite.probes()
        let lines = OpenPoints.all.flatMap { p in p.probes.indices.compactMap { p.probes[$0].requestLine(id: p.probeID($0)) } }
        XCTAssertEqual(probes.map(\.request.line), lines)
    }
}
