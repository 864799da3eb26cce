import Foundation
import LinkMatch

/// The sibling requests `ReadingExplainer` asks to tell candidate readings apart.
extension ReadingExplainer {
    /// Targeted variants first (they separate the readings that one shrink step cannot: slash rules,
    /// `defaults` levels), then the request's one-step shrinks.
    static func siblings(of r: ConformanceProtocol.Request) -> [ConformanceProtocol.Request] {
        var out: [ConformanceProtocol.Request] = []
        func add(url: String) {
            guard url != r.url else { return }
            var c = r
            c.url = url
            out.append(c)
        }
        let tail = DisagreementClassifier.afterHost(r.url)
        if r.url.hasSuffix(tail) {
            let head = String(r.url.dropLast(tail.count))
            let pathEnd = tail.firstIndex { $0 == "?" || $0 == "#" } ?? tail.endIndex
            let path = String(tail[..<pathEnd]), rest = String(tail[pathEnd...])
            add(url: head + "/" + (path.isEmpty ? "/" : path) + rest)
            // The authority without userinfo and port: readings about the host (its port, its
            // case) then agree with LinkMatch, while a document-level cause is still there.
            if let bare = bareAuthority(head) { add(url: bare + tail) }
            // An unrelated path, with and without a trailing `/`: a reading that widens what a rule
            // matches (defaults or a slash rule ignored) answers differently there than one that
            // only moves the edge of the rule.
            add(url: head + "/zq9" + rest)
            add(url: head + "/zq9/" + rest)
            // The document's literal path patterns as written (non-ASCII escaped): where a reading
            // about case or decoding and one about flags both explain the case, the rule's own text
            // tells them apart.
            for literal in literalPaths(r.aasa).prefix(2) {
                add(url: head + FeatureCase.escaped(literal.hasPrefix("/") ? literal : "/" + literal) + rest)
            }
            // And the literal fragment patterns as the URL's fragment.
            let withoutFragment = head + String(tail.prefix { $0 != "#" })
            for literal in literalPatterns(r.aasa, key: "#").prefix(2) {
                add(url: withoutFragment + "#" + FeatureCase.escaped(literal))
            }
            // The query's items in reverse order: readings that keep the first, the last, or the
            // items with a value of a repeated name answer differently.
            if let q = r.url.split(separator: "?", maxSplits: 1).dropFirst().first?.split(separator: "#", maxSplits: 1).first {
                let pieces = q.split(separator: "&", omittingEmptySubsequences: false)
                if pieces.count > 1 {
                    let reversed = pieces.reversed().joined(separator: "&")
                    if let range = r.url.range(of: "?" + q) { add(url: r.url.replacingCharacters(in: range, with: "?" + reversed)) }
                }
            }
            // Every escaped or non-ASCII character after the host as `%61` (an escaped `a`): readings
            // that decode answer as with `a`, one that compares as written sees three characters.
            let standIns = escapedLetterStandIns(tail)
            if standIns != tail { add(url: head + standIns) }
            // The escapes' hex letters in the other case: compared as written, they differ.
            add(url: head + flippedEscapeCase(tail))
            if path.hasSuffix("/"), path.count > 1 {
                add(url: head + String(path.dropLast()) + rest)
                add(url: head + "/" + String(path.dropLast()) + rest)
            } else {
                add(url: head + (path.isEmpty ? "/" : path + "/") + rest)
                add(url: head + "/" + (path.isEmpty ? "/" : path) + "/" + rest)
            }
        }
        for aasa in movedDefaults(r.aasa) + filledEmptyAppIDs(r.aasa) + swappedAppIDs(r.aasa) + renamedOverrides(r.aasa)
            + slashedPaths(r.aasa) + nonEmptyItemPatterns(r.aasa) + decodedPatterns(r.aasa) {
            var c = r
            c.aasa = aasa
            out.append(c)
        }
        // The renamed variables' references as the URL's path too: only a matcher that takes them
        // literally matches that text.
        if r.url.hasSuffix(tail) {
            let head = String(r.url.dropLast(tail.count))
            let rest = String(tail[(tail.firstIndex { $0 == "?" || $0 == "#" } ?? tail.endIndex)...])
            for aasa in renamedOverrides(r.aasa) {
                for literal in literalPaths(aasa).prefix(2) {
                    var c = r
                    c.aasa = aasa
                    c.url = head + FeatureCase.escaped(literal.hasPrefix("/") ? literal : "/" + literal) + rest
                    out.append(c)
                }
            }
        }
        return out + Shrinker.candidates(of: r)
    }

