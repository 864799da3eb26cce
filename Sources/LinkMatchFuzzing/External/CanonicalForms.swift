import LinkMatch

/// Rewrites of a minimized disagreement into the plainest way SPEC offers to say the same thing,
/// each kept only when the two programs still differ on it (`ExternalFuzzer.shrink`). Shrinking
/// only removes; it cannot turn a dictionary `details` into an array, legacy `paths` into
/// components, an `appID` into `appIDs`, inherit `defaults` into the component, or put back the
/// leading `/` it removed. Without these, each form would be a class of its own (D5, D6, C5, N1...)
/// for one and the same difference.
enum CanonicalForms {
    /// The rewrites, in the order to try them: the URL's scheme and host in lowercase, the document
    /// shape, then the leading slashes.
    static let rewrites: [@Sendable (ConformanceProtocol.Request) -> ConformanceProtocol.Request] = [
        { r in var c = r; c.url = lowercased(r.url, host: false); return c },
        { r in var c = r; c.url = lowercased(r.url, host: true); return c },
        { r in var c = r; c.url = decodedUnreserved(r.url); return c },
        document { mapEntries($0, detailsAsArray: true, transform: { $0 }) },
        document { mapEntries($0, detailsAsArray: false, transform: appIDsAsArray) },
        document { mapEntries($0, detailsAsArray: false, transform: pathsAsComponents) },
        document(inlineDefaults),
        document { withLeadingSlashes($0, inPaths: false) },
    ]

    static func document(_ rewrite: @escaping @Sendable (JSONValue) -> JSONValue)
        -> @Sendable (ConformanceProtocol.Request) -> ConformanceProtocol.Request {
        { r in var c = r; c.aasa = rewrite(r.aasa); return c }
    }

