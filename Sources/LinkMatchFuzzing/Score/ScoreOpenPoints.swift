import LinkMatch

/// The reading a program takes on one open point: the readings whose predicted outcome
/// (`OpenPointProbe.predictions`, written by hand from SPEC.md) is the program's answer on every probe
/// of the point. Not right or wrong: Apple's behaviour there is unobserved.
public struct OpenPointTake: Sendable {
    /// The point, from `OpenPoints.all`.
    public var point: OpenPoint
    /// Each probe's id and the program's answer (`match`, `exclude`, `no_match`, `error`, `failure (...)`).
    public var answers: [(id: String, answer: String)]
    /// The readings consistent with every answer, `linkmatch` (LinkMatch's choice) first; empty when the
    /// program's answers fit none of the readings.
    public var readings: [String]

    /// The readings taken, from the program's answers to `probes` (in the same order).
    public static func takes(_ probes: [ScoreProbe], answers: [ExternalEngine.Answer]) -> [OpenPointTake] {
        var takes: [OpenPointTake] = []
        for (probe, answer) in zip(probes, answers) {
            let label = DisagreementClass.label(answer)
            if takes.last?.point.id != probe.point.id {
                var all: [String] = []
                for name in probe.point.probes.flatMap(\.readings) where !all.contains(name) { all.append(name) }
                takes.append(OpenPointTake(point: probe.point, answers: [], readings: all))
            }
            let id: String = if case .string(let text) = probe.request.id { text } else { probe.request.id.serialized() }
            takes[takes.count - 1].answers.append((id, label))
            // A reading a probe predicts nothing for is not contradicted by it.
            takes[takes.count - 1].readings.removeAll { probe.probe.predictions[$0].map { $0 != label } ?? false }
        }
        return takes
    }

    /// Whether the program takes a reading other than LinkMatch's (or none of them): a finding.
    public var differsFromLinkMatch: Bool { !readings.contains("linkmatch") }

    /// A reading's description from the point's alternatives (`name: what it does`), or LinkMatch's choice.
    public func description(of reading: String) -> String {
        if reading == "linkmatch" { return point.linkMatchChoice }
        let prefix = reading + ": "
        return point.alternatives.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? ""
    }
}
