/// Compares swcutil's answers with the kit's predictions: which probes, open points and SPEC rules
/// the observations confirm, contradict, or leave unsettled; and the answers as conformance vectors.
import LinkMatch
public struct ProbeVerdicts: Sendable {
    public enum Status: String, Sendable, Equatable {
        case confirms
        case contradicts
        /// swcutil's output did not say (see `SwcutilOutput`), or nothing was observed.
        case unsettled
    }

    public struct Result: Sendable {
        public var probe: Probe
        public var mode: String
        /// The swcutil command line as oracle.sh ran it.
        public var command: String
        public var observed: String?
        public var basis: String
        public var status: Status
        /// The readings that predicted what was observed.
        public var fits: [String]
    }

    public var results: [Result]
    /// Probes no observation speaks about.
    public var notObserved: [String]
    /// Observations whose id is not a probe of the kit.
    public var unknownObservations: [String]
    public var oracle: String

    public init(probes: [Probe], observations: ObservationsFile) {
        let byID = Dictionary(probes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        results = []
        unknownObservations = []
        for o in observations.observations {
            guard let probe = byID[o.id] else { unknownObservations.append(o.id); continue }
            let reading = SwcutilOutput.read(mode: o.mode, appID: probe.appID, exitStatus: o.exitStatus, timedOut: o.timedOut,
                                             stdout: o.stdout, stderr: o.stderr)
            let status: Status
            switch reading.outcome {
            case nil: status = .unsettled
            case probe.linkMatchPrediction?: status = .confirms
            default: status = .contradicts
            }
            results.append(Result(probe: probe, mode: o.mode, command: o.command, observed: reading.outcome, basis: reading.basis, status: status,
                                  fits: reading.outcome.map(probe.readings(predicting:)) ?? []))
        }
        let seen = Set(results.map(\.probe.id))
        notObserved = probes.map(\.id).filter { !seen.contains($0) }
        oracle = observations.oracleDescription
    }

    /// Contradicted wins over confirmed; a subject with no readable answer is unsettled.
    static func combined(_ statuses: [Status]) -> Status {
        if statuses.contains(.contradicts) { return .contradicts }
        return statuses.contains(.confirms) ? .confirms : .unsettled
    }

    /// Every open point with a probe, in kit order, and what its answers say.
    public var openPoints: [(id: String, status: Status)] {
        var order: [String] = []
        var statuses: [String: [Status]] = [:]
        for r in results {
            guard let point = r.probe.point else { continue }
            if statuses[point] == nil { order.append(point) }
            statuses[point, default: []].append(r.status)
        }
        return order.map { (id: $0, status: Self.combined(statuses[$0]!)) }
    }

    /// Every SPEC rule with an answered probe, in first-appearance order.
    public var rules: [(id: String, status: Status)] {
        var order: [String] = []
        var statuses: [String: [Status]] = [:]
        for r in results {
            for rule in r.probe.rules {
                if statuses[rule] == nil { order.append(rule) }
                statuses[rule, default: []].append(r.status)
            }
        }
        return order.map { (id: $0, status: Self.combined(statuses[$0]!)) }
    }

    /// Probes where `swcutil verify` and `swcutil match` gave different outcomes: the component alone
    /// was not the whole story, or swcutil's two commands disagree; either way worth a look.
    public var modeDisagreements: [String] {
        var seen: [String] = []
        for r in results where r.mode == "verify" {
            guard let v = r.observed, !seen.contains(r.probe.id) else { continue }
            if results.contains(where: { $0.probe.id == r.probe.id && $0.mode == "match" && $0.observed != nil && $0.observed != v }) {
                seen.append(r.probe.id)
            }
        }
        return seen
    }

    public var anyContradicts: Bool { results.contains { $0.status == .contradicts } }

    // MARK: reports

    /// The report for people: every answer that does not confirm (all of them with `verbose`), then
    /// the open points and rules grouped by status.
    public func text(verbose: Bool = false) -> String {
        var lines: [String] = ["swcutil answers (\(oracle)):"]
        for r in results where verbose || r.status != .confirms {
            let observed = r.observed ?? "?"
            let fits = r.status == .contradicts
                ? (r.fits.isEmpty ? " (no reading predicted it)" : " (fits: \(r.fits.joined(separator: ", ")))") : ""
            let label = r.status == .contradicts ? "CONTRADICTS" : r.status.rawValue
            lines.append("  \(label.rightPadded(11)) \(r.probe.id) [\(r.mode)]: swcutil \(observed), LinkMatch \(r.probe.linkMatchPrediction)\(fits) — \(r.basis)")
        }
        for id in notObserved { lines.append("  not observed \(id)") }
        for id in unknownObservations { lines.append("  ignored      observation \(id): no such probe in the kit") }
        for id in modeDisagreements { lines.append("  note: \(id): swcutil verify and swcutil match disagree") }
        for (name, subjects) in [("Open points", openPoints), ("SPEC rules", rules)] {
            for status in [Status.contradicts, .unsettled, .confirms] {
                let ids = subjects.filter { $0.status == status }.map(\.id)
                if !ids.isEmpty { lines.append("\(name) \(status.rawValue == "confirms" ? "confirmed" : status == .contradicts ? "CONTRADICTED" : "unsettled") (\(ids.count)): \(ids.joined(separator: " "))") }
            }
        }
        let count = { (s: Status) in self.results.filter { $0.status == s }.count }
        lines.append("\(results.count) answers: \(count(.confirms)) confirm, \(count(.contradicts)) contradict, "
                     + "\(count(.unsettled)) unsettled; \(notObserved.count) probes not observed.")
        return lines.joined(separator: "\n")
    }

    public var json: JSONValue {
        func obj(_ pairs: [(String, JSONValue)]) -> JSONValue { ProbeManifest.object(pairs) }
        func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        return obj([
            ("oracle", .string(oracle)),
            ("results", .array(results.map { r in
                obj([("id", .string(r.probe.id)), ("mode", .string(r.mode)), ("kind", .string(r.probe.kind.rawValue)),
                     ("point", r.probe.point.map(JSONValue.string) ?? .null), ("rules", strings(r.probe.rules)),
                     ("observed", r.observed.map(JSONValue.string) ?? .null), ("linkmatch", .string(r.probe.linkMatchPrediction)),
                     ("status", .string(r.status.rawValue)), ("fits", strings(r.fits)), ("basis", .string(r.basis)),
                     ("command", .string(r.command))])
            })),
            ("openPoints", .array(openPoints.map { obj([("id", .string($0.id)), ("status", .string($0.status.rawValue))]) })),
            ("rules", .array(rules.map { obj([("id", .string($0.id)), ("status", .string($0.status.rawValue))]) })),
            ("contradictedOpenPoints", strings(openPoints.filter { $0.status == .contradicts }.map(\.id))),
            ("contradictedRules", strings(rules.filter { $0.status == .contradicts }.map(\.id))),
            ("modeDisagreements", strings(modeDisagreements)), ("notObserved", strings(notObserved)), ("unknownObservations", strings(unknownObservations)),
        ])
    }

    // MARK: vectors

    /// The whole-file (`verify`) answers as conformance vectors, in the format of
    /// TestData/vectors/conformance.json cases, with evidence `tool`. Answers that are not a
    /// decision (`error`, unreadable) and files that are not JSON are left out and counted in "about".
    public var vectors: JSONValue {
        var cases: [JSONValue] = []
        var left = 0
        for r in results where r.mode == "verify" {
            guard let observed = r.observed, observed != "error",
                  let aasa = try? JSONParser.parse(Array(r.probe.aasa.utf8)) else { left += 1; continue }
            let about = r.probe.point.map { "open point \($0)" } ?? "decided rule \(r.probe.rules.joined(separator: ", "))"
            cases.append(ProbeManifest.object([
                ("name", .string("tool/\(r.probe.id)")), ("feature", .string(r.probe.rules.joined(separator: ","))),
                ("status", .string("oracle")), ("evidence", .string("tool")),
                ("aasa", aasa), ("domain", .string(r.probe.domain)), ("appId", .string(r.probe.appID)), ("url", .string(r.probe.url)),
                ("expect", .string(observed)),
                ("note", .string("\(about); LinkMatch predicted \(r.probe.linkMatchPrediction); swcutil said: \(r.basis)")),
                ("oracle", .string(oracle)),
            ]))
        }
        return ProbeManifest.object([
            ("about", .string("Outcomes observed with Apple's swcutil (evidence: tool) by scripts/oracle.sh and `linkmatch probes import`; "
                              + "same case format as conformance.json. \(left) answers were not a decision or not a JSON file and are left out.")),
            ("source", .string(oracle)),
            ("cases", .array(cases)),
        ])
    }
}

extension String {
    fileprivate func rightPadded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
