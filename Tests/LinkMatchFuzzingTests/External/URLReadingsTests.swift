import LinkMatch
@testable import LinkMatchFuzzing
import XCTest

/// The readings of how a URL is read (U2–U5, issue 29), through the conformance protocol as
/// `linkmatch conformance --reading` and `linkmatch fuzz` answer (the ones about U4 split the URL
/// as sent). Expected answers are written by hand from SPEC.md and the readings' summaries.
final class URLReadingsTests: XCTestCase {
    func answer(_ reading: String?, _ components: String, _ url: String, domain: String = "example.com") throws -> String {
        let aasa = try JSONParser.parse(Array(#"{"applinks":{"details":[{"appIDs":["A.b"],"components":\#(components)}]}}"#.utf8))
        let request = ConformanceProtocol.Request(id: .null, aasa: aasa, domain: domain, appID: "A.b", url: url)
        let engine: any MatchEngine = try reading.map { try XCTUnwrap(Readings.named($0)?.engine, $0) } ?? ReferenceEngine()
        return DisagreementClass.label(ConformanceProtocol.answer(request, engine: engine))
    }

    func testEachURLReadingDiffersWhereItsSummarySaysAndAgreesElsewhere() throws {
        let cases: [(reading: String, components: String, url: String, linkmatch: String, read: String)] = [
            ("any-scheme", #"[{"/":"/a"}]"#, "http://example.com/a", "no_match", "match"),
            ("any-scheme", #"[{"/":"/a"}]"#, "ftp://example.com/a", "no_match", "match"),
            ("any-scheme", #"[{"/":"/a"}]"#, "https://example.com/a", "match", "match"),
            ("host-with-port", #"[{"/":"/a"}]"#, "https://example.com:443/a", "match", "no_match"),
            ("host-with-port", #"[{"/":"/a"}]"#, "https://u@example.com/a", "match", "match"),
            ("host-with-port", #"[{"/":"/a"}]"#, "https://example.com:abc/a", "error", "no_match"),
            ("raw-characters-unencoded", #"[{"/":"/a%20b"}]"#, "https://example.com/a b", "match", "no_match"),
            ("raw-characters-unencoded", #"[{"/":"/café"}]"#, "https://example.com/café", "no_match", "match"),
            ("raw-characters-unencoded", #"[{"/":"/a%20b"}]"#, "https://example.com/a%20b", "match", "match"),
            ("broken-reference-literal", #"[{"/":"/a$(b"}]"#, "https://example.com/a$(b", "no_match", "match"),
            ("broken-reference-literal", #"[{"/":"/$()"}]"#, "https://example.com/$()", "no_match", "match"),
            ("broken-reference-literal", #"[{"/":"/$(","percentEncoded":false}]"#, "https://example.com/%24(", "no_match", "match"),
            ("broken-reference-literal", #"[{"/":"/%24"}]"#, "https://example.com/%24", "match", "match"),
            ("broken-reference-literal", #"[{"/":"/a$b"}]"#, "https://example.com/a$b", "match", "match"),
            ("broken-reference-literal", #"[{"/":"/$(lang)"}]"#, "https://example.com/en", "match", "match"),
            ("broken-reference-literal", #"[{"/":"/$(lang)$("}]"#, "https://example.com/en$(", "no_match", "match"),
            ("full-lowercase", #"[{"/":"/İx","caseSensitive":false,"percentEncoded":false}]"#, "https://example.com/i%CC%87x",
             "no_match", "match"),
            ("full-lowercase", #"[{"/":"/İx","caseSensitive":false,"percentEncoded":false}]"#, "https://example.com/%C4%B0x",
             "match", "match"),
            ("full-lowercase", #"[{"/":"/ix","caseSensitive":false,"percentEncoded":false}]"#, "https://example.com/%C4%B0x",
             "no_match", "no_match"),
            ("bare-percent-literal", #"[{"/":"/100%"}]"#, "https://example.com/100%", "error", "match"),
            ("bare-percent-literal", #"[{"/":"/a%zz","percentEncoded":false}]"#, "https://example.com/a%zz", "error", "match"),
            ("bare-percent-literal", #"[{"/":"/a%20b","percentEncoded":false}]"#, "https://example.com/a%20b", "no_match", "no_match"),
            ("query-decoded-before-split", #"[{"?":{"a":"1"}}]"#, "https://example.com/x?a%3D1", "no_match", "match"),
            ("query-decoded-before-split", #"[{"?":{"a":"1"}}]"#, "https://example.com/x?a=1%26b=2", "no_match", "match"),
            ("query-decoded-before-split", #"[{"?":{"a":"1"}}]"#, "https://example.com/x?a=1&b=2", "match", "match"),
            ("empty-query-items-kept", #"[{"?":{"":"x"}}]"#, "https://example.com/x?=x&&", "match", "no_match"),
            ("empty-query-items-kept", #"[{"?":{"":"x"}}]"#, "https://example.com/x?=x", "match", "match"),
            ("valueless-query-items-dropped", #"[{"?":{"id":"7"}}]"#, "https://example.com/x?id=7&id=", "no_match", "match"),
            ("valueless-query-items-dropped", #"[{"?":{"id":"7"}}]"#, "https://example.com/x?id=7&id", "no_match", "match"),
            ("valueless-query-items-dropped", #"[{"?":{"id":"7"}}]"#, "https://example.com/x?id=7&id=8", "no_match", "no_match"),
        ]
        for c in cases {
            XCTAssertEqual(try answer(nil, c.components, c.url), c.linkmatch, "linkmatch on \(c.components) \(c.url)")
            XCTAssertEqual(try answer(c.reading, c.components, c.url), c.read, "\(c.reading) on \(c.components) \(c.url)")
        }
    }

    /// `"aasa": 0` is a top level that is not an object, like `7`, `null` and `true` (D1), not a
    /// malformed signed envelope (0x30 starts DER).
    func testZeroIsATopLevelThatIsNotAnObject() throws {
        for aasa in ["0", "7", "null", "true", "0.5"] {
            let request = ConformanceProtocol.Request(id: .null, aasa: try JSONParser.parse(Array(aasa.utf8)), domain: "", appID: "A.b",
                                                      url: "https://example.com/a")
            guard case .error(_, let message) = ConformanceProtocol.answer(request, engine: ReferenceEngine()) else {
                return XCTFail("\(aasa) was decided")
            }
            XCTAssertEqual(ReadingExplainer.errorCode(message), "top-level-not-object", "\(aasa): \(message)")
        }
    }
}
