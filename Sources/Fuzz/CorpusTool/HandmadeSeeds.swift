// Hand-made seeds for the part-level targets, written from SPEC.md's rules (IDs in the names):
// the corners spec-examples.json reaches only through whole documents. Like Go's f.Add seeds.
import LinkMatch

enum HandmadeSeeds {
    /// (name, pattern, kind, text, caseSensitive, percentEncoded, variables)
    typealias Part = (String, String, PartRequest.Kind, String, Bool, Bool, [(String, [String])])

    static let parts: [Part] = [
        ("P1-star-matches-empty", "/a*", .path, "/a", true, true, []),
        ("P1-question-exactly-one", "/a?c", .path, "/abc", true, true, []),
        ("P1-question-star-needs-one", "/a?*", .path, "/a", true, true, []),
        ("P1-stars-backtrack", "*a*a*a*b", .path, "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", true, true, []),
        ("P1-no-escape-syntax", "/a\\*", .path, "/a\\x", true, true, []),
        ("P2-percent-is-three-characters", "/???", .path, "/%C3", true, true, []),
        ("P2-scalar-not-grapheme", "/?", .path, "/e\u{301}", true, false, []),
        ("P3-dollar-literal", "/a$b", .path, "/a$b", true, true, []),
        ("P3-unclosed-variable-invalid", "/$(x", .path, "/$(x", true, true, []),
        ("P3-empty-name-invalid", "/$()", .path, "/$()", true, true, []),
        ("P4-undefined-variable", "/$(nope)", .path, "/x", true, true, []),
        ("V1-variable-any-value", "/$(v)/*", .path, "/b/c", true, true, [("v", ["a", "b"])]),
        ("V2-wildcard-in-value", "/$(v)", .path, "/abc", true, true, [("v", ["a*", "x?"])]),
        ("V2-prefix-values", "/$(v)c", .path, "/abc", true, true, [("v", ["a", "ab"])]),
        ("V2-empty-value", "/x$(v)y", .path, "/xy", true, true, [("v", [""])]),
        ("V3-values-folded", "/$(v)", .path, "/ABC", false, true, [("v", ["abc"])]),
        ("V4-lang", "/$(lang)/*", .path, "/fr/about", true, true, []),
        ("V4-region-not-UK", "/$(region)", .path, "/UK", true, true, []),
        ("V4-xdigit", "/$(xdigit)$(xdigit)", .path, "/aF", true, true, []),
        ("V5-custom-replaces-predefined", "/$(lang)", .path, "/klingon", true, true, [("lang", ["klingon"])]),
        ("N1-leading-slashes", "//a", .path, "///a", true, true, []),
        ("N2-trailing-slash", "/a/", .path, "/a", true, true, []),
        ("N3-parent-path", "/buy/*", .path, "/buy", true, true, []),
        ("N3-not-question-star", "/buy/?*", .path, "/buy", true, true, []),
        ("N3-not-middle", "/a/*/c", .path, "/a/c", true, true, []),
        ("N4-decoded-normalized", "/a", .path, "/a%2F", true, false, []),
        ("E1-fold-non-ascii", "/\u{C9}T\u{C9}", .path, "/\u{E9}t\u{E9}", false, false, []),
        ("E1-kelvin-sign", "/\u{212A}", .path, "/k", false, false, []),
        ("E1-dotted-capital-i", "/\u{130}", .path, "/i\u{307}", false, false, []),
        ("E2-hex-case-matters", "/%c3%a9", .path, "/%C3%A9", true, true, []),
        ("E2-encoded-slash-literal", "/a/b", .path, "/a%2Fb", true, true, []),
        ("E3-decoded-text", "/\u{E9}", .path, "/%C3%A9", true, false, []),
        ("E3-invalid-utf8-replacement", "/?", .path, "/%FF", true, false, []),
        ("E3-invalid-escape-literal", "/%G1", .path, "/%G1", true, false, []),
        ("Q1-whole-query", "a=1&b=*", .plain, "a=1&b=2", true, true, []),
        ("Q3-absent-item-empty", "", .plain, "", true, true, []),
        ("Q-plus-not-space", "a b", .plain, "a+b", true, false, []),
        ("C4-fragment-question-star-empty", "?*", .plain, "", true, true, []),
        ("emoji-one-scalar", "/?", .path, "/\u{1F600}", true, false, []),
        ("han", "/\u{54C8}*", .path, "/\u{54C8}\u{54C8}", true, false, []),
    ]

