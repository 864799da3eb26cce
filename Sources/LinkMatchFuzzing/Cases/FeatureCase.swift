import LinkMatch

/// A small, clean document built around one matching rule or open point, with a URL on either side
/// of it: the third request of every `linkmatch fuzz` case. The schema-driven generators
/// (`DocumentCase`, `PartCase`) reach rules only by chance, and the rules that need two features
/// together (a `?` dictionary *and* a URL that repeats or omits its name; a variable defined *and*
/// used; `appID` beside an empty `appIDs` *and* that app asked) came up in well under 1% of cases
/// (`RuleReach`), so a program that deviates there went unnoticed. Each feature here is the rule's
/// own example shape (SPEC.md), with the words, the URL and the flags picked from bytes.
///
/// Only the external fuzzer uses it: the libFuzzer targets' byte encodings, and so the committed
/// corpus, are unchanged.
public struct FeatureCase: Sendable {
    public var aasa: JSONValue
    public var appID: String
    public var url: String

    public enum Feature: Sendable, Equatable, CaseIterable {
        case customVariable, predefinedVariable, percentDecoding, caseFolding, exclude, domainDefaults, entryDefaults
        case appIDFallback, appIDBesideAppIDs, leadingSlash, trailingSlash, parentPath, absentItem, repeatedItem
        case dictionaryDetails, notSpacing, legacyDefaults, predefinedOverridden, plusInQuery, leadingStar, emptyPath
        case schemeAndHostCase, notADocument
        // How the URL is read (U1–U5): each form a matcher may read otherwise.
        case otherScheme, hostPort, rawCharacters, invalidEscape, escapedQuerySplitters, emptyQueryItems, valuelessItems
        case wholeQuery, fragmentForms, appIDForms, percentEncodedBothWays
        // Text a matcher doing its own string handling reads otherwise (P3, E1).
        case brokenReference, dottedCapitalI
    }

    /// Features whose deciding shape is one variant in three or four weigh more (measured with
    /// `RuleReach` so that each item stays well above 1% of cases).
    static let features = ChoiceTable<Feature>(Feature.allCases.map { feature in
        switch feature {
        case .repeatedItem, .plusInQuery: return (feature, 3)
        case .notSpacing, .leadingStar, .absentItem, .appIDFallback, .emptyQueryItems, .dottedCapitalI, .brokenReference, .escapedQuerySplitters: return (feature, 2)
        default: return (feature, 1)
        }
    })
    static let app = "ABCDE12345.com.example.app"
    static let otherApp = "FGHIJ67890.org.other.app"
    /// Literal path words: ASCII, mixed case, non-ASCII (E1 beyond ASCII).
    static let words = ChoiceTable<String>([("buy", 4), ("Shop", 3), ("a", 3), ("été", 2), ("ÉTÉ", 1), ("x1", 2)])

    public init(bytes: [UInt8], feature: Feature? = nil) {
        var r = ByteReader(bytes)
        self.init(reading: &r, feature: feature)
    }

