import LinkMatchCompiled
import LinkMatchCore
import LinkMatchReference

// Open points about the document: its size and syntax (D1), app IDs (D3, D5), legacy paths (D6) and
// wrong types (D10). Predictions are hand-written from SPEC.md.

extension OpenPoints {
    static let app2 = "ABCDE12345.com.example.app2"

    /// A document just over Apple's 128 KB limit: one rule for `/x` with a long `comment`.
    static let oversizedDocument: String =
        components(#"[{"/":"/x","comment":""# + String(repeating: "x", count: 131_072) + #""}]"#)

    static let documentPoints: [OpenPoint] = [
        OpenPoint(
            id: "D1-over-apple-size-limit", rules: ["D1"],
            title: "A file larger than 128 KB",
            linkMatchChoice: "Loads and matches as usual; `validate` reports the error `over-apple-size-limit` with the size, because Apple's CDN refuses to serve such a file.",
            alternatives: ["size-limit-enforced: the file is refused, nothing matches (what devices see through the CDN)"],
            settledBy: "`swcutil verify -j` on a 131,073-byte file: whether the local tool also refuses it.",
            probes: [OpenPointProbe(aasa: oversizedDocument, url: url("/x"),
                                    predictions: ["linkmatch": "match", "size-limit-enforced": "error"])]),
        OpenPoint(
            id: "D1-nesting-depth", rules: ["D1"],
            title: "Arrays and objects nested deeper than 128 levels",
            linkMatchChoice: "Accepted up to 512 levels; deeper is the fatal error `too-deep`.",
            alternatives: ["depth-limit-128: a parser with a lower limit refuses the file"],
            settledBy: "`swcutil verify` on a file whose ignored `comment` nests 130 arrays deep (136 levels in all).",
            probes: [OpenPointProbe(
                aasa: components(#"[{"/":"/x","comment":"# + String(repeating: "[", count: 130)
                                 + String(repeating: "]", count: 130) + "}]"),
                url: url("/x"), predictions: ["linkmatch": "match", "depth-limit-128": "error"])]),
        OpenPoint(
            id: "D1-big-numbers", rules: ["D1"],
            title: "Numbers beyond 64 bits or beyond Double",
            linkMatchChoice: "Any number valid in JSON syntax is accepted (kept as text; no key LinkMatch reads takes a number).",
            alternatives: ["numbers-must-fit: a parser that converts numbers refuses 1e400 or a 30-digit integer"],
            settledBy: "`swcutil verify` on a file with `\"comment\": 1e400` in a component.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/x","comment":1e400}]"#), url: url("/x"),
                               predictions: ["linkmatch": "match", "numbers-must-fit": "error"]),
                OpenPointProbe(aasa: components(#"[{"/":"/x","comment":123456789012345678901234567890}]"#),
                               url: url("/x"), predictions: ["linkmatch": "match", "numbers-must-fit": "error"]),
            ]),
        OpenPoint(
            id: "D3-empty-app-id", rules: ["D3"],
            title: "An app ID that is the empty string",
            linkMatchChoice: "An empty app ID names no app (error `empty-app-id`): the entry never applies to the app `\"\"`.",
            alternatives: ["empty-id-kept: `\"\"` is an app ID like any other and matches the app `\"\"`"],
            settledBy: "`swcutil verify` with an entry `\"appIDs\": [\"\"]` asked for the app `\"\"`, if the tool accepts it.",
            probes: [OpenPointProbe(aasa: #"{"applinks":{"details":[{"appIDs":[""],"components":[{"/":"/*"}]}]}}"#,
                                    appID: "", url: url("/x"),
                                    predictions: ["linkmatch": "no_match", "empty-id-kept": "match"])]),
        OpenPoint(
            id: "D5-dictionary-key-and-app-id", rules: ["D5", "D4"],
            title: "A dictionary-form `details` key plus `appID`/`appIDs` inside its value",
            linkMatchChoice: "The key plays the part of the entry's `appID` (an `appID` inside the value is ignored), and an `appIDs` inside the value wins over both, as D4.",
            alternatives: ["union: the key and every app the value lists (LinkMatch before issue 8)",
                           "key-only: the key names the app, the value's `appID`/`appIDs` are ignored",
                           "value-appid-wins: an `appID` inside the value replaces the key"],
            settledBy: "`swcutil verify` on the two documents of the probes, asked for each app.",
            probes: [
                OpenPointProbe(aasa: #"{"applinks":{"details":{""# + exampleApp + #"":{"appIDs":[""# + app2
                                   + #""],"paths":["/x"]}}}}"#,
                               url: url("/x"),
                               predictions: ["linkmatch": "no_match", "union": "match", "key-only": "match",
                                             "value-appid-wins": "no_match"]),
                OpenPointProbe(aasa: #"{"applinks":{"details":{""# + exampleApp + #"":{"appIDs":[""# + app2
                                   + #""],"paths":["/x"]}}}}"#,
                               appID: app2, url: url("/x"),
                               predictions: ["linkmatch": "match", "union": "match", "key-only": "no_match",
                                             "value-appid-wins": "match"]),
                OpenPointProbe(aasa: #"{"applinks":{"details":{""# + exampleApp + #"":{"appID":""# + app2
                                   + #"","paths":["/x"]}}}}"#,
                               appID: app2, url: url("/x"),
                               predictions: ["linkmatch": "no_match", "union": "match", "key-only": "no_match",
                                             "value-appid-wins": "match"]),
            ]),
        OpenPoint(
            id: "D5-duplicate-keys", rules: ["D5"],
            title: "A JSON object that repeats a key",
            linkMatchChoice: "The last value is used, as `JSONSerialization` does (warning `duplicate-key`); the key keeps the position of its first appearance.",
            alternatives: ["first-wins: the first value is used", "file-refused: a parser that rejects duplicate keys refuses the file"],
            settledBy: "`swcutil match` with `{\"/\": \"/a\", \"/\": \"/b\"}` on `/a` and on `/b`.",
            probes: [
                OpenPointProbe(aasa: components(#"[{"/":"/a","/":"/b"}]"#), url: url("/b"),
                               predictions: ["linkmatch": "match", "first-wins": "no_match", "file-refused": "error"]),
                OpenPointProbe(aasa: components(#"[{"/":"/a","/":"/b"}]"#), url: url("/a"),
                               predictions: ["linkmatch": "no_match", "first-wins": "match", "file-refused": "error"]),
            ]),
        OpenPoint(
            id: "D6-not-prefix-spacing", rules: ["D6"],
            title: "`NOT` followed by two spaces, or by no space",
            linkMatchChoice: "Only exactly `NOT ` (one space) makes an exclusion; the rest is used as written, so `NOT  /x` excludes the pattern ` /x` (which no path as written matches) and `NOT/x` is the plain pattern `NOT/x`.",
            alternatives: ["trim-after-not: spaces after `NOT` are skipped, `NOT  /x` excludes `/x`",
                           "not-without-space: `NOT/x` also excludes `/x`"],
            settledBy: "`swcutil verify` with `paths: [\"NOT  /x\", \"/*\"]` and `[\"NOT/x\", \"/*\"]` on `/x`.",
            probes: [
                OpenPointProbe(aasa: paths(#"["NOT  /x","/*"]"#), url: url("/x"),
                               predictions: ["linkmatch": "match", "trim-after-not": "exclude"]),
                OpenPointProbe(aasa: paths(#"["NOT/x","/*"]"#), url: url("/x"),
                               predictions: ["linkmatch": "match", "not-without-space": "exclude"]),
            ]),
        OpenPoint(
            id: "D6-legacy-paths-take-defaults", rules: ["D6", "C5"],
            title: "Legacy `paths` rules and `defaults`",
            linkMatchChoice: "A `paths` string is a component with only `/`: every other key comes from `defaults`.",
            alternatives: ["defaults-only-for-components: legacy rules keep the built-in defaults"],
            settledBy: "`swcutil verify` with `applinks.defaults {\"caseSensitive\": false}` and `paths: [\"/Help\"]` on `/help`.",
            probes: [OpenPointProbe(aasa: paths(#"["/Help"]"#, applinks: #""defaults":{"caseSensitive":false}"#),
                                    url: url("/help"),
                                    predictions: ["linkmatch": "match", "defaults-only-for-components": "no_match"])]),
        OpenPoint(
            id: "C5-query-not-merged", rules: ["C5"],
            title: "A `?` dictionary in a component and another in `defaults`",
            linkMatchChoice: "A key's value comes whole from the most specific level: the component's `?` dictionary replaces the default's, items are not merged.",
            alternatives: ["merged: the items of every level are required together"],
            settledBy: "`swcutil verify` with `applinks.defaults {\"?\": {\"a\": \"1\"}}` and the component `{\"?\": {\"b\": \"2\"}}` on `/x?b=2`.",
            probes: [OpenPointProbe(aasa: components(#"[{"?":{"b":"2"}}]"#, applinks: #""defaults":{"?":{"a":"1"}}"#),
                                    url: url("/x?b=2"), predictions: ["linkmatch": "match", "merged": "no_match"])]),
        OpenPoint(
            id: "D12-canonical-equivalence", rules: ["D12", "V1"],
            title: "App IDs and variable names that are canonically equivalent but not identical",
            linkMatchChoice: "Compared code point by code point, as `NSString` does: a precomposed `é` is not `e` + U+0301, "
                + "for app IDs and for the name in `$(name)` against the `substitutionVariables` keys.",
            alternatives: ["canonical-equivalence: Swift `String` equality, the two spellings are the same app or variable"],
            settledBy: "`swcutil verify` with `appIDs: [\"ABCDE12345.com.example.caf\\u00e9\"]` asked for the decomposed spelling, "
                + "and with a variable defined as `cafe\\u0301` used as `$(caf\\u00e9)`.",
            probes: [OpenPointProbe(aasa: #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.caf\u00e9"],"components":[{"/":"/*"}]}]}}"#,
                                    appID: "ABCDE12345.com.example.cafe\u{301}", url: url("/x"),
                                    predictions: ["linkmatch": "no_match", "canonical-equivalence": "match"]),
                     OpenPointProbe(aasa: #"{"applinks":{"substitutionVariables":{"cafe\u0301":["x"]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(caf\u00e9)"}]}]}}"#,
                                    url: url("/x"),
                                    predictions: ["linkmatch": "no_match", "canonical-equivalence": "match"])]),
        OpenPoint(
            id: "D10-wrong-type", rules: ["D10"],
            title: "A known key with a value of the wrong type",
            linkMatchChoice: "The key is treated as absent (error `wrong-type`): `{\"/\": 42}` is `{}` and matches every URL.",
            alternatives: ["rule-dropped: the component is ignored", "file-refused: the whole file is invalid"],
            settledBy: "`swcutil verify` with the component `{\"/\": 42}` on `/anything`.",
            probes: [OpenPointProbe(aasa: components(#"[{"/":42}]"#), url: url("/anything"),
                                    predictions: ["linkmatch": "match", "rule-dropped": "no_match",
                                                  "file-refused": "error"])]),
    ]
}
