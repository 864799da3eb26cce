import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// The compiled engine deciding "as a reading would": behind a transformation of its inputs (part
/// request, document model, URL). A reading (`Readings`) is a way an implementer could reasonably
/// read the spec, modelled by rewriting what the compiled engine sees so that LinkMatch's own rules
/// give that reading's answers. The fuzzing harness builds its planted mistakes (`LinkMatchMutants`)
/// with the same engine and compares them with the reference engine, which reads the untouched
/// inputs (for a parsed document its JSON, `AASADocument.source`).
///
/// With a document rewrite, the deciding rule's trace is mapped back to the original rule (source
/// path, flags, patterns), so that a reading differs from LinkMatch by a wrong outcome or wrong
/// compared texts, not merely by its rewritten patterns showing in the trace.
public struct ReadingEngine: MatchEngine {
/// The engine's name, `reading:NAME` for a catalogued reading.
    public let name: String
    let base = CompiledEngine()
    let request: @Sendable (PartRequest) -> PartRequest
    let document: @Sendable (AASADocument) -> AASADocument
    let url: @Sendable (ParsedURL) -> ParsedURL
    let itemQuery: (@Sendable (String) -> String)?
    let restoresTraces: Bool
    /// The URL as the reading sees it against the domain it is checked for (U2, U3 readings).
    let urlForDomain: @Sendable (ParsedURL, String) -> ParsedURL
    /// How the reading splits the URL as sent, before U4 (nil: as LinkMatch, `ParsedURL.init`). For
    /// readings of U3 and U4 that see what U4 has already changed (raw characters, a bare `%`, a port).
    let rawURL: (@Sendable (String) -> Result<ParsedURL, URLParseError>)?

    /// `itemQuery` rewrites the query as the query *items* are read from it (U5, Q2–Q4): its answer
    /// is used only when no rule up to the deciding one reads the whole query (Q1), and the query
    /// part's trace keeps the original text. `restoresTraces: false` for other readings of the JSON
    /// (D4–D6) or of whole rules (open points): such a reading reports its own rules, so the trace
    /// is the transformed document's.
    public init(name: String,
                request: @escaping @Sendable (PartRequest) -> PartRequest = { $0 },
                document: @escaping @Sendable (AASADocument) -> AASADocument = { $0 },
                url: @escaping @Sendable (ParsedURL) -> ParsedURL = { $0 },
                itemQuery: (@Sendable (String) -> String)? = nil,
                restoresTraces: Bool = true,
                urlForDomain: @escaping @Sendable (ParsedURL, String) -> ParsedURL = { u, _ in u },
                rawURL: (@Sendable (String) -> Result<ParsedURL, URLParseError>)? = nil) {
        self.name = name
        self.urlForDomain = urlForDomain
        self.rawURL = rawURL
        self.request = request
        self.document = document
        self.url = url
        self.itemQuery = itemQuery
        self.restoresTraces = restoresTraces
    }

    /// The compiled engine's verdict on the request as the reading rewrites it (`request`).
    public func matchPart(_ r: PartRequest) -> PartVerdict {
        base.matchPart(request(r))
    }

    /// Prepares the document as the reading rewrites it (`document`); decisions also rewrite the URL
    /// (`url`) and, with `itemQuery`, the query items, and map traces back unless `restoresTraces` is false.
    public func prepare(_ original: AASADocument) -> any PreparedDocument {
        Prepared(original: original, prepared: base.prepare(document(original)), url: url, itemQuery: itemQuery,
                 restoresTraces: restoresTraces, urlForDomain: urlForDomain, rawURL: rawURL)
    }

    /// Both readings at once: `first`'s rewrite of each input, then `second`'s (documents, part
    /// requests, URLs and query items alike). Traces are mapped back only when both map them. The
    /// order matters where both rewrite the document: a reading that reads the JSON again (D4, D5,
    /// open points) must come first, since it rebuilds the document from its JSON (`Readings.composed`
    /// orders them).
    public static func composed(_ first: ReadingEngine, _ second: ReadingEngine, name: String) -> ReadingEngine {
        let itemQuery: (@Sendable (String) -> String)?
        switch (first.itemQuery, second.itemQuery) {
        case (let a?, let b?): itemQuery = { b(a($0)) }
        case (let a?, nil): itemQuery = a
        case (nil, let b?): itemQuery = b
        case (nil, nil): itemQuery = nil
        }
        return ReadingEngine(name: name,
                             request: { second.request(first.request($0)) },
                             document: { second.document(first.document($0)) },
                             url: { second.url(first.url($0)) },
                             itemQuery: itemQuery,
                             restoresTraces: first.restoresTraces && second.restoresTraces,
                             urlForDomain: { u, d in second.urlForDomain(first.urlForDomain(u, d), d) },
                             // Two ways of splitting the URL as sent do not compose: the first one's wins.
                             rawURL: first.rawURL ?? second.rawURL)
    }

