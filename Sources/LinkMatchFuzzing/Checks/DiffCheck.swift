import LinkMatch

/// What `linkmatch diff` computes, as something a planted mistake can replace. A candidate engine
/// that conforms (LinkMatchMutants' diff mutants) is checked through this; any other engine
/// through `StandardDiff`.
public protocol DiffUnderTest: Sendable {
    /// The diff of two files, as `DocumentDiff.compare` reports it.
    func compare(old: DiffSide, new: DiffSide, options: DiffOptions) -> DiffReport
}

/// `linkmatch diff`'s computation, `DocumentDiff.compare`, which the CLI calls too.
public struct StandardDiff: DiffUnderTest {
    public init() {}

    public func compare(old: DiffSide, new: DiffSide, options: DiffOptions) -> DiffReport {
        DocumentDiff.compare(old: old, new: new, options: options)
    }
}

/// The `diff` check (issue 22): a generated file, the two documents OLD and NEW an edit derives from
/// it (`DiffCase`), and the diff of OLD and NEW checked against the reference engine, which decides
/// every URL on its own:
/// - a rewrite that keeps the meaning (pretty-printing and key order, defaults hoisted into every
///   rule, legacy `paths` written as components) gives no change;
/// - every reported witness really changes decision: the reference decides it under OLD and under
///   NEW, independently, and must give the two outcomes the witness claims, and they must differ;
/// - an app "proved" unchanged has no witness when the diff is run again without its proofs;
/// - a probe URL that the reference decides differently under OLD and NEW belongs to an app the diff
///   reports as changed: never to an app "proved" unchanged, nor to one where the search found nothing
///   (the case's probes and their crossings, `crossed`);
/// - the causes and the rules named are right (`DiffCauses`).
public enum DiffCheck {
    /// The diff under test: the candidate's own, if it has one (a planted mistake), else `linkmatch diff`'s.
    static func differ(_ engines: Engines) -> any DiffUnderTest {
        (engines.candidate as? any DiffUnderTest) ?? StandardDiff()
    }

    /// Random URLs per app the diff probes with beyond its fixed candidates: far below the CLI's
    /// 2,000, so that a fuzzing run tries many files per second.
    public static let probeBudget = 64

    public static func check(_ c: DiffCase, engines: Engines) -> CheckFailure? {
        let (old, new) = c.documents
        return problem(old: old, new: new, edit: c.edit, probes: c.probes, diff: differ(engines), reference: engines.reference).map {
            CheckFailure(target: .diff, summary: $0, readable: readable(c, engines: engines))
        }
    }

    /// The first problem, in words, or nil.
    public static func problem(old: AASADocument, new: AASADocument, edit: DiffCase.Edit, probes: [String],
                               diff: any DiffUnderTest = StandardDiff(), reference: any MatchEngine = ReferenceEngine(),
                               probeBudget: Int = DiffCheck.probeBudget) -> String? {
        let report = diff.compare(old: .document(old), new: .document(new), options: DiffOptions(probeBudget: probeBudget))
        if edit.keepsMeaning, report.hasChanges { return "a rewrite that keeps the meaning is reported as a change" }
        let o = reference.prepare(old), n = reference.prepare(new)
        func witnessProblem(_ report: DiffReport) -> String? {
            for app in report.apps {
                for change in app.changes {
                    if change.witnesses.isEmpty { return "\(app.appID): \(change.cause.rawValue) has no witness" }
                    for w in change.witnesses {
                        guard let url = try? ParsedURL(w.url) else { return "witness \(w.url) is not a URL" }
                        let a = o.decide(url, appID: app.appID, domain: "").outcome, b = n.decide(url, appID: app.appID, domain: "").outcome
                        if a == b || a != w.old || b != w.new {
                            return "\(app.appID): witness \(w.url) of \(change.cause.rawValue) is \(w.old.rawValue) -> \(w.new.rawValue), the reference says \(a.rawValue) -> \(b.rawValue)"
                        }
                    }
                }
            }
            return nil
        }
        if let problem = witnessProblem(report) { return problem }
        if let problem = DiffCauses.problem(report, old: old, new: new, edit: edit) { return problem }
        // The proofs against the search: a witness on an app the first run proved unchanged means
        // the proof is wrong (the witness is checked with the reference first).
        var searchOnly = DiffOptions(probeBudget: probeBudget)
        searchOnly.skipsProofs = true
        let searched = diff.compare(old: .document(old), new: .document(new), options: searchOnly)
        if let problem = witnessProblem(searched) { return "without proofs: " + problem }
        for (app, other) in zip(report.apps, searched.apps) {
            guard case .provedSame(let why) = app.verdict, let w = other.changes.first?.witnesses.first else { continue }
            return "\(app.appID): proved unchanged (\(why)) but \(w.url) is \(w.old.rawValue) -> \(w.new.rawValue)"
        }
        for text in probes + crossed(probes) {
            guard let url = try? ParsedURL(text) else { continue }
            for app in report.apps {
                let a = o.decide(url, appID: app.appID, domain: ""), b = n.decide(url, appID: app.appID, domain: "")
                guard a.outcome != b.outcome, a.outcome != .undecided, b.outcome != .undecided else { continue }
                switch app.verdict {
                case .changed: continue
                case .provedSame(let why): return "\(app.appID): proved unchanged (\(why)) but \(text) is \(a.outcome.rawValue) -> \(b.outcome.rawValue)"
                case .notProved: return "\(app.appID): no change found in \(app.checkedURLs) URLs but \(text) is \(a.outcome.rawValue) -> \(b.outcome.rawValue)"
                }
            }
        }
        return nil
    }

