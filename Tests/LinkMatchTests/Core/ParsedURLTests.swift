import XCTest
import LinkMatch

/// ParsedURL (SPEC.md U1, U3–U5), PercentCoding (E3, section 14) and CaseFolding (E1), with
/// expected values written by hand.
final class ParsedURLTests: XCTestCase {
    // MARK: U1 — splitting

    func testU1QueryAndFragmentSplitting() throws {
        try assertParts("https://example.com/a/b?x=1&y=2#frag", path: "/a/b", query: "x=1&y=2", fragment: "frag")
        try assertParts("https://example.com/a?b#c?d", path: "/a", query: "b", fragment: "c?d")
        try assertParts("https://example.com/a#b?c", path: "/a", query: nil, fragment: "b?c")
        try assertParts("https://example.com/a?b=?&c#d#e", path: "/a", query: "b=?&c", fragment: "d#e")
        try assertParts("https://example.com?x", path: "", query: "x", fragment: nil)
        try assertParts("https://example.com#f", path: "", query: nil, fragment: "f")
        try assertParts("https://example.com", path: "", query: nil, fragment: nil)
    }

    func testU1AbsentVersusEmpty() throws {
        try assertParts("https://example.com/p", path: "/p", query: nil, fragment: nil)
        try assertParts("https://example.com/p?", path: "/p", query: "", fragment: nil)
        try assertParts("https://example.com/p#", path: "/p", query: nil, fragment: "")
        try assertParts("https://example.com/p?#", path: "/p", query: "", fragment: "")
    }

    func testU1PartsKeptAsWritten() throws {
        let url = try ParsedURL("HTTPS://Example.COM//A%2fb/?Q=%41#%7e")
        XCTAssertEqual(url.scheme, "HTTPS")
        XCTAssertEqual(url.host, "Example.COM")
        XCTAssertEqual(url.path, "//A%2fb/")
        XCTAssertEqual(url.query, "Q=%41")
        XCTAssertEqual(url.fragment, "%7e")
    }

    // MARK: U3 — host

    func testU3UserinfoAndPortAreNotTheHost() throws {
        XCTAssertEqual(try ParsedURL("https://user:pw@example.com:8443/x").host, "example.com")
        XCTAssertEqual(try ParsedURL("https://a@b@example.com/x").host, "example.com", "userinfo runs to the last @")
        XCTAssertEqual(try ParsedURL("https://example.com:/x").host, "example.com", "an empty port")
        XCTAssertEqual(try ParsedURL("https://example.com@evil.test/x").host, "evil.test")
    }

    func testU3IPv6Host() throws {
        XCTAssertEqual(try ParsedURL("https://[::1]:8443/x").host, "[::1]")
        XCTAssertEqual(try ParsedURL("https://[2001:db8::7]/x?q").host, "[2001:db8::7]")
        XCTAssertEqual(try ParsedURL("https://u@[fe80::1]/x").host, "[fe80::1]")
        XCTAssertEqual(try ParsedURL("https://[::1]/x").path, "/x")
        assertURLError("https://[::1/x", .invalidHost)
    }

    // MARK: U4 — raw characters, escapes, absolute URLs

    func testU4RawCharactersAreEncodedUpperHex() throws {
        let url = try ParsedURL("https://example.com/caf\u{E9} x?q=\u{54C8}|\"#a b")
        XCTAssertEqual(url.text, "https://example.com/caf%C3%A9%20x?q=%E5%93%88%7C%22#a%20b")
        XCTAssertEqual(url.path, "/caf%C3%A9%20x")
        XCTAssertEqual(url.query, "q=%E5%93%88%7C%22")
        XCTAssertEqual(url.fragment, "a%20b")
        XCTAssertEqual(try ParsedURL("https://example.com/\t\u{7F}\u{1}<>\\^`{}").path, "/%09%7F%01%3C%3E%5C%5E%60%7B%7D")
        // An emoji is four UTF-8 bytes; a combining sequence stays two scalars.
        XCTAssertEqual(try ParsedURL("https://example.com/👍").path, "/%F0%9F%91%8D")
        XCTAssertEqual(try ParsedURL("https://example.com/e\u{301}").path, "/e%CC%81")
        // Characters a URL may hold stay as written, and written escapes are not touched.
        XCTAssertEqual(try ParsedURL("https://example.com/a(b)!$'*+,;=:@~-._").path, "/a(b)!$'*+,;=:@~-._")
        XCTAssertEqual(try ParsedURL("https://example.com/%c3%a9").path, "/%c3%a9")
    }

