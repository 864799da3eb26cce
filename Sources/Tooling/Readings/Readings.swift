import LinkMatchCompiled
import LinkMatchCore
import LinkMatchModel
import LinkMatchReference

/// A way an implementer could reasonably read the spec other than LinkMatch's: an open point's
/// alternative (SPEC.md section 15), or a common misreading of a decided rule. A reading is product:
/// `linkmatch conformance --reading NAME` answers as it would, so another matcher's author can see
/// what that reading changes, and the fuzzing harness proves it tells each one from LinkMatch.
///
/// A reading is not a planted mistake: those are code slips that test the harness and live with the
/// tests (`LinkMatchMutants`), never in the shipped CLI.
public struct Reading: Sendable {
    /// Where a reading comes from: an open point of SPEC.md section 15, or a decided rule it misreads.
    public enum Kind: Sendable, Equatable {
        /// An alternative of the open point with this ID (`OpenPoints.point(_:)`).
        case openPoint(String)
        /// A misreading of a decided rule: the SPEC rule ID it breaks ("E1").
        case misreading(rule: String)
    }

    /// The reading's name: an open point's alternative as the registry names it
    /// ("slash-kept-in-text"), or a misreading's ("fold-ascii-only").
    public let name: String
    /// Whether the reading is an open point's alternative or a misreading, with the SPEC ID.
    public let kind: Kind
    /// One line: what the reading does, in SPEC's words.
    public let summary: String
    /// Decides as the reading would (the compiled engine over rewritten inputs); its `name` is
    /// `reading:NAME`.
    public let engine: any MatchEngine
    /// The readings this one contains as special cases (`defaults-ignored` generalizes
    /// `entry-defaults-ignored`): wherever the special case differs from LinkMatch, this one differs
    /// the same way. `linkmatch fuzz` names the special case when both explain a difference and no
    /// experiment tells them apart (docs/TEST-YOUR-MATCHER.md, the specificity rule).
    public let generalizes: [String]

    /// A reading named `name`, of `kind`, described by `summary`, that decides through `engine`.
    public init(name: String, kind: Kind, summary: String, engine: any MatchEngine, generalizes: [String] = []) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.engine = engine
        self.generalizes = generalizes
    }

    /// The rule IDs the reading concerns: the open point's rules, or the misread rule (`N1-N3` is
    /// N1, N2 and N3).
    public var rules: [String] {
        switch kind {
        case .openPoint(let id): return OpenPoints.point(id)?.rules ?? []
        case .misreading(let rule):
            let ends = rule.split(separator: "-")
            guard ends.count == 2, let a = Int(ends[0].dropFirst()), let b = Int(ends[1].dropFirst()), a <= b else { return [rule] }
            return (a...b).map { String(ends[0].prefix(1)) + String($0) }
        }
    }

    /// `open point N1-leading-star` or `misreads E1`.
    public var origin: String {
        switch kind {
        case .openPoint(let id): return "open point \(id)"
        case .misreading(let rule): return "misreads \(rule)"
        }
    }
}

/// The catalogue of readings.
public enum Readings {
    /// Every reading: the modelled open-point alternatives, then the misreadings.
    public static let all: [Reading] = openPointReadings + Misreadings.all + MoreMisreadings.all + URLMisreadings.all + TextMisreadings.all
        + RuleFamilyMisreadings.all

    /// The reading called `name` (as `linkmatch conformance --reading` takes it), or nil when there
    /// is none. `A+B` names both readings at once (`composed`).
    public static func named(_ name: String) -> Reading? {
        if let one = all.first(where: { $0.name == name }) { return one }
        let parts = name.split(separator: "+").map(String.init)
        guard parts.count > 1 else { return nil }
        var found: [Reading] = []
        for part in parts {
            guard let r = all.first(where: { $0.name == part }) else { return nil }
            found.append(r)
        }
        return composed(found)
    }

    /// Several readings at once: one engine applying every reading's rewrites, in the order
    /// `compositionOrder` gives, named `A+B` in that order. Nil for an empty list.
    public static func composed(_ readings: [Reading]) -> Reading? {
        let ordered = compositionOrder(readings)
        guard let first = ordered.first else { return nil }
        guard ordered.count > 1 else { return first }
        let name = ordered.map(\.name).joined(separator: "+")
        var engine = first.engine as? ReadingEngine ?? ReadingEngine(name: first.name)
        for next in ordered.dropFirst() {
            engine = ReadingEngine.composed(engine, next.engine as? ReadingEngine ?? ReadingEngine(name: next.name), name: "reading:" + name)
        }
        return Reading(name: name, kind: ordered[0].kind, summary: ordered.map(\.summary).joined(separator: "; "), engine: engine)
    }

