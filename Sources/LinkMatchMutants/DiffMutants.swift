import LinkMatch
import LinkMatchFuzzing

/// Planted mistakes in `linkmatch diff` (issue 22), which no engine comparison can see: matching is
/// the compiled engine's, only the diff is wrong. The `diff` target catches them by checking every
/// witness with the reference and the proofs against the search. They replace steps of
/// `DocumentDiff` through `DiffOptions.hooks` (package access: the shipped CLI never sets them).
enum DiffMutants {
    static var catalog: [Mutants.Entry] {
        [
            Mutants.Entry(name: "diff-dropped-witness-check", engine: DiffMutantEngine(
                name: "mutant:diff-dropped-witness-check", hooks: hooks { $0.confirmsWitness = confirmingAnyChangeOfRule }),
                  caughtBy: [.diff], mistake: "a URL whose deciding rule changed is reported as a witness although its decision did not, and the reference is never asked"),
            Mutants.Entry(name: "diff-rule-order-off-by-one", engine: DiffMutantEngine(
                name: "mutant:diff-rule-order-off-by-one", hooks: hooks { $0.laterRules = skippingTheNextRule }),
                  caughtBy: [.diff], mistake: "the reorder proof's inversion scan starts two rules later, so swapping two adjacent overlapping rules with different `exclude` is \"proved\" harmless"),
        ]
    }

    static func hooks(_ change: (inout DiffHooks) -> Void) -> DiffHooks {
        var h = DiffHooks()
        change(&h)
        return h
    }

    /// The witness check compares traces instead of outcomes, without the reference.
    @Sendable static func confirmingAnyChangeOfRule(_ old: Decision, _ new: Decision, _ reference: () -> (old: Decision, new: Decision)) -> Bool {
        old.outcome != new.outcome || old.rule?.sourcePath != new.rule?.sourcePath
    }

    /// `j` from `i + 2`: the pair (i, i + 1) is never looked at.
    @Sendable static func skippingTheNextRule(_ i: Int, _ count: Int) -> Range<Int> {
        (i + 2)..<max(i + 2, count)
    }
}

/// The compiled engine for matching; `linkmatch diff` with a planted mistake in its hooks.
struct DiffMutantEngine: MatchEngine, DiffUnderTest {
    let name: String
    let hooks: DiffHooks

    func prepare(_ document: AASADocument) -> any PreparedDocument { CompiledEngine().prepare(document) }
    func matchPart(_ request: PartRequest) -> PartVerdict { CompiledEngine().matchPart(request) }

    func compare(old: DiffSide, new: DiffSide, options: DiffOptions) -> DiffReport {
        var options = options
        options.hooks = hooks
        return DocumentDiff.compare(old: old, new: new, options: options)
    }
}
