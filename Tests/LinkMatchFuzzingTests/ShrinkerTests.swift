import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchMutants
import XCTest

final class ShrinkerTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    func testShrinksADocumentDisagreementToTheRuleThatMatters() throws {
        let aasa = try JSONParser.parse(Array(#"""
            {"applinks": {"defaults": {"caseSensitive": true},
             "substitutionVariables": {"v": ["a", "b"], "w": ["c"]},
             "details": [
               {"appIDs": ["OTHER12345.x"], "components": [{"/": "/x"}]},
               {"appIDs": ["\#(app)", "ABCDE12345.two"], "components": [
                 {"/": "/buy/*", "comment": "shop"},
                 {"/": "/help/*", "exclude": true, "#": "top"},
                 {"/": "/$(v)/*", "?": {"q": "?*", "r": "1"}}
               ]}
             ]}}
            """#.utf8))
        let c = DocumentCase(aasa: aasa, domain: "example.com", appIDs: [app, "ABCDE12345.two"],
                             urls: ["https://example.com/shop", "https://example.com/help/me?x=1#top", "https://example.com/buy/1"])
        let engines = Engines(reference: ReferenceEngine(), candidate: try XCTUnwrap(Mutants.named("exclude-ignored")))
        XCTAssertNotNil(DocumentCheck.check(c, engines: engines))
        var calls = 0
        let small = Shrinker.shrink(c) { calls += 1; return DocumentCheck.check($0, engines: engines) != nil }
        XCTAssertNotNil(DocumentCheck.check(small, engines: engines), "the shrunk case still fails")
        XCTAssertLessThanOrEqual(calls, Shrinker.defaultMaxSteps)
        XCTAssertEqual(small.urls.count, 1)
        XCTAssertEqual(small.appIDs.count, 1)
        let text = small.aasa.serialized()
        XCTAssertTrue(text.contains(#""exclude":true"#), text)
        XCTAssertFalse(text.contains("/buy"), text)
        XCTAssertFalse(text.contains("substitutionVariables"), text)
        XCTAssertFalse(text.contains("OTHER"), text)
        XCTAssertLessThan(text.count + small.urls[0].count, 120, "\(text) \(small.urls)")
        print("shrunk to \(text) \(small.urls) \(small.appIDs) in \(calls) steps")
    }

    func testShrinksAPartCaseCharacterByCharacter() throws {
        let c = PartCase(pattern: "/items/$(v)/?*/list", kind: .path, text: "/items/abc/x/list", caseSensitive: false,
                         percentEncoded: false, variables: [("v", ["abc", "d*"]), ("w", ["zz"])])
        let engines = Engines(reference: ReferenceEngine(), candidate: try XCTUnwrap(Mutants.named("off-by-one-at-end")))
        let small = Shrinker.shrink(c) { DifferentialCheck.check($0, engines: engines) != nil }
        XCTAssertNotNil(DifferentialCheck.check(small, engines: engines))
        XCTAssertTrue(small.variables.isEmpty, "\(small)")
        XCTAssertTrue(small.caseSensitive && small.percentEncoded, "flags go back to their defaults when they do not matter")
        XCTAssertLessThanOrEqual(small.pattern.unicodeScalars.count + small.text.unicodeScalars.count, 2, "\(small)")
    }

    func testShrinksAConformanceRequestIncludingHostDomainAndAppID() throws {
        let aasa = try JSONParser.parse(Array(#"{"applinks": {"details": [{"appIDs": ["Q1"]}]}, "other": 5}"#.utf8))
        let r = ConformanceProtocol.Request(id: .string("7"), aasa: aasa, domain: "example.com", appID: "AB",
                                            url: "https://www.Example.com/path?q=1#frag")
        // Fails while the URL has an "x" (only the host has one), there is an app ID, and a "Q" is left in the file.
        let small = Shrinker.shrink(r) { $0.url.contains("x") && !$0.appID.isEmpty && $0.aasa.serialized().contains("Q") }
        XCTAssertEqual(small.url, "https://x")
        XCTAssertEqual(small.domain, "")
        XCTAssertEqual(small.appID, "a", "one scalar left, and an unusual one becomes a")
        XCTAssertEqual(small.aasa.serialized(), #"{"applinks":{"details":[{"appIDs":["Q"]}]}}"#)
        XCTAssertEqual(small.id, .string("7"))
    }

    func testRespectsTheStepBound() {
        let c = PercentCase(text: String(repeating: "ab%zz", count: 20))
        var calls = 0
        _ = Shrinker.shrink(c, maxSteps: 7) { _ in calls += 1; return true }
        XCTAssertEqual(calls, 7)
    }

    func testByteLevelShrinkReturnsBytesThatStillFail() throws {
        let engines = Engines(reference: ReferenceEngine(), candidate: try XCTUnwrap(Mutants.named("qstar-as-star")))
        let found = firstIndex(seed: 5, count: 2000) { Checks.run(.differential, $0, engines: engines) != nil }
        var g = SeededBytes(seed: 5)
        var bytes: [UInt8] = []
        for _ in 0...(try XCTUnwrap(found)) { bytes = g.next(maxCount: 300) }
        let small = Shrinker.shrink(.differential, bytes, engines: engines)
        XCTAssertNotNil(Checks.run(.differential, small, engines: engines))
        let before = PartCase(bytes: bytes), after = PartCase(bytes: small)
        XCTAssertLessThanOrEqual(after.pattern.unicodeScalars.count, before.pattern.unicodeScalars.count)
        XCTAssertLessThanOrEqual(after.text.unicodeScalars.count, before.text.unicodeScalars.count)
        print("shrunk \(before.pattern.debugDescription) / \(before.text.debugDescription) to \(after.pattern.debugDescription) / \(after.text.debugDescription)")
        // A passing case comes back unchanged.
        XCTAssertEqual(Shrinker.shrink(.differential, [1, 2, 3], engines: .standard), [1, 2, 3])
    }

    func testSmallerJSONRemovesShallowThingsFirst() throws {
        let v = try JSONParser.parse(Array(#"{"a": [1, {"b": "xy"}], "c": true}"#.utf8))
        let first = try XCTUnwrap(Shrinker.smaller(v).first)
        XCTAssertEqual(first.serialized(), #"{"c":true}"#)
        XCTAssertTrue(Shrinker.smaller(v).map { $0.serialized() }.contains(#"{"a":[1,{"b":"x"}],"c":true}"#))
    }
}
