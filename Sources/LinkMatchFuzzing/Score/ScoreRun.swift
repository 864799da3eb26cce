import LinkMatch

/// `linkmatch score`: the chosen suites asked of a program over the conformance protocol, through the
/// same `ExternalEngine` (child handling, pipelining, timeouts, error replies) as `linkmatch fuzz`,
/// graded, tallied and grouped. Everything in it is in the suites' fixed order, so two runs of the same
/// program give the same report.
public struct ScoreRun: Sendable {
    /// The suites asked, in `ScoreSuite` order.
    public var suites: [ScoreSuite]
    /// The graded cases of `observed` and `decided` (those chosen), in case order.
    public var scored: [ScoredCase]
    /// One per chosen suite with expected answers.
    public var tallies: [SuiteTally]
    /// The cases that did not pass, grouped by cause.
    public var groups: [ScoreGroup]
    /// The readings taken on each open point (when `open-points` is chosen).
    public var takes: [OpenPointTake]
    /// Requests answered with a decision or an `error` reply (not counting explanations).
    public var answered: Int
    /// Requests sent (not counting the siblings sent to explain failures).
    public var requests: Int

    /// Requests per pipelined batch, as `linkmatch fuzz` sends them.
    public static let batchRequests = ExternalFuzzer.Options().batchRequests

    /// Asks `external` every case of `suites` (from `cases` and `probes`), then explains the failures.
    public static func run(_ external: ExternalEngine, suites: [ScoreSuite], cases: [ScoreCase], probes: [ScoreProbe],
                           explainer: ReadingExplainer = ReadingExplainer()) -> ScoreRun {
        let chosen = ScoreSuite.allCases.filter(suites.contains)
        let graded = cases.filter { chosen.contains($0.suite) }
        let asked = chosen.contains(.openPoints) ? probes : []
        let answers = ask(external, graded.map(\.request) + asked.map(\.request))
        let scored = zip(graded, answers).map { ScoredCase(scoreCase: $0, answer: $1) }
        let tallies = chosen.filter { $0 != .openPoints }.map { SuiteTally(suite: $0, scored: scored) }
        let answered = answers.filter { if case .failure = $0 { return false } else { return true } }.count
        // A program that cannot run has nothing to explain.
        let groups = external.process.givenUp == nil ? ScoreGroup.groups(scored, explainer: explainer) { ask(external, $0) } : []
        return ScoreRun(suites: chosen, scored: scored, tallies: tallies, groups: groups,
                        takes: OpenPointTake.takes(asked, answers: Array(answers.dropFirst(graded.count))),
                        answered: answered, requests: answers.count)
    }

    /// `requests` in batches, answers in the same order.
    static func ask(_ external: ExternalEngine, _ requests: [ConformanceProtocol.Request]) -> [ExternalEngine.Answer] {
        stride(from: 0, to: requests.count, by: batchRequests).flatMap {
            external.ask(all: Array(requests[$0..<min($0 + batchRequests, requests.count)]))
        }
    }

    /// The suite whose failures make the exit status 1: `observed` when it was asked, else `decided`;
    /// nil when only `open-points` was (readings are not right or wrong).
    public var gradingSuite: ScoreSuite? {
        suites.first { $0 != .openPoints }
    }

    /// Every case of `gradingSuite` passed (true when there is none).
    public var passes: Bool {
        tallies.first { $0.suite == gradingSuite }?.allPassed ?? true
    }
}
