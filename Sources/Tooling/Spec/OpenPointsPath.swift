import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

// Open points about path normalization (N1–N4). Predictions are hand-written from SPEC.md.

extension OpenPoints {
    static let pathPoints: [OpenPoint] = [
        OpenPoint(
            id: "N1-leading-star", rules: ["N1"],
            title: "A path pattern that starts with `*`, such as `*/terms/*`",
            linkMatchChoice: "Leading `/` are stripped from the text and only leading literal `/` from the pattern, so `*/terms/*` needs a `/` before `terms`: it does not match `/terms/x` (it matches `/a/terms/x`).",
            alternatives: ["slash-kept-in-text: the pattern is compared with the path including its leading `/`, so `*` matches the empty string and `*/terms/*` matches `/terms/x`"],
            settledBy: "`swcutil match` with `{\"/\": \"*/terms/*\"}` on `/terms/x`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"*/terms/*"}]"#), url: url("/terms/x"),
                               predictions: ["linkmatch": "no_match", "slash-kept-in-text": "match"]),
                OpenPointProbe(aasa: components(#"[{"/":"*/terms/*","exclude":true},{"/":"*"}]"#), url: url("/terms/x"),
                               predictions: ["linkmatch": "match", "slash-kept-in-text": "exclude"]),
            ]),
        OpenPoint(
            id: "N1-leading-slashes-in-url", rules: ["N1"],
            title: "A URL path starting with `//`",
            linkMatchChoice: "All leading `/` of the path text are ignored, as on the pattern side: `abc` matches `//abc`.",
            alternatives: ["one-slash-stripped: only one leading `/` is insignificant, `//abc` is `/` + `/abc`"],
            settledBy: "`swcutil verify -u https://example.com//abc` with the rule `abc`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"abc"}]"#), url: url("//abc"),
                                    predictions: ["linkmatch": "match", "one-slash-stripped": "no_match"])]),
        OpenPoint(
            id: "N1-empty-path-pattern", rules: ["N1", "N2"],
            title: "The empty path pattern `\"\"`",
            linkMatchChoice: "After N1/N2 it is the empty pattern: it matches the root (`/` or no path) and nothing else.",
            alternatives: ["empty-matches-nothing: an empty pattern never matches",
                           "empty-is-absent: `\"\"` is read like a missing `/` key, i.e. `*`"],
            settledBy: "`swcutil match` with `{\"/\": \"\"}` on `https://example.com/` and `/x`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":""}]"#), url: url("/"),
                               predictions: ["linkmatch": "match", "empty-matches-nothing": "no_match", "empty-is-absent": "match"]),
                OpenPointProbe(aasa: components(#"[{"/":""}]"#), url: url("/x"),
                               predictions: ["linkmatch": "no_match", "empty-matches-nothing": "no_match", "empty-is-absent": "match"]),
            ]),
        OpenPoint(
            id: "N3-double-slash-star", rules: ["N3"],
            title: "A pattern ending in `//*` against the parent path",
            linkMatchChoice: "N3 drops the final `/*`, then every trailing literal `/`: `/a//*` matches `/a`.",
            alternatives: ["one-slash-relaxed: only the final `/*` is dropped, `/a/` is left and needs a slash the text lacks"],
            settledBy: "`swcutil match` with `{\"/\": \"/a//*\"}` on `/a`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/a//*"}]"#), url: url("/a"),
                                    predictions: ["linkmatch": "match", "one-slash-relaxed": "no_match"])]),
        OpenPoint(
            id: "N4-decoded-slash", rules: ["N4"],
            title: "Normalization of a decoded `%2F` when `percentEncoded` is false",
            linkMatchChoice: "Decode, then normalize: a trailing `%2F` is a trailing slash and is ignored.",
            alternatives: ["normalize-then-decode: only written slashes are normalized, `/a%2F` keeps its decoded slash"],
            settledBy: "`swcutil match` with `{\"/\": \"/a\", \"percentEncoded\": false}` on `/a%2F`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/a","percentEncoded":false}]"#), url: url("/a%2F"),
                                    predictions: ["linkmatch": "match", "normalize-then-decode": "no_match"])]),
    ]
}
