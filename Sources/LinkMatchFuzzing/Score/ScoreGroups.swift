import LinkMatch

/// The cases of one suite that did not pass, grouped by cause, the way `linkmatch fuzz` names its
/// classes: a wrong decision by the reading of the catalogue (`Readings.all`, through the same
/// `ReadingExplainer`) under which LinkMatch gives the program's answer, else by the case's SPEC rule
/// (a corpus case has none: the rules its features turn on, `DisagreementClassifier`); an `error`
/// reply and a program failure each in a group of their own.
public struct ScoreGroup: Sendable {
    /// Why the cases of a group did not pass.
    public enum Cause: Sendable, Hashable {
        /// A wrong decision: the class `linkmatch fuzz` would give it (readings, or rules when no
        /// reading explains it), with both answers `any`.
        case disagreement(DisagreementClass)
        /// The program replied `{"error": ...}`.
        case errorReply
        /// The program crashed, hung or broke the protocol.
        case programFailure
    }

    /// The suite of every case of the group.
    public var suite: ScoreSuite
    /// What the cases have in common.
    public var cause: Cause
    /// In case order; the first is the one replayed.
    public var cases: [ScoredCase]

    /// What the group is about, for a person: `reading no-parent-path (misreads N3)`,
    /// `unexplained (SPEC N3)`, `the program replied error`, `program failure`.
    public var title: String {
        switch cause {
        case .disagreement(let key): return key.cause
        case .errorReply: return "the program replied error"
        case .programFailure: return "program failure"
        }
    }

    /// The readings of the group (empty unless a reading explains it).
    public var readings: [String] {
        if case .disagreement(let key) = cause { return key.readings }
        return []
    }

    /// The SPEC rules of a group no reading explains (empty otherwise).
    public var rules: [String] {
        if case .disagreement(let key) = cause { return key.rules }
        return []
    }

    /// What SPEC.md says about the cause (`FuzzReportWriter.specLines`).
    public var specLines: [String] {
        if case .disagreement(let key) = cause { return FuzzReportWriter.specLines(key) }
        return []
    }

    /// The first case's request line, to replay with either program.
    public var replay: String { cases[0].scoreCase.request.line }

    /// The groups of `scored` (all suites), each suite's in order of their first case.
    /// `ask` asks the program about the sibling requests that tell candidate readings apart.
    public static func groups(_ scored: [ScoredCase], explainer: ReadingExplainer = ReadingExplainer(),
                              ask: ([ConformanceProtocol.Request]) -> [ExternalEngine.Answer]) -> [ScoreGroup] {
        var groups: [ScoreGroup] = []
        var index: [ScoreSuiteAndCause: Int] = [:]
        let failing = scored.filter { $0.verdict != .passed }
        var causes = failing.map { Self.cause($0, explainer: explainer, ask: ask) }
        // A case no reading explains is explained again knowing the readings the other cases found:
        // the explainer's check then does not hold against a reading what another cause of the
        // program does on a sibling (as `linkmatch fuzz` does with the classes of its run).
        let found = Set(causes.flatMap { if case .disagreement(let key) = $0 { return key.readings } else { return [] } })
        for i in causes.indices where !found.isEmpty {
            guard case .disagreement(let key) = causes[i], key.readings.isEmpty else { continue }
            causes[i] = Self.cause(failing[i], explainer: explainer, preferring: found, ask: ask)
        }
        for (s, cause) in zip(failing, causes) {
            let key = ScoreSuiteAndCause(suite: s.scoreCase.suite, cause: cause)
            if let i = index[key] {
                groups[i].cases.append(s)
            } else {
                index[key] = groups.count
                groups.append(ScoreGroup(suite: s.scoreCase.suite, cause: cause, cases: [s]))
            }
        }
        return ScoreSuite.allCases.flatMap { suite in groups.filter { $0.suite == suite } }
    }

    static func cause(_ s: ScoredCase, explainer: ReadingExplainer, preferring: Set<String> = [],
                      ask: ([ConformanceProtocol.Request]) -> [ExternalEngine.Answer]) -> Cause {
        let request = s.scoreCase.request
        switch s.answer {
        case .error: return .errorReply
        case .failure: return .programFailure
        case .decision:
            let expected = ConformanceProtocol.Reply.decision(id: request.id, s.scoreCase.expect)
            switch explainer.explain(request, ours: expected, theirs: s.answer, preferring: preferring, ask: ask) {
            case .readings(let names):
                return .disagreement(DisagreementClass(readings: names, ours: "any", theirs: "any"))
            case .rejected, .unexplained:
                // (Never rejected: the expected answer is a decision.)
                let rules = s.scoreCase.rule.map { [$0] } ?? DisagreementClassifier.rules(of: request)
                return .disagreement(DisagreementClass(rules: rules, ours: "any", theirs: "any"))
            }
        }
    }

    private struct ScoreSuiteAndCause: Hashable {
        var suite: ScoreSuite
        var cause: Cause
    }
}
