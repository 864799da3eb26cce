import LinkMatch

/// `document`: a whole file, URLs and app IDs. Each engine loads the file's bytes itself
/// (`MatchEngine.load`: the reference with its own loader, which counts the document-wide P5 total
/// itself): one rejecting the file and the other accepting it is a finding, and so are two
/// rejections with different codes. When both accept, reference and candidate must give the same
/// Decision (outcome, reason and the deciding rule's trace) for every URL and app. URLs that are
/// not valid (U4) are skipped: both engines would never see them. The candidate's two ways in must
/// agree too: its `load` of the bytes (the compiled engine compiles straight from the JSON) and its
/// `prepare` of the document `AASADocument.parse` reads, on the same URLs and apps.
public enum DocumentCheck {
    public static func check(_ c: DocumentCase, engines: Engines) -> CheckFailure? {
        let bytes = c.fileBytes
        let loaded = (load(engines.reference, bytes), load(engines.candidate, bytes))
        func failure(_ summary: String) -> CheckFailure {
            CheckFailure(target: .document, summary: summary, readable: readable(c, engines: engines))
        }
        let expected: any PreparedDocument
        let actual: any PreparedDocument
        switch loaded {
        case (.failure(let a), .failure(let b)):
            if a.code == b.code { return nil } // both refuse the file, for the same reason
            return failure("\(engines.reference.name) rejects the file [\(a.code)], \(engines.candidate.name) rejects it [\(b.code)]")
        case (.failure(let a), .success):
            return failure("\(engines.reference.name) rejects the file (\(a)), \(engines.candidate.name) accepts it")
        case (.success, .failure(let b)):
            return failure("\(engines.reference.name) accepts the file, \(engines.candidate.name) rejects it (\(b))")
        case (.success(let a), .success(let b)):
            expected = a
            actual = b
        }
        // The model the candidate's `prepare` takes; the file loaded, so it parses (else that is a finding too).
        guard let model = try? AASADocument.parse(bytes) else {
            return failure("\(engines.candidate.name) loads the file but AASADocument.parse refuses it")
        }
        let viaModel = engines.candidate.prepare(model.document)
        for url in c.urls {
            guard let parsed = try? ParsedURL(url) else { continue }
            for app in c.appIDs {
                let a = expected.decide(parsed, appID: app, domain: c.domain)
                let b = actual.decide(parsed, appID: app, domain: c.domain)
                let agree = a.outcome == .undecided ? b.outcome != .undecided : identical(a, b)
                if !agree {
                    return failure("\(url) for \(app): \(engines.reference.name) says \(a), \(engines.candidate.name) says \(b)"
                        + (a.outcome == b.outcome && a.reason == b.reason ? " (traces differ)" : ""))
                }
                let m = viaModel.decide(parsed, appID: app, domain: c.domain)
                if !identical(b, m) {
                    return failure("\(url) for \(app): \(engines.candidate.name) says \(b) from the file's bytes, \(m) from the parsed document")
                }
            }
        }
        return nil
    }

    /// `engine.load(bytes)` as a value.
    static func load(_ engine: any MatchEngine, _ bytes: [UInt8]) -> Result<any PreparedDocument, DocumentLoadError> {
        do {
            return .success(try engine.load(bytes))
        } catch {
            return .failure(error)
        }
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
        let bytes = c.fileBytes
        let same = engines.reference.name == engines.candidate.name
        let sides = [(engines.reference.name, load(engines.reference, bytes))]
            + (same ? [] : [(engines.candidate.name, load(engines.candidate, bytes))])
        // How each side took the file: "accepted", or the code it rejected the file with (shown only
        // when a side rejected it).
        let loading = sides.map { name, result -> (String, JSONValue) in
            switch result {
            case .success: return (same ? "load" : name, .string("accepted"))
            case .failure(let error): return (same ? "load" : name, .string("rejected: \(error.code)"))
            }
        }
        let prepared = sides.compactMap { name, result -> (String, any PreparedDocument)? in
            guard case .success(let p) = result else { return nil }
            return (same ? "decision" : name, p)
        }
        if !prepared.isEmpty {
            for url in c.urls {
                guard let parsed = try? ParsedURL(url) else {
                    decisions.append(ReadableJSON.object([("url", .string(url)), ("skipped", .string("not a valid URL (U4)"))]))
                    continue
                }
                for app in c.appIDs {
                    var pairs: [(String, JSONValue)] = [("url", .string(url)), ("appID", .string(app))]
                    for (name, document) in prepared {
                        pairs.append((name, decisionJSON(document.decide(parsed, appID: app, domain: c.domain))))
                    }
                    decisions.append(ReadableJSON.object(pairs))
                }
            }
        }
        let rejected = sides.contains { if case .failure = $0.1 { return true } else { return false } }
        return ReadableJSON.object([
            ("aasa", c.aasa), ("domain", .string(c.domain)), ("appIDs", ReadableJSON.strings(c.appIDs)), ("urls", ReadableJSON.strings(c.urls)),
        ] + (rejected ? [("loading", ReadableJSON.object(loading))] : []) + [("decisions", .array(decisions))])
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
