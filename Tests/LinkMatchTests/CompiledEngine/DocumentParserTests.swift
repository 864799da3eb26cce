import XCTest
import LinkMatch
import LinkMatchTestData

/// Document loading (SPEC.md D1–D12, C5, Q5, V1–V6): the model it builds and every diagnostic
/// code the loader emits, each with its JSON path. Expected values are written by hand.
final class DocumentParserTests: XCTestCase {
    static let app = "ABCDE12345.com.example.app"

    // MARK: A clean file is silent

    func testCleanDocumentHasNoDiagnostics() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a", "comment": "x"}]}]}}"#)
        XCTAssertEqual(parsed.diagnostics, [])
        XCTAssertEqual(parsed.document.entries.count, 1)
        XCTAssertEqual(parsed.document.entries.first?.sourcePath, "applinks.details[0]")
        XCTAssertEqual(parsed.document.entries.first?.rules.first?.sourcePath, "applinks.details[0].components[0]")
    }

    // MARK: D1 — fatal load errors

    func testD1FatalErrors() {
        assertLoadError(#"{"applinks": {"details": [],}}"#, "invalid-json", mentions: "line 1, column 28")
        assertLoadError("{\n  \"applinks\": {\n    \"details\": [1 2]\n  }\n}", "invalid-json", mentions: "line 3")
        assertLoadError(#"["applinks"]"#, "top-level-not-object")
        assertLoadError(#""applinks""#, "top-level-not-object")
        assertLoadError("null", "top-level-not-object")
        assertLoadError("", "invalid-json")
        assertLoadError(Array(repeating: UInt8(ascii: " "), count: (8 << 20) + 1), "file-too-large")
        assertLoadError(Array(repeating: UInt8(ascii: "["), count: 513) + Array(repeating: UInt8(ascii: "]"), count: 513), "too-deep")
    }

    func testD1NestingAtTheLimitLoads() throws {
        // 512 levels: the top object and 511 nested arrays.
        let json = #"{"x": "# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"
        XCTAssertNoThrow(try load(json))
    }

    func testD1ByteOrderMarkIsSkipped() throws {
        let parsed = try AASADocument.parse([0xEF, 0xBB, 0xBF] + Array(#"{"applinks": {"details": []}}"#.utf8))
        XCTAssertEqual(parsed.diagnostics.map(\.code), ["no-details"])
    }

    /// A document of exactly `size` bytes: one rule for `/x` padded with a `comment`.
    private func document(ofSize size: Int) -> [UInt8] {
        let head = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x", "comment": ""#
        let tail = #""}]}]}}"#
        return Array((head + String(repeating: "x", count: size - head.utf8.count - tail.utf8.count) + tail).utf8)
    }

    func testD1OverAppleSizeLimitIsAnErrorWithTheSize() throws {
        let parsed = try AASADocument.parse(document(ofSize: 131_073))
        XCTAssertEqual(parsed.byteCount, 131_073)
        XCTAssertEqual(parsed.diagnostics.map(\.code), ["over-apple-size-limit"])
        XCTAssertEqual(parsed.diagnostics.first?.severity, .error)
        XCTAssertTrue(parsed.diagnostics.first?.message.contains("131,073 bytes") ?? false, "names the size")
        XCTAssertEqual(parsed.document.entries.first?.rules.count, 1, "the document still loads")
    }

    func testD1SizeLimitBoundaries() throws {
        // 131,072 = 128 x 1,024 is the last size within the limit in both readings of "KB".
        let atLimit = try AASADocument.parse(document(ofSize: 131_072))
        XCTAssertEqual(atLimit.diagnostics.map(\.severity), [.warning], "over 128,000: only a warning")
        XCTAssertEqual(try AASADocument.parse(document(ofSize: 128_001)).diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(try AASADocument.parse(document(ofSize: 128_000)).diagnostics.map(\.code), [])
    }

    // MARK: D2 — signed envelope

    func testD2SignedEnvelopeIsUnwrapped() throws {
        let bytes = try RealWorldFiles.bytes("ethanhuang13__knil__twitter-signed-pkcs7.json")
        XCTAssertEqual(bytes.first, 0x30)
        let parsed = try AASADocument.parse(bytes)
        let envelope = parsed.diagnostics.filter { $0.code == "signed-envelope" }
        XCTAssertEqual(envelope.map(\.severity), [.warning])
        XCTAssertEqual(envelope.map(\.path), [""])
        XCTAssertTrue(parsed.document.hasApplinks)
        XCTAssertFalse(parsed.document.entries.isEmpty)
    }

    // MARK: D3 — entries and services

    func testD3NoApplinks() throws {
        let parsed = try load(#"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#)
        XCTAssertFalse(parsed.document.hasApplinks)
        XCTAssertEqual(parsed.document.entries.count, 0)
        assertDiagnostics(parsed, [(.warning, "no-applinks", "")])
    }

    func testD3NoDetails() throws {
        assertDiagnostics(try load(#"{"applinks": {}}"#), [(.warning, "no-details", "applinks")])
        assertDiagnostics(try load(#"{"applinks": {"details": []}}"#), [(.warning, "no-details", "applinks.details")])
        assertDiagnostics(try load(#"{"applinks": {"details": {}}}"#), [(.warning, "no-details", "applinks.details")])
    }

    func testD3AppIDDiagnostics() throws {
        assertDiagnostics(try load(#"{"applinks": {"details": [{"components": [{}]}]}}"#),
                          [(.error, "missing-app-id", "applinks.details[0]")])
        let empty = try load(#"{"applinks": {"details": [{"appIDs": ["", "ABCDE12345.com.example.app"], "components": []}]}}"#)
        assertDiagnostics(empty, [(.error, "empty-app-id", "applinks.details[0]"), (.info, "empty-components", "applinks.details[0].components")])
        XCTAssertEqual(empty.document.entries.first?.appIDs, [Self.app], "the empty ID is dropped")
        let onlyEmpty = try load(#"{"applinks": {"details": [{"appID": "", "paths": ["*"]}]}}"#)
        XCTAssertEqual(onlyEmpty.diagnostics.map(\.code), ["empty-app-id", "missing-app-id"])
    }

    func testD3LegacyApps() throws {
        assertDiagnostics(try load(#"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#), [])
        assertDiagnostics(try load(#"{"applinks": {"apps": ["x"], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#),
                          [(.info, "legacy-apps-not-empty", "applinks.apps")])
        assertDiagnostics(try load(#"{"applinks": {"apps": {}, "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#),
                          [(.error, "wrong-type", "applinks.apps")])
    }

    // MARK: D4 — appID and appIDs

    func testD4AppIDsWinsAndAppIDIsIgnored() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.one", "appIDs": ["ABCDE12345.com.example.two", "ABCDE12345.com.example.three"], "paths": ["*"]}]}}"#)
        XCTAssertEqual(parsed.document.entries.first?.appIDs, ["ABCDE12345.com.example.two", "ABCDE12345.com.example.three"])
        assertDiagnostics(parsed, [(.warning, "both-app-id-forms", "applinks.details[0]")])
        XCTAssertTrue(parsed.diagnostics.first?.message.contains("\"appID\" is ignored") ?? false)
    }

    func testD4EmptyAppIDsStillWins() throws {
        // Observed with swcutil: `appIDs: []` beside `appID` names no app at all.
        let parsed = try load(#"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.one", "appIDs": [], "paths": ["*"]}]}}"#)
        XCTAssertEqual(parsed.document.entries.first?.appIDs, [])
        assertDiagnostics(parsed, [(.warning, "both-app-id-forms", "applinks.details[0]"),
                                   (.error, "missing-app-id", "applinks.details[0]")])
    }

    func testD4WrongTypedAppIDsIsAbsentSoAppIDApplies() throws {
        // D10: a wrong-typed `appIDs` is treated as absent, so nothing overrides `appID`.
        let parsed = try load(#"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.one", "appIDs": "ABCDE12345.com.example.two", "paths": ["*"]}]}}"#)
        XCTAssertEqual(parsed.document.entries.first?.appIDs, ["ABCDE12345.com.example.one"])
        assertDiagnostics(parsed, [(.error, "wrong-type", "applinks.details[0].appIDs")])
    }

    func testM2AppIDsInFirstAppearanceOrderOfTheText() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.two", "ABCDE12345.com.example.one"], "paths": ["*"]}, {"appID": "ABCDE12345.com.example.three", "paths": ["*"]}, {"appIDs": ["ABCDE12345.com.example.one"], "paths": ["*"]}]}}"#)
        XCTAssertEqual(parsed.document.appIDs, ["ABCDE12345.com.example.two", "ABCDE12345.com.example.one", "ABCDE12345.com.example.three"])
    }

    // MARK: D5 — dictionary details, duplicate keys

    func testD5DictionaryDetails() throws {
        let parsed = try load(#"{"applinks": {"details": {"ABCDE12345.com.example.b": {"paths": ["/b"]}, "ABCDE12345.com.example.a": {"paths": ["/a"]}}}}"#)
        assertDiagnostics(parsed, [])
        let entries = parsed.document.entries
        XCTAssertEqual(entries.map(\.appIDs), [["ABCDE12345.com.example.b"], ["ABCDE12345.com.example.a"]], "document order, not sorted")
        XCTAssertEqual(entries.map(\.sourcePath), [#"applinks.details["ABCDE12345.com.example.b"]"#, #"applinks.details["ABCDE12345.com.example.a"]"#])
        XCTAssertEqual(entries.first?.rules.first?.sourcePath, #"applinks.details["ABCDE12345.com.example.b"].paths[0]"#)
    }

    func testD5KeyActsAsAppIDAndAppIDsInsideWins() throws {
        // An open point (SPEC.md "Open points", D5-dictionary-key-and-app-id), decided consistently with D4.
        let withAppIDs = try load(#"{"applinks": {"details": {"ABCDE12345.com.example.key": {"appIDs": ["ABCDE12345.com.example.two"], "paths": ["*"]}}}}"#)
        XCTAssertEqual(withAppIDs.document.entries.first?.appIDs, ["ABCDE12345.com.example.two"])
        assertDiagnostics(withAppIDs, [(.warning, "both-app-id-forms", #"applinks.details["ABCDE12345.com.example.key"]"#)])
        let withAppID = try load(#"{"applinks": {"details": {"ABCDE12345.com.example.key": {"appID": "ABCDE12345.com.example.two", "paths": ["*"]}}}}"#)
        XCTAssertEqual(withAppID.document.entries.first?.appIDs, ["ABCDE12345.com.example.key"])
        assertDiagnostics(withAppID, [(.warning, "both-app-id-forms", #"applinks.details["ABCDE12345.com.example.key"]"#)])
    }

    func testD5DuplicateKeysLastWins() throws {
        let parsed = try load(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a", "/": "/b"}]}]}, "applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/c", "#": "x", "#": "y"}]}]}}"##)
        XCTAssertEqual(parsed.document.entries.first?.rules.first?.fields, ComponentFields(path: "/c", fragment: "y"))
        assertDiagnostics(parsed, [(.warning, "duplicate-key", "applinks"),
                                   (.warning, "duplicate-key", ##"applinks.details[0].components[0]["#"]"##)])
        let inner = try load(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a", "/": "/b"}]}]}}"#)
        XCTAssertEqual(inner.document.entries.first?.rules.first?.fields.path, "/b")
        assertDiagnostics(inner, [(.warning, "duplicate-key", #"applinks.details[0].components[0]["/"]"#)])
    }

    // MARK: D6 — components over paths; legacy NOT

    func testD6ComponentsOverPaths() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/p"], "components": [{"/": "/c"}]}]}}"#)
        XCTAssertEqual(parsed.document.entries.first?.rules.map(\.fields.path), ["/c"])
        assertDiagnostics(parsed, [(.warning, "mixed-formats", "applinks.details[0]")])
    }

    func testD6LegacyPaths() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["NOT /a", "NOT/b", "not /c", "NOT  /d", "NOT", "NOT ", "/e"]}]}}"#)
        let rules = try XCTUnwrap(parsed.document.entries.first?.rules)
        XCTAssertEqual(rules.map(\.fields), [
            ComponentFields(path: "/a", exclude: true),
            ComponentFields(path: "NOT/b"),
            ComponentFields(path: "not /c"),
            ComponentFields(path: " /d", exclude: true),
            ComponentFields(path: "NOT"),
            ComponentFields(path: "", exclude: true),
            ComponentFields(path: "/e"),
        ])
        XCTAssertEqual(rules.map(\.legacyPath), ["NOT /a", "NOT/b", "not /c", "NOT  /d", "NOT", "NOT ", "/e"])
        XCTAssertEqual(rules.map(\.sourcePath).last, "applinks.details[0].paths[6]")
        assertDiagnostics(parsed, [])
    }

    // MARK: C5 — defaults at three levels

    func testC5DefaultsResolvePerKey() throws {
        let parsed = try load(#"""
        {"applinks": {
          "defaults": {"/": "/d/*", "?": "q=1", "caseSensitive": false, "comment": "domain"},
          "details": [{"appIDs": ["ABCDE12345.com.example.app"],
                       "defaults": {"#": "e", "exclude": true, "caseSensitive": true},
                       "components": [{"percentEncoded": false}, {"/": "/own", "?": {"k": "v"}, "#": "f", "exclude": false, "caseSensitive": false, "percentEncoded": true}]}]}}
        """#)
        assertDiagnostics(parsed, [])
        let rules = parsed.document.effectiveRules(for: Self.app)
        XCTAssertEqual(rules.count, 2)
        XCTAssertEqual(rules.first, EffectiveRule(path: "/d/*", query: .whole("q=1"), fragment: "e", exclude: true,
                                                  caseSensitive: true, percentEncoded: false,
                                                  entryIndex: 0, ruleIndex: 0, sourcePath: "applinks.details[0].components[0]"))
        XCTAssertEqual(rules.last, EffectiveRule(path: "/own", query: .items([(name: "k", pattern: "v")]), fragment: "f", exclude: false,
                                                 caseSensitive: false, percentEncoded: true,
                                                 entryIndex: 0, ruleIndex: 1, sourcePath: "applinks.details[0].components[1]"))
        XCTAssertEqual(parsed.document.effectiveRules(for: "ABCDE12345.com.example.other"), [])
    }

    func testC5BuiltInDefaults() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{}]}]}}"#)
        XCTAssertEqual(parsed.document.effectiveRules(for: Self.app),
                       [EffectiveRule(path: nil, query: nil, fragment: nil, exclude: false, caseSensitive: true, percentEncoded: true,
                                      entryIndex: 0, ruleIndex: 0, sourcePath: "applinks.details[0].components[0]")])
    }

    func testC5PathAndExcludeFromDefaultsDecide() throws {
        let doc = try load(##"{"applinks": {"defaults": {"/": "/foo/*"}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"exclude": true}, "components": [{"#": "*"}]}]}}"##).document
        for engine in EngineSuite.engines {
            let prepared = engine.prepare(doc)
            XCTAssertEqual(prepared.decide(try ParsedURL("https://example.com/foo/1"), appID: Self.app, domain: "example.com").outcome, .exclude, engine.name)
            XCTAssertEqual(prepared.decide(try ParsedURL("https://example.com/bar"), appID: Self.app, domain: "example.com"), .noMatch(.noRuleMatched), engine.name)
        }
    }

    // MARK: D8, D9, D10 — empty, unknown, wrong-typed

    func testD9UnknownKeys() throws {
        let parsed = try load(#"{"applinks": {"Details": [], "version": 1, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "Components": [], "components": [{"/": "/a", "casesensitive": false, "note": "x", "?": {"AnyName": "1"}}]}]}, "webcredentials": {"whatever": 1}}"#)
        assertDiagnostics(parsed, [
            (.warning, "unknown-key", "applinks.Details"),
            (.info, "unknown-key", "applinks.version"),
            (.warning, "unknown-key", "applinks.details[0].Components"),
            (.warning, "unknown-key", "applinks.details[0].components[0].casesensitive"),
            (.info, "unknown-key", "applinks.details[0].components[0].note"),
        ])
        XCTAssertEqual(parsed.document.entries.first?.rules.first?.fields,
                       ComponentFields(path: "/a", query: .items([(name: "AnyName", pattern: "1")])))
    }

    func testD10WrongTypedComponentKeysAreAbsent() throws {
        let parsed = try load(##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": 5, "?": 6, "#": [], "exclude": "true", "caseSensitive": 1, "percentEncoded": null, "comment": 7}]}]}}"##)
        XCTAssertEqual(parsed.document.entries.first?.rules.first?.fields, ComponentFields(), "every key ignored, comment too")
        let c = "applinks.details[0].components[0]"
        assertDiagnostics(parsed, [
            (.error, "wrong-type", c + #"["/"]"#), (.error, "wrong-type", c + "[\"#\"]"), (.error, "wrong-type", c + #"["?"]"#),
            (.error, "wrong-type", c + ".exclude"), (.error, "wrong-type", c + ".caseSensitive"), (.error, "wrong-type", c + ".percentEncoded"),
        ], ordered: false)
    }

    func testD10WrongTypedContainers() throws {
        let parsed = try load(#"{"applinks": {"defaults": "x", "substitutionVariables": [], "details": ["junk", {"appIDs": [5, "ABCDE12345.com.example.app"], "defaults": 3, "components": ["/a", {"/": "/b"}, null]}, {"appIDs": "ABCDE12345.com.example.app", "paths": ["/x", 9]}, {"appID": 7, "components": {"/": "/c"}, "paths": ["/p"]}]}}"#)
        assertDiagnostics(parsed, [
            (.error, "wrong-type", "applinks.defaults"),
            (.error, "wrong-type", "applinks.substitutionVariables"),
            (.error, "wrong-type", "applinks.details[0]"),
            (.error, "wrong-type", "applinks.details[1].appIDs[0]"),
            (.error, "wrong-type", "applinks.details[1].defaults"),
            (.error, "wrong-type", "applinks.details[1].components[0]"),
            (.error, "wrong-type", "applinks.details[1].components[2]"),
            (.error, "wrong-type", "applinks.details[2].appIDs"),
            (.error, "missing-app-id", "applinks.details[2]"),
            (.error, "wrong-type", "applinks.details[2].paths[1]"),
            (.error, "wrong-type", "applinks.details[3].appID"),
            (.error, "missing-app-id", "applinks.details[3]"),
            (.error, "wrong-type", "applinks.details[3].components"),
        ], ordered: false)
        let entries = parsed.document.entries
        XCTAssertEqual(entries.map(\.sourcePath), ["applinks.details[1]", "applinks.details[2]", "applinks.details[3]"], "the string entry is skipped")
        XCTAssertEqual(entries[0].rules.map(\.sourcePath), ["applinks.details[1].components[1]"], "non-object components are skipped, not {}")
        XCTAssertEqual(entries[1].rules.map(\.fields.path), ["/x"])
        XCTAssertEqual(entries[2].rules.map(\.fields.path), ["/p"], "a wrong-typed components is absent, so paths apply")
        XCTAssertEqual(parsed.document.defaults, ComponentFields())
    }

    func testD10WrongTypedApplinksAndDetails() throws {
        let notObject = try load(#"{"applinks": ["x"]}"#)
        XCTAssertFalse(notObject.document.hasApplinks)
        assertDiagnostics(notObject, [(.error, "wrong-type", "applinks")])
        let detailsString = try load(#"{"applinks": {"details": "x"}}"#)
        XCTAssertEqual(detailsString.document.entries.count, 0)
        assertDiagnostics(detailsString, [(.error, "wrong-type", "applinks.details")])
    }

    func testD8EmptyComponents() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [], "paths": ["*"]}]}}"#)
        XCTAssertEqual(parsed.document.entries.first?.rules.count, 0)
        assertDiagnostics(parsed, [(.warning, "mixed-formats", "applinks.details[0]"), (.info, "empty-components", "applinks.details[0].components")])
    }

    // MARK: D12 — app ID format

    func testD12AppIDFormatLint() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appIDs": ["com.hylo.HyloA", "ABCDE1234.x", "ABCDE12345.", "ABCDE1234_.x", "ABCDE12345.x"], "paths": ["*"]}]}}"#)
        XCTAssertEqual(parsed.diagnostics.filter { $0.code == "app-id-format" }.count, 4)
        XCTAssertTrue(parsed.diagnostics.allSatisfy { $0.code == "app-id-format" && $0.severity == .error && $0.path == "applinks.details[0]" })
        XCTAssertFalse(parsed.diagnostics.contains { $0.message.contains("\"ABCDE12345.x\"") })
        XCTAssertEqual(parsed.document.entries.first?.appIDs.count, 5, "the lint does not drop app IDs")
    }

    // MARK: Q5, P3, P4, V2, V5, V6 — pattern and variable diagnostics

    func testQ5NonStringQueryValue() throws {
        let parsed = try load(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"?": {"a": "1", "flag": true, "n": 3}}]}]}}"#)
        XCTAssertNil(parsed.document.entries.first?.rules.first?.fields.query, "the whole dictionary is ignored")
        assertDiagnostics(parsed, [(.warning, "non-string-query-value", #"applinks.details[0].components[0]["?"].flag"#)])
    }

    func testP3InvalidPatterns() throws {
        let parsed = try load(##"{"applinks": {"defaults": {"#": "$("}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/$(oops", "?": {"a": "$()"}}]}, {"appID": "ABCDE12345.com.example.app", "paths": ["NOT /$(x$y)"]}]}}"##)
        assertDiagnostics(parsed, [
            (.error, "invalid-pattern", "applinks.defaults[\"#\"]"),
            (.error, "invalid-pattern", #"applinks.details[0].components[0]["/"]"#),
            (.error, "invalid-pattern", #"applinks.details[0].components[0]["?"].a"#),
            (.error, "invalid-pattern", "applinks.details[1].paths[0]"),
        ], ordered: false)
        XCTAssertTrue(parsed.diagnostics.allSatisfy { $0.message.contains("scalar") }, "messages carry the offset")
    }

    func testP4UndefinedVariables() throws {
        let parsed = try load(##"{"applinks": {"defaults": {"/": "/$(nope)"}, "substitutionVariables": {"Food": ["x"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"?": "$(food)"}, "components": [{"#": "$(Food)$(digit)$(zip)", "?": {"k": "$(lang)$(nada)"}}]}]}}"##)
        assertDiagnostics(parsed, [
            (.error, "undefined-variable", #"applinks.defaults["/"]"#),
            (.error, "undefined-variable", #"applinks.details[0].defaults["?"]"#),
            (.error, "undefined-variable", "applinks.details[0].components[0][\"#\"]"),
            (.error, "undefined-variable", #"applinks.details[0].components[0]["?"].k"#),
        ], ordered: false)
        XCTAssertTrue(parsed.diagnostics.contains { $0.message.contains("$(zip)") })
        XCTAssertFalse(parsed.diagnostics.contains { $0.message.contains("$(Food)") || $0.message.contains("$(digit)") })
    }

    func testVariableDiagnostics() throws {
        let parsed = try load(#"{"applinks": {"substitutionVariables": {"v": ["$(w)", 5, "ok"], "region": ["UK"], "bad": "x", "a(b": ["1"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/$(v)/$(region)"}]}]}}"#)
        assertDiagnostics(parsed, [
            (.warning, "variable-in-value", "applinks.substitutionVariables.v[0]"),
            (.error, "wrong-type", "applinks.substitutionVariables.v[1]"),
            (.warning, "predefined-variable-overridden", "applinks.substitutionVariables.region"),
            (.error, "wrong-type", "applinks.substitutionVariables.bad"),
            (.error, "invalid-pattern", #"applinks.substitutionVariables["a(b"]"#),
        ], ordered: false)
        let variables = parsed.document.variables
        XCTAssertEqual(variables.values(of: "v"), ["$(w)", "ok"])
        XCTAssertEqual(variables.values(of: "region"), ["UK"])
        XCTAssertNil(variables.values(of: "bad"))
    }

    func testDiagnosticsComeInReadingOrderThenVariablesInDocumentOrder() throws {
        // P3, duplicate and unknown keys as each value is read; then P4 and P5 for the patterns
        // the model keeps, in document order (defaults, each entry's defaults, its rules; `/`,
        // `#`, `?`): a `?` dictionary dropped for a non-string item (Q5) reports no P4, and a
        // legacy path's P4 and P5 name its `/` key. The parser finds both in one reading.
        let long = String(repeating: "a", count: 1_000)
        let oversized = String(repeating: "$(w)", count: 70) // 70,000 elements, over P5's 65,536
        let parsed = try load(##"""
            {"applinks": {
              "defaults": {"/": "/$(d1)", "#": "$(bad"},
              "substitutionVariables": {"w": ["\##(long)"]},
              "details": [
                {"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"?": "$(d2)"},
                 "components": [
                   {"/": "/a", "/": "/$(c1)", "#": "$(c2)", "?": {"k": "$(c3)"}},
                   {"?": {"x": "$(gone)", "y": "$(bad2", "z": 1}},
                   {"Exclude": true, "exclude": true, "exclude": false},
                   {"/": "\##(oversized)"}
                 ]},
                {"appID": "ABCDE12345.com.example.app", "paths": ["NOT /$(p1)", "$(bad3"]}
              ]}}
            """##)
        assertDiagnostics(parsed, [
            (.error, "invalid-pattern", ##"applinks.defaults["#"]"##),
            (.warning, "duplicate-key", #"applinks.details[0].components[0]["/"]"#),
            (.error, "invalid-pattern", #"applinks.details[0].components[1]["?"].y"#),
            (.warning, "non-string-query-value", #"applinks.details[0].components[1]["?"].z"#),
            (.warning, "duplicate-key", "applinks.details[0].components[2].exclude"),
            (.warning, "unknown-key", "applinks.details[0].components[2].Exclude"),
            (.error, "invalid-pattern", "applinks.details[1].paths[1]"),
            (.error, "undefined-variable", #"applinks.defaults["/"]"#),
            (.error, "undefined-variable", #"applinks.details[0].defaults["?"]"#),
            (.error, "undefined-variable", #"applinks.details[0].components[0]["/"]"#),
            (.error, "undefined-variable", ##"applinks.details[0].components[0]["#"]"##),
            (.error, "undefined-variable", #"applinks.details[0].components[0]["?"].k"#),
            (.error, "invalid-pattern", #"applinks.details[0].components[3]["/"]"#),
            (.error, "undefined-variable", #"applinks.details[1].paths[0]["/"]"#),
        ])
        XCTAssertFalse(parsed.diagnostics.contains { $0.message.contains("$(gone)") }, "the dropped dictionary's items are not checked for P4")
    }

    // MARK: Helpers

    private func load(_ json: String) throws -> ParsedDocument {
        try AASADocument.parse(json: json)
    }

    private func assertLoadError(_ json: String, _ code: String, mentions: String? = nil, line: UInt = #line) {
        assertLoadError(Array(json.utf8), code, mentions: mentions, line: line)
    }

    private func assertLoadError(_ bytes: [UInt8], _ code: String, mentions: String? = nil, line: UInt = #line) {
        do {
            let parsed = try AASADocument.parse(bytes)
            XCTFail("loaded with \(parsed.diagnostics)", line: line)
        } catch {
            XCTAssertEqual(error.code, code, error.message, line: line)
            if let mentions { XCTAssertTrue(error.message.contains(mentions), error.message, line: line) }
        }
    }

    private func assertDiagnostics(_ parsed: ParsedDocument, _ expected: [(Diagnostic.Severity, String, String)],
                                   ordered: Bool = true, line: UInt = #line) {
        let got = parsed.diagnostics.map { "\($0.severity) \($0.code) \($0.path)" }
        let want = expected.map { "\($0.0) \($0.1) \($0.2)" }
        if ordered {
            XCTAssertEqual(got, want, line: line)
        } else {
            XCTAssertEqual(got.sorted(), want.sorted(), line: line)
        }
    }
}
