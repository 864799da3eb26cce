import LinkMatch

/// The probes of `RuleReach` for decided rules the readings catalogue does not switch: each is the
/// compiled engine with one rule switched off (a rewrite of the document, and of the URL where the
/// rule reads both), so that a case *exercises* the rule when the probe's outcome differs from
/// LinkMatch's. A probe is a measuring device, not a reading: it says whether a case depends on the
/// rule, not how another program reads it (several are cruder than any plausible reading, e.g.
/// custom variables removed rather than taken literally, which comes to the same outcomes because a
/// literal `$(v)` never meets a URL).
enum RuleReachProbes {
    static var all: [RuleReach.Item] {
        [
            item("V1", "custom variables", "custom definitions removed (references match nothing)", document: { d in
                var d = d
                d.variables = VariableTable()
                return d
            }),
            item("V4", "predefined variables", "predefined variables defined as empty lists", document: { d in
                var d = d
                let undefined = VariableTable.predefinedNames.filter { name in !d.variables.custom.contains { $0.name == name } }
                d.variables = VariableTable(custom: d.variables.custom + undefined.map { ($0, [String]()) })
                return d
            }),
            item("E3", "percentEncoded: false", "`percentEncoded: false` read as true", document: { d in
                DocumentRewrite.rules(d) { f in if f.percentEncoded == false { f.percentEncoded = true } }
            }),
            item("E1", "caseSensitive: false", "`caseSensitive: false` read as true", document: { d in
                DocumentRewrite.rules(d) { f in if f.caseSensitive == false { f.caseSensitive = true } }
            }),
            item("C3", "exclude", "`exclude: true` read as false", document: { d in
                DocumentRewrite.rules(d) { f in if f.exclude == true { f.exclude = false } }
            }),
            item("C5", "defaults (applinks)", "`applinks.defaults` ignored", document: { d in
                var d = d
                d.defaults = ComponentFields()
                return d
            }),
            item("C5", "defaults (entry)", "every entry's `defaults` ignored", document: { d in
                var d = d
                for e in d.entries.indices { d.entries[e].defaults = ComponentFields() }
                return d
            }),
            item("D4", "appID fallback", "`appID` applies when `appIDs` is empty", document: { d in
                DocumentRewrite.reread(d) { entry in
                    guard case .array(let list)? = entry["appIDs"], list.isEmpty, case .string? = entry["appID"] else { return entry }
                    return JSONObject(entry.members.filter { $0.key != "appIDs" })
                }
            }),
            item("N1", "leading slashes", "leading `/` significant in pattern and path", document: { d in
                DocumentRewrite.rules(d) { f in f.path = f.path.map { marking(leading: true, $0) } }
            }, url: { u in
                var u = u
                u.path = marking(leading: true, u.path)
                return u
            }),
            item("N2", "trailing slashes", "trailing `/` significant in pattern and path", document: { d in
                DocumentRewrite.rules(d) { f in f.path = f.path.map { marking(leading: false, $0) } }
            }, url: { u in
                var u = u
                u.path = marking(leading: false, u.path)
                return u
            }),
            item("Q4", "repeated query name (last)", "only the last occurrence of a repeated name is checked", url: lastOccurrencesOnly),
            RuleReach.Item(rule: "Q3", name: "absent query name", summary: "a named item absent from the URL fails its rule",
                           engine: URLDependentEngine(name: "probe:Q3", rewrite: absentItemsFailing)),
        ]
    }

    static func item(_ rule: String, _ name: String, _ summary: String,
                     document: @escaping @Sendable (AASADocument) -> AASADocument = { $0 },
                     url: @escaping @Sendable (ParsedURL) -> ParsedURL = { $0 }) -> RuleReach.Item {
        RuleReach.Item(rule: rule, name: name, summary: summary,
                       engine: ReadingEngine(name: "probe:\(rule) \(name)", document: document, url: url, restoresTraces: false))
    }

    /// Leading (or trailing) `/` replaced one for one by a private-use scalar that N1–N3 do not
    /// strip, on both sides alike, so such slashes must correspond exactly.
    static func marking(leading: Bool, _ s: String) -> String {
        let marker: Unicode.Scalar = leading ? "\u{E002}" : "\u{E003}"
        var scalars = Array(s.unicodeScalars)
        if leading {
            var i = 0
            while i < scalars.count, scalars[i] == "/" { scalars[i] = marker; i += 1 }
        } else {
            var i = scalars.count - 1
            while i >= 0, scalars[i] == "/" { scalars[i] = marker; i -= 1 }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The URL with every query item before the last of its name dropped.
    @Sendable static func lastOccurrencesOnly(_ u: ParsedURL) -> ParsedURL {
        guard let q = u.query else { return u }
        let pieces = q.split(separator: "&", omittingEmptySubsequences: true)
        func name(_ piece: Substring) -> Substring { piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? piece }
        let kept = pieces.enumerated().filter { i, piece in !pieces[(i + 1)...].contains { name($0) == name(piece) } }.map(\.element)
        var out = u
        out.query = kept.joined(separator: "&")
        return out
    }

    /// A dictionary `?` item whose name the URL's query does not hold (compared as written, or
    /// ASCII-lowercased for `caseSensitive: false`; decoding is not modelled) gets a pattern that
    /// matches nothing, so its rule fails.
    @Sendable static func absentItemsFailing(_ d: AASADocument, _ u: ParsedURL) -> (AASADocument, ParsedURL) {
        let present = ParsedURL.queryItems(u.query ?? "").map { String($0.name) }
        let out = DocumentRewrite.rules(d) { f in
            guard case .items(let items)? = f.query else { return }
            let folded = f.caseSensitive == false
            func same(_ a: String, _ b: String) -> Bool { folded ? a.lowercased() == b.lowercased() : a == b }
            f.query = .items(items.map { item in
                present.contains { same($0, item.name) } ? item : (item.name, "$(\(absentName))")
            })
        }
        return (out, u)
    }

    /// A variable name no generated document defines: a reference to it matches nothing (P4).
    static let absentName = "__linkmatch_probe_absent"
}

/// The compiled engine over a document rewritten for each URL (a probe whose rewrite reads the
/// URL, such as Q3's): prepares the rewritten document at every decision, which is slow but only
/// measures.
struct URLDependentEngine: MatchEngine {
    let name: String
    let rewrite: @Sendable (AASADocument, ParsedURL) -> (AASADocument, ParsedURL)

    func matchPart(_ request: PartRequest) -> PartVerdict { CompiledEngine().matchPart(request) }

    func prepare(_ document: AASADocument) -> any PreparedDocument { Prepared(document: document, rewrite: rewrite) }

    struct Prepared: PreparedDocument {
        let document: AASADocument
        let rewrite: @Sendable (AASADocument, ParsedURL) -> (AASADocument, ParsedURL)

        func decide(_ url: ParsedURL, appID: String, domain: String) -> Decision {
            let (d, u) = rewrite(document, url)
            return CompiledEngine().prepare(d).decide(u, appID: appID, domain: domain)
        }
    }
}
