import LinkMatch

/// Shrinking one difference against the program: batched candidates, canonical forms, a second pass.
extension ExternalFuzzer {
    /// Shrinks while the answers still differ (a candidate on which the program fails does not
    /// count) and the explanation stays (`keepsExplanation`). The answers may change on the way (an
    /// `exclude` rule shrinks to a plain one), so the same difference found from different cases
    /// ends in the same small form. Last, non-ASCII characters are replaced by ASCII where the
    /// difference and its explanation survive (`CanonicalForms.asciiStandIns`).
    func shrink(_ request: ConformanceProtocol.Request, caseIndex: Int, mine: ConformanceProtocol.Reply,
                theirs: ExternalEngine.Answer) -> Example {
        var attempts = 0
        var explanation = explanationKey(request, mine, theirs)
        func keeps(_ c: ConformanceProtocol.Request, _ a: ConformanceProtocol.Reply, _ b: ExternalEngine.Answer) -> Bool {
            guard Self.compare(a, b) == .disagree else { return false }
            let key = explanationKey(c, a, b)
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
        var small = minimized(request, budget: options.shrinkAttempts)
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
            small = minimized(small, budget: options.shrinkAttempts / 4)
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

    /// What explains a case cheaply, for shrinking: LinkMatch's error code when it refuses the
    /// request, else the single readings that give the program's answer (`ReadingExplainer.singles`).
    func explanationKey(_ request: ConformanceProtocol.Request, _ mine: ConformanceProtocol.Reply,
                        _ theirs: ExternalEngine.Answer) -> Set<String> {
        if case .error(_, let message) = mine { return ["rejected:" + ReadingExplainer.errorCode(message)] }
        return Set(explainer.singles(request, theirs: DisagreementClass.label(theirs)))
    }

    /// A shrink step keeps the explanation when no reading starts explaining the case and at least
    /// one that explained it still does (readings that explained the bigger case by coincidence may
    /// drop out); an unexplained case must stay unexplained, a rejection keeps its code.
    static func keepsExplanation(from before: Set<String>, to after: Set<String>) -> Bool {
        if before.isEmpty { return after.isEmpty }
        return !after.isEmpty && after.isSubset(of: before)
    }
}
