import XCTest
import LinkMatch
import LinkMatchRandom
import LinkMatchTestData

/// Hostile and broken input (SPEC.md D1, D10, P3, U4, M1): every case ends in a typed error or a
/// decision, never a crash or a hang, through every engine of the suite. No timing asserts:
/// returning at all is the check.
final class EngineBadInputTests: XCTestCase {
    static let app = "ABCDE12345.com.example.app"

    // MARK: Malformed JSON

    func testMalformedJSONIsATypedError() {
        let broken = [
            "", " ", "\n\t", "{", "}", "[", "]", "{]", "[}", "{\"a\"}", "{\"a\":}", "{\"a\" 1}", "{:1}", "{1:2}",
            "{\"a\":1,}", "[1,]", "[,1]", "{,}", "{\"a\":1,,\"b\":2}", "{'a':1}", "{a:1}", "{\"a\":01}", "{\"a\":1.}",
            "{\"a\":.5}", "{\"a\":-}", "{\"a\":1e}", "{\"a\":+1}", "{\"a\":0x10}", "{\"a\":tru}", "{\"a\":True}", "{\"a\":nul}",
            "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"\\uZZZZ\"}",
            "{\"a\":\"\\uD800\"}", "{\"a\":\"\\uDC00\\uD800\"}", "{\"a\":\"x\ny\"}", "{\"a\":\"tab\there\"}", "{\"a\":\"open}",
            "{\"a\":1}}", "{\"a\":1} x", "{} {}", "/* comment */ {}", "// c\n{}", "{\"a\":1 \"b\":2}", "{\"a\"::1}",
            "\u{FEFF}\u{FEFF}{}", "{\"applinks\": {\"details\": [{\"appIDs\": [\"x\"], \"components\": [{\"/\": \"/a\"},]}]}}",
        ]
        for text in broken {
            assertLoadError(Array(text.utf8), codes: ["invalid-json"], text.debugDescription)
        }
    }

    func testNonObjectTopLevelIsATypedError() {
        for text in ["[]", "[{\"applinks\": {}}]", "\"applinks\"", "42", "-0.5e3", "true", "false", "null"] {
            assertLoadError(Array(text.utf8), codes: ["top-level-not-object"], text)
        }
    }

    func testRealWorldTrailingCommaFileIsRejected() throws {
        let bytes = try RealWorldFiles.bytes("5calls__5calls__well-known-2020-trailing-comma.json")
        assertLoadError(bytes, codes: ["invalid-json"], "5calls 2020")
    }

