import LinkMatch

/// Shrinking one difference against the program: batched candidates, canonical forms, a second pass.
extension ExternalFuzzer {
    /// Shrinks while the answers still differ (a candidate on which the program fails does not
    /// count). The answers may change on the way (an `exclude` rule shrinks to a plain one), so the
    /// same difference found from different cases ends in the same small form.
    func shrink(_ request: ConformanceProtocol.Request, caseIndex: Int, mine: ConformanceProtocol.Reply,
                theirs: ExternalEngine.Answer) -> Example {
        var attempts = 0
        func minimized(_ start: ConformanceProtocol.Request, budget: Int) -> ConformanceProtocol.Request {
            Shrinker.shrink(start, maxSteps: budget, batch: 32) { candidates in
                let numbered = candidates.enumerated().map { i, c in
                    var c = c
                    c.id = .string("shrink.\(i)")
                    return c
                }
                attempts += numbered.count
                let (a, b) = ask(numbered)
                return numbered.indices.first { Self.compare(a[$0], b[$0]) == .disagree }
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
                   DisagreementClass.label(b[0]) == DisagreementClass.label(beforeTheirs[0]), Self.compare(a[0], b[0]) == .disagree {
                    small = candidate
                    changed = true
                }
            }
            guard changed, round == 0 else { break }
            small = minimized(small, budget: options.shrinkAttempts / 4)
        }
        small.id = request.id
        let (finalMine, finalTheirs) = ask([small])
        return Example(caseIndex: caseIndex, original: request, shrunk: small, ours: finalMine[0], theirs: finalTheirs[0],
                       shrinkAttempts: attempts)
    }
}