    /// How much of a case the reading rewrites: the rules whose fields change (compared after C5 is
    /// resolved, by position), plus one when the URL changes and one when the query items do. The
    /// fewer, the more specific the reading is to the case (`linkmatch fuzz` names the most specific).
    public func changes(_ d: AASADocument, url u: ParsedURL, domain: String) -> Int {
        func rules(_ d: AASADocument) -> [ComponentFields] {
            DocumentRewrite.materialized(d).entries.flatMap { e in e.rules.map(\.fields) }
        }
        let before = rules(d), after = rules(document(d))
        var n = abs(before.count - after.count)
        for (a, b) in zip(before, after) where a != b { n += 1 }
        let asked = urlForDomain(url(u), domain)
        if asked.scheme != u.scheme || asked.host != u.host || asked.path != u.path || asked.query != u.query || asked.fragment != u.fragment { n += 1 }
        if let itemQuery, let q = u.query, itemQuery(q) != q { n += 1 }
        return n
    }

    struct Prepared: PreparedDocument, URLReadingDocument {
        let original: AASADocument
        let prepared: any PreparedDocument
        let url: @Sendable (ParsedURL) -> ParsedURL
        let itemQuery: (@Sendable (String) -> String)?
        let restoresTraces: Bool
        let urlForDomain: @Sendable (ParsedURL, String) -> ParsedURL
        let rawURL: (@Sendable (String) -> Result<ParsedURL, URLParseError>)?

        func readURL(_ text: String) -> Result<ParsedURL, URLParseError> {
            if let rawURL { return rawURL(text) }
            return Result { () throws(URLParseError) in try ParsedURL(text) }
        }

        func decide(_ u: ParsedURL, appID: String, domain: String) -> Decision {
            let asked = urlForDomain(url(u), domain)
            var d = prepared.decide(asked, appID: appID, domain: domain)
            if let itemQuery, let query = asked.query {
                var rewritten = asked
                rewritten.query = itemQuery(query)
                let wrong = prepared.decide(rewritten, appID: appID, domain: domain)
                if !wholeQueryRead(appID, upTo: wrong.rule) { d = wrong }
            }
            if let trace = d.rule {
                d.rule = restoresTraces ? restored(trace) : trace
                if itemQuery != nil, var rule = d.rule {
                    for i in rule.parts.indices where rule.parts[i].part == .query {
                        let raw = u.query ?? ""
                        rule.parts[i].texts = [rule.percentEncoded ? raw : PercentCoding.decodeLenient(raw)]
                    }
                    d.rule = rule
                }
            }
            return d
        }

        /// Whether a rule that reads the whole query (Q1) comes before `decider` or is it (all rules
        /// when nothing decided): only then the rewritten query changes more than the items, and the
        /// engine keeps LinkMatch's answer.
        func wholeQueryRead(_ appID: String, upTo decider: RuleTrace?) -> Bool {
            for rule in original.effectiveRules(for: appID) {
                if case .whole? = rule.query { return true }
                if let decider, rule.entryIndex == decider.entryIndex, rule.ruleIndex == decider.ruleIndex { return false }
            }
            return false
        }

        /// The trace with the original rule's identity, flags and patterns (parts are listed in the
        /// order path, query or query items, fragment: C2).
        func restored(_ trace: RuleTrace) -> RuleTrace {
            guard trace.entryIndex >= 0, trace.entryIndex < original.entries.count else { return trace }
            let entry = original.entries[trace.entryIndex]
            guard trace.ruleIndex >= 0, trace.ruleIndex < entry.rules.count else { return trace }
            let rule = EffectiveRule(rule: entry.rules[trace.ruleIndex], entryIndex: trace.entryIndex, ruleIndex: trace.ruleIndex,
                                     entryDefaults: entry.defaults, domainDefaults: original.defaults)
            var parts: [(PartTrace.Part, String?)] = [(.path, rule.path)]
            switch rule.query {
            case nil: parts.append((.query, nil))
            case .whole(let p): parts.append((.query, p))
            case .items(let items): parts += items.map { (.queryItem($0.name), $0.pattern) }
            }
            parts.append((.fragment, rule.fragment))
            var out = trace
            out.sourcePath = rule.sourcePath
            out.exclude = rule.exclude
            out.caseSensitive = rule.caseSensitive
            out.percentEncoded = rule.percentEncoded
            for i in out.parts.indices where i < parts.count {
                out.parts[i].part = parts[i].0
                out.parts[i].pattern = parts[i].1
            }
            return out
        }
    }
}