    func testU4RawCharactersInTheHostAreEncodedToo() throws {
        // The host is compared with the domain as written (U3); a raw non-ASCII host is therefore
        // encoded and will not equal an IDN domain. This pins the behaviour; SPEC.md has no IDN rule.
        XCTAssertEqual(try ParsedURL("https://b\u{FC}cher.example/x").host, "b%C3%BCcher.example")
    }

    func testU4InvalidEscapesWithOffsets() {
        assertURLError("https://example.com/100%", .invalidPercentEscape, offset: 23)
        assertURLError("https://example.com/%zz", .invalidPercentEscape, offset: 20)
        assertURLError("https://example.com/%4", .invalidPercentEscape, offset: 20)
        assertURLError("https://example.com/a?q=%G1", .invalidPercentEscape, offset: 24)
        assertURLError("https://example.com/a#%", .invalidPercentEscape, offset: 22)
        // The offset is in the U4-normalized URL: é became six bytes before the bad `%`.
        assertURLError("https://example.com/\u{E9}%", .invalidPercentEscape, offset: 26)
        // A raw space after `%` is encoded first, so `% ` is `%%20`: the first `%` is still bad.
        assertURLError("https://example.com/% ", .invalidPercentEscape, offset: 20)
    }

    func testU4NotAbsoluteOrNoHost() {
        assertURLError("example.com/x", .missingScheme)
        assertURLError("/just/a/path", .missingScheme)
        assertURLError("", .missingScheme)
        assertURLError("://example.com/x", .missingScheme)
        assertURLError("https:/example.com/x", .missingHost)
        assertURLError("https:example.com", .missingHost)
        assertURLError("https:///x", .missingHost)
        assertURLError("https://user@/x", .missingHost)
        assertURLError("https://:443/x", .missingHost)
        assertURLError("1https://example.com/x", .invalidScheme)
        assertURLError("ht tps://example.com/x", .invalidScheme)
        assertURLError("https://example.com:80a/x", .invalidHost)
    }

    func testU4ErrorKindsHaveStableCodes() {
        XCTAssertEqual(URLParseError.Kind.invalidPercentEscape.rawValue, "invalid-percent-escape")
        XCTAssertEqual(URLParseError.Kind.missingHost.rawValue, "missing-host")
        XCTAssertEqual(URLParseError.Kind.missingScheme.rawValue, "missing-scheme")
    }

    // MARK: U5 — query items

    func testU5QueryItems() {
        let items = ParsedURL.queryItems("a=1&&b=&c&=d&e=f=g&+=+&").map { [String($0.name), String($0.value)] }
        XCTAssertEqual(items, [["a", "1"], ["b", ""], ["c", ""], ["", "d"], ["e", "f=g"], ["+", "+"]])
        XCTAssertEqual(ParsedURL.queryItems("").count, 0)
        XCTAssertEqual(ParsedURL.queryItems("&&&").count, 0)
        XCTAssertEqual(ParsedURL.queryItems("a%3D1=%26").map { [String($0.name), String($0.value)] }, [["a%3D1", "%26"]],
                       "items are split as written, escapes are not separators")
        XCTAssertEqual(ParsedURL.queryItems("a;b=1").map { String($0.name) }, ["a;b"])
    }

    // MARK: Percent coding (E3, SPEC.md section 14)

    func testEncode() {
        XCTAssertEqual(PercentCoding.encode("caf\u{E9}/x y"), "caf%C3%A9%2Fx%20y")
        XCTAssertEqual(PercentCoding.encode("AZaz09-._~"), "AZaz09-._~")
        XCTAssertEqual(PercentCoding.encode("%+&=?#"), "%25%2B%26%3D%3F%23")
        XCTAssertEqual(PercentCoding.encode("\u{0}"), "%00")
        XCTAssertEqual(PercentCoding.encode(""), "")
    }

