// Seeds of the json target: hand-written texts for every branch of the grammar (each number shape,
// each escape, each whitespace and line break before an error, a BOM, nesting at the depth limit)
// and for each difference JSONReaderDifferences allows, then texts generated from a fixed seed.
import LinkMatch
import LinkMatchFuzzing

enum JSONSeeds {
    /// Name and text (bytes, for the ones that are no UTF-8).
    static let texts: [(String, [UInt8])] = [
        // Numbers: every digit (0 too), sign, zero, fraction, exponent with and without sign, both cases.
        ("numbers", Array("[0,-0,10,-10,1234567890,0.5,-0.05,10.01,1e5,1E5,1e+5,1E+5,1e-5,1E-5,-1.5e+10,2.0E-0,100e00]".utf8)),
        ("number-zero", Array("0".utf8)),
        ("number-ten", Array("10".utf8)),
        ("number-minus-one", Array("-1".utf8)),
        ("number-exponent-plus", Array("1e+2".utf8)),
        ("number-exponent-minus", Array("2E-3".utf8)),
        ("number-exponent-bare", Array("3e4".utf8)),
        ("number-big-integers", Array("[9007199254740993,18446744073709551616,-9223372036854775809,123456789012345678901234567890]".utf8)),
        ("number-tiny", Array("1e-400".utf8)),
        // Near misses every reader must refuse.
        ("number-leading-zero", Array("[01]".utf8)),
        ("number-plus", Array("+1".utf8)),
        ("number-no-integer", Array("-.5".utf8)),
        ("number-no-fraction-digits", Array("[1.]".utf8)),
        ("number-no-exponent-digits", Array("[1e]".utf8)),
        ("number-exponent-sign-only", Array("[1e+]".utf8)),
        ("number-double-sign", Array("[1e+-1]".utf8)),
        ("number-minus-only", Array("-".utf8)),
        // Strings: every escape, raw UTF-8 of each length, escapes in keys.
        ("string-escapes", Array(#"["\"\\\/\b\f\n\r\t","\u00e9\u00C9\u20ac\uFFFF","\ud83d\ude00\uD834\uDD1E","\u0000\u001f"]"#.utf8)),
        ("string-raw-utf8", Array("[\"é€😀\u{10FFFF}\u{2028}\u{7F}\"]".utf8)),
        ("object-escaped-keys", Array(#"{"a\nb":1,"\u00e9":2,"":3,"\/":[true,false,null]}"#.utf8)),
        ("string-lone-high", Array(#""\ud800""#.utf8)),
        ("string-lone-high-then-letter", Array(#""\ud800x""#.utf8)),
        ("string-lone-high-then-bmp", Array(#""\ud800\u0041""#.utf8)),
        ("string-lone-low", Array(#""\udc00""#.utf8)),
        ("string-bad-escape", Array(#""\x""#.utf8)),
        ("string-short-unicode-escape", Array(#""\u12""#.utf8)),
        ("string-raw-tab", Array("\"a\tb\"".utf8)),
        ("string-unterminated", Array("\"abc".utf8)),
        ("string-not-utf8", [0x22, 0xC0, 0x80, 0x22]),
        ("string-encoded-surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22]),
        // Whitespace of all four kinds, a BOM, and errors after each kind of line break.
        ("whitespace", Array(" \t\r\n[ 1 ,\t2 ,\r3 ,\n4\r\n]\n\r ".utf8)),
        ("bom", [0xEF, 0xBB, 0xBF] + Array("{\"a\":[1]}".utf8)),
        ("bom-error", [0xEF, 0xBB, 0xBF] + Array("[1,x]".utf8)),
        ("error-after-lf", Array("[1,\n  x]".utf8)),
        ("error-after-cr", Array("[1,\r  x]".utf8)),
        ("error-after-crlf", Array("[1,\r\n  x]".utf8)),
        ("error-after-cr-cr", Array("[1,\r\r  x]".utf8)),
        ("error-after-lf-cr", Array("[1,\n\r  x]".utf8)),
        ("error-after-mixed-breaks", Array("{\r\"a\":\n1,\r\n\"b\"\r:\r\ntru}".utf8)),
        ("error-raw-cr-in-string", Array("[\n\"a\rb\"]".utf8)),
        ("error-truncated-after-cr", Array("[1,\r".utf8)),
        ("error-first-byte", Array("x".utf8)),
        ("error-empty", []),
        ("error-only-whitespace", Array(" \r\n\t".utf8)),
        // Structure.
        ("nesting", Array(#"{"a":[{"b":{"c":[[],{}]}},[1,[2,[3]]]],"d":{}}"#.utf8)),
        ("depth-512", Array(String(repeating: "[", count: 512).utf8) + Array(String(repeating: "]", count: 512).utf8)),
        ("depth-513", Array(String(repeating: "[", count: 513).utf8) + Array(String(repeating: "]", count: 513).utf8)),
        ("duplicate-keys", Array(#"{"a":1,"b":2,"a":[3]}"#.utf8)),
        ("equivalent-keys", Array("{\"\u{E9}\":1,\"e\u{301}\":2}".utf8)),
        ("missing-comma", Array("[1 2]".utf8)),
        ("missing-colon", Array(#"{"a" 1}"#.utf8)),
        ("trailing-content", Array("[1] 2".utf8)),
        ("literals-misspelt", Array("[tru]".utf8)),
        // The differences the check allows (JSONReaderDifferences).
        ("difference-trailing-comma-array", Array("[1,2,\r\n]".utf8)),
        ("difference-trailing-comma-object", Array("{\"a\":[1,],\"b\":{\"c\":0,},}".utf8)),
        ("difference-number-beyond-double", Array("[1e999,-1E+400]".utf8)),
        ("difference-utf16", [0x31, 0x00, 0x32, 0x00]),
        ("difference-utf16-bom", [0xFF, 0xFE, 0x31, 0x00]),
        ("difference-bom-in-strings", Array("[\"\u{FEFF}a\",\"\\n\u{FEFF}b\",\"c\u{FEFF}\",{\"\u{FEFF}k\":1,\"k\":2}]".utf8)),
        ("difference-integer-beyond-38-digits", Array("[555532345678901235679012345678901235689,-90071992545555555555555555555555555555555555555740993]".utf8)),
    ]

    static func all() -> [SeedCase] {
        var out = texts.map { name, bytes in
            SeedCase(name: "handmade-" + name, readable: JSONReaderCheck.readableJSON(JSONTextCase(text: bytes)))
        }
        var g = SeededBytes(seed: 31)
        for i in 0..<80 {
            // Generated mode: a first byte other than the raw marker.
            var bytes = g.next(maxCount: 160)
            if bytes.first == 0xFF { bytes[0] = 0 }
            out.append(SeedCase(name: "generated-\(i)", readable: JSONReaderCheck.readableJSON(JSONTextCase(bytes: bytes))))
        }
        return out
    }
}
