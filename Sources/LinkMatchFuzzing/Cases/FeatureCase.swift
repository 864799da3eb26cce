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
    }

    /// Features whose deciding shape is one variant in three or four weigh more (measured with
    /// `RuleReach` so that each item stays well above 1% of cases).
    static let features = ChoiceTable<Feature>(Feature.allCases.map { feature in
        switch feature {
        case .repeatedItem: return (feature, 3)
        case .notSpacing, .leadingStar, .absentItem, .plusInQuery, .appIDFallback: return (feature, 2)
        default: return (feature, 1)
        }
    })
    static let app = "ABCDE12345.com.example.app"
    static let otherApp = "FGHIJ67890.org.other.app"
    /// Literal path words: ASCII, mixed case, non-ASCII (E1 beyond ASCII).
    static let words = ChoiceTable<String>([("buy", 4), ("Shop", 3), ("a", 3), ("été", 2), ("ÉTÉ", 1), ("x1", 2)])

    public init(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        self.init(reading: &r)
    }

    public init(reading r: inout ByteReader) {
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
        var entry: [JSONMember] = [JSONMember(key: "appIDs", value: .array([.string(Self.app)]))]
        var rules: [JSONValue] = []
        var details: JSONValue?
        var url = "/" + word
        var origin = "https://example.com"
        func rule(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members.map { JSONMember(key: $0.0, value: $0.1) })) }
        let feature = r.pick(Self.features)
        switch feature {
        case .customVariable:
            variables = [JSONMember(key: "v", value: .array([.string(word), .string("z")]))]
            rules = [rule([("/", .string("/$(v)/*"))])]
            url = urlPick(["/\(word)/1", "/z", "/$(v)/1", "/q/1"])
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
            rules = [rule([("/", .string("/\(word)/*"))])]
            url = "/" + Self.escaped(word) + urlPick(["", "/", "er", "/1"])
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
            rules = [rule([("/", .string(pick(["*/\(word)/*", "*/\(word)"])))])]
            url = urlPick(["/", "/", "/a/", "//"]) + Self.escaped(word) + urlPick(["", "/1"])
        case .schemeAndHostCase:
            // U2 and U3 fold case: a matcher comparing `HTTPS` or `EXAMPLE.com` as written differs here.
            rules = [rule([("/", .string("/\(word)/*"))])]
            origin = urlPick(["HTTPS://example.com", "Https://example.com", "https://EXAMPLE.com", "https://Example.Com"])
            url = "/" + Self.escaped(word) + "/1"
        case .notADocument:
            // A file LinkMatch refuses outright (D1: the top level is not an object): a matcher that
            // does not validate answers a decision instead of an error.
            aasa = pick([JSONValue.array([.string(word)]), .string("applinks"), .number("1")])
            self.appID = appID
            self.url = origin + url
            return
        case .emptyPath:
            rules = [rule([("/", .string(""))]), rule([("/", .string("/\(word)")), ("exclude", .bool(true))])]
            url = urlPick(["", "/", "/\(Self.escaped(word))"])
        }
        if !rules.isEmpty { entry.append(JSONMember(key: "components", value: .array(rules))) }
        var applinks: [JSONMember] = []
        let defaultsObject = JSONValue.object(JSONObject(defaults))
        if !defaults.isEmpty, feature == .domainDefaults { applinks.append(JSONMember(key: "defaults", value: defaultsObject)) }
        if !defaults.isEmpty, feature == .entryDefaults { entry.insert(JSONMember(key: "defaults", value: defaultsObject), at: 1) }
        if !variables.isEmpty { applinks.append(JSONMember(key: "substitutionVariables", value: .object(JSONObject(variables)))) }
        applinks.append(JSONMember(key: "details", value: details ?? .array([.object(JSONObject(entry))])))
        aasa = .object(JSONObject([JSONMember(key: "applinks", value: .object(JSONObject(applinks)))]))
        self.appID = appID
        self.url = origin + url
    }

    /// Non-ASCII scalars as upper-case `%XX` escapes of their UTF-8 (URLs are ASCII, U4).
    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if c.isASCII { out.unicodeScalars.append(c) } else { out += Instantiator.percentEncoded(c, upper: true) }
        }
        return out
    }
}
