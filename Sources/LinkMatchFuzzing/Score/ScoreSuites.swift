import LinkMatch
import LinkMatchVectors

/// The suites `linkmatch score` asks a program: the cases the tests already run (the vectors compiled
/// in by LinkMatchVectors, the open-point probes of `OpenPoints.all`), sorted by the evidence for their
/// answer. Nothing is copied: a case added to TestData/vectors, or a probe to the registry, is scored.
public enum ScoreSuite: String, Sendable, CaseIterable, Comparable {
    /// Answers Apple was observed or documented to give: the conformance corpus's `oracle` cases and the
    /// spec examples of rules whose evidence is only `doc` and/or `tool` (SPEC.md section 1).
    case observed
    /// Answers LinkMatch decided where Apple is silent: spec examples of rules marked `decided` (alone or
    /// beside `doc`/`tool`: a heading does not say which of its examples are the decided part), of rules
    /// with no Apple evidence (U1, RFC 3986), and the corpus's one `decided` case.
    case decided
    /// One request per open-point probe: which reading the program takes, not right or wrong.
    case openPoints = "open-points"

    /// Report order: `observed`, `decided`, `open-points`.
    public static func < (a: ScoreSuite, b: ScoreSuite) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The suite of a spec example, by its rule's evidence (`SpecLinks.evidence`).
    public static func suite(ofRule rule: String) -> ScoreSuite {
        let evidence = SpecLinks.evidence(rule)
        return !evidence.contains("decided") && (evidence.contains("doc") || evidence.contains("tool")) ? .observed : .decided
    }
}

/// One case with an expected answer (suites `observed` and `decided`).
public struct ScoreCase: Sendable, Equatable {
    /// `observed` or `decided`.
    public var suite: ScoreSuite
    /// Where it comes from: `conformance.json#12` or `spec-examples.json#40` (0-based index in `cases`);
    /// also the request's id.
    public var source: String
    /// The case's name (`N3 parent-path-matches` for a spec example).
    public var label: String
    /// The SPEC rule of a spec example; nil for a corpus case.
    public var rule: String?
    /// `match`, `exclude` or `no_match`.
    public var expect: Decision.Outcome
    /// The case as the program is asked it.
    public var request: ConformanceProtocol.Request

    /// A case from its parts (`ScoreSuite.cases` makes them from the vector files).
    public init(suite: ScoreSuite, source: String, label: String, rule: String?, expect: Decision.Outcome,
                request: ConformanceProtocol.Request) {
        self.suite = suite
        self.source = source
        self.label = label
        self.rule = rule
        self.expect = expect
        self.request = request
    }
}

/// One open-point probe (suite `open-points`).
public struct ScoreProbe: Sendable {
    /// The point the probe belongs to.
    public var point: OpenPoint
    /// The probe, with each reading's predicted outcome.
    public var probe: OpenPointProbe
    /// The probe as the program is asked it (id `POINT-ID/N`).
    public var request: ConformanceProtocol.Request
}

extension ScoreSuite {
    /// The cases of `observed` and `decided`, in a fixed order: the conformance corpus, then the spec
    /// examples, each in file order.
    public static func cases(conformance: [MatchCase], specExamples: [MatchCase]) -> [ScoreCase] {
        func scored(_ c: MatchCase, file: String, index: Int, suite: ScoreSuite) -> ScoreCase {
            let source = "\(file)#\(index)"
            // MatchCase checks `expect` is one of the three outcomes.
            return ScoreCase(suite: suite, source: source, label: c.label, rule: c.rule, expect: Decision.Outcome(rawValue: c.expect)!,
                             request: ConformanceProtocol.Request(id: .string(source), aasa: c.aasa, domain: c.domain, appID: c.appID, url: c.url))
        }
        return conformance.enumerated().map { scored($1, file: "conformance.json", index: $0, suite: $1.status == "oracle" ? .observed : .decided) }
            + specExamples.enumerated().map { scored($1, file: "spec-examples.json", index: $0, suite: suite(ofRule: $1.rule ?? "")) }
    }

    /// The cases compiled into this build (`EmbeddedVectors`).
    public static func embeddedCases() throws -> [ScoreCase] {
        cases(conformance: try EmbeddedVectors.conformance(), specExamples: try EmbeddedVectors.specExamples())
    }

    /// Every open-point probe that is a request (a probe whose document is not a JSON object is not), in
    /// registry order; the id is the probe's (`N1-leading-star/1`).
    public static func probes(_ points: [OpenPoint] = OpenPoints.all) -> [ScoreProbe] {
        points.flatMap { point in
            point.probes.enumerated().compactMap { index, probe in
                guard let line = probe.requestLine(id: point.probeID(index)),
                      case .success(let request) = ConformanceProtocol.parseRequest(line) else { return nil }
                return ScoreProbe(point: point, probe: probe, request: request)
            }
        }
    }
}