    /// `HTTPS://EXAMPLE.COM/Path` with the scheme (or the host) in lowercase (ASCII letters only).
    /// Two rewrites, not one: a difference about the host must not keep an `HTTPS` it does not need.
    static func lowercased(_ url: String, host: Bool) -> String {
        var scalars = Array(url.unicodeScalars)
        var slashes = 0
        for i in scalars.indices {
            let c = scalars[i]
            if c == "/" {
                slashes += 1
                if slashes == 3 { break }
                continue
            }
            if slashes == 2, c == "?" || c == "#" { break }
            if (slashes == 2) == host, c >= "A" && c <= "Z" { scalars[i] = Unicode.Scalar(c.value + 0x20)! }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The URL with each escape of an unreserved ASCII character (`%62` for `b`) written as that
    /// character: an escape the shrinker cannot take apart otherwise keeps E2/E3 in the class.
    static func decodedUnreserved(_ url: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(url.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "%", i + 2 < scalars.count, scalars[i + 1].isASCII, scalars[i + 2].isASCII,
               let value = UInt8(String(String.UnicodeScalarView(scalars[(i + 1)...(i + 2)])), radix: 16) {
                let c = Unicode.Scalar(value)
                if (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "-._~".unicodeScalars.contains(c) {
                    out.append(c)
                    i += 3
                    continue
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    /// `applinks.details` entry by entry; a dictionary `details` becomes an array when asked, each
    /// key becoming the entry's `appIDs` unless it has its own (D5).
    static func mapEntries(_ aasa: JSONValue, detailsAsArray: Bool, transform: (JSONObject) -> JSONObject) -> JSONValue {
        modifyApplinks(aasa) { applinks in
            guard let i = applinks.members.firstIndex(where: { $0.key == "details" }) else { return }
            switch applinks.members[i].value {
            case .array(let list):
                applinks.members[i].value = .array(list.map { if case .object(let e) = $0 { return .object(transform(e)) } else { return $0 } })
            case .object(let dict) where detailsAsArray:
                applinks.members[i].value = .array(dict.members.map { member in
                    guard case .object(var entry) = member.value else { return member.value }
                    // D5: an `appIDs` array in the value wins over the key; else the key names the
                    // app and an `appID` beside it is ignored.
                    if case .array? = entry["appIDs"] {} else {
                        entry.members.removeAll { $0.key == "appIDs" || $0.key == "appID" }
                        entry.members.insert(JSONMember(key: "appIDs", value: .array([.string(member.key)])), at: 0)
                    }
                    return .object(transform(entry))
                })
            case .object(var dict):
                for k in dict.members.indices {
                    if case .object(let e) = dict.members[k].value { dict.members[k].value = .object(transform(e)) }
                }
                applinks.members[i].value = .object(dict)
            default:
                break
            }
        }
    }

    static func modifyApplinks(_ aasa: JSONValue, _ change: (inout JSONObject) -> Void) -> JSONValue {
        guard case .object(var top) = aasa, let i = top.members.firstIndex(where: { $0.key == "applinks" }),
              case .object(var applinks) = top.members[i].value else { return aasa }
        change(&applinks)
        top.members[i].value = .object(applinks)
        return .object(top)
    }

    /// `"appID": x` (without `appIDs`) as `"appIDs": [x]`.
    static func appIDsAsArray(_ entry: JSONObject) -> JSONObject {
        guard entry["appIDs"] == nil, let i = entry.members.firstIndex(where: { $0.key == "appID" }),
              case .string(let id) = entry.members[i].value else { return entry }
        var e = entry
        e.members[i] = JSONMember(key: "appIDs", value: .array([.string(id)]))
        return e
    }

    /// Legacy `paths` (without `components`) as components: `"X"` is `{"/": "X"}`, `"NOT X"` is
    /// `{"/": "X", "exclude": true}` (D6).
    static func pathsAsComponents(_ entry: JSONObject) -> JSONObject {
        guard entry["components"] == nil, let i = entry.members.firstIndex(where: { $0.key == "paths" }),
              case .array(let paths) = entry.members[i].value else { return entry }
        var e = entry
        e.members[i] = JSONMember(key: "components", value: .array(paths.compactMap { p in
            guard case .string(let s) = p else { return nil }
            if s.hasPrefix("NOT ") {
                return .object(JSONObject([JSONMember(key: "/", value: .string(String(s.dropFirst(4)))),
                                           JSONMember(key: "exclude", value: .bool(true))]))
            }
            return .object(JSONObject([JSONMember(key: "/", value: .string(s))]))
        }))
        return e
    }

    static let inheritedKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded"]

    /// Every component given the keys it inherits (C5), and the `defaults` removed. Only when
    /// every entry holds components (legacy paths are rewritten first).
    static func inlineDefaults(_ aasa: JSONValue) -> JSONValue {
        guard case .object(let top) = aasa, case .object(let applinks)? = top["applinks"] else { return aasa }
        let domainDefaults: JSONObject
        switch applinks["defaults"] {
        case nil: domainDefaults = JSONObject()
        case .object(let d)?: domainDefaults = d
        default: return aasa
        }
        var ok = true
        let inlined = mapEntries(aasa, detailsAsArray: false) { entry in
            let entryDefaults: JSONObject
            switch entry["defaults"] {
            case nil: entryDefaults = JSONObject()
            case .object(let d)?: entryDefaults = d
            default: ok = false; return entry
            }
            guard case .array(let components)? = entry["components"] else {
                if entry["paths"] != nil { ok = false }
                var e = entry
                e.members.removeAll { $0.key == "defaults" }
                return e
            }
            var e = entry
            e.members.removeAll { $0.key == "defaults" }
            if let i = e.members.firstIndex(where: { $0.key == "components" }) {
                e.members[i].value = .array(components.map { c in
                    guard case .object(var component) = c else { return c }
                    for key in inheritedKeys where component[key] == nil {
                        if let v = entryDefaults[key] ?? domainDefaults[key] { component.members.append(JSONMember(key: key, value: v)) }
                    }
                    return .object(component)
                })
            }
            return e
        }
        guard ok else { return aasa }
        return modifyApplinks(inlined) { $0.members.removeAll { $0.key == "defaults" } }
    }

    /// Every path pattern (a `/` member's string, a legacy `paths` string after `NOT `) with a
    /// leading `/` when it had none (the shrinker removes it: one scalar fewer).
    static func withLeadingSlashes(_ value: JSONValue, inPaths: Bool) -> JSONValue {
        switch value {
        case .object(var object):
            for i in object.members.indices {
                let key = object.members[i].key
                if key == "/", case .string(let p) = object.members[i].value, !p.hasPrefix("/") {
                    object.members[i].value = .string("/" + p)
                } else {
                    object.members[i].value = withLeadingSlashes(object.members[i].value, inPaths: key == "paths")
                }
            }
            return .object(object)
        case .array(let list):
            return .array(list.map { item in
                guard inPaths, case .string(let p) = item else { return withLeadingSlashes(item, inPaths: false) }
                let not = p.hasPrefix("NOT ") ? "NOT " : ""
                let rest = p.dropFirst(not.count)
                return rest.hasPrefix("/") ? item : .string(not + "/" + rest)
            })
        default:
            return value
        }
    }

    /// The request with non-ASCII characters replaced by ASCII letters the case does not use yet
    /// (each character by its own letter, so equal texts stay equal), raw and percent-escaped alike,
    /// in the URL after the host, in every string of the document and in the app ID: first all at
    /// once, then one character at a time (the first eight). Empty when the case is ASCII.
    static func asciiStandIns(_ r: ConformanceProtocol.Request) -> [ConformanceProtocol.Request] {
        var texts = [r.url, r.appID]
        Shrinker.collectStrings(r.aasa) { texts.append($0) }
        var found: [Unicode.Scalar] = []
        var used = Set<Unicode.Scalar>()
        for t in texts {
            for c in PercentCoding.decodeLenient(t).unicodeScalars {
                if c.value > 0x7F { if !found.contains(c) { found.append(c) } } else { used.insert(c) }
            }
        }
        let free = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars).filter { !used.contains($0) }
        let pairs = Array(zip(found, free))
        guard !pairs.isEmpty else { return [] }
        func replaced(_ chosen: [(Unicode.Scalar, Unicode.Scalar)]) -> ConformanceProtocol.Request {
            func change(_ s: String) -> String {
                var out = s
                for (c, letter) in chosen {
                    let utf8 = Array(String(c).utf8)
                    for digits in ["0123456789ABCDEF", "0123456789abcdef"].map(Array.init) {
                        let escaped = utf8.map { "%" + String(digits[Int($0 >> 4)]) + String(digits[Int($0 & 0xF)]) }.joined()
                        out = out.replacingAll(escaped, with: String(letter))
                    }
                    out = String(String.UnicodeScalarView(out.unicodeScalars.map { $0 == c ? letter : $0 }))
                }
                return out
            }
            var c = r
            let tail = DisagreementClassifier.afterHost(r.url)
            c.url = r.url.hasSuffix(tail) ? String(r.url.dropLast(tail.count)) + change(tail) : r.url
            c.aasa = Shrinker.mapStrings(r.aasa, change)
            c.appID = change(r.appID)
            return c
        }
        var out = [replaced(pairs)]
        if pairs.count > 1 { out += pairs.prefix(8).map { replaced([$0]) } }
        return out.filter { $0 != r }
    }
}
