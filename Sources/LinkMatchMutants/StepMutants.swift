import LinkMatch
import LinkMatchFuzzing

/// Planted mistakes in the steps the two engines used to share (SPEC.md §11 says which steps each engine owns): reading the document
/// (D5, D6), lenient decoding (E3), query items (U5), variable precedence (V5) and the size limit
/// (P5). (The mistakes in D4, C5 and E1 planted here before are readings now: `Mutants.readings`.) Each is applied to the compiled side only, through its inputs, the way the
/// mistake would change what the compiled engine computes; the reference reads the untouched
/// inputs with its own implementation of the step, so only a differential can tell them apart.
enum StepMutants {
    static var catalog: [Mutants.Entry] {
        [
            Mutants.Entry(name: "paths-beside-components-used", engine: MutantEngine(
                name: "mutant:paths-beside-components-used",
                document: { d in DocumentRewrite.reread(d) { entry in withoutComponentsWhenPaths(entry) } }, restoresTraces: false),
                  caughtBy: [.document], mistake: "legacy `paths` are read although the entry has `components` (D6)"),
            Mutants.Entry(name: "dictionary-details-ignored", engine: MutantEngine(
                name: "mutant:dictionary-details-ignored",
                document: { d in
                    // Array entries are at `applinks.details[N]`; keyed ones at `applinks.details.KEY` or `…["KEY"]`.
                    var d = d
                    d.entries.removeAll { !$0.sourcePath.hasPrefix("applinks.details[") || $0.sourcePath.hasPrefix("applinks.details[\"") }
                    return d
                }, restoresTraces: false),
                  caughtBy: [.document], mistake: "`details` as a dictionary keyed by app ID is not read (D5)"),
            Mutants.Entry(name: "lowercase-hex-not-decoded", engine: MutantEngine(
                name: "mutant:lowercase-hex-not-decoded",
                request: { r in
                    guard !r.percentEncoded else { return r }
                    var r = r
                    r.text = DocumentRewrite.percentEscaped(decodingUppercaseHexOnly(r.text))
                    return r
                }),
                  caughtBy: [.differential], mistake: "percentEncoded false decodes `%C3` but leaves `%c3` as it is (E3)"),
            // Rarely visible to the generator (an item value must hold a second `=` that its pattern
            // needs): not in the bounded test, measured with libFuzzer instead (see the README).
            Mutants.Entry(name: "item-value-ends-at-second-equals", engine: MutantEngine(
                name: "mutant:item-value-ends-at-second-equals",
                itemQuery: { q in itemsCutAtSecondEquals(q) }),
                  caughtBy: [], mistake: "a query item splits at every `=`, so `t=a=b` has the value `a` (U5: at the first `=` only)",
                  fuzzedBy: [.document]),
            Mutants.Entry(name: "predefined-beats-custom", engine: MutantEngine(
                name: "mutant:predefined-beats-custom",
                request: { r in var r = r; r.variables = withoutPredefinedNames(r.variables); return r },
                document: { d in var d = d; d.variables = withoutPredefinedNames(d.variables); return d }),
                  // document: found from 2 of the 3 test seeds within 3,000 cases (535, 1,205): not bounded.
                  caughtBy: [.differential], mistake: "a custom variable named like a predefined one does not replace it (V5)"),
            Mutants.Entry(name: "pattern-limit-1024", engine: MutantEngine(
                name: "mutant:pattern-limit-1024",
                request: { r in var r = r; r.pattern = limited(r.pattern, r.variables); return r },
                document: { d in DocumentRewrite.rules(d) { DocumentRewrite.patterns(&$0) { limited($0, d.variables) } } }),
                  caughtBy: [.differential, .document], mistake: "the expanded-size limit is 1,024 instead of 65,536, so `$(lang)` patterns never match (P5)"),
        ]
    }

    // MARK: - Reading the JSON (D5, D6)

    /// No `components` when there are `paths` too.
    static func withoutComponentsWhenPaths(_ entry: JSONObject) -> JSONObject {
        guard entry["paths"] != nil, entry["components"] != nil else { return entry }
        return JSONObject(entry.members.filter { $0.key != "components" })
    }

    // MARK: - Decoding (E3)

    /// E3 with the mistake: only `%` followed by two uppercase hex digits is decoded.
    static func decodingUppercaseHexOnly(_ text: String) -> String {
        let bytes = Array(text.utf8)
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: return b - 0x30
            case 0x41...0x46: return b - 0x41 + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Query items (U5)

    /// Each `&`-piece cut before its second `=`: what taking the first two parts of
    /// `piece.split(separator: "=")` reads.
    static func itemsCutAtSecondEquals(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { piece -> Substring in
            guard let first = piece.firstIndex(of: "="),
                  let second = piece[piece.index(after: first)...].firstIndex(of: "=") else { return piece }
            return piece[..<second]
        }.joined(separator: "&")
    }

    // MARK: - Variables and limits (V5, P5)

    static func withoutPredefinedNames(_ table: VariableTable) -> VariableTable {
        VariableTable(custom: table.custom.filter { !VariableTable.predefinedNames.contains($0.name) })
    }

    /// The pattern, or an invalid one (P3) when its expanded size is over 1,024.
    static func limited(_ source: String, _ variables: VariableTable) -> String {
        guard let pattern = try? PatternParser.parse(source),
              PatternLimits.expandedSize(of: pattern, variables: variables) > 1024 else { return source }
        return "$("
    }
}
