import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

// Open points about URLs (U2–U5): scheme, raw characters, broken escapes, the authority, query items.
// Predictions are hand-written from SPEC.md.

extension OpenPoints {
    static let urlPoints: [OpenPoint] = [
        OpenPoint(
            id: "U2-http-scheme", rules: ["U2"],
            title: "An `http` URL",
            linkMatchChoice: "`no_match` with the reason `scheme`: only `https` opens apps.",
            alternatives: ["scheme-not-checked: the tool matches the path whatever the scheme",
                           "error: a non-https URL is refused as input"],
            settledBy: "`swcutil verify -u http://example.com/x` with the rule `/*`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/*"}]"#), url: "http://example.com/x",
                                    predictions: ["linkmatch": "no_match", "scheme-not-checked": "match", "error": "error"])]),
        OpenPoint(
            id: "U4-raw-characters", rules: ["U4"],
            title: "A raw space or non-ASCII character in a URL",
            linkMatchChoice: "Percent-encoded as UTF-8 with uppercase hex before matching, as NSURL does with such a link.",
            alternatives: ["reject-raw: the URL is invalid", "compare-raw: the raw character is compared as is, so the encoded pattern does not match"],
            settledBy: "`swcutil verify -u 'https://example.com/a b'` with the rule `/a%20b`, and `/café` with `/caf%C3%A9`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/a%20b"}]"#), url: url("/a b"),
                               predictions: ["linkmatch": "match", "reject-raw": "error", "compare-raw": "no_match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/caf%C3%A9"}]"#), url: url("/café"),
                               predictions: ["linkmatch": "match", "reject-raw": "error", "compare-raw": "no_match"]),
            ]),
        OpenPoint(
            id: "U4-bare-percent", rules: ["U4"],
            title: "A `%` not followed by two hex digits",
            linkMatchChoice: "The typed error `invalid-percent-escape`: no decision.",
            alternatives: ["percent-literal: the `%` is an ordinary character"],
            settledBy: "`swcutil verify -u https://example.com/100%` with the rule `/*`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/*"}]"#), url: url("/100%"),
                                    predictions: ["linkmatch": "error", "percent-literal": "match"])]),
        OpenPoint(
            id: "U3-authority", rules: ["U3"],
            title: "A port that is not digits; userinfo and a port beside the host",
            linkMatchChoice: "Userinfo (to the last `@`) and a digits-only port are dropped; any other `:suffix` makes the URL a typed error (invalid host).",
            alternatives: ["port-ignored: everything after the last `:` is dropped, `example.com:abc` is `example.com`",
                           "host-mismatch: `example.com:abc` is a host of its own (no_match)",
                           "userinfo-refused: a URL with userinfo is invalid"],
            settledBy: "`swcutil verify -u https://example.com:abc/x` and `-u https://user:pw@example.com:8443/x` with the rule `/x`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/x"}]"#), url: "https://example.com:abc/x",
                               predictions: ["linkmatch": "error", "port-ignored": "match", "host-mismatch": "no_match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/x"}]"#), url: "https://user:pw@example.com:8443/x",
                               predictions: ["linkmatch": "match", "userinfo-refused": "error"]),
            ]),
        OpenPoint(
            id: "U3-bracketed-host", rules: ["U3"],
            title: "An IP-literal host in brackets",
            linkMatchChoice: "The host is the bracketed text, brackets included, compared with the domain ignoring ASCII case.",
            alternatives: ["brackets-stripped: the host is `::1`, which differs from the domain `[::1]`",
                           "ip-literal-refused: such a URL is invalid"],
            settledBy: "`swcutil verify -d '[::1]' -u 'https://[::1]/x'` with the rule `/*`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/*"}]"#), domain: "[::1]", url: "https://[::1]/x",
                                    predictions: ["linkmatch": "match", "brackets-stripped": "no_match",
                                                  "ip-literal-refused": "error"])]),
        OpenPoint(
            id: "U3-trailing-dot", rules: ["U3"],
            title: "A host with a trailing dot",
            linkMatchChoice: "Compared as written: `example.com.` is not the domain `example.com` (`no_match`, reason `host`).",
            alternatives: ["dot-ignored: the fully-qualified form `example.com.` is the same host"],
            settledBy: "`swcutil verify -d example.com -u https://example.com./x` with the rule `/*`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/*"}]"#), url: "https://example.com./x",
                                    predictions: ["linkmatch": "no_match", "dot-ignored": "match"])]),
        OpenPoint(
            id: "U3-idn-host", rules: ["U3", "U4"],
            title: "An internationalized host written in Unicode",
            linkMatchChoice: "No IDNA conversion: the raw host is percent-encoded (U4) and never equals a punycode domain.",
            alternatives: ["idna: the host is converted to punycode first, `café.example` is `xn--caf-dma.example`"],
            settledBy: "`swcutil verify -d xn--caf-dma.example -u https://café.example/x` with the rule `/*`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/*"}]"#), domain: "xn--caf-dma.example", url: "https://café.example/x",
                                    predictions: ["linkmatch": "no_match", "idna": "match"])]),
        OpenPoint(
            id: "U5-plus-as-space", rules: ["U5"],
            title: "`+` in a query item",
            linkMatchChoice: "`+` is an ordinary character, not a space (RFC 3986, not HTML forms).",
            alternatives: ["form-decoding: `+` decodes to a space when `percentEncoded` is false"],
            settledBy: "`swcutil match` with `{\"?\": {\"q\": \"a b\"}, \"percentEncoded\": false}` on `/x?q=a+b`.",
            probes: [OpenPointProbe(aasa: components(#"[{"?":{"q":"a b"},"percentEncoded":false}]"#), url: url("/x?q=a+b"),
                                    predictions: ["linkmatch": "no_match", "form-decoding": "match"])]),
    ]
}