    func testStrictDecoding() throws {
        XCTAssertEqual(scalars(try PercentCoding.decodeStrict("caf%C3%A9")), scalars("caf\u{E9}"))
        XCTAssertEqual(scalars(try PercentCoding.decodeStrict("caf%c3%a9")), scalars("caf\u{E9}"), "either hex case")
        XCTAssertEqual(scalars(try PercentCoding.decodeStrict("e%CC%81")), scalars("e\u{301}"), "no normalization")
        XCTAssertEqual(try PercentCoding.decodeStrict("a+b%2B"), "a+b+")
        XCTAssertEqual(try PercentCoding.decodeStrict(""), "")
    }

    func testStrictDecodingErrorsWithOffsets() {
        assertStrictError("100%", .invalidEscape(offset: 3))
        assertStrictError("%4", .invalidEscape(offset: 0))
        assertStrictError("ab%G0", .invalidEscape(offset: 2))
        assertStrictError("%41%4x", .invalidEscape(offset: 3))
        assertStrictError("a%FFb", .invalidUTF8(offset: 1))
        assertStrictError("a%E2%82b", .invalidUTF8(offset: 1), "truncated sequence: offset of its first byte")
        assertStrictError("\u{E9}%FF", .invalidUTF8(offset: 2), "offsets are input bytes")
        assertStrictError("%41%ED%A0%80", .invalidUTF8(offset: 3), "an encoded surrogate is not UTF-8")
        assertStrictError("%C0%AF", .invalidUTF8(offset: 0), "overlong")
    }

    func testLenientDecoding() {
        XCTAssertEqual(scalars(PercentCoding.decodeLenient("a%FFb")), scalars("a\u{FFFD}b"))
        XCTAssertEqual(scalars(PercentCoding.decodeLenient("a%E2%82b")), scalars("a\u{FFFD}b"), "one U+FFFD per maximal invalid subsequence")
        XCTAssertEqual(scalars(PercentCoding.decodeLenient("%FF%FE")), scalars("\u{FFFD}\u{FFFD}"))
        XCTAssertEqual(PercentCoding.decodeLenient("100%"), "100%", "an invalid escape stays literal")
        XCTAssertEqual(PercentCoding.decodeLenient("%zz%41%4"), "%zzA%4")
        XCTAssertEqual(PercentCoding.decodeLenient("%%41"), "%A")
        XCTAssertEqual(scalars(PercentCoding.decodeLenient("%c3%a9")), scalars("\u{E9}"))
        XCTAssertEqual(PercentCoding.decodeLenient("plain"), "plain")
    }

    func testLenientEqualsStrictWhenStrictSucceeds() throws {
        for text in ["", "abc", "caf%C3%A9", "%2F%2f", "a%20b+c", "%F0%9F%91%8D", "e%CC%81"] {
            XCTAssertEqual(scalars(PercentCoding.decodeLenient(text)), scalars(try PercentCoding.decodeStrict(text)), text)
        }
    }

    func testRoundTrips() throws {
        // decode(encode(s)) == s, scalar for scalar.
        for s in ["", "a b", "caf\u{E9}", "e\u{301}", "👍🏽", "%", "%25", "+&=?#/", "\u{0}\u{7F}", "\u{FFFD}", "\u{10FFFF}"] {
            XCTAssertEqual(scalars(try PercentCoding.decodeStrict(PercentCoding.encode(s))), scalars(s), s)
        }
        // encode(decode(c)) == c for canonical text (unreserved characters and upper-case escapes of other bytes).
        for c in ["abc", "caf%C3%A9", "%2F%20%25", "~-._", "%F0%9F%91%8D", "%CC%81"] {
            XCTAssertEqual(PercentCoding.encode(try PercentCoding.decodeStrict(c)), c, c)
        }
        // Not canonical: lower-case hex, or an escaped unreserved byte, comes back different.
        XCTAssertEqual(PercentCoding.encode(try PercentCoding.decodeStrict("%2f")), "%2F")
        XCTAssertEqual(PercentCoding.encode(try PercentCoding.decodeStrict("%41")), "A")
    }

