import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

// Open points about case folding and decoding (E1, E3, E4). Predictions are hand-written from SPEC.md.

extension OpenPoints {
    static let encodingPoints: [OpenPoint] = [
        OpenPoint(
            id: "E1-dotted-capital-i", rules: ["E1"],
            title: "Folding `İ` (U+0130) and `ß`",
            linkMatchChoice: "Simple one-to-one lowercase: `İ` (lowercase is two scalars) stays `İ`; `ß` is not `ss`.",
            alternatives: ["full-lowercase: Foundation's `lowercased()`, `İ` becomes `i` + U+0307",
                           "full-folding: Unicode full case folding, `ß` is `ss`"],
            settledBy: "`swcutil match` with the probes' components (case-insensitive, decoded).",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/İ","caseSensitive":false,"percentEncoded":false}]"#),
                               url: url("/i%CC%87"),
                               predictions: ["linkmatch": "no_match", "full-lowercase": "match", "full-folding": "match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/STRASSE","caseSensitive":false,"percentEncoded":false}]"#),
                               url: url("/stra%C3%9Fe"),
                               predictions: ["linkmatch": "no_match", "full-lowercase": "no_match", "full-folding": "match"]),
            ]),
        OpenPoint(
            id: "E1-kelvin-sign", rules: ["E1", "V3"],
            title: "The Kelvin sign (U+212A) against `$(alpha)` case-insensitively",
            linkMatchChoice: "Folding applies to every scalar: U+212A lowercases to `k`, which `$(alpha)` holds, so it matches.",
            alternatives: ["ascii-only-folding: only A–Z fold, U+212A is no letter of `$(alpha)`"],
            settledBy: "`swcutil match` with `{\"/\": \"/$(alpha)\", \"caseSensitive\": false, \"percentEncoded\": false}` on `/%E2%84%AA`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/$(alpha)","caseSensitive":false,"percentEncoded":false}]"#),
                                    url: url("/%E2%84%AA"),
                                    predictions: ["linkmatch": "match", "ascii-only-folding": "no_match"])]),
        OpenPoint(
            id: "E3-invalid-utf8", rules: ["E3"],
            title: "Escapes that decode to invalid UTF-8 when `percentEncoded` is false",
            linkMatchChoice: "Each maximal invalid subsequence decodes to one U+FFFD, so `%FF` is one character.",
            alternatives: ["undecodable-never-matches: a part that does not decode matches no pattern"],
            settledBy: "`swcutil match` with `{\"/\": \"/x/?\", \"percentEncoded\": false}` on `/x/%FF`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/x/?","percentEncoded":false}]"#), url: url("/x/%FF"),
                                    predictions: ["linkmatch": "match", "undecodable-never-matches": "no_match"])]),
        OpenPoint(
            id: "E4-query-item-names", rules: ["E4"],
            title: "Query item names: folded and decoded like values?",
            linkMatchChoice: "Names get the values' treatment: decoded when `percentEncoded` is false, folded when `caseSensitive` is false.",
            alternatives: ["names-as-written: names are compared exactly as written, whatever the flags"],
            settledBy: "`swcutil match` with `{\"?\": {\"ID\": \"7\"}, \"caseSensitive\": false}` on `/x?id=7`, and `{\"?\": {\"a b\": \"1\"}, \"percentEncoded\": false}` on `/x?a%20b=1`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"?":{"ID":"7"},"caseSensitive":false}]"#), url: url("/x?id=7"),
                               predictions: ["linkmatch": "match", "names-as-written": "no_match"]),
                OpenPointProbe(aasa: components(#"[{"?":{"a b":"1"},"percentEncoded":false}]"#), url: url("/x?a%20b=1"),
                               predictions: ["linkmatch": "match", "names-as-written": "no_match"]),
            ]),
    ]
}
