import Foundation
import LinkMatch
import LinkMatchTestData
@testable import LinkMatchFuzzing
import XCTest

/// The two pieces the engines still share get checks of their own (SPEC.md §11): the URL splitter
/// against Foundation's URLComponents, the JSON reader by a write/read round trip. Each check is
/// shown to pass on real input and to fail on a planted mistake.
final class SharedPieceCheckTests: XCTestCase {
    static let urls = [
        "https://example.com/a/b?c=d#e", "https://user:pw@Example.COM:8080/p%20q?x#y", "https://[::1]:443/a",
        "https://example.com", "https://example.com?", "https://example.com#", "https://example.com/?a=1?b#c#d",
        "HTTPS://e.com/;p", "https://e.com:/x", "https://e.com/a%2Fb", "https://e.com/[x]?b=[%41]#%41#",
        "https://e.com/a!$&'()*+,;=:@b", "https://e.com/é?q=ü#ß", "https://e.com/a b", "https://e.com:70000/x",
    ]

    func testURLSplitterAgreesWithURLComponents() {
        for url in Self.urls { XCTAssertNil(URLSplitCheck.problem(url), url) }
    }

    func testURLSplitCheckCatchesAPlantedSplitterMistake() {
        // A splitter that keeps the port in the host, and one that drops an empty query.
        let portInHost: URLSplitCheck.Splitter = { url in
            guard var u = try? ParsedURL(url), let port = url.split(separator: ":").last, port.allSatisfy(\.isNumber) else { return try? ParsedURL(url) }
            u.host += ":" + port
            return u
        }
        XCTAssertNotNil(URLSplitCheck.problem("https://e.com:8080", split: portInHost))
        let emptyQueryDropped: URLSplitCheck.Splitter = { url in
            guard var u = try? ParsedURL(url) else { return nil }
            if u.query == "" { u.query = nil }
            return u
        }
        XCTAssertNotNil(URLSplitCheck.problem("https://example.com/x?", split: emptyQueryDropped))
        XCTAssertNil(URLSplitCheck.problem("https://example.com/x?a", split: emptyQueryDropped))
    }

    /// A splitter that refuses what Foundation reads fine is a finding too, and URLs both refuse (or
    /// that only ParsedURL refuses on purpose: a bad escape, no `//`) are not.
    func testURLSplitCheckCatchesASplitterThatRefusesGoodURLs() {
        // The digit test without `0` (a planted mistake that once survived every target).
        @Sendable func isDigit(_ c: Character) -> Bool { ("1"..."9").contains(c) }
        let noZero: URLSplitCheck.Splitter = { url in
            let authority = url.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).first ?? ""
            if let colon = authority.lastIndex(of: ":"), !authority[authority.index(after: colon)...].allSatisfy(isDigit) { return nil }
            return try? ParsedURL(url)
        }
        XCTAssertNotNil(URLSplitCheck.problem("https://e.com:8080/a", split: noZero))
        XCTAssertNil(URLSplitCheck.problem("https://e.com:8443/a", split: noZero))
        let refusesAll: URLSplitCheck.Splitter = { _ in nil }
        XCTAssertNotNil(URLSplitCheck.problem("a0://e.com/", split: refusesAll))
        for refusedByBoth in ["0a://e.com/", "https://e.com:8a/", "https://e.com:80:90/", "https://[::1/", "https://e.com:70000/"] {
            XCTAssertNil(URLSplitCheck.problem(refusedByBoth, split: refusesAll), refusedByBoth)
        }
        for refusedByParsedURLOnly in ["https://e.com/%G1", "https://e.com/%4", "https:x", "//e.com/x", "https://:80/x"] {
            XCTAssertNil(URLSplitCheck.problem(refusedByParsedURLOnly, split: refusesAll), refusedByParsedURLOnly)
        }
    }

    func testJSONRoundTripsOnRealWorldFiles() throws {
        var checked = 0
        for (name, bytes) in try RealWorldFiles.all() {
            guard let parsed = try? AASADocument.parse(bytes) else { continue }
            XCTAssertNil(JSONRoundTrip.problem(parsed.json), name)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 25)
        XCTAssertNil(JSONRoundTrip.problem(.object(JSONObject([JSONMember(key: "e\u{301}", value: .string("\u{0}\"\\\u{1F600}")),
                                                               JSONMember(key: "é", value: .number("-1.5e+3"))]))))
    }

    func testJSONRoundTripCatchesAPlantedWriterMistake() {
        let value = JSONValue.object(JSONObject([JSONMember(key: "a", value: .string("e\u{301}")), JSONMember(key: "b", value: .null)]))
        // Composes strings (NFC): equal to Swift's ==, different scalars.
        let composing: JSONRoundTrip.Writer = { v in
            v.serialized().replacingOccurrences(of: "e\u{301}", with: "\u{E9}", options: .literal)
        }
        XCTAssertNotNil(JSONRoundTrip.problem(value, write: composing))
        // Drops the last member of the object.
        let dropping: JSONRoundTrip.Writer = { v in
            guard case .object(let o) = v else { return v.serialized() }
            return JSONValue.object(JSONObject(Array(o.members.dropLast()))).serialized()
        }
        XCTAssertNotNil(JSONRoundTrip.problem(value, write: dropping))
        XCTAssertNil(JSONRoundTrip.problem(value))
    }
}
