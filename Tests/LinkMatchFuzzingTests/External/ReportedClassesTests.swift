import LinkMatchFuzzing
import XCTest

/// `fuzz-corpus-tool external-new` (what `scripts/fuzz.sh external` exits on) counts the classes a
/// classes.jsonl marks `"known": false`.
final class ReportedClassesTests: XCTestCase {
    let known = #"{"rules":["N3"],"linkmatch":"match","program":"no_match","count":2,"known":true,"variantOf":null,"replay":"{}"}"#
    let new = #"{"rules":["Q3"],"linkmatch":"match","program":"no_match","count":1,"known":false,"variantOf":null,"replay":"{}"}"#

    func testCountsTheClassesNotKnown() {
        XCTAssertEqual(ReportedClasses.newCount(classesJSONL: ""), 0)
        XCTAssertEqual(ReportedClasses.newCount(classesJSONL: known + "\n"), 0)
        XCTAssertEqual(ReportedClasses.newCount(classesJSONL: [known, new, new].joined(separator: "\n") + "\n\n"), 2)
    }

    func testAnythingElseIsNotAClassesFile() {
        XCTAssertNil(ReportedClasses.newCount(classesJSONL: "not json\n"))
        XCTAssertNil(ReportedClasses.newCount(classesJSONL: #"{"rules":["N3"],"linkmatch":"match","program":"no_match"}"#))
        XCTAssertNil(ReportedClasses.newCount(classesJSONL: known.replacingOccurrences(of: #""known":true"#, with: #""known":"yes""#)))
    }
}