    /// Whole files for the document target: one over the document-wide P5 total (SPEC.md P5,
    /// 2,097,152 elements: both loaders must refuse it, `too-complex`) and one under it. `$(lang)`
    /// is 1,712 elements (631 codes of 1,711 letters, plus itself), so a pattern of forty is 68,480
    /// (over the per-pattern limit too, which makes the rule invalid but still counts), and a
    /// component with three of them (path, query, fragment) 205,440: eleven components are
    /// 2,259,840, ten are 2,054,400. Generated files never come near the limit. And files that are
    /// JSON but not an object (D1: `top-level-not-object`, both loaders).
    static let documents: [(String, String)] = [
        ("P5-document-total-over", totalDocument(components: 11)),
        ("P5-document-total-under", totalDocument(components: 10)),
        ("D1-top-level-array", #"[{"applinks":{}}]"#),
        ("D1-top-level-string", #""applinks""#),
    ]

    /// URLs for the document target whose splitting URLSplitCheck compares with Foundation: ports and
    /// a scheme with every digit, so a digit test that lost one refuses a URL Foundation reads.
    static let urls = [
        "https://example.com:8080/en", "https://example.com:1234/en?x=5#6", "https://example.com:7979/en",
        "a0+-.9://example.com/en",
    ]

    static func totalDocument(components: Int) -> String {
        let pattern = String(repeating: "$(lang)", count: 40)
        let list = (0..<components).map { _ in ##"{"/":"\##(pattern)","?":"\##(pattern)","#":"\##(pattern)"}"## }
        return #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[\#(list.joined(separator: ",")),{"/":"/en"}]}]}}"#
    }

    /// Texts for the percent-encoding target (U4, E2, E3).
    static let percentTexts: [(String, String)] = [
        ("E2-encoded-slash", "/a%2Fb"),
        ("E3-two-byte", "%C3%A9"),
        ("E3-lowercase-hex", "%c3%a9"),
        ("E3-four-byte", "%F0%9F%98%80"),
        ("E3-overlong", "%C0%80"),
        ("E3-surrogate", "%ED%A0%80"),
        ("E3-truncated", "%E2%84"),
        ("E3-lone-continuation", "%80"),
        ("E3-bom", "%EF%BB%BF"),
        ("E3-nul", "%00"),
        ("U4-percent-alone", "%"),
        ("U4-one-hex-digit", "%4"),
        ("U4-not-hex", "%G1"),
        ("U4-double-percent", "%%41"),
        ("raw-non-ascii", "\u{E9}\u{DF}\u{130}\u{212A}\u{54C8}\u{1F600}"),
        ("raw-bom", "\u{FEFF}x"),
        ("unreserved", "AZaz09-._~"),
        ("reserved", " !\"#$&'()*+,/:;<=>?@[\\]^`{|}"),
    ]

    /// Files for the parser target: signed (PKCS#7/CMS) envelopes in the BER forms real signers
    /// produced and the real-world files do not show (indefinite lengths, a constructed eContent
    /// OCTET STRING in chunks), and broken ones, so every branch of SignedEnvelope is seeded.
    static let parserFiles: [(String, [UInt8])] = {
        let signedData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let data: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let json = Array(#"{"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"/a/*"}]}]}}"#.utf8)
        let end: [UInt8] = [0x00, 0x00]
        /// ContentInfo -> [0] -> SignedData (version 1, digestAlgorithms) -> encapContentInfo, all indefinite.
        func envelope(digests: [UInt8], encap: [UInt8]) -> [UInt8] {
            [0x30, 0x80] + signedData + [0xA0, 0x80, 0x30, 0x80, 0x02, 0x01, 0x01] + digests + encap + end + end + end
        }
        // A SET holding an indefinite SEQUENCE: skipping it nests end-of-contents markers.
        let digests: [UInt8] = [0x31, 0x80, 0x30, 0x80, 0x05, 0x00] + end + end
        let chunked = [0x30, 0x80] + data + [0xA0, 0x80, 0x24, 0x80]
            + [0x04, UInt8(20)] + json[..<20] + [0x04, UInt8(json.count - 20)] + json[20...] + end + end + end
        return [
            ("CMS-indefinite-chunked-econtent", envelope(digests: digests, encap: chunked)),
            ("CMS-detached-signature", envelope(digests: digests, encap: [0x30, 0x80] + data + end)),
            ("CMS-multibyte-tag", envelope(digests: [0x31, 0x80, 0x1F, 0x81, 0x01, 0x00] + end, encap: chunked)),
            ("CMS-indefinite-primitive", [0x30, 0x80, 0x06, 0x80] + end),
            ("CMS-length-cut-off", [0x30, 0x84, 0x00]),
            ("CMS-chunk-not-octet-string", envelope(digests: digests, encap: [0x30, 0x80] + data + [0xA0, 0x80, 0x24, 0x80, 0x05, 0x00] + end + end + end)),
        ]
    }()
}