    /// The document with `applinks.defaults` moved into every entry (that has none), and with the
    /// first entry's `defaults` moved up to `applinks` (when it has none).
    static func movedDefaults(_ aasa: JSONValue) -> [JSONValue] {
        guard case .object(let top) = aasa, case .object(let applinks)? = top["applinks"],
              case .array(let details)? = applinks["details"] else { return [] }
        func rebuilt(_ applinks: JSONObject) -> JSONValue {
            .object(DocumentRewrite.replacing("applinks", in: top, with: .object(applinks)))
        }
        func without(_ key: String, _ o: JSONObject) -> JSONObject { JSONObject(o.members.filter { $0.key != key }) }
        var out: [JSONValue] = []
        if let defaults = applinks["defaults"] {
            let entries = details.map { e -> JSONValue in
                guard case .object(let entry) = e, entry["defaults"] == nil else { return e }
                return .object(DocumentRewrite.replacing("defaults", in: entry, with: defaults))
            }
            out.append(rebuilt(DocumentRewrite.replacing("details", in: without("defaults", applinks), with: .array(entries))))
        } else if let i = details.firstIndex(where: { if case .object(let e) = $0 { return e["defaults"] != nil } else { return false } }),
                  case .object(let entry) = details[i], let defaults = entry["defaults"] {
            var entries = details
            entries[i] = .object(without("defaults", entry))
            let moved = DocumentRewrite.replacing("defaults", in: applinks, with: defaults)
            out.append(rebuilt(DocumentRewrite.replacing("details", in: moved, with: .array(entries))))
        }
        return out
    }

    /// The document with a `/` put before every path pattern that has none (components' `"/"`, legacy
    /// `paths` after any `NOT `; empty ones stay, N1's open point). The same document under N1, so
    /// LinkMatch answers as before; a matcher that compares the path as written (`no-slash-rules`)
    /// now matches where it did not, which tells it apart from readings that explain a rule matching
    /// nothing in other ways (`$(lang)$(region)` with `caseSensitive: false` under
    /// `predefined-values-unfolded`).
    static func slashedPaths(_ aasa: JSONValue) -> [JSONValue] {
        guard case .object(let top) = aasa, case .object(let applinks)? = top["applinks"],
              case .array(let details)? = applinks["details"] else { return [] }
        func slashed(_ p: String) -> String { p.isEmpty || p.hasPrefix("/") ? p : "/" + p }
        var changed = false
        let entries = details.map { e -> JSONValue in
            guard case .object(var entry) = e else { return e }
            if case .array(let components)? = entry["components"] {
                let rewritten = components.map { c -> JSONValue in
                    guard case .object(let o) = c, case .string(let p)? = o["/"], slashed(p) != p else { return c }
                    changed = true
                    return .object(DocumentRewrite.replacing("/", in: o, with: .string(slashed(p))))
                }
                entry = DocumentRewrite.replacing("components", in: entry, with: .array(rewritten))
            }
            if case .array(let paths)? = entry["paths"] {
                let rewritten = paths.map { v -> JSONValue in
                    guard case .string(let p) = v else { return v }
                    let not = p.hasPrefix("NOT ") ? "NOT " : ""
                    let pattern = String(p.dropFirst(not.count))
                    guard slashed(pattern) != pattern else { return v }
                    changed = true
                    return .string(not + slashed(pattern))
                }
                entry = DocumentRewrite.replacing("paths", in: entry, with: .array(rewritten))
            }
            return .object(entry)
        }
        guard changed else { return [] }
        return [.object(DocumentRewrite.replacing("applinks", in: top, with: .object(DocumentRewrite.replacing("details", in: applinks, with: .array(entries)))))]
    }

    /// The string patterns under `key` (`"/"`, `"#"`, or `"?"` as a whole) of every component, and
    /// with `legacyPaths` each entry's `paths` too (but `NOT ` ones), with no wildcard, in document
    /// order. (`$(name)` stays as written: a matcher that takes variables literally matches that text.)
    static func literalPatterns(_ aasa: JSONValue, key: String, legacyPaths: Bool = false) -> [String] {
        guard case .object(let top) = aasa, case .object(let applinks)? = top["applinks"],
              case .array(let details)? = applinks["details"] else { return [] }
        var out: [String] = []
        for case .object(let entry) in details {
            if case .array(let components)? = entry["components"] {
                for case .object(let c) in components { if case .string(let p)? = c[key] { out.append(p) } }
            }
            if legacyPaths, case .array(let paths)? = entry["paths"] {
                for case .string(let p) in paths where !p.hasPrefix("NOT ") { out.append(p) }
            }
        }
        return out.filter { !$0.isEmpty && !$0.contains("*") && !$0.contains("?") }
    }

    /// Path patterns of the document's components (`"/"`) and legacy `paths` with no wildcard, in
    /// document order.
    static func literalPaths(_ aasa: JSONValue) -> [String] {
        literalPatterns(aasa, key: "/", legacyPaths: true)
    }

