import XCTest
@testable import LinkMatchModel

/// The parser keeps every entry's and rule's source path as parts and formats it only when read
/// (issue 33: making them eagerly cost as much as the rest of reading an entry); the text read
/// later is the one `JSONPath` formats. Expected texts are written by hand.
final class LazySourcePathTests: XCTestCase {
    func testArrayDetailsPathsAreDeferredAndReadBackExactly() throws {
        let parsed = try AASADocument.parse(json: #"""
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.a"], "components": [{"/": "/a"}, {"/": "/b"}]},
              {"appID": "ABCDE12345.com.example.b", "paths": ["/c", "NOT /d"]}
            ]}}
            """#)
        let entries = parsed.document.entries
        XCTAssertEqual(entries.count, 2)
        for entry in entries {
            XCTAssertTrue(entry.location.isDeferred, "entry path made eagerly")
            for rule in entry.rules { XCTAssertTrue(rule.location.isDeferred, "rule path made eagerly") }
        }
        XCTAssertEqual(entries.map(\.sourcePath), ["applinks.details[0]", "applinks.details[1]"])
        XCTAssertEqual(entries[0].rules.map(\.sourcePath), ["applinks.details[0].components[0]", "applinks.details[0].components[1]"])
        XCTAssertEqual(entries[1].rules.map(\.sourcePath), ["applinks.details[1].paths[0]", "applinks.details[1].paths[1]"])
        XCTAssertEqual(entries[1].rules[1].fields.path, "/d")
        XCTAssertEqual(entries[1].rules[1].fields.exclude, true)
    }

    func testKeyedDetailsPathsAreDeferredAndQuoted() throws {
        let parsed = try AASADocument.parse(json: #"{"applinks": {"details": {"ABCDE12345.com.example.a": {"paths": ["/a"]}, "app_1": {"components": [{}]}}}}"#)
        let entries = parsed.document.entries
        XCTAssertTrue(entries.allSatisfy { $0.location.isDeferred && $0.rules.allSatisfy(\.location.isDeferred) })
        XCTAssertEqual(entries.map(\.sourcePath), [#"applinks.details["ABCDE12345.com.example.a"]"#, "applinks.details.app_1"])
        XCTAssertEqual(entries[0].rules.first?.sourcePath, #"applinks.details["ABCDE12345.com.example.a"].paths[0]"#)
        XCTAssertEqual(entries[1].rules.first?.sourcePath, "applinks.details.app_1.components[0]")
    }

    func testPathsUnderAnEntryInDiagnostics() throws {
        let parsed = try AASADocument.parse(json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.a", 7], "defaults": {"exclude": 1}, "components": [{}]}]}}"#)
        XCTAssertEqual(parsed.diagnostics.map(\.path), ["applinks.details[0].appIDs[1]", #"applinks.details[0].defaults.exclude"#])
    }

    func testEqualityComparesTheTextsWhateverTheForm() throws {
        let parsed = try AASADocument.parse(json: #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.a", "components": [{"/": "/a"}]}]}}"#)
        let entry = parsed.document.entries[0]
        let written = DetailEntry(appIDs: ["ABCDE12345.com.example.a"],
                                  rules: [DocumentRule(fields: ComponentFields(path: "/a"), sourcePath: "applinks.details[0].components[0]")],
                                  sourcePath: "applinks.details[0]")
        XCTAssertEqual(entry, written)
        var moved = written
        moved.sourcePath = "applinks.details[1]"
        XCTAssertNotEqual(entry, moved)
    }
}
