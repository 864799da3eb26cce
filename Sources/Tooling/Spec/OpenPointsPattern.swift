import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

// Open points about patterns and substitution variables (P2–P5, V2, V5, V6, N2 at a variable).
// Predictions are hand-written from SPEC.md.

extension OpenPoints {
    /// P5's example: 20 references to a variable of ten 500-character values (expanded size 100,021).
    static let overLimitValues: [String] = (0..<10).map { String(repeating: "a", count: 499) + String($0) }

    static let patternPoints: [OpenPoint] = [
        OpenPoint(
            id: "P2-character-unit", rules: ["P2"],
            title: "What `?` counts when the text is decoded: scalars, UTF-16 units or grapheme clusters",
            linkMatchChoice: "One Unicode scalar: `😀` (one scalar, two UTF-16 units) is one character; `e` + U+0301 is two.",
            alternatives: ["utf16-units: NSString-style counting, `😀` is two characters",
                           "graphemes: Swift `Character` counting, `e` + U+0301 is one"],
            settledBy: "`swcutil match` with `{\"/\": \"/x/?\", \"percentEncoded\": false}` on `/x/%F0%9F%98%80` and on `/x/e%CC%81`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/x/?","percentEncoded":false}]"#),
                               url: url("/x/%F0%9F%98%80"),
                               predictions: ["linkmatch": "match", "utf16-units": "no_match", "graphemes": "match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/x/?","percentEncoded":false}]"#),
                               url: url("/x/e%CC%81"),
                               predictions: ["linkmatch": "no_match", "utf16-units": "no_match", "graphemes": "match"]),
            ]),
        OpenPoint(
            id: "P3-broken-reference", rules: ["P3"],
            title: "An unterminated `$(`",
            linkMatchChoice: "The pattern is invalid and its rule never matches (error `invalid-pattern`).",
            alternatives: ["literal: the broken reference is literal text"],
            settledBy: "`swcutil match` with `{\"/\": \"/$(oops\"}` on `/$(oops`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/$(oops"}]"#), url: url("/$(oops"),
                                    predictions: ["linkmatch": "no_match", "literal": "match"])]),
        OpenPoint(
            id: "P3-empty-variable-name", rules: ["P3", "V1"],
            title: "A variable named `\"\"` and the reference `$()`",
            linkMatchChoice: "`$()` is a broken reference (P3: a name has at least one scalar): the rule never matches, whatever `substitutionVariables` defines for `\"\"`.",
            alternatives: ["empty-name-allowed: `$()` takes the values of the variable `\"\"`",
                           "literal: `$()` is literal text"],
            settledBy: "`swcutil verify` with `substitutionVariables {\"\": [\"x\"]}` and `{\"/\": \"/$()\"}` on `/x` and `/$()`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/$()"}]"#, applinks: #""substitutionVariables":{"":["x"]}"#),
                               url: url("/x"),
                               predictions: ["linkmatch": "no_match", "empty-name-allowed": "match", "literal": "no_match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/$()"}]"#, applinks: #""substitutionVariables":{"":["x"]}"#),
                               url: url("/$()"),
                               predictions: ["linkmatch": "no_match", "empty-name-allowed": "no_match", "literal": "match"]),
            ]),
        OpenPoint(
            id: "P4-undefined-variable", rules: ["P4"],
            title: "A reference to a variable that is neither defined nor predefined",
            linkMatchChoice: "Matches nothing, like an empty value list (error `undefined-variable`).",
            alternatives: ["literal: `$(nope)` is literal text", "wildcard: an unknown variable matches like `*`"],
            settledBy: "`swcutil match` with `{\"/\": \"/$(nope)\"}` on `/$(nope)` and on `/x`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/$(nope)"}]"#), url: url("/$(nope)"),
                               predictions: ["linkmatch": "no_match", "literal": "match", "wildcard": "match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/$(nope)"}]"#), url: url("/x"),
                               predictions: ["linkmatch": "no_match", "literal": "no_match", "wildcard": "match"]),
            ]),
        OpenPoint(
            id: "P5-expansion-limits", rules: ["P5"],
            title: "LinkMatch's limits on expanded pattern size",
            linkMatchChoice: "A pattern whose expanded size exceeds 65,536 never matches (`invalid-pattern`); a document over 2,097,152 in total is refused (`too-complex`).",
            alternatives: ["no-limit: the pattern matches as written (Apple documents no limit)"],
            settledBy: "`swcutil verify` on the probe's document (20 references to ten 500-character values) on a URL one expansion spells out.",
            probes: [OpenPointProbe(
                aasa: components(#"[{"/":"/"# + String(repeating: "$(v)", count: 20) + #""}]"#,
                                 applinks: #""substitutionVariables":{"v":[""#
                                     + overLimitValues.joined(separator: #"",""#) + #""]}"#),
                url: url("/" + String(repeating: overLimitValues[0], count: 20)),
                predictions: ["linkmatch": "no_match", "no-limit": "match"])]),
        OpenPoint(
            id: "V2-variable-in-value", rules: ["V2"],
            title: "`$(x)` inside a variable's value",
            linkMatchChoice: "Literal text (warning `variable-in-value`); values are never expanded again.",
            alternatives: ["expand-once: the inner reference is expanded"],
            settledBy: "`swcutil verify` with `{\"v\": [\"$(food)\"], \"food\": [\"pizza\"]}` and `{\"/\": \"/$(v)\"}` on `/pizza` and `/$(food)`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/$(v)"}]"#,
                                                applinks: #""substitutionVariables":{"v":["$(food)"],"food":["pizza"]}"#),
                               url: url("/pizza"), predictions: ["linkmatch": "no_match", "expand-once": "match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/$(v)"}]"#,
                                                applinks: #""substitutionVariables":{"v":["$(food)"],"food":["pizza"]}"#),
                               url: url("/$(food)"), predictions: ["linkmatch": "match", "expand-once": "no_match"]),
            ]),
        OpenPoint(
            id: "V5-predefined-overridden", rules: ["V5"],
            title: "A custom variable named like a predefined one",
            linkMatchChoice: "The custom list replaces the predefined one for the whole file (warning `predefined-variable-overridden`).",
            alternatives: ["predefined-wins: the custom definition is ignored"],
            settledBy: "`swcutil verify` with `{\"digit\": [\"x\"]}` and `{\"/\": \"/id/$(digit)\"}` on `/id/7` and `/id/x`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/id/$(digit)"}]"#, applinks: #""substitutionVariables":{"digit":["x"]}"#),
                               url: url("/id/7"), predictions: ["linkmatch": "no_match", "predefined-wins": "match"]),
                OpenPointProbe(aasa: components(#"[{"/":"/id/$(digit)"}]"#, applinks: #""substitutionVariables":{"digit":["x"]}"#),
                               url: url("/id/x"), predictions: ["linkmatch": "match", "predefined-wins": "no_match"]),
            ]),
        OpenPoint(
            id: "V6-bad-variable-values", rules: ["V6"],
            title: "A variable list holding a non-string value",
            linkMatchChoice: "The non-string element is dropped and the other values are kept (error `wrong-type`).",
            alternatives: ["variable-dropped: the whole variable is ignored (then undefined, P4)",
                           "file-refused: the file is invalid"],
            settledBy: "`swcutil verify` with `{\"food\": [\"pizza\", 3]}` and `{\"/\": \"/$(food)\"}` on `/pizza`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/$(food)"}]"#,
                                                     applinks: #""substitutionVariables":{"food":["pizza",3]}"#),
                                    url: url("/pizza"),
                                    predictions: ["linkmatch": "match", "variable-dropped": "no_match", "file-refused": "error"])]),
        OpenPoint(
            id: "N2-variable-at-edge", rules: ["N2", "N3"],
            title: "Slash normalization next to a `$(name)`",
            linkMatchChoice: "N1–N3 look at the pattern as written: `/a/$(v)` with `v = [\"\"]` keeps its slash and does not match `/a`.",
            alternatives: ["expand-then-normalize: the written-out `/a/` matches `/a`"],
            settledBy: "`swcutil verify` with `{\"v\": [\"\"]}` and `{\"/\": \"/a/$(v)\"}` on `/a`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":"/a/$(v)"}]"#, applinks: #""substitutionVariables":{"v":[""]}"#),
                                    url: url("/a"),
                                    predictions: ["linkmatch": "no_match", "expand-then-normalize": "match"])]),
    ]
}