    /// The document with every custom variable named like a predefined one (V5) renamed, in its
    /// definition and in every string of `details`: a matcher that lets the predefined list win
    /// (`predefined-wins`) then agrees with LinkMatch, one that reads no custom variable at all
    /// (`variables-literal`) still does not.
    static func renamedOverrides(_ aasa: JSONValue) -> [JSONValue] {
        guard case .object(let top) = aasa, case .object(var applinks)? = top["applinks"],
              case .object(let variables)? = applinks["substitutionVariables"], let details = applinks["details"] else { return [] }
        let overridden = variables.members.map(\.key).filter { VariableTable.predefinedNames.contains($0) }
        guard !overridden.isEmpty else { return [] }
        func renamed(_ name: String) -> String { overridden.contains(name) ? name + "zq9" : name }
        func renaming(_ v: JSONValue) -> JSONValue {
            switch v {
            case .string(var s):
                for name in overridden { s = s.replacingOccurrences(of: "$(\(name))", with: "$(\(renamed(name)))") }
                return .string(s)
            case .array(let list): return .array(list.map(renaming))
            case .object(let o): return .object(JSONObject(o.members.map { JSONMember(key: $0.key, value: renaming($0.value)) }))
            default: return v
            }
        }
        applinks = DocumentRewrite.replacing("substitutionVariables", in: applinks,
                                             with: .object(JSONObject(variables.members.map { JSONMember(key: renamed($0.key), value: $0.value) })))
        applinks = DocumentRewrite.replacing("details", in: applinks, with: renaming(details))
        return [.object(DocumentRewrite.replacing("applinks", in: top, with: .object(applinks)))]
    }

    /// `scheme://host` from `scheme://userinfo@host:port`, or nil when there is neither (or the host
    /// is an IPv6 literal).
    static func bareAuthority(_ head: String) -> String? {
        guard let sep = head.range(of: "://") else { return nil }
        var authority = Substring(head[sep.upperBound...])
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard !authority.contains("["), !authority.contains("]") else { return nil }
        if let colon = authority.firstIndex(of: ":") { authority = authority[..<colon] }
        let bare = String(head[..<sep.upperBound]) + authority
        return bare == head ? nil : bare
    }

    /// `text` with each `%XX` run of one UTF-8 character, and each raw non-ASCII scalar, written `%61`.
    static func escapedLetterStandIns(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = PercentCoding.hexValue(bytes[i + 1]),
               PercentCoding.hexValue(bytes[i + 2]) != nil {
                // A lead byte's escape with its continuation bytes' escapes after it.
                let lead = h << 4 | PercentCoding.hexValue(bytes[i + 2])!
                let count = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                out += Array("%61".utf8)
                i += 3 * count
            } else if bytes[i] >= 0x80 {
                out += Array("%61".utf8)
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The document with every query item pattern `?*` (any non-empty value): a reading that empties
    /// an item's value (it cuts the query elsewhere) then answers otherwise than one that only
    /// compares the value differently (`query-decoded-before-split` against `percent-encoded-ignored`).
    static func nonEmptyItemPatterns(_ aasa: JSONValue) -> [JSONValue] {
        guard case .object(let top) = aasa, case .object(let applinks)? = top["applinks"],
              case .array(let details)? = applinks["details"] else { return [] }
        var changed = false
        let entries = details.map { e -> JSONValue in
            guard case .object(let entry) = e, case .array(let components)? = entry["components"] else { return e }
            let rewritten = components.map { c -> JSONValue in
                guard case .object(let o) = c, case .object(let items)? = o["?"], !items.members.isEmpty,
                      items.members.allSatisfy({ if case .string(let p) = $0.value { return p != "?*" } else { return false } }) else { return c }
                changed = true
                let any = JSONObject(items.members.map { JSONMember(key: $0.key, value: .string("?*")) })
                return .object(DocumentRewrite.replacing("?", in: o, with: .object(any)))
            }
            return .object(DocumentRewrite.replacing("components", in: entry, with: .array(rewritten)))
        }
        guard changed else { return [] }
        return [.object(DocumentRewrite.replacing("applinks", in: top,
                                                  with: .object(DocumentRewrite.replacing("details", in: applinks, with: .array(entries)))))]
    }

    /// The document with every empty `appIDs` holding another app: an `appID` beside it then counts
    /// only for a matcher that joins the two (`appid-beside-appids-counted`), not for one that falls
    /// back to `appID` when `appIDs` is empty.
    static func filledEmptyAppIDs(_ aasa: JSONValue) -> [JSONValue] {
        guard case .object(let top) = aasa, case .object(let applinks)? = top["applinks"],
              case .array(let details)? = applinks["details"] else { return [] }
        var changed = false
        let entries = details.map { e -> JSONValue in
            guard case .object(let entry) = e, case .array(let ids)? = entry["appIDs"], ids.isEmpty, entry["appID"] != nil else { return e }
            changed = true
            return .object(DocumentRewrite.replacing("appIDs", in: entry, with: .array([.string("ZZZZZ99999.zq9.other")])))
        }
        guard changed else { return [] }
        return [.object(DocumentRewrite.replacing("applinks", in: top,
                                                  with: .object(DocumentRewrite.replacing("details", in: applinks, with: .array(entries)))))]
    }
}