/// A prepared document that reads the URL as sent its own way (a reading of U3 or U4):
/// `ConformanceProtocol.answer` asks it to split the URL instead of `ParsedURL.init`.
public protocol URLReadingDocument {
    /// The URL as this reading splits it, or the error it refuses it with.
    func readURL(_ text: String) -> Result<ParsedURL, URLParseError>
}

/// Document rewriting helpers shared by the readings and the planted mistakes.
public enum DocumentRewrite {
    /// Every rule carries its effective fields (C5 resolved), and no defaults remain: a rewrite can
    /// then change one rule's flags without touching its neighbours.
    public static func materialized(_ d: AASADocument) -> AASADocument {
        var out = d
        for (e, entry) in d.entries.enumerated() {
            for (k, rule) in entry.rules.enumerated() {
                let eff = EffectiveRule(rule: rule, entryIndex: e, ruleIndex: k, entryDefaults: entry.defaults, domainDefaults: d.defaults)
                out.entries[e].rules[k].fields = ComponentFields(
                    path: eff.path, query: eff.query, fragment: eff.fragment, exclude: eff.exclude,
                    caseSensitive: eff.caseSensitive, percentEncoded: eff.percentEncoded, comment: rule.fields.comment)
            }
            out.entries[e].defaults = ComponentFields()
        }
        out.defaults = ComponentFields()
        return out
    }

    /// Applies `change` to every rule's (materialized) fields.
    public static func rules(_ d: AASADocument, _ change: (inout ComponentFields) -> Void) -> AASADocument {
        var out = materialized(d)
        for e in out.entries.indices {
            for k in out.entries[e].rules.indices { change(&out.entries[e].rules[k].fields) }
        }
        return out
    }

    /// Applies `change` to every pattern string of a rule (path, query, query items, fragment).
    public static func patterns(_ f: inout ComponentFields, _ change: (String) -> String) {
        f.path = f.path.map(change)
        f.fragment = f.fragment.map(change)
        switch f.query {
        case .whole(let p)?: f.query = .whole(change(p))
        case .items(let items)?: f.query = .items(items.map { ($0.name, change($0.pattern)) })
        case nil: break
        }
    }

    /// The document with `change` applied to every value of every custom variable (V1).
    public static func variables(_ d: AASADocument, _ change: (String) -> String) -> AASADocument {
        var out = d
        out.variables = VariableTable(custom: d.variables.custom.map { ($0.name, $0.values.map(change)) })
        return out
    }

    /// A URL with some parts replaced (userinfo and port are dropped: only the host matters, U3).
    public static func url(_ u: ParsedURL, path: String? = nil, query: String?? = nil) -> ParsedURL {
        let q = query ?? u.query
        var text = u.scheme + "://" + u.host + (path ?? u.path)
        if let q { text += "?" + q }
        if let f = u.fragment { text += "#" + f }
        return (try? ParsedURL(text)) ?? u
    }

    /// The document read again from its JSON with every `details` entry rewritten by `change`, as a
    /// reader of the JSON that differs from LinkMatch would see it. A document without JSON is left
    /// as it is.
    public static func reread(_ d: AASADocument, _ change: (JSONObject) -> JSONObject) -> AASADocument {
        guard case .object(let top)? = d.source, case .object(let applinks)? = top["applinks"] else { return d }
        let details: JSONValue
        switch applinks["details"] {
        case .array(let list)?:
            details = .array(list.map { if case .object(let e) = $0 { return .object(change(e)) } else { return $0 } })
        case .object(let dictionary)?:
            details = .object(JSONObject(dictionary.members.map {
                if case .object(let e) = $0.value { return JSONMember(key: $0.key, value: .object(change(e))) } else { return $0 }
            }))
        default:
            return d
        }
        let json = JSONValue.object(replacing("applinks", in: top, with: .object(replacing("details", in: applinks, with: details))))
        return (try? AASADocument.parse(Array(json.serialized().utf8)).document) ?? d
    }

    /// `obj` with `key` set to `value` (moved to the end).
    public static func replacing(_ key: String, in obj: JSONObject, with value: JSONValue) -> JSONObject {
        JSONObject(obj.members.filter { $0.key != key } + [JSONMember(key: key, value: value)])
    }

    /// `%` written as `%25`, so that the engine's own decoding (E3) gives back exactly `s`.
    public static func percentEscaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if c == "%" { out += "%25" } else { out.unicodeScalars.append(c) }
        }
        return out
    }
}
