// The checks issue 31 added where comparing engines cannot look: validate's order and diff's words.
// Each is shown passing on the real code and failing on a hand-made wrong answer.
import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

final class OracleWordsTests: XCTestCase {
    /// `linkmatch diff` with its report rewritten afterwards.
    struct Rewritten: DiffUnderTest {
        let rewrite: @Sendable (inout DiffChange) -> Void

        func compare(old: DiffSide, new: DiffSide, options: DiffOptions) -> DiffReport {
            var report = DocumentDiff.compare(old: old, new: new, options: options)
            for a in report.apps.indices {
                for c in report.apps[a].changes.indices { rewrite(&report.apps[a].changes[c]) }
            }
            return report
        }
    }

    func problem(_ c: DiffCase, _ diff: any DiffUnderTest = StandardDiff()) -> String? {
        let (old, new) = c.documents
        return DiffCheck.problem(old: old, new: new, edit: c.edit, probes: c.probes, diff: diff)
    }

    /// A flipped `exclude` on a rule with `percentEncoded: false`: one `rule-changed` naming it.
    let flip = DiffCase(aasa: try! JSONParser.parse(Array(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a%2Fb","percentEncoded":false}]}]}}"#.utf8)),
                        edit: .flipExclude, probes: ["https://example.com/a%2Fb"])

    func testTheDiffsWordsPass() {
        XCTAssertNil(problem(flip))
    }

    func testAWrongCauseIsCaught() {
        let appAdded = problem(flip, Rewritten { $0.cause = .appAdded })
        XCTAssertTrue(appAdded?.contains("expected rule-changed") == true, appAdded ?? "no problem found")
        XCTAssertNotNil(problem(flip, Rewritten { $0.cause = .ruleMoved }))
    }

    func testAWrongDescriptionIsCaught() {
        let dropped = problem(flip, Rewritten { $0.oldRule?.summary = #"{"/":"/a%2Fb"}"# })
        XCTAssertTrue(dropped?.contains("is described as") == true, dropped ?? "no problem found")
        XCTAssertNotNil(problem(flip, Rewritten { $0.newRule?.sourcePath = "applinks.details[0].components[7]" }))
    }

    /// A lint finding (`catch-all`, `unreachable-rule`) before a parser diagnostic in the file: validate
    /// prints them in file order, and the same findings reversed are out of order.
    func testValidatesOrderIsTheFilesOrder() throws {
        let text = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.a"],"components":[{"/":"*"},{"/":"/b","exclude":"yes"}]}],"extra":1}}"#
        let json = try JSONParser.parse(Array(text.utf8))
        let printed = Lints.validate(Array(text.utf8))
        XCTAssertEqual(printed.map(\.code), ["catch-all", "unreachable-rule", "wrong-type", "unknown-key"])
        XCTAssertNil(ValidateOrder.problem(printed, in: json))
        XCTAssertNotNil(ValidateOrder.problem(printed.reversed(), in: json))
        // A path naming no value sorts with its nearest enclosing value.
        let missing = Diagnostic(.error, "x", at: "applinks.details[0].components[1].nope", "")
        XCTAssertNil(ValidateOrder.problem([printed[0], missing, printed[3]], in: json))
        XCTAssertNotNil(ValidateOrder.problem([printed[3], missing], in: json))
    }
}
