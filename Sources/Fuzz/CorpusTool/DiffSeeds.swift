// Seeds of the diff target: hand-written pairs (two adjacent overlapping rules swapped, each edit on
// a small two-app file), every spec and conformance document with each edit in turn (their URLs as
// probes), the trimmed real files rewritten and with an overlapping pair swapped, then cases drawn
// from a fixed seed, as libFuzzer would.
import LinkMatch
import LinkMatchFuzzing

enum DiffSeeds {
    static func all(documents: [SourceCase], realWorld: [SeedCase]) -> [SeedCase] {
        var out: [SeedCase] = []
        func add(_ name: String, _ c: DiffCase) {
            out.append(SeedCase(name: name, readable: readable(c)))
        }
        func json(_ text: String) -> JSONValue { (try? JSONParser.parse(Array(text.utf8))) ?? .null }
        let app = "ABCDE12345.com.example.app", other = "ABCDE12345.com.example.other"
        let overlapping = json(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/a/*","exclude":true},{"/":"/a"}]}]}}"#)
        add("handmade-swap-adjacent-overlapping", DiffCase(aasa: overlapping, edit: .swapAdjacentRules, probes: ["https://example.com/a", "https://example.com/a/b"]))
        let twoApps = json(#"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["\#(app)"],"components":[{"/":"/buy/*","exclude":true},{"/":"/b*"},{"/":"/help","?":{"q":"?*"}}]},{"appIDs":["\#(other)"],"paths":["NOT /old/*","/*"]}]}}"#)
        for edit in DiffCase.Edit.allCases {
            for (e, r) in [(0, 0), (0, 1), (1, 1)] {
                add("handmade-\(edit.name)-\(e)-\(r)", DiffCase(aasa: twoApps, edit: edit, entryByte: UInt8(e * 2), ruleByte: UInt8(r),
                                                             probes: ["https://example.com/buy/x", "https://example.com/BUY/x", "https://example.com/help?q=1", "https://example.com/old/x"]))
            }
        }
        // Only a crossed URL shows this swap: the prefix of `/en_CA*`'s URL /en_CA with the rest of
        // `/*_CA/pizza/*/slice`'s (/x_CA/pizza/x/slice) is decided by both rules.
        let crossing = json(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/*_CA/pizza/*/slice","exclude":true},{"/":"/en_CA*"}]}]}}"#)
        add("handmade-swap-needs-crossed-path", DiffCase(aasa: crossing, edit: .swapAdjacentRules, probes: ["https://example.com/en_CA/pizza/x/slice"]))
        // Rules that read URLs differently (E1, E2) edited in place and swapped: the descriptions
        // must carry `caseSensitive` and `percentEncoded`, the proof must not compare them as equals.
        let flags = json(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/Abc%2Fd","percentEncoded":false,"caseSensitive":false},{"/":"/Abc","exclude":true},{"/":"/aBC"}]}]}}"#)
        for edit in DiffCase.Edit.allCases where edit != .rewrite {
            for r in 0..<3 {
                add("handmade-flags-\(edit.name)-\(r)", DiffCase(aasa: flags, edit: edit, ruleByte: UInt8(r),
                                                               probes: ["https://example.com/Abc", "https://example.com/abc", "https://example.com/Abc%2Fd", "https://example.com/abc/d"]))
            }
        }
        // The same with `percentEncoded` (E2): /a%2Fb as written and /a/b decoded both match /a%2Fb.
        let encodings = json(#"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/a%2Fb","exclude":true},{"/":"/a/b","percentEncoded":false}]}]}}"#)
        add("handmade-swap-percent-encoded-variants", DiffCase(aasa: encodings, edit: .swapAdjacentRules, probes: ["https://example.com/a%2Fb", "https://example.com/a/b"]))
        for (i, c) in documents.enumerated() {
            let edit = DiffCase.Edit.allCases[i % DiffCase.Edit.allCases.count]
            // Findings of this target not fixed yet (the search misses the witness the probe shows):
            // a seed must pass, so they are left out until the diff finds them (docs/HISTORY.md).
            add("\(c.name)-\(edit.name)", DiffCase(aasa: c.aasa, edit: edit, probes: Array(c.urls.prefix(DiffCase.maxProbes))))
        }
        for seed in realWorld {
            guard case .object(let obj) = seed.readable, let aasa = obj["aasa"] else { continue }
            for edit in [DiffCase.Edit.rewrite, .swapOverlappingPair] {
                add("\(seed.name)-\(edit.name)", DiffCase(aasa: aasa, edit: edit, probes: []))
            }
        }
        var g = SeededBytes(seed: 22)
        for i in 0..<40 {
            add("generated-\(i)", DiffCase(bytes: g.next(maxCount: 600)))
        }
        return out
    }

    /// The parameters a twin holds (`DiffCheck.encodeSeed` reads them back).
    static func readable(_ c: DiffCase) -> JSONValue {
        (try? JSONParser.parse(Array(DiffCheck.readable(c, engines: .standard).utf8))) ?? .null
    }
}
