import LinkMatch

/// Shrinking one difference against the program: batched candidates, canonical forms, a second pass.
extension ExternalFuzzer {
    /// Shrinks while the answers still differ (a candidate on which the program fails does not
    /// count) and the explanation stays (`keepsExplanation`). The answers may change on the way (an
    /// `exclude` rule shrinks to a plain one), so the same difference found from different cases
    /// ends in the same small form. Last, non-ASCII characters are replaced by ASCII where the
    /// difference and its explanation survive (`CanonicalForms.asciiStandIns`).
    func shrink(_ request: ConformanceProtocol.Request, caseIndex: Int, mine: ConformanceProtocol.Reply,
                theirs: ExternalEngine.Answer, budget: Int? = nil, among: Set<String>? = nil) -> Example {
        let budget = budget ?? options.shrinkAttempts
        var attempts = 0
        // Kept among `among` when given (the readings not seen yet that explain the case as found),
        // so that a shrink does not drift to a cause already seen that the case also holds.
        var explanation = among.map { explanationKey(request, mine, theirs, among: $0) } ?? []
        if explanation.isEmpty { explanation = explanationKey(request, mine, theirs) }
        func keeps(_ c: ConformanceProtocol.Request, _ a: ConformanceProtocol.Reply, _ b: ExternalEngine.Answer) -> Bool {
            guard Self.compare(a, b) == .disagree else { return false }
            guard !explanation.isEmpty else { return true }
            let key = explanationKey(c, a, b, among: explanation)
            guard Self.keepsExplanation(from: explanation, to: key) else { return false }
            explanation = key
            return true
        }
        func minimized(_ start: ConformanceProtocol.Request, budget: Int) -> ConformanceProtocol.Request {
            Shrinker.shrink(start, maxSteps: budget, batch: 32) { candidates in
                let numbered = candidates.enumerated().map { i, c in
                    var c = c
                    c.id = .string("shrink.\(i)")
                    return c
                }
                attempts += numbered.count
                let (a, b) = ask(numbered)
                return numbered.indices.first { keeps(numbered[$0], a[$0], b[$0]) }
            }
        }
        // Shrink, rewrite into canonical forms (each kept when both answers stay the same), and
        // shrink again what the rewrites made removable.
        var small = minimized(request, budget: budget)
        for round in 0..<2 {
            let (before, beforeTheirs) = ask([small])
            var changed = false
            for rewrite in CanonicalForms.rewrites {
                let candidate = rewrite(small)
                guard candidate != small else { continue }
                attempts += 1
                let (a, b) = ask([candidate])
                if DisagreementClass.label(a[0]) == DisagreementClass.label(before[0]),
                   DisagreementClass.label(b[0]) == DisagreementClass.label(beforeTheirs[0]), keeps(candidate, a[0], b[0]) {
                    small = candidate
                    changed = true
                }
            }
            guard changed, round == 0 else { break }
            small = minimized(small, budget: budget / 4)
        }
        // ASCII wherever the difference survives it: all stand-ins at once, else one by one.
        for candidate in CanonicalForms.asciiStandIns(small) {
            attempts += 1
            let (a, b) = ask([candidate])
            if keeps(candidate, a[0], b[0]) {
                small = candidate
                break
            }
        }
        small.id = request.id
        let (finalMine, finalTheirs) = ask([small])
        return Example(caseIndex: caseIndex, original: request, shrunk: small, ours: finalMine[0], theirs: finalTheirs[0],
                       shrinkAttempts: attempts)
    }

    /// What explains a case cheaply, for shrinking: the single readings that give the program's
    /// answer, else LinkMatch's error code when it refuses the request; the single readings that give the program's answer (`ReadingExplainer.singles`),
    /// looked for among `among` only (all readings when nil).
    func explanationKey(_ request: ConformanceProtocol.Request, _ mine: ConformanceProtocol.Reply,
                        _ theirs: ExternalEngine.Answer, among: Set<String>? = nil) -> Set<String> {
        let singles = Set(explainer.singles(request, theirs: DisagreementClass.label(theirs), among: among))
        if case .error(_, let message) = mine, singles.isEmpty { return ["rejected:" + ReadingExplainer.errorCode(message)] }
        return singles
    }

    /// A shrink step keeps the explanation when at least one reading that explained the case before
    /// it still does (readings that explained the bigger case by coincidence may drop out; the
    /// ones left are checked again at the next step), a rejection keeps its error code, and neither
    /// turns into the other. A case
    /// no single reading explains shrinks freely (checking that no reading starts explaining it
    /// would cost every reading per step).
    static func keepsExplanation(from before: Set<String>, to after: Set<String>) -> Bool {
        // A reading's case does not drift into a rejection (a shrink that breaks the URL), nor back.
        func rejection(_ key: Set<String>) -> Bool { key.contains { $0.hasPrefix("rejected:") } }
        return before.isEmpty || (!after.isEmpty && rejection(before) == rejection(after))
    }
}
