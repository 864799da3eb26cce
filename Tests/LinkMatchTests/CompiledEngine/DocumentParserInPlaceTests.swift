import XCTest
@testable import LinkMatchModel
import LinkMatchCore

/// The parser appends blank entries and rules and fills them in place, counts a pattern's P5 size
/// eight bytes at a time, and slices `NOT ` off legacy paths by UTF-8 (issue 33). These check that
/// what it builds is what the file says; expected values are written by hand or counted with the
/// standard library, not with the parser's helpers.
final class DocumentParserInPlaceTests: XCTestCase {
    /// P5's plain size is one element per scalar: patterns around the eight-byte steps, with
    /// non-ASCII scalars before, on and after a step boundary.
    func testPlainSizeCountsScalarsAcrossWordSteps() throws {
        let patterns = ["", "/a", "/abcdef", "/abcdefg", "/abcdefgh", "/abcdefghijklmno", "/abcdefghijklmnop",
                        "/é", "/abcdefé", "/abcdefgé", "/abcdefghé", "é/abcdefghijklmnop", "/abcdefghijklmno😀x",
                        "/abcdefghijklm\u{301}", String(repeating: "/ab*", count: 40)]
        for pattern in patterns {
            var parser = DocumentParser()
            parser.variables = VariableTable()
            parser.checkPattern(pattern, at: "p")
            XCTAssertEqual(parser.totalExpandedSize, pattern.unicodeScalars.count, "size of \(pattern.debugDescription)")
            XCTAssertTrue(parser.expansionDiagnostics.isEmpty)
        }
    }

    /// A `$(` anywhere, in the first word, past it, or in the tail, makes the pattern a variable
    /// one (P4 then reports the undefined name), never a plain count.
    func testDollarInAnyWordIsNotPlain() throws {
        for prefix in ["", "/abc", "/abcdefg", "/abcdefghijklmno", "/abcdefghijklmnopqrstu", "/é/abcdefgh"] {
            var parser = DocumentParser()
            parser.variables = VariableTable()
            parser.checkPattern(prefix + "$(nothere)", at: "p")
            XCTAssertEqual(parser.expansionDiagnostics.map(\.code), ["undefined-variable"], "after \(prefix.debugDescription)")
        }
    }

    /// Filled in place, every key of every rule and entry is the file's, including long (heap)
    /// strings, `NOT ` paths over 15 bytes and a combining mark after `NOT `.
    func testEntriesAndRulesAreFilledWithTheFileKeys() throws {
        let parsed = try AASADocument.parse(json: #"""
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.long.bundle.identifier"],
               "defaults": {"caseSensitive": false, "#": "a-fragment-longer-than-fifteen"},
               "components": [
                 {"/": "/a/path/longer/than/fifteen/*", "?": {"key": "value-longer-than-fifteen", "k2": "v"}, "exclude": true, "comment": "a comment longer than fifteen bytes"},
                 7,
                 {"?": "q=1", "percentEncoded": false}
               ]},
              {"appID": "ABCDE12345.com.example.b", "paths": ["NOT /a/path/longer/than/fifteen/*", "NOT \u0301x", "/kept/as/it/is/longer"]}
            ]}}
            """#)
        let entries = parsed.document.entries
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(entries[0].appIDs, ["ABCDE12345.com.example.long.bundle.identifier"])
        XCTAssertEqual(entries[0].defaults, ComponentFields(fragment: "a-fragment-longer-than-fifteen", caseSensitive: false))
        XCTAssertEqual(entries[0].rules.map(\.fields), [
            ComponentFields(path: "/a/path/longer/than/fifteen/*",
                            query: .items([(name: "key", pattern: "value-longer-than-fifteen"), (name: "k2", pattern: "v")]),
                            exclude: true, comment: "a comment longer than fifteen bytes"),
            ComponentFields(query: .whole("q=1"), percentEncoded: false),
        ])
        XCTAssertEqual(entries[0].rules.map(\.sourcePath), ["applinks.details[0].components[0]", "applinks.details[0].components[2]"])
        XCTAssertEqual(entries[0].rules.map(\.legacyPath), [nil, nil])
        XCTAssertEqual(entries[1].appIDs, ["ABCDE12345.com.example.b"])
        XCTAssertEqual(entries[1].defaults, ComponentFields())
        XCTAssertEqual(entries[1].rules.map(\.fields), [
            ComponentFields(path: "/a/path/longer/than/fifteen/*", exclude: true),
            ComponentFields(path: "\u{301}x", exclude: true),
            ComponentFields(path: "/kept/as/it/is/longer"),
        ])
        XCTAssertEqual(entries[1].rules.map(\.legacyPath), ["NOT /a/path/longer/than/fifteen/*", "NOT \u{301}x", "/kept/as/it/is/longer"])
        XCTAssertEqual(entries[1].rules.map(\.sourcePath), ["applinks.details[1].paths[0]", "applinks.details[1].paths[1]", "applinks.details[1].paths[2]"])
        XCTAssertEqual(entries.map(\.sourcePath), ["applinks.details[0]", "applinks.details[1]"])
        XCTAssertEqual(parsed.diagnostics.map(\.code), ["wrong-type"])
    }

    /// A `?` dictionary with a repeated key keeps each name once, where it first appears, with
    /// its last value (the path without a repeated key reads the members in order).
    func testQueryItemsWithRepeatedKeyTakeTheLastValueInFirstPlace() throws {
        let parsed = try AASADocument.parse(json: #"""
            {"applinks": {"details": [{"appID": "ABCDE12345.com.example.a", "components": [
              {"?": {"a": "1", "b": "2", "a": "3"}}, {"?": {"x": "1", "y": "2"}}]}]}}
            """#)
        let rules = try XCTUnwrap(parsed.document.entries.first?.rules)
        XCTAssertEqual(rules.map(\.fields.query), [.items([(name: "a", pattern: "3"), (name: "b", pattern: "2")]),
                                                   .items([(name: "x", pattern: "1"), (name: "y", pattern: "2")])])
        XCTAssertEqual(parsed.diagnostics.map(\.code), ["duplicate-key"])
    }
}
