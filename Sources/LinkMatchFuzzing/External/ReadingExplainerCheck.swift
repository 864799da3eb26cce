import LinkMatch

/// The check of a chosen explanation (step 5 of `ReadingExplainer`): a reading that gives the
/// program's answer on one case may do so by coincidence (a program that ignores `appIDs` answers
/// `no_match` on a case whose URL also has a port, as `host-with-port` does). So the program is
/// asked about siblings where the reading predicts something testable: where it answers otherwise
/// than LinkMatch (the program should then answer as the reading), and where its feature is gone
/// and it answers as LinkMatch while the case's program answer was something else (the program
/// should then answer as LinkMatch too). A reading the program contradicts there is not the cause.
extension ReadingExplainer {
    /// LinkMatch itself, as a reading that rewrites nothing.
    static let linkMatch = ReadingEngine(name: "linkmatch")

    /// What the program's answers on the checked siblings say about one candidate.
    struct CheckTally: Equatable {
        /// Siblings where the program answered as the candidate predicts.
        var supports = 0
        /// Siblings where it did not.
        var contradictions = 0

        /// A candidate is refuted when the program contradicts it more than half as often as it
        /// supports it (one stray contradiction, a second cause of the program's on a sibling, does
        /// not refute a candidate the siblings otherwise support).
        var refutes: Bool { contradictions > 0 && contradictions * 2 > supports }
    }

    /// The candidates in the order they are tried: the ones `preferring` holds first; within those
    /// and within the others, the ones that generalize no other candidate first; then within each
    /// group the document-level readings (the app listing, `defaults`, variables: rules D, C, V)
    /// before the others, each group ordered by `mostSpecific` picking one at a time.
    func checkOrder(_ candidates: [[Reading]], preferring: Set<String>, request: ConformanceProtocol.Request) -> [[Reading]] {
        func documentLevel(_ c: [Reading]) -> Bool {
            c.allSatisfy { r in r.rules.allSatisfy { $0.hasPrefix("D") || $0.hasPrefix("C") || $0.hasPrefix("V") } }
        }
        func among(_ list: [[Reading]], _ c: [Reading]) -> Bool { list.contains { $0.map(\.name) == c.map(\.name) } }
        // A reading that generalizes another candidate comes after the specific ones (the
        // specificity rule), whether it is a document-level reading or not.
        let found = candidates.filter { $0.allSatisfy { preferring.contains($0.name) } }
        let rest = candidates.filter { !among(found, $0) }
        var groups: [[[Reading]]] = []
        for level in [found, rest] {
            let specific = Self.notGeneralizing(level)
            let general = level.filter { !among(specific, $0) }
            groups += [specific.filter(documentLevel), specific.filter { !documentLevel($0) },
                       general.filter(documentLevel), general.filter { !documentLevel($0) }]
        }
        var out: [[Reading]] = []
        for group in groups {
            var pool = group
            while !pool.isEmpty {
                let next = mostSpecific(pool, request: request)
                out.append(next)
                pool.removeAll { $0.map(\.name) == next.map(\.name) }
            }
        }
        return out
    }

    /// Whether the program's answer on a sibling that contradicts a candidate is another cause's:
    /// LinkMatch and the candidate both refuse the sibling (a broken URL or document) and the
    /// program decides it (its handling of bad input, a class of its own), or a reading already
    /// found in the run (`found`) gives the program's answer there.
    func otherCause(_ sibling: ConformanceProtocol.Request, parsed: Result<AASADocument, ConformanceProtocol.DocumentFailure>,
                    theirs: String, prediction: String, found: [Reading]) -> Bool {
        if prediction == "error", theirs != "error" { return true }
        return found.contains { label(sibling, engine: $0.engine, parsed: parsed) == theirs }
    }

    /// The first candidate (in `checkOrder`) the program's answers on siblings do not refute, or nil
    /// when each of the first `maxCandidatesChecked` is refuted.
    /// `target`: the program's answer on `request`.
    func firstConfirmed(_ candidates: [[Reading]], request: ConformanceProtocol.Request, target: String, preferring: Set<String>,
                        ask: ([ConformanceProtocol.Request]) -> [ExternalEngine.Answer]) -> [Reading]? {
        let siblings = Self.siblings(of: request)
        let parsed = siblings.map { ConformanceProtocol.prepareDocument($0.aasa) }
        let ours = siblings.indices.map { label(siblings[$0], engine: Self.linkMatch, parsed: parsed[$0]) }
        let ourAnswer = label(request, engine: Self.linkMatch, parsed: ConformanceProtocol.prepareDocument(request.aasa))
        let found = readings.filter { preferring.contains($0.name) }
        var answered: [Int: String] = [:]
        var asked = 0
        for candidate in checkOrder(candidates, preferring: preferring, request: request).prefix(maxCandidatesChecked) {
            guard let engine = Readings.composed(candidate)?.engine else { continue }
            // The siblings that test this candidate: up to half the budget of each kind.
            var picked: [(index: Int, prediction: String)] = []
            var differing = 0, gone = 0
            for i in siblings.indices where differing + gone < maxCheckRequests {
                let predicted = label(siblings[i], engine: engine, parsed: parsed[i])
                // A sibling on which LinkMatch and the candidate answer as on the case tests nothing
                // the case did not (the program's deviation, whatever it is, is most likely still there).
                if ours[i] == ourAnswer, predicted == target { continue }
                if predicted != ours[i], differing < maxCheckRequests / 2 {
                    differing += 1
                    picked.append((i, predicted))
                } else if predicted == ours[i], ours[i] != target, gone < maxCheckRequests / 2 {
                    gone += 1
                    picked.append((i, predicted))
                }
            }
            let unasked = picked.map(\.index).filter { answered[$0] == nil }
            if !unasked.isEmpty {
                let requests = unasked.map { i -> ConformanceProtocol.Request in
                    var s = siblings[i]
                    s.id = .string("check.\(asked)")
                    asked += 1
                    return s
                }
                for (i, answer) in zip(unasked, ask(requests)) {
                    if case .failure = answer { answered[i] = "failure" } else { answered[i] = DisagreementClass.label(answer) }
                }
            }
            var tally = CheckTally()
            for (i, prediction) in picked {
                guard let theirs = answered[i], theirs != "failure" else { continue }
                if theirs == prediction {
                    tally.supports += 1
                } else if !otherCause(siblings[i], parsed: parsed[i], theirs: theirs, prediction: prediction, found: found) {
                    tally.contradictions += 1
                }
            }
            if !tally.refutes { return candidate }
        }
        return nil
    }
}
