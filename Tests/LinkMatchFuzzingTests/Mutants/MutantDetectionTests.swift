import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchMutants
import LinkMatchTestData
import XCTest

/// Proof that the harness catches bugs: for every planted mistake, and every reading of the spec it
/// hunts (`Mutants.readings`, from `LinkMatch.Readings`), the seeded generator reports a
/// disagreement with the reference within a fixed number of generated cases.
final class MutantDetectionTests: XCTestCase {
    /// Generated cases allowed per mutant, target and seed (the measured counts are printed).
    static let bound = 3000
    /// Each mutant is hunted from several seeds in the full tier, so one lucky seed cannot hide a weak
    /// generator; the default tier hunts from the first seed only (every mutant, every target that catches it).
    static let seeds: [UInt64] = TestTier.budget(sample: [1], full: [1, 2, 3])

    func testEveryMutantIsCaughtWithinTheBound() {
        XCTAssertGreaterThanOrEqual(Mutants.catalog.count, 8)
        XCTAssertEqual(Mutants.readings.count, 6)
        for mutant in Mutants.hunted {
            let engines = Engines(reference: ReferenceEngine(), candidate: mutant.engine)
            for target in mutant.caughtBy {
                var counts: [Int] = []
                for seed in Self.seeds {
                    let found = firstIndex(seed: seed, count: Self.bound, maxBytes: 500) { Checks.run(target, $0, engines: engines) != nil }
                    guard let found else {
                        XCTFail("mutant \(mutant.name) (\(mutant.mistake)) not caught by \(target.rawValue) within \(Self.bound) cases from seed \(seed)")
                        continue
                    }
                    counts.append(found + 1)
                }
                print("mutant \(mutant.name): caught by \(target.rawValue) after \(counts.map(String.init).joined(separator: ", ")) generated cases (seeds \(Self.seeds))")
            }
        }
    }

    func testMutantNamesAreUniqueAndEnginesAreNamedAfterThem() {
        let names = Mutants.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for mutant in Mutants.catalog {
            XCTAssertEqual(mutant.engine.name, "mutant:" + mutant.name)
            XCTAssertNotNil(Mutants.named(mutant.name))
            XCTAssertNil(Readings.named(mutant.name), "\(mutant.name) is both a planted mistake and a reading")
        }
        for mutant in Mutants.readings {
            XCTAssertEqual(mutant.engine.name, "reading:" + mutant.name)
            XCTAssertNotNil(Mutants.named(mutant.name))
        }
    }

