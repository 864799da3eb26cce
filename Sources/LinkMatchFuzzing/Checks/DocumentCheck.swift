import LinkMatch

/// `document`: a whole file, URLs and app IDs; reference and candidate must give the same Decision
/// (outcome, reason and the deciding rule's trace) for every URL and app. URLs that are not valid
/// (U4) are skipped: both engines would never see them.
public enum DocumentCheck {
    public static func check(_ c: DocumentCase, engines: Engines) -> CheckFailure? {
        guard let document = c.document else { return nil }
        let expected = engines.reference.prepare(document)
        let actual = engines.candidate.prepare(document)
        for url in c.urls {
            guard let parsed = try? ParsedURL(url) else { continue }
            for app in c.appIDs {
                let a = expected.decide(parsed, appID: app, domain: c.domain)
                let b = actual.decide(parsed, appID: app, domain: c.domain)
                let agree = a.outcome == .undecided ? b.outcome != .undecided : identical(a, b)
                if !agree {
                    return CheckFailure(
                        target: .document,
                        summary: "\(url) for \(app): \(engines.reference.name) says \(a), \(engines.candidate.name) says \(b)"
                            + (a.outcome == b.outcome && a.reason == b.reason ? " (traces differ)" : ""),
                        readable: readable(c, engines: engines))
                }
            }
        }
        return nil
    }

    /// Decision's == compares strings by canonical equivalence; this also compares every string of
    /// the trace scalar for scalar, so "é" and "e\u{301}" are told apart. (Same result as comparing
    /// the serialized `decisionJSON`s, without writing JSON twice per decision.)
    static func identical(_ a: Decision, _ b: Decision) -> Bool {
        guard a == b else { return false }
        guard let x = a.rule, let y = b.rule else { return true } // == saw both nil
        return x.sourcePath.isExactly(y.sourcePath) && x.parts.count == y.parts.count
            && zip(x.parts, y.parts).allSatisfy { p, q in
                p.part.description.isExactly(q.part.description)
                    && (p.pattern ?? "").isExactly(q.pattern ?? "") && (p.pattern == nil) == (q.pattern == nil)
                    && p.texts.count == q.texts.count && zip(p.texts, q.texts).allSatisfy { $0.isExactly($1) }
            }
    }

    static func decisionJSON(_ d: Decision) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("outcome", .string(d.outcome.rawValue))]
        if let reason = d.reason { pairs.append(("reason", .string(reason.rawValue))) }
        if let rule = d.rule {
            pairs.append(("rule", .string(rule.sourcePath)))
            pairs.append(("flags", ReadableJSON.object([("exclude", .bool(rule.exclude)), ("caseSensitive", .bool(rule.caseSensitive)),
                                             ("percentEncoded", .bool(rule.percentEncoded))])))
            pairs.append(("parts", .array(rule.parts.map { p in
                ReadableJSON.object([("part", .string(p.part.description)), ("pattern", p.pattern.map { .string($0) } ?? .null),
                          ("texts", ReadableJSON.strings(p.texts)), ("verdict", .string(p.verdict.rawValue))])
            })))
        }
        return ReadableJSON.object(pairs)
    }

    public static func readableJSON(_ c: DocumentCase, engines: Engines) -> JSONValue {
        var decisions: [JSONValue] = []
        if let document = c.document {
            let expected = engines.reference.prepare(document)
            let actual = engines.reference.name == engines.candidate.name ? nil : engines.candidate.prepare(document)
            for url in c.urls {
                guard let parsed = try? ParsedURL(url) else {
                    decisions.append(ReadableJSON.object([("url", .string(url)), ("skipped", .string("not a valid URL (U4)"))]))
                    continue
                }
                for app in c.appIDs {
                    var pairs: [(String, JSONValue)] = [("url", .string(url)), ("appID", .string(app))]
                    let a = expected.decide(parsed, appID: app, domain: c.domain)
                    pairs.append((actual == nil ? "decision" : engines.reference.name, decisionJSON(a)))
                    if let actual {
                        pairs.append((engines.candidate.name, decisionJSON(actual.decide(parsed, appID: app, domain: c.domain))))
                    }
                    decisions.append(ReadableJSON.object(pairs))
                }
            }
        }
        return ReadableJSON.object([
            ("aasa", c.aasa), ("domain", .string(c.domain)), ("appIDs", ReadableJSON.strings(c.appIDs)), ("urls", ReadableJSON.strings(c.urls)),
            ("decisions", .array(decisions)),
        ])
    }

    public static func readable(_ c: DocumentCase, engines: Engines) -> String {
        readableJSON(c, engines: engines).serialized(pretty: true)
    }

    /// Reads the readable form back. Also accepts a conformance case (`"appId"` and `"url"`).
    public static func parseReadable(_ text: String) throws(SeedEncodingError) -> DocumentCase {
        let obj = try ReadableJSON.parse(text, what: "the document case")
        guard let aasa = obj["aasa"] else { throw SeedEncodingError("missing \"aasa\"") }
        var appIDs: [String] = []
        if let list = obj["appIDs"] { appIDs += try ReadableJSON.stringList(list, what: "\"appIDs\"") }
        for key in ["appId", "appID"] where obj[key] != nil { appIDs.append(try ReadableJSON.string(obj, key)) }
        var urls: [String] = []
        if let list = obj["urls"] { urls += try ReadableJSON.stringList(list, what: "\"urls\"") }
        if obj["url"] != nil { urls.append(try ReadableJSON.string(obj, "url")) }
        return DocumentCase(aasa: aasa, domain: try ReadableJSON.string(obj, "domain", default: "example.com"), appIDs: appIDs, urls: urls)
    }
}

extension DocumentCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> DocumentCase { DocumentCase(bytes: bytes) }
    /// The decisions agree, and every URL splits as Foundation splits it.
    public static func run(_ c: DocumentCase, engines: Engines) -> CheckFailure? {
        check(c, engines: engines)
            ?? URLSplitCheck.check(c.urls, target: .document) { readable(c, engines: engines) }
    }
    /// A conformance case (`aasa`, `domain`, `appId`, `url`) is accepted as is.
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try parseReadable(readableJSON).encoded()
    }
}
