import XCTest
import LinkMatch
import LinkMatchFuzzing
import LinkMatchMutants
import LinkMatchTestData

/// The `diff` check on seeded generated cases: the diff passes, and each planted mistake in it
/// (LinkMatchMutants, hooked in through `DiffOptions.hooks`) is caught within the same cases.
final class DiffCheckTests: XCTestCase {
    /// Generated cases the mutants are hunted in (each is caught within the first few).
    static let cases = 400
    /// Generated cases the diff must pass (TestTier): the default tier checks the first ones, which
    /// already hold both changed and proved-same apps.
    static let passingCases = TestTier.budget(sample: 150, full: 400)

    func generated(_ count: Int) -> [DiffCase] {
        var bytes = SeededBytes(seed: 22)
        return (0..<count).map { _ in DiffCase(bytes: bytes.next(maxCount: 600)) }
    }

    static func mutant(_ name: String) throws -> Engines {
        Engines(reference: ReferenceEngine(), candidate: try XCTUnwrap(Mutants.named(name)))
    }

    func testDiffPassesOnGeneratedCases() {
        var changed = 0, proved = 0
        for c in generated(Self.passingCases) {
            if let failure = DiffCheck.check(c, engines: .standard) {
                XCTFail("\(c.edit): \(failure.summary)\n\(failure.readable)")
            }
            let (old, new) = c.documents
            let report = DocumentDiff.compare(old: .document(old), new: .document(new), options: DiffOptions(probeBudget: 64))
            changed += report.apps.filter { $0.verdict == .changed }.count
            proved += report.apps.filter { if case .provedSame = $0.verdict { return true } else { return false } }.count
        }
        // Not vacuous: the cases hold both changes and proofs.
        XCTAssertGreaterThan(changed, 10)
        XCTAssertGreaterThan(proved, 20)
    }

    /// Two adjacent overlapping rules with different `exclude`, swapped: the smallest case of the
    /// off-by-one in the reorder proof, written by hand.
    func testSwapOfAdjacentOverlappingRulesCatchesTheOffByOne() throws {
        let aasa = try JSONParser.parse(Array(#"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/a/*", "exclude": true}, {"/": "/a"}]}]}}"#.utf8))
        let c = DiffCase(aasa: aasa, edit: .swapAdjacentRules, probes: ["https://example.com/a"])
        XCTAssertNil(DiffCheck.check(c, engines: .standard))
        XCTAssertNotNil(DiffCheck.check(c, engines: try Self.mutant("diff-rule-order-off-by-one")))
    }

    /// Both planted mistakes are caught within the generated cases (the off-by-one through the
    /// `swap-overlapping-pair` edit, which the generator makes one case in seven).
    func testEachDiffMutantIsCaughtWithinTheGeneratedCases() throws {
        let cases = generated(Self.cases)
        for name in ["diff-dropped-witness-check", "diff-rule-order-off-by-one"] {
            let engines = try Self.mutant(name)
            let first = cases.firstIndex { DiffCheck.check($0, engines: engines) != nil }
            XCTAssertNotNil(first, name)
            print("mutant \(name): caught by the diff check at generated case \(first.map { $0 + 1 } ?? -1) of \(Self.cases)")
        }
    }

    /// The mistakes are in the diff, not in matching: each mutant decides every URL like the
    /// compiled engine, so only the diff check can see them.
    func testDiffMutantsMatchLikeTheCompiledEngine() throws {
        let document = try AASADocument.parse(json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/a/*"}]}]}}"#).document
        for name in ["diff-dropped-witness-check", "diff-rule-order-off-by-one"] {
            let mutant = try XCTUnwrap(Mutants.named(name))
            for url in ["https://example.com/a/b", "https://example.com/c"] {
                let u = try ParsedURL(url)
                XCTAssertEqual(mutant.prepare(document).decide(u, appID: "A.b", domain: ""),
                               CompiledEngine().prepare(document).decide(u, appID: "A.b", domain: ""), name)
            }
        }
    }
}
