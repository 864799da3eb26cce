import LinkMatch

/// A case of `observed` or `decided` with the program's answer, graded.
public struct ScoredCase: Sendable {
    /// The case asked.
    public var scoreCase: ScoreCase
    /// What the program answered.
    public var answer: ExternalEngine.Answer
    /// The answer graded.
    public var verdict: ScoreVerdict { scoreCase.verdict(answer) }

    /// A case with the program's answer.
    public init(scoreCase: ScoreCase, answer: ExternalEngine.Answer) {
        self.scoreCase = scoreCase
        self.answer = answer
    }
}

/// How a case went: the expected decision, another decision, or no decision (an `error` reply, or a
/// program failure: crash, timeout, protocol violation).
public enum ScoreVerdict: String, Sendable {
    case passed, failed, error
}

extension ScoreCase {
    /// The verdict on `answer`. Also how the trivial passes are found: the answer of a program that
    /// always gives one decision, graded like any other.
    public func verdict(_ answer: ExternalEngine.Answer) -> ScoreVerdict {
        switch answer {
        case .decision(let outcome): return outcome == expect ? .passed : .failed
        case .error, .failure: return .error
        }
    }
}

/// One suite's counts: passed / failed / errors, and the trivial passes, those a program that always
/// answers `no_match` (or always `match`) would get too, computed by grading that program's answer on
/// every case.
public struct SuiteTally: Sendable {
    /// The suite counted.
    public var suite: ScoreSuite
    /// Its cases.
    public var cases = 0
    /// Cases answered with the expected decision.
    public var passed = 0
    /// Cases answered with another decision.
    public var failed = 0
    /// Cases answered with an `error` reply, or not answered (crash, timeout, protocol violation).
    public var errors = 0
    /// One per constant program: `no_match`, then `match`.
    public var baselines: [Baseline]

    /// What a program that always answers `answer` would score, and what the program scores without it.
    public struct Baseline: Sendable {
        /// The constant decision.
        public var answer: Decision.Outcome
        /// Cases the constant program passes.
        public var passes = 0
        /// The program's passes among those: its trivial passes.
        public var trivial = 0
    }

    /// The constant programs trivial passes are measured against.
    public static let constantAnswers: [Decision.Outcome] = [.noMatch, .match]

    /// The counts of `suite` among `scored` (cases of other suites are skipped).
    public init(suite: ScoreSuite, scored: [ScoredCase]) {
        self.suite = suite
        baselines = Self.constantAnswers.map { Baseline(answer: $0) }
        for s in scored where s.scoreCase.suite == suite {
            cases += 1
            let verdict = s.verdict
            switch verdict {
            case .passed: passed += 1
            case .failed: failed += 1
            case .error: errors += 1
            }
            for i in baselines.indices where s.scoreCase.verdict(.decision(baselines[i].answer)) == .passed {
                baselines[i].passes += 1
                if verdict == .passed { baselines[i].trivial += 1 }
            }
        }
    }

    /// Every case passed.
    public var allPassed: Bool { passed == cases }
}

/// `part/whole` as a percentage with one decimal, rounded half up (`98.6%`), from integers so the
/// text is the same on every machine; `-` for an empty whole.
public func scorePercent(_ part: Int, of whole: Int) -> String {
    guard whole > 0 else { return "-" }
    let tenths = (part * 1000 * 2 + whole) / (whole * 2)
    return "\(tenths / 10).\(tenths % 10)%"
}