    // MARK: Case folding (E1)

    func testFoldingASCII() {
        XCTAssertEqual(CaseFolding.fold("A" as Unicode.Scalar), "a")
        XCTAssertEqual(CaseFolding.fold("Z" as Unicode.Scalar), "z")
        XCTAssertEqual(CaseFolding.fold("z" as Unicode.Scalar), "z")
        for c: Unicode.Scalar in ["@", "[", "`", "{", "0", "%", "/"] { XCTAssertEqual(CaseFolding.fold(c), c) }
        XCTAssertEqual(CaseFolding.fold("HeLLo/%C3%A9?X=1"), "hello/%c3%a9?x=1")
    }

    func testFoldingNonASCII() {
        XCTAssertEqual(CaseFolding.fold("\u{C9}" as Unicode.Scalar), "\u{E9}", "É -> é")
        XCTAssertEqual(CaseFolding.fold("\u{E9}" as Unicode.Scalar), "\u{E9}")
        XCTAssertEqual(CaseFolding.fold("\u{212A}" as Unicode.Scalar), "k", "KELVIN SIGN -> k")
        XCTAssertEqual(CaseFolding.fold("\u{130}" as Unicode.Scalar), "\u{130}", "İ lowercases to two scalars: unchanged")
        XCTAssertEqual(CaseFolding.fold("\u{3A3}" as Unicode.Scalar), "\u{3C3}", "Σ -> σ")
        XCTAssertEqual(CaseFolding.fold("\u{3C3}" as Unicode.Scalar), "\u{3C3}")
        XCTAssertEqual(CaseFolding.fold("\u{3C2}" as Unicode.Scalar), "\u{3C2}", "ς stays ς (no case folding to σ)")
        XCTAssertEqual(CaseFolding.fold("\u{1E9E}" as Unicode.Scalar), "\u{DF}", "ẞ -> ß")
        XCTAssertEqual(CaseFolding.fold("\u{DF}" as Unicode.Scalar), "\u{DF}", "ß is not ss")
        XCTAssertEqual(CaseFolding.fold("\u{49}" as Unicode.Scalar), "i", "I -> i, not dotless ı")
        XCTAssertEqual(CaseFolding.fold("\u{54C8}" as Unicode.Scalar), "\u{54C8}", "caseless")
    }

    func testFoldingAStringKeepsItsScalarCount() {
        let folded = CaseFolding.fold("\u{C0}B\u{130}\u{3A3}e\u{301}\u{212A}")
        XCTAssertEqual(scalars(folded), scalars("\u{E0}b\u{130}\u{3C3}e\u{301}k"))
    }

    // MARK: Helpers

    private func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    private func assertParts(_ s: String, path: String, query: String?, fragment: String?, line: UInt = #line) throws {
        let url = try ParsedURL(s)
        XCTAssertEqual(url.path, path, s, line: line)
        XCTAssertEqual(url.query, query, s, line: line)
        XCTAssertEqual(url.fragment, fragment, s, line: line)
    }

    private func assertURLError(_ s: String, _ kind: URLParseError.Kind, offset: Int? = nil, line: UInt = #line) {
        do {
            let url = try ParsedURL(s)
            XCTFail("\(s) parsed: host \(url.host), path \(url.path)", line: line)
        } catch {
            XCTAssertEqual(error.kind, kind, s, line: line)
            if let offset { XCTAssertEqual(error.offset, offset, s, line: line) }
        }
    }

    private func assertStrictError(_ s: String, _ expected: PercentCoding.DecodingError, _ why: String = "", line: UInt = #line) {
        do {
            let decoded = try PercentCoding.decodeStrict(s)
            XCTFail("\(s) decoded to \(decoded)", line: line)
        } catch {
            XCTAssertEqual(error, expected, "\(s) \(why)", line: line)
        }
    }
}
