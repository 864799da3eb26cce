import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchMutants
import LinkMatchTestData
import XCTest

/// Each check passes on correct code and fails on a planted mistake.
final class CheckTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    // MARK: differential

    func testDifferentialPassesOnAgreeingEngines() throws {
        let c = PartCase(pattern: "/buy/?*", kind: .path, text: "/buy/")
        XCTAssertNil(DifferentialCheck.check(c, engines: .standard))
    }

    func testDifferentialFailsOnAPlantedMistake() throws {
        let c = PartCase(pattern: "/buy/?*", kind: .path, text: "/buy/")
        let engines = Engines(reference: ReferenceEngine(), candidate: try XCTUnwrap(Mutants.named("qstar-as-star")))
        let failure = try XCTUnwrap(DifferentialCheck.check(c, engines: engines))
        XCTAssertEqual(failure.target, .differential)
        XCTAssertTrue(failure.summary.contains("not_matched") && failure.summary.contains("matched"), failure.summary)
        // The readable twin names the pattern and both answers, and encodes back to the same case.
        XCTAssertTrue(failure.readable.contains(#""pattern": "/buy/?*""#), failure.readable)
        XCTAssertTrue(failure.readable.contains("mutant:qstar-as-star"), failure.readable)
        let bytes = try Checks.encodeSeed(.differential, readableJSON: failure.readable)
        XCTAssertEqual(PartCase(bytes: bytes), c)
        XCTAssertNotNil(Checks.run(.differential, bytes, engines: engines))
    }

    func testAnUndecidedReferenceStillNeedsAnAnswerFromTheCandidate() {
        let c = PartCase(pattern: "*a*a*a*b", kind: .plain, text: String(repeating: "a", count: 60))
        let starved = ReferenceEngine(budget: 10)
        XCTAssertEqual(starved.matchPart(c.request), .undecided)
        XCTAssertNil(DifferentialCheck.check(c, engines: Engines(reference: starved, candidate: ReferenceEngine())))
        XCTAssertNotNil(DifferentialCheck.check(c, engines: Engines(reference: starved, candidate: starved)),
                        "a candidate must never answer undecided (M1)")
    }

    // MARK: document

    func documentCase(_ aasa: String, urls: [String]) throws -> DocumentCase {
        DocumentCase(aasa: try JSONParser.parse(Array(aasa.utf8)), domain: "example.com", appIDs: [app], urls: urls)
    }

    func testDocumentPassesOnAgreeingEngines() throws {
        let c = try documentCase(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/help/*","exclude":true},{"/":"*"}]}]}}"#,
                                 urls: ["https://example.com/help/x", "https://example.com/buy", "https://other.example/", "not a url"])
        XCTAssertNil(DocumentCheck.check(c, engines: .standard))
    }

    func testDocumentFailsOnAPlantedMistake() throws {
        let c = try documentCase(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/help/*","exclude":true},{"/":"*"}]}]}}"#,
                                 urls: ["https://example.com/buy", "https://example.com/help/x"])
        let engines = Engines(reference: ReferenceEngine(), candidate: try XCTUnwrap(Mutants.named("exclude-ignored")))
        let failure = try XCTUnwrap(DocumentCheck.check(c, engines: engines))
        XCTAssertTrue(failure.summary.contains("https://example.com/help/x"), failure.summary)
        XCTAssertTrue(failure.readable.contains(#""outcome": "exclude""#), failure.readable)
        XCTAssertEqual(DocumentCase(bytes: try Checks.encodeSeed(.document, readableJSON: failure.readable)), c)
    }

    /// Both loaders refusing a file for the same reason is agreement; one refusing what the other
    /// accepts, or refusing it for another reason, is a finding.
    func testDocumentComparesRejections() throws {
        let notAnObject = try documentCase(#"["applinks"]"#, urls: ["https://example.com/a"])
        XCTAssertNil(DocumentCheck.check(notAnObject, engines: .standard))

        let accepting = Engines(reference: ReferenceEngine(), candidate: try XCTUnwrap(Mutants.named("reference-loader-accepts-any-top-level")))
        let failure = try XCTUnwrap(DocumentCheck.check(notAnObject, engines: accepting))
        XCTAssertTrue(failure.summary.contains("reference rejects the file") && failure.summary.contains("top-level-not-object"), failure.summary)
        XCTAssertTrue(failure.summary.contains("accepts it"), failure.summary)
        XCTAssertTrue(failure.readable.contains(#""reference": "rejected: top-level-not-object""#), failure.readable)
        XCTAssertTrue(failure.readable.contains(#""mutant:reference-loader-accepts-any-top-level": "accepted""#), failure.readable)

        // Another code: a candidate whose loader calls every file too complex.
        let refusing = Engines(reference: ReferenceEngine(), candidate: RefusingEngine())
        let other = try XCTUnwrap(DocumentCheck.check(notAnObject, engines: refusing))
        XCTAssertTrue(other.summary.contains("[top-level-not-object]") && other.summary.contains("[too-complex]"), other.summary)
        let fine = try documentCase(#"{"applinks":{}}"#, urls: ["https://example.com/a"])
        XCTAssertNotNil(DocumentCheck.check(fine, engines: refusing))
    }

    struct RefusingEngine: MatchEngine {
        var name: String { "refusing" }
        func prepare(_ document: AASADocument) -> any PreparedDocument { CompiledEngine().prepare(document) }
        func matchPart(_ request: PartRequest) -> PartVerdict { CompiledEngine().matchPart(request) }
        func load(_ bytes: [UInt8]) throws(DocumentLoadError) -> any PreparedDocument {
            throw DocumentLoadError(code: "too-complex", message: "always")
        }
    }

    func testDocumentComparesTracesNotJustOutcomes() throws {
        // An engine that names the wrong deciding rule but gets the outcome right is still caught.
        let wrongTrace = MutantEngine(name: "wrong-trace", document: { d in
            var d = d
            d.entries = d.entries.map { e in var e = e; e.rules = e.rules.map { r in var r = r; r.sourcePath += "!"; return r }; return e }
            return d
        })
        // MutantEngine maps traces back to the original rule, so plant the mistake after it instead.
        struct Renaming: MatchEngine {
            var name: String { "renaming" }
            func matchPart(_ request: PartRequest) -> PartVerdict { ReferenceEngine().matchPart(request) }
            func prepare(_ document: AASADocument) -> any PreparedDocument { P(inner: ReferenceEngine().prepare(document)) }
            struct P: PreparedDocument {
                let inner: any PreparedDocument
                func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision {
                    var d = inner.decide(url, appID: appID, domain: domain)
                    d.rule?.parts.removeLast()
                    return d
                }
            }
        }
        let c = try documentCase(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"*"}]}]}}"#, urls: ["https://example.com/a"])
        XCTAssertNil(DocumentCheck.check(c, engines: Engines(reference: ReferenceEngine(), candidate: wrongTrace)))
        let failure = try XCTUnwrap(DocumentCheck.check(c, engines: Engines(reference: ReferenceEngine(), candidate: Renaming())))
        XCTAssertTrue(failure.summary.contains("traces differ"), failure.summary)
    }

    // MARK: percent-encoding

    func testPercentEncodingPassesOnPercentCoding() {
        for s in ["", "abc", "a b/c?d", "é", "😀", "%", "%4", "%G1", "%C3%A9", "%c3%a9", "%C3", "%FF", "%00", "%EF%BB%BFa",
                  "\u{FEFF}x", "e\u{301}", "%2F%2f", "a%", "~-._", "%41"] {
            XCTAssertNil(PercentEncodingCheck.problem(s), s.debugDescription)
        }
    }

    func testPercentEncodingFindsAnEncoderWithLowercaseHex() {
        var codec = PercentEncodingCheck.Codec.standard
        codec.encode = { PercentCoding.encode($0).lowercased() }
        XCTAssertNotNil(PercentEncodingCheck.problem("é", codec: codec))
        XCTAssertNil(PercentEncodingCheck.problem("abc", codec: codec), "nothing to encode, nothing to see")
    }

    func testPercentEncodingFindsAWrongInvalidEscapeOffset() {
        var codec = PercentEncodingCheck.Codec.standard
        codec.decodeStrict = { (s: String) throws(PercentCoding.DecodingError) -> String in
            do throws(PercentCoding.DecodingError) {
                return try PercentCoding.decodeStrict(s)
            } catch {
                if case .invalidEscape(let offset) = error { throw .invalidEscape(offset: offset + 1) }
                throw error
            }
        }
        let problem = PercentEncodingCheck.problem("ab%zz", codec: codec)
        XCTAssertTrue(problem?.contains("first one is at 2") == true, problem ?? "nil")
    }

    func testPercentEncodingFindsALenientDecoderThatDisagrees() {
        var codec = PercentEncodingCheck.Codec.standard
        codec.decodeLenient = { PercentCoding.decodeLenient($0.replacingOccurrences(of: "%20", with: "+")) }
        XCTAssertNotNil(PercentEncodingCheck.problem("a%20b", codec: codec))
    }

    func testPercentEncodingInvalidEscapeScanIsIndependentAndRight() {
        XCTAssertNil(PercentEncodingCheck.firstInvalidEscape(Array("a%41%c3%A9".utf8)))
        XCTAssertEqual(PercentEncodingCheck.firstInvalidEscape(Array("%4".utf8)), 0)
        XCTAssertEqual(PercentEncodingCheck.firstInvalidEscape(Array("a%41%".utf8)), 4)
        XCTAssertEqual(PercentEncodingCheck.firstInvalidEscape(Array("%%41".utf8)), 0)
        XCTAssertEqual(PercentEncodingCheck.firstInvalidEscape(Array("%4g".utf8)), 0)
    }

    // MARK: parser

    func testParserPassesOnRealShapes() throws {
        for file in [#"{"applinks":{"details":[{"appID":"A","appIDs":["B","A"],"paths":["/a/*","NOT /b"]}]}}"#,
                     ##"{"applinks":{"defaults":{"caseSensitive":false,"comment":"x"},"substitutionVariables":{"v":["a","*"]},"details":{"T.app":{"components":[{"?":{"q":"1","r":5}},7,{"#":"f","exclude":true,"percentEncoded":false}]}}}}"##,
                     "[1]", "{", #"{"applinks":{}}"#, "\u{FEFF}{}"] {
            XCTAssertNil(ParserCheck.problem(Array(file.utf8)), file)
        }
        XCTAssertNil(ParserCheck.problem([0xFF, 0xFE, 0x00]))
    }

    func testParserFindsASerializerThatDropsExclude() {
        let dropsExclude: ParserCheck.Serializer = { d in
            var d = d
            for e in d.entries.indices { for r in d.entries[e].rules.indices { d.entries[e].rules[r].fields.exclude = nil } }
            return DocumentSerializer.json(d)
        }
        let file = Array(#"{"applinks":{"details":[{"appIDs":["A"],"components":[{"/":"/a","exclude":true}]}]}}"#.utf8)
        XCTAssertNil(ParserCheck.problem(file))
        XCTAssertEqual(ParserCheck.problem(file, serializer: dropsExclude), "serialize -> parse changed the document")
    }

    func testParserCheckReachesDeepCode() {
        // Most generated parser inputs still parse (damage is light), so the round trip runs often.
        var parsed = 0
        var g = SeededBytes(seed: 11)
        for _ in 0..<500 {
            let c = ParserCase(bytes: g.next(maxCount: 500))
            if let doc = try? AASADocument.parse(c.file).document, !doc.entries.isEmpty { parsed += 1 }
        }
        XCTAssertGreaterThan(parsed, 150, "only \(parsed) of 500 generated files parse to a document with entries")
    }

    // MARK: metamorphic

    func testMetamorphicPassesOnBothEngines() {
        let cases = [
            PartCase(pattern: "/A/$(v)/*", kind: .path, text: "/a/X1/b", caseSensitive: false, variables: [("v", ["x?", "y*"])]),
            PartCase(pattern: "$(lang)_?*", kind: .plain, text: "en_US"),
            PartCase(pattern: "caf?", kind: .path, text: "cafe", percentEncoded: false),
        ]
        for c in cases {
            XCTAssertNil(MetamorphicCheck.check(c, engines: .standard), "\(c)")
        }
    }

    func testMetamorphicFindsAnEngineWhereTrailingSlashesMatter() throws {
        let mutant = try XCTUnwrap(Mutants.named("trailing-slash-significant"))
        let problem = MetamorphicCheck.problem(PartCase(pattern: "/a", kind: .path, text: "/a"), engine: mutant)
        XCTAssertTrue(problem?.contains("N2") == true, problem ?? "nil")
    }

    func testMetamorphicFindsAnEngineThatDoesNotFoldTheText() throws {
        let mutant = try XCTUnwrap(Mutants.named("fold-pattern-only"))
        let problem = MetamorphicCheck.problem(PartCase(pattern: "abc", kind: .plain, text: "abc", caseSensitive: false), engine: mutant)
        XCTAssertTrue(problem?.contains("case") == true, problem ?? "nil")
    }

    func testMetamorphicFindsAWrongVariableValueReading() throws {
        let mutant = try XCTUnwrap(Mutants.named("star-in-value-literal"))
        let c = PartCase(pattern: "$(v)", kind: .plain, text: "abc", variables: [("v", ["a*"])])
        let problem = MetamorphicCheck.problem(c, engine: mutant)
        XCTAssertTrue(problem?.contains("V1") == true, problem ?? "nil")
    }

    func testMetamorphicFindsAnEngineWhereStarDoesNotMatchEverything() {
        let broken = MutantEngine(name: "star-needs-one", request: { r in var r = r; if r.pattern == "*" { r.pattern = "?*" }; return r })
        let problem = MetamorphicCheck.problem(PartCase(pattern: "a", kind: .plain, text: ""), engine: broken)
        XCTAssertTrue(problem?.contains("P1") == true, problem ?? "nil")
    }

    /// M-var substitutes every value while the substituted patterns are cheap to run, and a sample
    /// (one way) once their cost, (pattern size with values expanded) x (text length + 1) summed
    /// over the values, is over `maxSubstitutionCost`.
    func testMetamorphicSubstitutesEveryValueOnlyWhileCheap() throws {
        // "a" + one digit against a 2-character text: 10 x (1 + 1) x 3 = 60.
        let cheap = try XCTUnwrap(MetamorphicCheck.Substitutions(PartCase(pattern: "a$(digit)", kind: .plain, text: "a5")))
        XCTAssertTrue(cheap.exhaustive)
        XCTAssertEqual(cheap.patterns.map(\.text), (0...9).map { "a\($0)" })

        // Ten `$(v)` (4 values of 10 characters: 40 each, 410 with their elements) against 200
        // characters: 10 x (410 + 1) x 201 = 826,110, about 8 times the bound: 1 value, one way.
        let values = (0..<4).map { String(repeating: "*", count: 9) + "\($0)" }
        let pattern = "$(digit)" + String(repeating: "$(v)", count: 10)
        let costly = PartCase(pattern: pattern, kind: .plain, text: String(repeating: "x", count: 200), variables: [("v", values)])
        let sampled = try XCTUnwrap(MetamorphicCheck.Substitutions(costly))
        XCTAssertEqual(sampled.name, "digit")
        XCTAssertFalse(sampled.exhaustive)
        XCTAssertEqual(sampled.patterns.count, 1)
        XCTAssertEqual(sampled.patterns.first?.text, "0" + String(repeating: "$(v)", count: 10))

        // The same with a short text: 10 x 411 x 6 = 24,660, within the bound: every value.
        let short = try XCTUnwrap(MetamorphicCheck.Substitutions(PartCase(pattern: pattern, kind: .plain, text: "xxxxx",
                                                                           variables: [("v", values)])))
        XCTAssertTrue(short.exhaustive)
        XCTAssertEqual(short.patterns.count, 10)
    }

    // MARK: all targets

    func testChecksAreDeterministicAndPassOnTheStandardEngines() {
        var g = SeededBytes(seed: 99)
        // The default tier (TestTier) checks the first 30 of the same seeded sequence.
        for _ in 0..<TestTier.budget(sample: 30, full: 100) {
            let bytes = g.next(maxCount: 400)
            for target in FuzzTarget.allCases {
                let first = Checks.run(target, bytes)
                XCTAssertNil(first, first?.description ?? "")
                XCTAssertEqual(Checks.readable(target, bytes), Checks.readable(target, bytes))
            }
        }
    }

    func testEmptyAndTinyInputsNeverTrap() {
        for bytes: [UInt8] in [[], [0], [255], [255, 255, 255], Array(repeating: 255, count: 64), Array(0...255)] {
            for target in FuzzTarget.allCases {
                XCTAssertNil(Checks.run(target, bytes), "\(target) \(bytes.prefix(4))")
                XCTAssertFalse(Checks.readable(target, bytes).isEmpty)
            }
        }
    }
}

extension CheckTests {
    /// Foundation on Linux decodes a lone %A9 to U+FFFD where decodeStrict reports invalid UTF-8.
    func testPercentEncodingAllowsFoundationsReplacementCharacter() {
        XCTAssertNil(PercentEncodingCheck.problem("%A9"))
        XCTAssertNil(PercentEncodingCheck.problem("a%A9%A9b"))
        var codec = PercentEncodingCheck.Codec.standard
        codec.decodeLenient = { PercentCoding.decodeLenient($0).replacingOccurrences(of: "\u{FFFD}", with: "?") }
        XCTAssertNotNil(PercentEncodingCheck.problem("%A9", codec: codec), "Foundation and decodeLenient must still agree")
    }
}

extension CheckTests {
    /// Two traces that are canonically equivalent but not the same scalars still differ.
    func testDocumentTellsDecomposedTextsApart() throws {
        struct Decomposing: MatchEngine {
            var name: String { "decomposing" }
            func matchPart(_ request: PartRequest) -> PartVerdict { ReferenceEngine().matchPart(request) }
            func prepare(_ document: AASADocument) -> any PreparedDocument { P(inner: ReferenceEngine().prepare(document)) }
            struct P: PreparedDocument {
                let inner: any PreparedDocument
                func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision {
                    var d = inner.decide(url, appID: appID, domain: domain)
                    if var rule = d.rule {
                        rule.parts = rule.parts.map { p in var p = p; p.texts = p.texts.map { t in
                            String(String.UnicodeScalarView(t.unicodeScalars.flatMap { $0 == "é" ? ["e", "\u{301}"] : [$0] }))
                        }; return p }
                        d.rule = rule
                    }
                    return d
                }
            }
        }
        let c = try documentCase(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/caf?","percentEncoded":false}]}]}}"#,
                                 urls: ["https://example.com/caf%C3%A9"])
        XCTAssertNil(DocumentCheck.check(c, engines: .standard))
        XCTAssertNotNil(DocumentCheck.check(c, engines: Engines(reference: ReferenceEngine(), candidate: Decomposing())))
    }
}
