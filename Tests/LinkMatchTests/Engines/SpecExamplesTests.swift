import XCTest
import LinkMatch
import LinkMatchTestData

/// `TestData/vectors/spec-examples.json` (hand-written from SPEC.md) through every engine of the suite.
/// Every mismatch is reported with its rule ID and name, not just the first.
final class SpecExamplesTests: XCTestCase {
    func testEveryEngine() throws {
        let cases = try MatchCase.specExamples()
        XCTAssertGreaterThan(cases.count, 400)
        for engine in EngineSuite.engines {
            let failures = cases.compactMap { $0.mismatch(engine: engine) }
            XCTAssertEqual(failures, [], "\(engine.name): \(failures.count) of \(cases.count) spec examples disagree:\n"
                           + failures.joined(separator: "\n"))
        }
    }

    /// The file's shape: every matching rule of SPEC.md has at least three cases, with at least one
    /// positive (match/exclude) and one negative (no_match), and names are unique.
    func testEveryMatchingRuleIsCovered() throws {
        let cases = try MatchCase.specExamples()
        let rules = ["D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10", "D11", "D12",
                     "C1", "C2", "C3", "C4", "C5", "P1", "P2", "P3", "P4",
                     "V1", "V2", "V3", "V4", "V5", "V6", "U1", "U2", "U3", "U4", "U5",
                     "N1", "N2", "N3", "N4", "E1", "E2", "E3", "E4", "Q1", "Q2", "Q3", "Q4", "Q5", "M1", "M2"]
        for rule in rules {
            let mine = cases.filter { $0.rule == rule }
            XCTAssertGreaterThanOrEqual(mine.count, 3, "rule \(rule)")
            XCTAssertTrue(mine.contains { $0.expect != "no_match" }, "rule \(rule) has no positive case")
            XCTAssertTrue(mine.contains { $0.expect == "no_match" }, "rule \(rule) has no negative case")
        }
        XCTAssertEqual(Set(cases.compactMap(\.rule)).subtracting(rules), [], "cases cite unknown rule IDs")
        XCTAssertTrue(cases.allSatisfy { $0.rule != nil }, "every spec example cites a rule")
        let labels = cases.map(\.label)
        XCTAssertEqual(labels.count, Set(labels).count, "duplicate case names")
        XCTAssertTrue(cases.allSatisfy { ["match", "exclude", "no_match"].contains($0.expect) })
        XCTAssertTrue(cases.contains { $0.opens != nil }, "M2 cases state the apps a URL opens")
    }

    /// A runner that cannot fail would pass a broken engine: an engine that answers `match` for
    /// everything must fail many cases, and each failure names its rule.
    func testRunnerReportsMismatches() throws {
        let cases = try MatchCase.specExamples()
        let failures = cases.compactMap { $0.mismatch(engine: AlwaysMatchEngine()) }
        XCTAssertGreaterThan(failures.count, cases.count / 4)
        XCTAssertTrue(failures.contains { $0.hasPrefix("N3 mid-star-no-parent") }, "\(failures.prefix(3))")
    }
}

/// A deliberately wrong engine: every URL opens every app.
private struct AlwaysMatchEngine: MatchEngine {
    var name: String { "always-match" }
    func prepare(_ document: AASADocument) -> any PreparedDocument { Prepared() }
    func matchPart(_ request: PartRequest) -> PartVerdict { .matched }
    struct Prepared: PreparedDocument {
        func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision { Decision(outcome: .match) }
    }
}