    /// The order in which composed readings rewrite: readings that read the document's JSON again
    /// (they report their own rules: D4, D5 and the open points) first, since a later reread would
    /// drop the rewrites before it; then catalogue order, in which the `defaults` readings come
    /// before the readings that rewrite rules (those resolve the defaults into each rule); and
    /// `trailing-slash-significant` last, since it does N1–N3 by hand and leaves no edge slash or
    /// final `/*` for a later path rewrite (`no-parent-path`) to see.
    public static func compositionOrder(_ readings: [Reading]) -> [Reading] {
        func rank(_ r: Reading) -> (Int, Int) {
            let rereads = (r.engine as? ReadingEngine).map { !$0.restoresTraces } ?? false
            let defaults = r.name.hasSuffix("defaults-ignored")
            let normalizesPaths = r.name == "trailing-slash-significant"
            return (rereads ? 0 : defaults ? 1 : normalizesPaths ? 3 : 2, all.firstIndex { $0.name == r.name } ?? all.count)
        }
        return readings.sorted { rank($0) < rank($1) }
    }

    /// The open points' alternatives that are modelled on whole documents (the ones `validate` and
    /// `explain` model per rule, `OpenPointReadings`), as (point ID, reading name).
    public static let modelledOpenPointReadings: [(point: String, reading: String)] = [
        ("D5-dictionary-key-and-app-id", "union"),
        ("D6-not-prefix-spacing", "trim-after-not"),
        ("D6-not-prefix-spacing", "not-without-space"),
        ("D6-legacy-paths-take-defaults", "defaults-only-for-components"),
        ("V5-predefined-overridden", "predefined-wins"),
        ("U5-plus-as-space", "form-decoding"),
        ("N1-leading-star", "slash-kept-in-text"),
        ("N1-empty-path-pattern", "empty-matches-nothing"),
        ("N1-empty-path-pattern", "empty-is-absent"),
    ]

    /// The open points' other alternatives, not modelled (URL alone, limits and parsing, decoding
    /// details: SPEC.md section 15 says why), as (point ID, reading name). `linkmatch open-points`
    /// prints them with their requests.
    public static var unmodelledOpenPointReadings: [(point: String, reading: String)] {
        OpenPoints.all.flatMap { point in
            point.alternatives.map { (point.id, alternativeName($0)) }
        }.filter { pair in !modelledOpenPointReadings.contains { $0 == pair } }
    }

    static var openPointReadings: [Reading] {
        modelledOpenPointReadings.map { pair in
            let alternative = OpenPoints.point(pair.point)?.alternatives.first { alternativeName($0) == pair.reading }
            return Reading(name: pair.reading, kind: .openPoint(pair.point),
                           summary: alternative.map(alternativeSummary) ?? pair.reading,
                           engine: ReadingEngine(name: "reading:" + pair.reading, document: { d in
                               pair.reading == "union" ? OpenPointDocumentReading.dictionaryUnion(d)
                                   : OpenPointDocumentReading.apply(pair.point, pair.reading, to: d)
                           }, restoresTraces: false))
        }
    }

    /// "slash-kept-in-text: the pattern is ..." -> "slash-kept-in-text".
    static func alternativeName(_ alternative: String) -> String {
        String(alternative.prefix { $0 != ":" })
    }

    /// "slash-kept-in-text: the pattern is ..." -> "the pattern is ...".
    static func alternativeSummary(_ alternative: String) -> String {
        guard let colon = alternative.firstIndex(of: ":") else { return alternative }
        return String(alternative[alternative.index(after: colon)...].drop { $0 == " " })
    }
}

/// An open point's alternative applied to a whole document: every rule it concerns replaced by the
/// rules that model it (`OpenPointReadings`, per rule), last rule first so that the indices of the
/// rules still to come stay valid.
enum OpenPointDocumentReading {
    /// D5-dictionary-key-and-app-id, `union`: in a dictionary `details`, an entry names its key and
    /// every app its value lists (`appID` and `appIDs`). (`OpenPointReadings.dictionaryKeyReadings`
    /// models only the key being added, the case `validate` reports.)
    static func dictionaryUnion(_ d: AASADocument) -> AASADocument {
        guard case .object(let top)? = d.source, case .object(let applinks)? = top["applinks"],
              case .object(let details)? = applinks["details"] else { return d }
        let rewritten = JSONObject(details.members.map { member in
            guard case .object(let entry) = member.value else { return member }
            var apps: [JSONValue] = [.string(member.key)]
            if case .array(let list)? = entry["appIDs"] { apps += list }
            if case .string(let id)? = entry["appID"] { apps.append(.string(id)) }
            let value = DocumentRewrite.replacing("appIDs", in: JSONObject(entry.members.filter { $0.key != "appID" }), with: .array(apps))
            return JSONMember(key: member.key, value: .object(value))
        })
        let json = JSONValue.object(DocumentRewrite.replacing("applinks", in: top,
                                                              with: .object(DocumentRewrite.replacing("details", in: applinks, with: .object(rewritten)))))
        return (try? AASADocument.parse(Array(json.serialized().utf8)).document) ?? d
    }

    static func apply(_ point: String, _ reading: String, to document: AASADocument) -> AASADocument {
        var out = document
        for e in document.entries.indices.reversed() {
            for r in document.entries[e].rules.indices.reversed() {
                if let found = OpenPointReadings.readings(entryIndex: e, ruleIndex: r, in: out)
                    .first(where: { $0.pointID == point && $0.reading == reading }) {
                    out = found.alternative
                }
            }
        }
        return out
    }
}