    func testInvalidUTF8IsATypedError() {
        let prefix = Array(##"{"applinks": {"details": [{"appIDs": [""##.utf8)
        let suffix = Array(##""], "components": [{}]}]}}"##.utf8)
        let badSequences: [[UInt8]] = [
            [0xFF], [0xFE], [0x80], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xE2, 0x28, 0xA1], [0xF0, 0x9F, 0x91],
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
        ]
        for bad in badSequences {
            assertLoadError(prefix + bad + suffix, codes: ["invalid-json"], "in a string: \(bad)")
            assertLoadError(bad + Array("{}".utf8), codes: ["invalid-json"], "before the value: \(bad)")
        }
        assertLoadError([0xEF, 0xBB], codes: ["invalid-json"], "half a byte order mark")
    }

    func testMalformedSignedEnvelopeIsATypedError() {
        let starts: [[UInt8]] = [[0x30], [0x30, 0x00], [0x30, 0x80], [0x30, 0x82, 0xFF, 0xFF], [0x30, 0x84, 0x7F, 0xFF, 0xFF, 0xFF],
                                 [0x30, 0x03, 0x06, 0x01, 0x00], [0x30, 0x06, 0x06, 0x04, 0x2A, 0x86, 0x48, 0x86]]
        for bytes in starts {
            assertLoadError(bytes, codes: ["invalid-json", "top-level-not-object"], "\(bytes)")
            assertLoadError(bytes + Array(repeating: 0x41, count: 100), codes: ["invalid-json", "top-level-not-object"], "\(bytes) + padding")
        }
    }

    // MARK: Limits

    func testFiftyMegabyteFileIsTooLarge() {
        // A real document padded with spaces: rejected on its size before any parsing (D1).
        var bytes = Array(##"{"applinks": {"details": []}}"##.utf8)
        bytes += Array(repeating: UInt8(ascii: " "), count: 50 * 1024 * 1024)
        assertLoadError(bytes, codes: ["file-too-large"], "50 MB")
        // Also when it would otherwise be read as a signed envelope.
        bytes[0] = 0x30
        assertLoadError(bytes, codes: ["file-too-large"], "50 MB envelope")
    }

    func testTenThousandDeepNestingIsTooDeep() {
        let depth = 10_000
        let arrays = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
        assertLoadError(arrays, codes: ["too-deep"], "arrays")
        let objects = Array(String(repeating: ##"{"a":"##, count: depth).utf8) + Array("1".utf8) + Array(repeating: UInt8(ascii: "}"), count: depth)
        assertLoadError(objects, codes: ["too-deep"], "objects")
        let unclosed = Array(##"{"applinks": "##.utf8) + Array(repeating: UInt8(ascii: "["), count: depth)
        assertLoadError(unclosed, codes: ["too-deep"], "unclosed")
        let inComponent = Array(##"{"applinks": {"details": [{"appIDs": ["x"], "components": [{"/": "##.utf8)
            + Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth) + Array("}]}]}}".utf8)
        assertLoadError(inComponent, codes: ["too-deep"], "inside a component")
    }

    // MARK: Wrong types at every level (D10)

    /// Every value in a full document, replaced in turn by a value of each JSON type: the file still
    /// loads and every URL gets a decision.
    func testWrongTypesAtEveryLevel() throws {
        let template = try AASADocument.parse(json: ##"""
        {"applinks": {"apps": [], "defaults": {"caseSensitive": false, "#": "*"},
          "substitutionVariables": {"v": ["a", "b*"]},
          "details": [{"appIDs": ["ABCDE12345.com.example.app"], "appID": "ABCDE12345.com.example.app",
                       "defaults": {"percentEncoded": true},
                       "components": [{"/": "/no/*", "exclude": true},
                                      {"/": "/$(v)/*", "?": {"q": "?*"}, "#": "*", "exclude": false, "caseSensitive": false, "percentEncoded": true, "comment": "c"}],
                       "paths": ["NOT /x", "*"]},
                      {"appIDs": ["ABCDE12345.com.example.app"], "paths": ["NOT /x", "*"]}]},
         "webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}
        """##).json
        let urls = try ["https://example.com/A/x?q=1", "https://example.com/no/1", "https://example.com/x", "https://example.com/bcd/e?q"].map { try ParsedURL($0) }
        // The unbroken template decides as written (so the sweep below exercises real matching).
        for engine in EngineSuite.engines {
            let baseline = try decisions(of: Array(template.serialized().utf8), urls, engine: engine)
            XCTAssertEqual(baseline, [.match, .exclude, .exclude, .match],
                           "\(engine.name): the last URL fails entry 0 (q has no value) and falls to entry 1 (D7)")
        }

        let replacements: [JSONValue] = [.null, .bool(true), .bool(false), .number("0"), .number("-1.5e300"), .string(""), .string("$("),
                                         .array([]), .array([.null]), .array([.number("1"), .string("x")]),
                                         .object(JSONObject()), .object(JSONObject([JSONMember(key: "/", value: .number("1"))]))]
        var count = 0
        for replacement in replacements {
            for mutated in Self.everyReplacement(in: template, by: replacement) {
                count += 1
                let bytes = Array(mutated.serialized().utf8)
                do {
                    for engine in EngineSuite.engines {
                        let outcomes = try decisions(of: bytes, urls, engine: engine)
                        XCTAssertFalse(outcomes.contains(.undecided), "\(engine.name): \(mutated.serialized())")
                    }
                } catch let error as DocumentLoadError {
                    // Only replacing the whole file can make it something other than an object. A file
                    // starting with the byte 0x30 ("0") is read as a signed envelope (D2), hence invalid-json.
                    XCTAssertEqual(mutated, replacement)
                    XCTAssertTrue(["top-level-not-object", "invalid-json"].contains(error.code), mutated.serialized())
                }
            }
        }
        XCTAssertGreaterThan(count, 500, "the sweep reaches every level")
    }

    // MARK: Huge and pathological patterns

    func testHugePatterns() throws {
        let longText = String(repeating: "a", count: 10_000)
        // Each pattern is used for the path, a query item and the fragment; the expected outcome is
        // for the short URL /b (no query, no fragment).
        let patterns: [(String, Decision.Outcome)] = [
            (String(repeating: "*a", count: 10_000), .noMatch),
            (String(repeating: "?", count: 10_001), .noMatch),
            (String(repeating: "*", count: 10_000), .match),
            (String(repeating: "a*", count: 10_000) + "b", .noMatch),
            ("/" + String(repeating: "/", count: 10_000) + "*", .noMatch), // the path matches (N1); the query item "" does not
            (String(repeating: "\u{54C8}", count: 10_000), .noMatch),
        ]
        for (pattern, shortOutcome) in patterns {
            let json = JSONValue.object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject([JSONMember(key: "details", value: .array([
                .object(JSONObject([JSONMember(key: "appIDs", value: .array([.string(Self.app)])),
                                    JSONMember(key: "components", value: .array([.object(JSONObject([
                                        JSONMember(key: "/", value: .string(pattern)),
                                        JSONMember(key: "?", value: .object(JSONObject([JSONMember(key: "q", value: .string(pattern))]))),
                                        JSONMember(key: "#", value: .string(pattern)),
                                    ]))]))]))]))])))]))
            for engine in EngineSuite.engines {
                let outcomes = try decisions(of: Array(json.serialized().utf8),
                                             [try ParsedURL("https://example.com/" + longText + "?q=" + longText + "#" + longText),
                                              try ParsedURL("https://example.com/b")], engine: engine)
                XCTAssertEqual(outcomes.count, 2)
                XCTAssertEqual(outcomes.last, shortOutcome, "\(engine.name): the short URL, pattern \(pattern.prefix(8))…")
            }
        }
    }

    func testHugePatternAtThePartLevel() {
        // Exactly linear cases must still be decided, not just given up on.
        let text = String(repeating: "a", count: 10_000)
        for engine in EngineSuite.engines {
            let e = engine.name
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: String(repeating: "?", count: 10_000), kind: .plain, text: text)), .matched, e)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: String(repeating: "?", count: 10_001), kind: .plain, text: text)), .notMatched, e)
            XCTAssertEqual(engine.matchPart(PartRequest(pattern: text + "*", kind: .path, text: "/" + text + "/")), .matched, e)
            let hard = engine.matchPart(PartRequest(pattern: String(repeating: "*a", count: 10_000) + "b", kind: .plain, text: text))
            XCTAssertTrue([.notMatched, .undecided].contains(hard), "\(e): \(hard)")
        }
    }

    // MARK: Long URLs

    func testTenThousandCharacterURLs() throws {
        let doc = ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*", "?": {"k": "v"}}, {"/": "/*", "percentEncoded": false, "#": "?*"}, {"?": "*&z=1"}]}]}}"##
        let path = "/" + String(repeating: "a/", count: 5_000)
        let query = String(repeating: "k=v&", count: 2_500)
        let urls = [
            ("https://example.com" + path + "?" + query, Decision.Outcome.match),                 // rule 0: every k is v
            ("https://example.com" + path + "?" + query + "k=w", .noMatch),                        // one k differs; no fragment; query does not end in &z=1
            ("https://example.com/" + String(repeating: "\u{E9}", count: 10_000) + "#x", .match),  // U4 encodes 60,000 bytes; rule 1
            ("https://example.com/b?" + query + "z=1", .match),                                     // rule 2
            ("https://example.com/b#" + String(repeating: "#", count: 10_000), .match),             // rule 1
        ]
        let parsed = try AASADocument.parse(json: doc).document
        for engine in EngineSuite.engines {
            let prepared = engine.prepare(parsed)
            for (text, outcome) in urls {
                let url = try ParsedURL(text)
                XCTAssertEqual(prepared.decide(url, appID: Self.app, domain: "example.com").outcome, outcome, "\(engine.name) \(text.prefix(60))")
            }
        }
        // 10,000 broken escapes: a typed error at the first one.
        XCTAssertThrowsError(try ParsedURL("https://example.com/" + String(repeating: "%", count: 10_000))) { error in
            XCTAssertEqual((error as? URLParseError)?.kind, .invalidPercentEscape)
            XCTAssertEqual((error as? URLParseError)?.offset, 20)
        }
        // A 10,000-character host is just another host.
        let longHost = try ParsedURL("https://" + String(repeating: "h", count: 10_000) + ".example.com/a")
        for engine in EngineSuite.engines {
            XCTAssertEqual(engine.prepare(parsed).decide(longHost, appID: Self.app, domain: "example.com"), .noMatch(.host), engine.name)
        }
    }

    // MARK: Pathological variables

    /// A document whose variable holds values that are each a prefix of the next.
    static func prefixChainDocument(values count: Int, patterns: [String]) -> [UInt8] {
        let values = (1...count).map { JSONValue.string(String(repeating: "a", count: $0)) }
        let json = JSONValue.object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject([
            JSONMember(key: "substitutionVariables", value: .object(JSONObject([JSONMember(key: "v", value: .array(values))]))),
            JSONMember(key: "details", value: .array([.object(JSONObject([
                JSONMember(key: "appIDs", value: .array([.string(Self.app)])),
                JSONMember(key: "components", value: .array(patterns.map { .object(JSONObject([JSONMember(key: "/", value: .string($0))])) })),
            ]))])),
        ])))]))
        return Array(json.serialized().utf8)
    }

    static let prefixChainPatterns = ["/$(v)", "/$(v)$(v)b", "/$(v)*$(v)*$(v)", "/x$(v)", "/$(v)/*"]

    /// 1,000 values (500,500 scalars per reference): far over P5's limits, refused with a typed error.
    func testThousandValuesEachAPrefixOfTheNextIsTooComplex() {
        XCTAssertThrowsError(try AASADocument.parse(Self.prefixChainDocument(values: 1_000, patterns: Self.prefixChainPatterns))) { error in
            XCTAssertEqual((error as? DocumentLoadError)?.code, "too-complex")
        }
    }

    /// 300 values (45,150 scalars per reference): one reference fits P5, two or three do not.
    func testThreeHundredValuesEachAPrefixOfTheNext() throws {
        let parsed = try AASADocument.parse(Self.prefixChainDocument(values: 300, patterns: Self.prefixChainPatterns))
        XCTAssertEqual(parsed.document.variables.values(of: "v")?.count, 300)
        XCTAssertEqual(parsed.diagnostics.map(\.code), ["invalid-pattern", "invalid-pattern"], "rules 1 and 2 expand beyond 65,536")
        for engine in EngineSuite.engines {
            let prepared = engine.prepare(parsed.document)
            func outcome(_ path: String) throws -> Decision.Outcome {
                prepared.decide(try ParsedURL("https://example.com/" + path), appID: Self.app, domain: "example.com").outcome
            }
            XCTAssertEqual(try outcome(String(repeating: "a", count: 300)), .match, "\(engine.name): the longest value")
            XCTAssertEqual(try outcome(String(repeating: "a", count: 1)), .match, "\(engine.name): the shortest value")
            // No value ends in c, x is not an a: every rule fails or the budget runs out first; either
            // way the call returns.
            let hard = try outcome(String(repeating: "a", count: 599) + "c")
            XCTAssertTrue([.noMatch, .undecided].contains(hard), "\(engine.name): \(hard)")
            XCTAssertEqual(try outcome("b"), .noMatch, engine.name)
        }
    }

    func testVariableReferenceGarbage() throws {
        let garbage = [
            "$(", "$($($(", String(repeating: "$(", count: 5_000), String(repeating: "$()", count: 1_000), "$(a)$(", "$(a$(b))",
            "$(\u{0})x", "$(" + String(repeating: "x", count: 10_000), "$(" + String(repeating: "x", count: 10_000) + ")",
            ")$(", "$(()", "$())", "$(a)(b)$(", "*$(*)*", "?$(?)?",
        ]
        for pattern in garbage {
            let doc = JSONValue.object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject([
                JSONMember(key: "substitutionVariables", value: .object(JSONObject([
                    JSONMember(key: "$(", value: .array([.string("x")])), JSONMember(key: "", value: .array([.string("y")])),
                    JSONMember(key: "a)", value: .array([.string("$(a)")])),
                ]))),
                JSONMember(key: "details", value: .array([.object(JSONObject([
                    JSONMember(key: "appIDs", value: .array([.string(Self.app)])),
                    JSONMember(key: "components", value: .array([.object(JSONObject([JSONMember(key: "/", value: .string(pattern))]))])),
                ]))])),
            ])))]))
            let parsed = try AASADocument.parse(Array(doc.serialized().utf8))
            XCTAssertTrue(parsed.diagnostics.contains { $0.code == "invalid-pattern" || $0.code == "undefined-variable" }, pattern)
            // Each pattern is invalid (P3) or uses an undefined variable (P4): it can match nothing.
            for url in ["https://example.com/x", "https://example.com/" + PercentCoding.encode(pattern)] {
                for engine in EngineSuite.engines {
                    XCTAssertEqual(engine.prepare(parsed.document).decide(try ParsedURL(url), appID: Self.app, domain: ""),
                                   .noMatch(.noRuleMatched), "\(engine.name): \(pattern.prefix(20)) on \(url.prefix(40))")
                }
            }
        }
    }

    // MARK: The compiled engine on the same hostile input

    /// The compiled engine has no budget: on the inputs above it must still decide, and agree with
    /// the reference wherever the reference decided within its budget (M1).
    func testCompiledEngineDecidesHostileInput() throws {
        let text = String(repeating: "a", count: 10_000)
        let values = (1...1_000).map { String(repeating: "a", count: $0) }
        let cases: [(pattern: String, variables: VariableTable, path: String)] = [
            (String(repeating: "*a", count: 10_000), VariableTable(), "/" + text),
            (String(repeating: "*a", count: 10_000) + "b", VariableTable(), "/" + text),
            (String(repeating: "?", count: 10_001), VariableTable(), "/" + text),
            (String(repeating: "*", count: 10_000), VariableTable(), "/" + text),
            ("/" + String(repeating: "/", count: 10_000) + "*", VariableTable(), "/" + text),
            ("/$(v)$(v)b", VariableTable(custom: [(name: "v", values: values)]), "/" + String(repeating: "a", count: 1_999) + "c"),
            ("/$(v)*$(v)*$(v)", VariableTable(custom: [(name: "v", values: values)]), "/" + String(repeating: "a", count: 1_500)),
            ("/$(v)", VariableTable(custom: [(name: "v", values: values)]), "/" + String(repeating: "a", count: 1_000)),
        ]
        for c in cases {
            for kind in PartRequest.Kind.allCases {
                let request = PartRequest(pattern: c.pattern, kind: kind, text: c.path, variables: c.variables)
                let compiled = CompiledEngine().matchPart(request)
                XCTAssertNotEqual(compiled, .undecided, "\(c.pattern.prefix(12))… \(kind)")
                // A smaller budget keeps this test quick; agreement is only checked where it decides.
                let reference = ReferenceEngine(budget: 100_000).matchPart(request)
                if reference != .undecided {
                    XCTAssertEqual(compiled, reference, "\(c.pattern.prefix(12))… \(kind)")
                }
            }
        }
    }

    // MARK: Garbage URLs and bytes

    func testGarbageURLsGiveATypedErrorOrADecision() throws {
        let doc = try AASADocument.parse(json: ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*", "?": {"a": "*"}, "#": "*"}]}]}}"##).document
        let urls = [
            "", "https", "https:", "https:/", "https://", "https:///", "https://?", "https://#", "https://%", "https://%zz/",
            "https://[", "https://[]/", "https://[::1", "https://@", "https://@/", "https://:", "https://a:b:c/", "::::", "?#",
            "https://a:99999999999999999999999/", "\u{0}", "https://\u{0}/\u{0}?\u{0}#\u{0}", "https://e.com/%%%", "https://e.com/%E2%82",
            "https://e.com/?&&&=&==&a", "https://e.com/#%FF", "HTTPS://E.COM", "https://e.com:/", "a://b", "https://e.com/\u{FFFF}\u{10FFFF}",
            "https://" + String(repeating: "@", count: 5_000) + "e.com/", "https://" + String(repeating: "[", count: 5_000),
        ]
        let prepared = EngineSuite.engines.map { $0.prepare(doc) }
        var decided = 0
        for text in urls {
            guard let url = try? ParsedURL(text) else { continue }
            decided += 1
            for (engine, document) in zip(EngineSuite.engines, prepared) {
                XCTAssertNotEqual(document.decide(url, appID: Self.app, domain: "").outcome, .undecided, "\(engine.name) \(text)")
            }
        }
        XCTAssertGreaterThan(decided, 5)
        XCTAssertLessThan(decided, urls.count)
    }

    func testRandomBytesNeverCrashTheLoader() {
        // A fixed seed: the same bytes on every run (no randomness in results).
        var random = SplitMix64(seed: 0xBAD_5EED)
        func next() -> UInt8 {
            UInt8(truncatingIfNeeded: random.next() >> 56)
        }
        let alphabet = Array(##"{}[]",:"applinksdetails/?#*$()\ 0123456789truefalsenull"##.utf8) + [0x30, 0xFF, 0xC3, 0x00]
        var loaded = 0
        for length in 0..<400 {
            let bytes = (0..<length).map { _ in alphabet[Int(next()) % alphabet.count] }
            if let parsed = try? AASADocument.parse(bytes) {
                loaded += 1
                for engine in EngineSuite.engines {
                    _ = engine.prepare(parsed.document).decide(Self.anyURL, appID: Self.app, domain: "")
                }
            }
        }
        XCTAssertLessThan(loaded, 400)
    }

    // MARK: Helpers

    static let anyURL: ParsedURL = {
        guard let url = try? ParsedURL("https://example.com/a/b?q=1#f") else { preconditionFailure("fixed URL") }
        return url
    }()

    private func decisions(of bytes: [UInt8], _ urls: [ParsedURL], engine: any MatchEngine) throws -> [Decision.Outcome] {
        let parsed = try AASADocument.parse(bytes)
        let prepared = engine.prepare(parsed.document)
        return urls.map { prepared.decide($0, appID: Self.app, domain: "example.com").outcome }
    }

    private func assertLoadError(_ bytes: [UInt8], codes: Set<String>, _ label: String, line: UInt = #line) {
        do {
            let parsed = try AASADocument.parse(bytes)
            XCTFail("\(label): loaded, diagnostics \(parsed.diagnostics.map(\.code))", line: line)
        } catch {
            XCTAssertTrue(codes.contains(error.code), "\(label): \(error)", line: line)
            XCTAssertFalse(error.message.isEmpty, label, line: line)
        }
    }

    /// `root` with one value (a member's value or an array element, at any depth) replaced by
    /// `replacement`, once per position, plus the whole root replaced.
    static func everyReplacement(in root: JSONValue, by replacement: JSONValue) -> [JSONValue] {
        var out: [JSONValue] = [replacement]
        switch root {
        case .object(let object):
            for (i, member) in object.members.enumerated() {
                for inner in everyReplacement(in: member.value, by: replacement) {
                    var copy = object
                    copy.members[i].value = inner
                    out.append(.object(copy))
                }
            }
        case .array(let elements):
            for (i, element) in elements.enumerated() {
                for inner in everyReplacement(in: element, by: replacement) {
                    var copy = elements
                    copy[i] = inner
                    out.append(.array(copy))
                }
            }
        default:
            break
        }
        return out
    }
}
