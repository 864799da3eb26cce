import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

/// The readings of D4, N3, V2 and E3 added for issue 29 (`appid-wins-over-appids`,
/// `every-slash-star-optional`, `wildcards-in-values-literal`, `patterns-decoded-too`), through the
/// conformance protocol as `linkmatch conformance --reading` answers. Expected answers are written
/// by hand from SPEC.md's examples and the readings' summaries.
final class RuleFamilyReadingsTests: XCTestCase {
    func answer(_ reading: String?, _ applinks: String, app: String = "A.b", url: String) throws -> String {
        let aasa = try JSONParser.parse(Array(#"{"applinks":\#(applinks)}"#.utf8))
        let request = ConformanceProtocol.Request(id: .null, aasa: aasa, domain: "example.com", appID: app, url: url)
        let engine: any MatchEngine = try reading.map { try XCTUnwrap(Readings.named($0)?.engine, $0) } ?? ReferenceEngine()
        return DisagreementClass.label(ConformanceProtocol.answer(request, engine: engine))
    }

    func testEachReadingDiffersWhereItsSummarySaysAndAgreesElsewhere() throws {
        let both = #"{"details":[{"appID":"A.b","appIDs":["C.d"],"components":[{"/":"/x"}]}]}"#
        let one = #"{"details":[{"appIDs":["A.b"],"components":[{"/":"/x"}]}]}"#
        func paths(_ p: String) -> String { #"{"details":[{"appIDs":["A.b"],"components":[{"/":"\#(p)"}]}]}"# }
        let kind = #"{"substitutionVariables":{"kind":["a*z","b?"]},"details":[{"appIDs":["A.b"],"components":[{"/":"/$(kind)/x"}]}]}"#
        let item = #"{"substitutionVariables":{"kind":["a*z"]},"details":[{"appIDs":["A.b"],"components":[{"?":{"k*":"$(kind)"}}]}]}"#
        func decoded(_ p: String, _ encoded: Bool = false) -> String {
            #"{"details":[{"appIDs":["A.b"],"components":[{"/":"\#(p)","percentEncoded":\#(encoded)}]}]}"#
        }
        let cases: [(reading: String, applinks: String, app: String, url: String, linkmatch: String, read: String)] = [
            // D4: SPEC's own example, and the app the `appID` names.
            ("appid-wins-over-appids", both, "C.d", "https://example.com/x", "match", "no_match"),
            ("appid-wins-over-appids", both, "A.b", "https://example.com/x", "no_match", "match"),
            ("appid-wins-over-appids", one, "A.b", "https://example.com/x", "match", "match"),
            // N3: SPEC's `/a/*/c` example; a final `/*` and a leading one as LinkMatch reads them.
            ("every-slash-star-optional", paths("/a/*/c"), "A.b", "https://example.com/a/c", "no_match", "match"),
            ("every-slash-star-optional", paths("/a/*/c"), "A.b", "https://example.com/a/b/c", "match", "match"),
            ("every-slash-star-optional", paths("/a/*x"), "A.b", "https://example.com/ax", "no_match", "match"),
            ("every-slash-star-optional", paths("/buy/*"), "A.b", "https://example.com/buy", "match", "match"),
            ("every-slash-star-optional", paths("/buy/*"), "A.b", "https://example.com/buyer", "no_match", "no_match"),
            ("every-slash-star-optional", paths("/*/c"), "A.b", "https://example.com/b/c", "match", "match"),
            ("every-slash-star-optional", paths("/a/?*/c"), "A.b", "https://example.com/a/c", "no_match", "no_match"),
            // V2: SPEC's `a*z` example; a `*` in the URL; a `?` in a value; a query item named `k*`.
            ("wildcards-in-values-literal", kind, "A.b", "https://example.com/abcz/x", "match", "no_match"),
            ("wildcards-in-values-literal", kind, "A.b", "https://example.com/a*z/x", "match", "match"),
            ("wildcards-in-values-literal", kind, "A.b", "https://example.com/bc/x", "match", "no_match"),
            ("wildcards-in-values-literal", kind, "A.b", "https://example.com/az/x", "match", "no_match"),
            ("wildcards-in-values-literal", paths("/*/x"), "A.b", "https://example.com/a*z/x", "match", "match"),
            ("wildcards-in-values-literal", item, "A.b", "https://example.com/p?k*=a*z", "match", "match"),
            ("wildcards-in-values-literal", item, "A.b", "https://example.com/p?k*=abz", "match", "no_match"),
            // E3: SPEC's two `/a b` examples.
            ("patterns-decoded-too", decoded("/a%20b"), "A.b", "https://example.com/a%20b", "no_match", "match"),
            ("patterns-decoded-too", decoded("/a b"), "A.b", "https://example.com/a%20b", "match", "match"),
            ("patterns-decoded-too", decoded("/a%20b", true), "A.b", "https://example.com/a%20b", "match", "match"),
            ("patterns-decoded-too", decoded("/caf%C3%A9/*"), "A.b", "https://example.com/caf%C3%A9/menu", "no_match", "match"),
        ]
        for c in cases {
            XCTAssertEqual(try answer(nil, c.applinks, app: c.app, url: c.url), c.linkmatch, "linkmatch on \(c.applinks) \(c.url)")
            XCTAssertEqual(try answer(c.reading, c.applinks, app: c.app, url: c.url), c.read, "\(c.reading) on \(c.applinks) \(c.url)")
        }
    }

    /// The part-level requests (`linkmatch conformance` part lines) read the same way.
    func testPartRequests() throws {
        func verdict(_ reading: String, _ r: PartRequest) throws -> Bool {
            try XCTUnwrap(Readings.named(reading)).engine.matchPart(r) == .matched
        }
        XCTAssertTrue(try verdict("every-slash-star-optional", PartRequest(pattern: "/a/*/c", kind: .path, text: "/a/c")))
        XCTAssertFalse(ReferenceEngine().matchPart(PartRequest(pattern: "/a/*/c", kind: .path, text: "/a/c")) == .matched)
        let values = VariableTable(custom: [("k", ["a*z"])])
        XCTAssertFalse(try verdict("wildcards-in-values-literal", PartRequest(pattern: "$(k)", kind: .path, text: "/abz", variables: values)))
        XCTAssertTrue(try verdict("wildcards-in-values-literal", PartRequest(pattern: "$(k)", kind: .path, text: "/a*z", variables: values)))
        XCTAssertTrue(try verdict("patterns-decoded-too", PartRequest(pattern: "/a%20b", kind: .path, text: "/a%20b", percentEncoded: false)))
        XCTAssertFalse(ReferenceEngine().matchPart(PartRequest(pattern: "/a%20b", kind: .path, text: "/a%20b", percentEncoded: false)) == .matched)
    }
}
