import LinkMatch

/// `linkmatch validate`'s work (parse, then every lint) on generated files of growing size: how its
/// cost grows with the rule count, and the most heap it holds at once per file.
enum ValidateWorkloads {
    /// One file's bytes: `rules` components in one entry. `cycle`: `/pN*`, `/iN?`, `*/xN`, `/aN`,
    /// `/qN` in turn (7,500 of them are about 116 KB); `star`: every rule `*/sN`; `wild`: every rule
    /// `*/sN*`, a wildcard at both ends, so no literal start or end indexes it (7,500 are about 126 KB);
    /// `variables`: rules using two custom variables, `/$(food)/vN/*` and `*/$(kind)/wN`.
    static func document(_ kind: String, rules: Int) -> [UInt8] {
        var components: [String] = []
        components.reserveCapacity(rules)
        for i in 0..<rules {
            let path: String
            switch kind {
            case "cycle": path = ["/p\(i)*", "/i\(i)?", "*/x\(i)", "/a\(i)", "/q\(i)"][i % 5]
            case "star": path = "*/s\(i)"
            case "wild": path = "*/s\(i)*"
            default: path = i % 2 == 1 ? "/$(food)/v\(i)/*" : "*/$(kind)/w\(i)"
            }
            components.append(#"{"/":"\#(path)"}"#)
        }
        let variables = kind == "variables" ? #""substitutionVariables":{"food":["pizza","tacos","salad","soup"],"kind":["a","b"]},"# : ""
        return Array(#"{"applinks":{\#(variables)"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[\#(components.joined(separator: ","))]}]}}"#.utf8)
    }

    /// What `validate` computes: the parse and every lint; the count of diagnostics (or -1 when the
    /// file is refused) keeps the work from being optimised away.
    static func validate(_ bytes: [UInt8]) -> Int {
        guard let parsed = try? AASADocument.parse(bytes) else { return -1 }
        return Lints.run(parsed).count
    }
}
