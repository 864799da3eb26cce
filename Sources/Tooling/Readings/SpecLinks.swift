import LinkMatchCore

/// Links into SPEC.md: each rule's heading (`N3 — a trailing /* also matches the parent path
/// (tool)`) and the GitHub anchor made from it, for reports that name a rule or an open point.
/// `SpecLinksTests` checks the headings against SPEC.md.
public enum SpecLinks {
    /// Rule ID -> its SPEC.md heading text (after `### `).
    public static let ruleHeadings: [String: String] = [
        "D1": "D1 — the file is strict JSON, within limits (doc, decided)",
        "D2": "D2 — a signed envelope is unwrapped, not verified (decided)",
        "D3": "D3 — entries name apps and carry rules (doc, decided)",
        "D4": "D4 — both `appID` and `appIDs`: `appIDs` wins (tool)",
        "D5": "D5 — `details` as a dictionary; duplicate keys (tool, decided)",
        "D6": "D6 — `components` beats `paths`; legacy `paths` strings (doc, decided)",
        "D7": "D7 — an app in several entries: the first entry with a matching rule decides (tool)",
        "D8": "D8 — an empty `components` array matches nothing (tool)",
        "D9": "D9 — unknown keys are ignored; keys are case-sensitive (tool)",
        "D10": "D10 — a known key with the wrong type is ignored (decided)",
        "D11": "D11 — `{}` matches every URL (tool)",
        "D12": "D12 — app IDs are compared exactly (tool, decided)",
        "C1": "C1 — component keys (doc)",
        "C2": "C2 — every given key must match; a missing part key means `*` (doc, tool)",
        "C3": "C3 — first matching rule decides; `exclude` refuses (doc, tool)",
        "C4": "C4 — an absent query or fragment reads as \"\" (tool)",
        "C5": "C5 — defaults at three levels; the most specific wins, per key (doc, tool)",
        "P1": "P1 — `*`, `?` and `?*`; no escapes (doc)",
        "P2": "P2 — a character is one Unicode scalar (doc, decided)",
        "P3": "P3 — `$(name)` references; a broken one makes the pattern invalid (decided)",
        "P4": "P4 — an undefined variable matches nothing (decided)",
        "P5": "P5 — size limits on expanded patterns (decided)",
        "V1": "V1 — `substitutionVariables`: a name matches any one of its values (doc)",
        "V2": "V2 — values may hold wildcards, not variables (doc, decided)",
        "V3": "V3 — values follow the component's `caseSensitive` (doc, tool)",
        "V4": "V4 — predefined variables (doc, tool, measured)",
        "V5": "V5 — a custom variable may replace a predefined one (decided)",
        "V6": "V6 — bad definitions are ignored; an empty list matches nothing (decided)",
        "U1": "U1 — splitting a URL (RFC 3986)",
        "U2": "U2 — only `https` URLs open apps (decided)",
        "U3": "U3 — the host must be the domain (tool, decided)",
        "U4": "U4 — URL syntax checks and raw characters (decided)",
        "U5": "U5 — query items (decided)",
        "N1": "N1 — leading slashes are ignored (tool, decided)",
        "N2": "N2 — trailing slashes are insignificant (tool)",
        "N3": "N3 — a trailing /* also matches the parent path (tool)",
        "N4": "N4 — with `percentEncoded: false`, normalization sees the decoded text (decided)",
        "E1": "E1 — `caseSensitive: false` folds both sides (doc, tool, decided)",
        "E2": "E2 — `percentEncoded: true` compares the URL as written (tool)",
        "E3": "E3 — `percentEncoded: false` decodes the URL, not the pattern (tool, decided)",
        "E4": "E4 — query item names are decoded and folded like values (decided)",
        "Q1": "Q1 — a string `?` matches the whole query text (tool)",
        "Q2": "Q2 — a dictionary `?` constrains named items (doc, tool)",
        "Q3": "Q3 — an absent or valueless item reads as \"\" (doc, tool)",
        "Q4": "Q4 — a repeated name: every occurrence must match (doc, tool)",
        "Q5": "Q5 — a dictionary with a non-string value is ignored entirely (tool)",
        "M1": "M1 — decisions (decided)",
        "M2": "M2 — the apps a URL opens (decided)",
    ]

    /// The evidence words of a rule's heading (`["tool", "decided"]`: `doc`, `tool`, `decided`,
    /// `measured`, ...); empty for an unknown rule.
    public static func evidence(_ rule: String) -> [String] {
        ruleHeadings[rule].map { titleAndEvidence($0).evidence } ?? []
    }

    /// A heading's title split from its evidence, the comma-separated words in its last parentheses:
    /// `trailing slashes are insignificant (tool)` -> (`trailing slashes are insignificant`, `["tool"]`).
    /// No final parentheses: the whole title, no evidence.
    public static func titleAndEvidence(_ heading: String) -> (title: String, evidence: [String]) {
        let trimmed = heading.trimmingSpaces
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return (trimmed, []) }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        return (String(trimmed[..<open]).trimmingSpaces, inside.split(separator: ",").map { String($0).trimmingSpaces })
    }

    /// `SPEC.md#n3--a-trailing--also-matches-the-parent-path-tool` for a rule ID, or
    /// `SPEC.md#n1-leading-star-...` for an open point ID; plain `SPEC.md` for an unknown ID.
    public static func link(_ id: String) -> String {
        if let heading = ruleHeadings[id] { return "SPEC.md#" + anchor(heading) }
        if let point = OpenPoints.point(id) {
            return "SPEC.md#" + anchor("\(point.id): \(point.title) (\(point.rules.joined(separator: ", ")))")
        }
        return "SPEC.md"
    }

    /// The link of a reading's SPEC section: its open point's, else the (first) rule it misreads.
    public static func link(_ reading: Reading) -> String {
        switch reading.kind {
        case .openPoint(let id): return link(id)
        case .misreading: return link(reading.rules.first ?? "")
        }
    }

    /// GitHub's anchor for a heading: lower case, letters, digits, `-` and `_` kept, spaces made
    /// `-`, everything else dropped.
    public static func anchor(_ heading: String) -> String {
        var out = ""
        for c in heading.lowercased().unicodeScalars {
            if c == " " { out += "-" } else if c == "-" || c == "_" || c.properties.isAlphabetic || c.properties.numericType != nil {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

extension String {
    /// Without leading and trailing spaces (package-wide: the probe kit reads swcutil's lines with it).
    package var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
