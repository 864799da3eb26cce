import LinkMatch

/// `linkmatch score`'s output: the text for a person and the JSON report (`--json`, `--report`).
/// Both follow the run's fixed order and hold no times or process ids, so two runs of the same program
/// print the same report.
public enum ScoreReport {
    /// The JSON report's format; a change to its members that is not an addition raises it.
    public static let formatVersion = 1

    /// Cases named after a group's title before the rest are only counted.
    static let casesShown = 5

    // MARK: - Text

    /// The report for a person: per suite the counts, trivial passes and failure groups, then the
    /// reading taken on each open point.
    public static func lines(_ run: ScoreRun, program: String) -> [String] {
        var out: [String] = []
        let counts = run.tallies.map { "\($0.suite.rawValue) \($0.cases)" }
        let probes = run.takes.reduce(0) { $0 + $1.answers.count }
        out.append("scoring \(program): " + (counts.isEmpty ? "" : "\(run.scored.count) cases (\(counts.joined(separator: ", ")))")
                   + (counts.isEmpty || !run.suites.contains(.openPoints) ? "" : " and ")
                   + (run.suites.contains(.openPoints) ? "\(probes) open-point probes on \(run.takes.count) points" : ""))
        for tally in run.tallies {
            out.append("")
            out.append("\(tally.suite.rawValue): \(tally.cases) cases: \(tally.passed) passed, \(tally.failed) failed, \(tally.errors) errors: "
                       + scorePercent(tally.passed, of: tally.cases))
            out.append("  trivial passes: " + tally.baselines.map { b in
                "\(b.trivial) always-\(b.answer.rawValue) gets too (it passes \(b.passes))"
            }.joined(separator: ", "))
            out.append("  without them: " + tally.baselines.map { b in
                "\(tally.passed - b.trivial)/\(tally.cases - b.passes) (\(scorePercent(tally.passed - b.trivial, of: tally.cases - b.passes))) beside always-\(b.answer.rawValue)"
            }.joined(separator: ", "))
            let groups = run.groups.filter { $0.suite == tally.suite }
            if groups.isEmpty { continue }
            out.append("  not passed, by cause:")
            for (number, group) in groups.enumerated() {
                let shown = group.cases.prefix(casesShown).map(\.scoreCase.source).joined(separator: ", ")
                let more = group.cases.count > casesShown ? ", ..." : ""
                out.append("  \(number + 1). \(group.title): \(group.cases.count) case\(group.cases.count == 1 ? "" : "s") (\(shown)\(more))")
                for line in group.specLines { out.append("     " + line) }
                let first = group.cases[0]
                out.append("     \(first.scoreCase.label): expected \(first.scoreCase.expect.rawValue), program \(first.answer)")
                out.append("     replay: " + group.replay)
            }
        }
        if run.suites.contains(.openPoints) {
            out.append("")
            let same = run.takes.filter { !$0.differsFromLinkMatch }.count
            out.append("open points (Apple's behaviour unobserved: a reading is a finding, not a failure): "
                       + "LinkMatch's reading on \(same) of \(run.takes.count) points")
            for take in run.takes where take.differsFromLinkMatch {
                if take.readings.isEmpty {
                    out.append("  \(take.point.id): none of the readings; answers " + take.answers.map { "\($0.id) \($0.answer)" }.joined(separator: ", "))
                } else {
                    for reading in take.readings { out.append("  \(take.point.id): \(reading): \(take.description(of: reading))") }
                }
            }
        }
        out.append("")
        if let suite = run.gradingSuite, let tally = run.tallies.first(where: { $0.suite == suite }) {
            out.append("\(suite.rawValue): \(tally.passed)/\(tally.cases) passed (\(scorePercent(tally.passed, of: tally.cases)))")
        }
        return out
    }

    // MARK: - JSON

    /// The JSON report: `version`, `program`, `suites` (counts, trivial passes, groups), `openPoints`,
    /// `cases` (every graded case with the program's answer), `passes` (the exit status's test).
    public static func json(_ run: ScoreRun, program: String) -> JSONValue {
        object([
            ("version", .number(String(formatVersion))),
            ("program", .string(program)),
            ("suites", .array(run.tallies.map { tally in suiteJSON(tally, groups: run.groups.filter { $0.suite == tally.suite }) })),
            ("openPoints", run.suites.contains(.openPoints) ? .array(run.takes.map(takeJSON)) : .null),
            ("cases", .array(run.scored.map(caseJSON))),
            ("gradingSuite", run.gradingSuite.map { .string($0.rawValue) } ?? .null),
            ("passes", .bool(run.passes)),
        ])
    }

    static func suiteJSON(_ tally: SuiteTally, groups: [ScoreGroup]) -> JSONValue {
        object([
            ("suite", .string(tally.suite.rawValue)),
            ("cases", int(tally.cases)), ("passed", int(tally.passed)), ("failed", int(tally.failed)), ("errors", int(tally.errors)),
            ("percent", percent(tally.passed, of: tally.cases)),
            ("trivial", .array(tally.baselines.map { b in
                object([("always", .string(b.answer.rawValue)), ("constantPasses", int(b.passes)), ("trivialPasses", int(b.trivial)),
                        ("passedWithout", int(tally.passed - b.trivial)), ("casesWithout", int(tally.cases - b.passes)),
                        ("percentWithout", percent(tally.passed - b.trivial, of: tally.cases - b.passes))])
            })),
            ("groups", .array(groups.map { g in
                object([("cause", .string(g.title)), ("readings", .array(g.readings.map(JSONValue.string))),
                        ("rules", .array(g.rules.map(JSONValue.string))), ("count", int(g.cases.count)),
                        ("cases", .array(g.cases.map { .string($0.scoreCase.source) })), ("replay", .string(g.replay))])
            })),
        ])
    }

    static func takeJSON(_ take: OpenPointTake) -> JSONValue {
        object([
            ("point", .string(take.point.id)),
            ("readings", .array(take.readings.map(JSONValue.string))),
            ("answers", .array(take.answers.map { object([("id", .string($0.id)), ("answer", .string($0.answer))]) })),
        ])
    }

    static func caseJSON(_ s: ScoredCase) -> JSONValue {
        let message: JSONValue
        switch s.answer {
        case .decision: message = .null
        case .error(let m), .failure(let m): message = .string(m)
        }
        return object([
            ("id", .string(s.scoreCase.source)), ("suite", .string(s.scoreCase.suite.rawValue)), ("label", .string(s.scoreCase.label)),
            ("rule", s.scoreCase.rule.map(JSONValue.string) ?? .null), ("expect", .string(s.scoreCase.expect.rawValue)),
            ("answer", .string(DisagreementClass.label(s.answer))), ("message", message), ("verdict", .string(s.verdict.rawValue)),
        ])
    }

    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    static func int(_ n: Int) -> JSONValue { .number(String(n)) }

    /// `scorePercent` as a JSON number (`95.1`), null for an empty whole.
    static func percent(_ part: Int, of whole: Int) -> JSONValue {
        whole > 0 ? .number(String(scorePercent(part, of: whole).dropLast())) : .null
    }
}