    /// More probes, made here and not by the diff's own search: each probe's first one or two path
    /// segments followed by the next probe's remaining segments, query and fragment. Where one
    /// rule's prefix meets another rule's shape, only such a URL is decided by both.
    static func crossed(_ probes: [String]) -> [String] {
        let parts = probes.map { text -> (origin: String, segments: [Substring], rest: String)? in
            guard let scheme = text.range(of: "://"), let slash = text[scheme.upperBound...].firstIndex(of: "/") else { return nil }
            let end = text[slash...].firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
            return (String(text[..<slash]), text[slash..<end].split(separator: "/"), String(text[end...]))
        }
        var out: [String] = []
        for (i, a) in parts.enumerated() {
            guard let a, let b = parts[(i + 1) % parts.count], parts.count > 1 else { continue }
            for k in 1...2 where k <= a.segments.count && k < b.segments.count {
                out.append(a.origin + "/" + (a.segments.prefix(k) + b.segments.dropFirst(k)).joined(separator: "/") + b.rest)
            }
        }
        return out
    }

    /// The case as pretty JSON: what decodes it (`aasa`, `edit`, `at`, `probes`), then the two files
    /// derived from it and the diff's verdict per app, with up to three witnesses each (shown only).
    public static func readable(_ c: DiffCase, engines: Engines) -> String {
        let (old, new) = c.documents
        let report = differ(engines).compare(old: .document(old), new: .document(new), options: DiffOptions(probeBudget: probeBudget))
        let apps: [JSONValue] = report.apps.map { app in
            let verdict: String
            switch app.verdict {
            case .changed: verdict = "changed"
            case .provedSame(let why): verdict = "proved unchanged: \(why)"
            case .notProved: verdict = "not proved (\(app.checkedURLs) URLs checked)"
            }
            return ReadableJSON.object([
                ("app", .string(app.appID)), ("verdict", .string(verdict)),
                ("changes", ReadableJSON.strings(app.changes.map { change in
                    change.cause.rawValue + ": " + change.witnesses.prefix(3).map { "\($0.url) \($0.old.rawValue) -> \($0.new.rawValue)" }.joined(separator: ", ")
                })),
            ])
        }
        return ReadableJSON.object([
            ("aasa", c.aasa), ("edit", .string(c.edit.name)), ("at", .array([.number(String(c.entryByte)), .number(String(c.ruleByte))])),
            ("probes", ReadableJSON.strings(c.probes)),
            ("old", DocumentSerializer.json(old)), ("new", DocumentSerializer.json(new)), ("diff", .array(apps)),
        ]).serialized(pretty: true)
    }

    /// Reads `aasa`, `edit`, `at` (default [0, 0]) and `probes` (default none); the derived files and
    /// the diff shown beside them are ignored.
    public static func parseReadable(_ text: String) throws(SeedEncodingError) -> DiffCase {
        let obj = try ReadableJSON.parse(text, what: "the diff case")
        guard let aasa = obj["aasa"] else { throw SeedEncodingError("missing \"aasa\"") }
        let name = try ReadableJSON.string(obj, "edit", default: DiffCase.Edit.rewrite.name)
        guard let edit = DiffCase.Edit.allCases.first(where: { $0.name == name }) else {
            throw SeedEncodingError("\"edit\": \(name.debugDescription) is not one of \(DiffCase.Edit.allCases.map(\.name).joined(separator: ", "))")
        }
        var at: [UInt8] = [0, 0]
        if let value = obj["at"] {
            guard case .array(let list) = value, list.count == 2,
                  case .number(let x) = list[0], case .number(let y) = list[1],
                  let e = UInt8(x), let r = UInt8(y) else {
                throw SeedEncodingError("\"at\" must be two numbers from 0 to 255")
            }
            at = [e, r]
        }
        var probes: [String] = []
        if let list = obj["probes"] { probes = try ReadableJSON.stringList(list, what: "\"probes\"") }
        return DiffCase(aasa: aasa, edit: edit, entryByte: at[0], ruleByte: at[1], probes: probes)
    }
}

extension DiffCheck: FuzzCheck {
    public static func decode(_ bytes: [UInt8]) -> DiffCase { DiffCase(bytes: bytes) }
    public static func run(_ c: DiffCase, engines: Engines) -> CheckFailure? { check(c, engines: engines) }
    public static func encodeSeed(readableJSON: String) throws(SeedEncodingError) -> [UInt8] {
        try parseReadable(readableJSON).encoded()
    }
}
