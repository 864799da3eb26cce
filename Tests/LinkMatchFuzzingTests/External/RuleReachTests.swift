import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchTestData
import XCTest

/// `linkmatch fuzz` generates cases that exercise every SPEC rule and every reading of the
/// catalogue (issue 20): over a fixed seed and case count, each item of `RuleReach.items` changes an
/// outcome in at least 1% of the cases. Fixed numbers, so the result cannot depend on timing (the
/// default tier measures the first 500 cases of the same sequence, every item still measured).
final class RuleReachTests: XCTestCase {
    static let cases = TestTier.budget(sample: 500, full: 1_000)

    func testEveryRuleAndReadingIsReachedInOnePercentOfCases() {
        let table = RuleReach.measure(seed: 1, cases: Self.cases)
        XCTAssertEqual(table.rows.count, RuleReach.items.count)
        XCTAssertEqual(table.below(1), [], table.text)
    }

    /// The items the issue names are measured (a probe or a reading for each).
    func testTheNamedRulesAreMeasured() {
        let rules = Set(RuleReach.items.map(\.rule))
        for rule in ["V1", "V4", "E3", "E1", "C3", "C5", "D4", "N1", "N2", "N3", "Q3", "Q4"] {
            XCTAssertTrue(rules.contains(rule), rule)
        }
        for pair in Readings.modelledOpenPointReadings {
            XCTAssertTrue(RuleReach.items.contains { $0.rule == pair.point && $0.name == "reading " + pair.reading }, pair.reading)
        }
    }

    /// A probe is not LinkMatch: on the rule's own SPEC example it answers otherwise.
    func testProbesDifferFromLinkMatchOnTheirRulesExample() throws {
        let doc = #"{"applinks":{"substitutionVariables":{"v":["a"]},"details":[{"appIDs":["A"],"components":[{"/":"/$(v)"}]}]}}"#
        let parsed = try AASADocument.parse(Array(doc.utf8)).document
        let url = try ParsedURL("https://example.com/a")
        XCTAssertEqual(CompiledEngine().prepare(parsed).decide(url, appID: "A", domain: "").outcome, .match)
        let probe = try XCTUnwrap(RuleReach.items.first { $0.rule == "V1" })
        XCTAssertEqual(probe.engine.prepare(parsed).decide(url, appID: "A", domain: "").outcome, .noMatch)
    }
}