    /// The feature case of `bytes`; `feature`, when given, instead of the one the bytes pick
    /// (`ExternalFuzzer.scheduledFeatures` goes through every feature first).
    public init(reading r: inout ByteReader, feature given: Feature? = nil) {
        let word = r.pick(Self.words)
        // Bytes: word, document variant, URL variant, flag, feature.
        let variant = Int(r.byte())
        let other = Int(r.byte())
        // Two independent picks: `pick` for the document, `urlPick` for the URL.
        func pick<T>(_ options: [T]) -> T { options[variant % options.count] }
        func urlPick<T>(_ options: [T]) -> T { options[other % options.count] }
        let flag = r.bool()
        var appID = Self.app
        var variables: [JSONMember] = []
        var defaults: [JSONMember] = []
        /// The same key at the other level (C5: the entry's `defaults` win over `applinks.defaults`).
        var otherLevelDefaults: [JSONMember] = []
        var entry: [JSONMember] = [JSONMember(key: "appIDs", value: .array([.string(Self.app)]))]
        var rules: [JSONValue] = []
        var details: JSONValue?
        var url = "/" + word
        var origin = "https://example.com"
        var applinksDefaultsLevel = false
        func rule(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members.map { JSONMember(key: $0.0, value: $0.1) })) }
        let picked = r.pick(Self.features)
        let feature = given ?? picked
        switch feature {
        case .customVariable:
            // The second value holds a wildcard (V2): `z*` or `z?` match `zq`, as written they do not.
            variables = [JSONMember(key: "v", value: .array([.string(word), .string(flag ? "z*" : "z?")]))]
            rules = [rule([("/", .string("/$(v)/*"))])]
            url = urlPick(["/\(word)/1", "/z", "/$(v)/1", "/zq/1"])
        case .predefinedVariable:
            // Half the time case-insensitive: the values fold too (V3), `$(region)`'s capitals included.
            rules = [rule([("/", .string("/$(lang)_$(region)/*"))] + (flag ? [("caseSensitive", JSONValue.bool(false))] : []))]
            url = urlPick(["/en_US/1", "/fr_CA", "/xx_YY/1", "/$(lang)_$(region)/1"])
        case .percentDecoding:
            rules = [rule([("/", .string("/\(word) b")), ("percentEncoded", .bool(flag))])]
            url = urlPick(["/\(Self.escaped(word))%20b", "/\(Self.escaped(word))%20c"])
        case .caseFolding:
            // Half the time a non-ASCII word, so folding beyond ASCII (E1) shows too.
            let folded = flag ? "Été" : word
            rules = [rule([("/", .string("/\(folded)")), ("caseSensitive", .bool(false)), ("percentEncoded", .bool(false))])]
            url = "/" + Self.escaped(urlPick([folded.uppercased(), folded.lowercased(), folded]))
        case .exclude:
            rules = [rule([("/", .string("/\(word)/*")), ("exclude", .bool(true))]), rule([("/", .string("*"))])]
            url = urlPick(["/\(Self.escaped(word))/1", "/other"])
        case .domainDefaults, .entryDefaults:
            let given = pick([("exclude", JSONValue.bool(true)), ("caseSensitive", .bool(false)), ("/", .string("/\(word)/*"))])
            defaults = [JSONMember(key: given.0, value: given.1)]
            if other & 4 != 0 {
                let opposite: JSONValue = given.1 == .bool(true) ? .bool(false) : given.1 == .bool(false) ? .bool(true) : .string("/\(word)x/*")
                otherLevelDefaults = [JSONMember(key: given.0, value: opposite)]
            }
            rules = [rule([("#", .string("*"))]), rule([("/", .string("/\(word)"))])]
            url = "/" + Self.escaped(flag ? word.uppercased() : word) + (variant & 2 == 0 ? "" : "/1")
        case .appIDFallback, .appIDBesideAppIDs:
            entry = [JSONMember(key: "appID", value: .string(Self.app)),
                     JSONMember(key: "appIDs", value: .array(feature == .appIDFallback ? [] : [.string(Self.otherApp)]))]
            rules = [rule([("/", .string("*"))])]
            appID = flag ? Self.app : Self.otherApp
        case .leadingSlash:
            rules = [rule([("/", .string(pick(["\(word)", "//\(word)", "/\(word)"])))])]
            url = urlPick(["/", "//", "///"]) + Self.escaped(word)
        case .trailingSlash:
            rules = [rule([("/", .string("/\(word)" + pick(["", "/", "//"])))])]
            url = "/" + Self.escaped(word) + urlPick(["/", "", "//"])
        case .parentPath:
            // Against `/worder` the pattern is `/word/*er`: a `/*` that is not the final one, which
            // SPEC never lets match nothing (N3); the other URLs keep the final `/*` of N3's example.
            let tail = urlPick(["", "/", "er", "/1"])
            rules = [rule([("/", .string("/\(word)/*" + (tail == "er" ? "er" : "")))])]
            url = "/" + Self.escaped(word) + tail
        case .absentItem:
            rules = [rule([("?", .object(JSONObject([JSONMember(key: "b", value: .string(pick(["*", "", "?*"])))])))])]
            url = "/x" + urlPick(["?a=1", "", "?b", "?b=1"])
        case .repeatedItem:
            rules = [rule([("?", .object(JSONObject([JSONMember(key: "id", value: .string(pick(["7", "?*", ""])))])))])]
            url = "/x" + urlPick(["?id=7&id=8", "?id=8&id=7", "?id=&id=7", "?id=7&id="])
        case .dictionaryDetails:
            let inner = flag ? [JSONMember(key: "appIDs", value: .array([.string(Self.otherApp)]))]
                : [JSONMember(key: "appID", value: .string(Self.otherApp))]
            details = .object(JSONObject([JSONMember(key: Self.app, value: .object(JSONObject(
                inner + [JSONMember(key: "components", value: .array([rule([("/", .string("*"))])]))])))]))
            appID = variant & 2 == 0 ? Self.app : Self.otherApp
        case .notSpacing:
            entry.append(JSONMember(key: "paths", value: .array([.string(pick(["NOT  /\(word)", "NOT/\(word)"])), .string("*")])))
        case .legacyDefaults:
            entry.append(JSONMember(key: "defaults", value: rule([pick([("exclude", JSONValue.bool(true)), ("caseSensitive", .bool(false))])])))
            entry.append(JSONMember(key: "paths", value: .array([.string("/\(word)")])))
            url = "/" + Self.escaped(flag ? word.uppercased() : word)
        case .predefinedOverridden:
            variables = [JSONMember(key: pick(["lang", "region"]), value: .array([.string("xx")]))]
            rules = [rule([("/", .string(pick(["/$(lang)/*", "/$(region)/*"])))])]
            url = urlPick(["/xx/1", "/en/1", "/US/1"])
        case .plusInQuery:
            rules = [rule([("?", .object(JSONObject([JSONMember(key: "q", value: .string(pick(["a b", "a+b", "a*"])))]))),
                           ("percentEncoded", .bool(false))])]
            url = "/x?q=" + urlPick(["a+b", "a%20b", "a%2Bb"])
        case .leadingStar:
            // The third pattern's first `/*` may match nothing only for a misreading of N3.
            rules = [rule([("/", .string(pick(["*/\(word)/*", "*/\(word)", "*/*/\(word)"])))])]
            url = urlPick(["/", "/", "/a/", "//"]) + Self.escaped(word) + urlPick(["", "/1"])
        case .schemeAndHostCase:
            // U2 and U3 fold case: a matcher comparing `HTTPS` or `EXAMPLE.com` as written differs here.
            rules = [rule([("/", .string("/\(word)/*"))])]
            origin = urlPick(["HTTPS://example.com", "Https://example.com", "https://EXAMPLE.com", "https://Example.Com"])
            url = "/" + Self.escaped(word) + "/1"
        case .notADocument:
            // A file LinkMatch refuses outright (D1: the top level is not an object): a matcher that
            // does not validate answers a decision instead of an error.
            aasa = pick([JSONValue.array([.string(word)]), .string("applinks"), .number("1"), .number("0"), .null, .bool(true)])
            self.appID = appID
            self.url = origin + url
            return
        case .otherScheme:
            rules = [rule([("/", .string("/\(word)/*"))])]
            origin = urlPick(["http://example.com", "ftp://example.com", "HTTP://example.com", "https://example.com"])
            url = "/" + Self.escaped(word) + "/1"
        case .hostPort:
            rules = [rule([("/", .string("/\(word)/*"))])]
            origin = urlPick(["https://example.com:443", "https://example.com:8443", "https://u@example.com:443", "https://example.com.",
                              "https://example.com:abc", "https://u:p@example.com", "https://u@v@example.com"])
            url = "/" + Self.escaped(word) + "/1"
        case .rawCharacters:
            // A pattern written escaped or raw, against a URL sent raw or escaped (U4 encodes raw ones).
            let pair = pick([("/a%20b", "a b"), ("/caf%C3%A9", "café"), ("/a b", "a%20b"), ("/café", "caf%C3%A9"), ("/a\"b", "a\"b")])
            rules = [rule([("/", .string(pair.0))] + (flag ? [("percentEncoded", JSONValue.bool(false))] : []))]
            url = "/" + urlPick([pair.1, pair.1.removingPercentEscapesForFeature, String(pair.0.dropFirst())])
        case .invalidEscape:
            // Escapes that are not UTF-8 (a cut sequence, a lone byte) decode to U+FFFD: one per
            // maximal bad subpart, which a `?` counts.
            rules = [rule([("/", .string(pick(["/\(word)*", "/100%", "*", "/\(word)?"])))] + (flag ? [("percentEncoded", JSONValue.bool(false))] : []))]
            url = "/" + Self.escaped(word) + urlPick(["%", "%zz", "%2", "%25", "?q=%", "#%", "%E2%82", "%FF"])
        case .escapedQuerySplitters:
            rules = [rule([("?", .object(JSONObject([JSONMember(key: "a", value: .string(pick(["1", "1&b=2", "*"])))])))]
                          + (flag ? [("percentEncoded", JSONValue.bool(false))] : []))]
            url = "/x?" + urlPick(["a%3D1", "a=1%26b=2", "b=2%26a=1", "a%3d1&a=1", "a=1%26a=2"])
        case .emptyQueryItems:
            // An item named "": only a matcher that keeps the empty pieces of `&&` sees it twice.
            rules = [rule([("?", .object(JSONObject([JSONMember(key: "", value: .string(pick(["x", "?*"])))])))])]
            url = "/x?" + urlPick(["=x&&", "&=x", "=x&", "=x"])
        case .valuelessItems:
            rules = [rule([("?", .object(JSONObject([JSONMember(key: "id", value: .string(pick(["7", "?*", "*", ""])))])))])]
            url = "/x?" + urlPick(["id=7&id", "id=7&id=", "id", "id=", "id&id=7"])
        case .wholeQuery:
            rules = [rule([("?", .string(pick(["a=1", "?*", "", "a=*"])))] + (flag ? [("percentEncoded", JSONValue.bool(false))] : []))]
            url = "/x" + urlPick(["?a=1", "", "?", "?a=1&b=2", "?a=%31", "?a=1#b"])
        case .fragmentForms:
            rules = [rule([("#", .string(pick(["a?b", "*", "", "?*", "a#b"])))])]
            url = "/x" + urlPick(["#a?b", "", "#", "?q#a?b", "#a#b", "?#a?b"])
        case .appIDForms:
            // `appID` alone, `appIDs` alone, both, an empty `appIDs`, and app IDs that differ in case.
            let forms: [[JSONMember]] = [
                [JSONMember(key: "appID", value: .string(Self.app))],
                [JSONMember(key: "appIDs", value: .array([.string(Self.otherApp), .string(Self.app)]))],
                [JSONMember(key: "appID", value: .string(Self.otherApp)), JSONMember(key: "appIDs", value: .array([.string(Self.app)]))],
                [JSONMember(key: "appID", value: .string(Self.app)), JSONMember(key: "appIDs", value: .array([]))],
                [JSONMember(key: "appIDs", value: .array([.string(Self.app.uppercased())]))],
            ]
            entry = pick(forms)
            rules = [rule([("/", .string("*"))])]
            appID = urlPick([Self.app, Self.otherApp, Self.app.uppercased()])
        case .percentEncodedBothWays:
            // The same escaped URL against a pattern written decoded and escaped, with each setting,
            // at each level (rule, entry `defaults`, `applinks.defaults`).
            let pattern = pick(["/\(word) b", "/\(Self.escaped(word))%20b", "/\(word)%2Fb", "/\(word)/b"])
            let level = other % 3
            if level == 0 {
                rules = [rule([("/", .string(pattern)), ("percentEncoded", .bool(flag))])]
            } else {
                rules = [rule([("/", .string(pattern))])]
                defaults = [JSONMember(key: "percentEncoded", value: .bool(flag))]
            }
            url = "/" + Self.escaped(word) + urlPick(["%20b", "%2Fb", "/b", "%20B"])
            if level == 1 { applinksDefaultsLevel = true }
        case .brokenReference:
            let pattern = pick(["/$(", "/a$(b", "/$()", "/$(a(b)", "/$(a$b)"])
            rules = [rule([("/", .string(pattern))])]
            url = urlPick([pattern, pattern, "/" + word])
        case .dottedCapitalI:
            // `İ` lowercases to two scalars in full mappings (E1 keeps it).
            rules = [rule([("/", .string(pick(["/\u{130}x", "/i\u{307}x"]))), ("caseSensitive", .bool(false)),
                           ("percentEncoded", .bool(false))])]
            url = "/" + Self.escaped(urlPick(["i\u{307}x", "\u{130}x", "I\u{307}x"]))
        case .emptyPath:
            rules = [rule([("/", .string(""))]), rule([("/", .string("/\(word)")), ("exclude", .bool(true))])]
            url = urlPick(["", "/", "/\(Self.escaped(word))"])
        }
        if !rules.isEmpty { entry.append(JSONMember(key: "components", value: .array(rules))) }
        var applinks: [JSONMember] = []
        let defaultsObject = JSONValue.object(JSONObject(defaults))
        let domainLevel = feature == .domainDefaults || (feature == .percentEncodedBothWays && applinksDefaultsLevel)
        if !defaults.isEmpty, domainLevel { applinks.append(JSONMember(key: "defaults", value: defaultsObject)) }
        if !defaults.isEmpty, !domainLevel { entry.insert(JSONMember(key: "defaults", value: defaultsObject), at: min(1, entry.count)) }
        if !otherLevelDefaults.isEmpty {
            let otherObject = JSONValue.object(JSONObject(otherLevelDefaults))
            if domainLevel { entry.insert(JSONMember(key: "defaults", value: otherObject), at: min(1, entry.count)) }
            else { applinks.append(JSONMember(key: "defaults", value: otherObject)) }
        }
        if !variables.isEmpty { applinks.append(JSONMember(key: "substitutionVariables", value: .object(JSONObject(variables)))) }
        applinks.append(JSONMember(key: "details", value: details ?? .array([.object(JSONObject(entry))])))
        aasa = .object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject(applinks)))]))
        self.appID = appID
        self.url = origin + url
    }

    /// Every feature once, in declaration order, then features picked as the bytes say.
    static let all = Feature.allCases

    /// Non-ASCII scalars as upper-case `%XX` escapes of their UTF-8 (URLs are ASCII, U4).
    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if c.isASCII { out.unicodeScalars.append(c) } else { out += Instantiator.percentEncoded(c, upper: true) }
        }
        return out
    }
}


extension String {
    /// `%20` and `%C3%A9` written back as the raw characters (the `rawCharacters` feature sends
    /// the other form of its pattern).
    fileprivate var removingPercentEscapesForFeature: String {
        PercentCoding.decodeLenient(self)
    }
}