    /// Each mutant really is wrong on a hand-made case (so the catch above is not luck).
    func testEachMutantIsWrongOnAKnownCase() throws {
        func part(_ name: String, _ request: PartRequest, file: StaticString = #filePath, line: UInt = #line) throws {
            let mutant = try XCTUnwrap(Mutants.named(name))
            XCTAssertNotEqual(mutant.matchPart(request), ReferenceEngine().matchPart(request), name, file: file, line: line)
        }
        try part("qstar-as-star", PartRequest(pattern: "a?*", kind: .plain, text: "a"))
        try part("fold-pattern-only", PartRequest(pattern: "abc", kind: .plain, text: "ABC", caseSensitive: false))
        try part("no-parent-path", PartRequest(pattern: "/buy/*", kind: .path, text: "/buy"))
        try part("decode-when-percent-encoded", PartRequest(pattern: "a b", kind: .plain, text: "a%20b"))
        try part("star-in-value-literal", PartRequest(pattern: "$(v)", kind: .plain, text: "abc",
                                                      variables: VariableTable(custom: [("v", ["a*"])])))
        try part("off-by-one-at-end", PartRequest(pattern: "abc", kind: .plain, text: "abc"))
        try part("trailing-slash-significant", PartRequest(pattern: "/a", kind: .path, text: "/a/"))
        try part("question-counts-utf8-bytes", PartRequest(pattern: "?", kind: .plain, text: "%C3%A9", percentEncoded: false))
        try part("fold-ascii-only", PartRequest(pattern: "É", kind: .plain, text: "é", caseSensitive: false))
        try part("lowercase-hex-not-decoded", PartRequest(pattern: "é", kind: .plain, text: "%c3%a9", percentEncoded: false))
        try part("predefined-beats-custom", PartRequest(pattern: "$(digit)", kind: .plain, text: "x",
                                                        variables: VariableTable(custom: [("digit", ["x"])])))
        try part("pattern-limit-1024", PartRequest(pattern: "$(lang)", kind: .plain, text: "en"))

        func decision(_ name: String, _ json: String, _ url: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let document = try AASADocument.parse(json: json).document
            let mutant = try XCTUnwrap(Mutants.named(name))
            let u = try ParsedURL(url)
            let app = "ABCDE12345.com.example.app"
            XCTAssertNotEqual(mutant.prepare(document).decide(u, appID: app, domain: "example.com"),
                              ReferenceEngine().prepare(document).decide(u, appID: app, domain: "example.com"), name, file: file, line: line)
        }
        try decision("first-query-item-only", #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"?":{"a":"1"}}]}]}}"#,
                     "https://example.com/?a=1&a=2")
        try decision("ignore-applinks-defaults", #"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/A"}]}]}}"#,
                     "https://example.com/a")
        try decision("exclude-ignored", #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"paths":["NOT /a"]}]}}"#,
                     "https://example.com/a")
        try decision("appid-beside-appids-counted", #"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.app","appIDs":[],"components":[{"/":"/a"}]}]}}"#,
                     "https://example.com/a")
        try decision("paths-beside-components-used", #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a"}],"paths":["/b"]}]}}"#,
                     "https://example.com/b")
        try decision("dictionary-details-ignored", #"{"applinks":{"details":{"ABCDE12345.com.example.app":{"paths":["/a"]}}}}"#,
                     "https://example.com/a")
        try decision("entry-defaults-ignored", #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"defaults":{"exclude":true},"paths":["/a"]}]}}"#,
                     "https://example.com/a")
        try decision("item-value-ends-at-second-equals", #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"?":{"t":"a=b"}}]}]}}"#,
                     "https://example.com/?t=a=b")
    }

    /// The loader mutants really are wrong on a hand-made file: each loads what the right loaders
    /// (the reference's own and the compiled side's) both reject.
    func testEachLoaderMutantIsWrongOnAKnownFile() throws {
        func accepted(_ engine: any MatchEngine, _ bytes: [UInt8]) -> Bool { (try? engine.load(bytes)) != nil }
        func wrong(_ name: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let bytes = Array(text.utf8)
            XCTAssertFalse(accepted(ReferenceEngine(), bytes), name, file: file, line: line)
            XCTAssertFalse(accepted(CompiledEngine(), bytes), name, file: file, line: line)
            XCTAssertTrue(accepted(try XCTUnwrap(Mutants.named(name)), bytes), name, file: file, line: line)
        }
        // 31 paths of forty `$(lang)` (1,712 elements each): 2,122,880 > 2,097,152. Counted once per
        // pattern, each path is 40 + 1,711.
        let path = String(repeating: "$(lang)", count: 40)
        let components = Array(repeating: #"{"/":"\#(path)"}"#, count: 31).joined(separator: ",")
        try wrong("p5-total-once-per-variable", #"{"applinks":{"details":[{"appIDs":["T.a"],"components":[\#(components)]}]}}"#)
        try wrong("reference-loader-accepts-any-top-level", #"["applinks"]"#)
    }

    /// The metamorphic target needs no second engine: it catches some mutants on their own.
    func testMetamorphicRelationsCatchSomeMutantsWithoutAReference() throws {
        for name in ["trailing-slash-significant", "fold-pattern-only", "star-in-value-literal"] {
            let mutant = try XCTUnwrap(Mutants.named(name))
            let found = firstIndex(seed: 2, count: Self.bound, maxBytes: 500) { Checks.run(.metamorphic, $0, engines: .only(mutant)) != nil }
            XCTAssertNotNil(found, name)
            print("mutant \(name): caught by metamorphic alone after \(found.map { $0 + 1 } ?? -1) cases")
        }
    }
}
