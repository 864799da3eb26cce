import LinkMatch
@testable import LinkMatchFuzzing
import LinkMatchMutants
import XCTest

/// The `diagnostics` target: its generated files cause exactly what they were built to cause, its
/// expectations match hand-written ones (not only `validate`'s answers), and it can fail.
final class DiagnosticsCheckTests: XCTestCase {
    func testGeneratedCasesPass() {
        var g = SeededBytes(seed: 7)
        var failures: [String] = []
        var kinds: [DiagnosticCase.Fault.Kind: Int] = [:]
        for i in 0..<200 {
            let c = DiagnosticCase(bytes: g.next(maxCount: 80))
            for f in c.faults { kinds[f.kind, default: 0] += 1 }
            if let failure = DiagnosticsCheck.check(c, engines: .standard), failures.count < 3 {
                failures.append("case \(i): \(failure.summary)\n\(failure.readable)")
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(Set(kinds.keys), Set(DiagnosticCase.Fault.Kind.allCases), "every kind of fault is generated")
    }

    /// Four faults planted in a one-rule document, the file and expectations written out by hand.
    func testPlantedFileAndExpectationsAreTheOnesWrittenByHand() {
        let c = DiagnosticCase(entries: [[0]], faults: [
            .init(.teamID, [0, 1, 0, 0]),          // an 11-character team
            .init(.unknownKey, [1, 0, 0, 0x12]),   // entry level, hint, key 9 % 5 = defaults, letters 0 and 4 flipped (mask 1, cyclic)
            .init(.wrongType, [0, 0, 0, 0]),       // rule key: the first free key (exclude) as the string "true"
            .init(.shadowed, [0, 0, 0, 0]),        // a copy of rule 0 right after it
        ])
        let planted = DiagnosticsCheck.planted(c)
        XCTAssertEqual(String(decoding: planted.bytes, as: UTF8.self),
                       #"{"applinks":{"substitutionVariables":{"v":["red","blue"]},"details":[{"appIDs":["ABCDE12345.com.example.e0","ABCDE123456.com.example.t0"],"components":[{"/":"/e0r0","exclude":"true"},{"/":"/e0r0"}],"DefaUlts":true}]}}"#)
        XCTAssertEqual(planted.expected.map(\.description), [
            "error [app-id-format] applinks.details[0]",
            "error [wrong-type] applinks.details[0].components[0].exclude",
            "warning [unknown-key] applinks.details[0].DefaUlts",
            "warning [unreachable-rule] applinks.details[0].components[1]",
        ])
        XCTAssertNil(DiagnosticsCheck.check(c, engines: .standard))
    }

    /// Each authoring mistake the `authoring` fault plants is expected with its finding (written
    /// by hand here, from SPEC.md section 12), and `validate` reports exactly that.
    func testEachAuthoringMistakeIsPlantedWithItsFinding() {
        let expected = [
            "error [not-in-component] applinks.details[1].components[0][\"/\"]",
            "warning [not-in-component] applinks.details[1].components[0][\"/\"]",
            "error [fragment-in-path] applinks.details[1].components[0][\"/\"]",
            "warning [query-in-path] applinks.details[1].components[0][\"/\"]",
            "error [unmatchable-character] applinks.details[1].components[0][\"/\"]",
            "error [unmatchable-character] applinks.details[1].components[0][\"#\"]",
            "error [unreachable-rule] applinks.details[1].components[1]",
        ]
        for (variant, finding) in expected.enumerated() {
            let c = DiagnosticCase(entries: [[0]], faults: [.init(.authoring, [0, UInt8(variant), 0, 0])])
            XCTAssertEqual(DiagnosticsCheck.planted(c).expected.map(\.description), [finding], "variant \(variant)")
            XCTAssertNil(DiagnosticsCheck.check(c, engines: .standard), "variant \(variant)")
        }
    }

    func testSizeFaultsLandInTheirBands() {
        for (band, expected) in [(0, "warning [over-apple-size-limit] (document)"), (1, "error [over-apple-size-limit] (document)")] {
            let c = DiagnosticCase(entries: [[0]], faults: [.init(.size, [0, UInt8(band), 0, 0])])
            let planted = DiagnosticsCheck.planted(c)
            XCTAssertEqual(planted.bytes.count, band == 0 ? 129_500 : 140_000)
            XCTAssertEqual(planted.expected.map(\.description), [expected])
            XCTAssertNil(DiagnosticsCheck.check(c, engines: .standard))
        }
    }

    /// Each planted mistake in validate's checks fails a case made for it; `validate` passes it.
    func testEachDiagnosticsMutantIsWrongOnAKnownCase() throws {
        let cases: [(String, DiagnosticCase, String)] = [
            ("team-id-11-characters", DiagnosticCase(entries: [[0]], faults: [.init(.teamID, [0, 1, 0, 0])]),
             "missing error [app-id-format] applinks.details[0]"),
            ("key-hint-lowercase-only", DiagnosticCase(entries: [[0]], faults: [.init(.unknownKey, [1, 0, 0, 0x12])]),
             "missing warning [unknown-key] applinks.details[0].DefaUlts; extra info [unknown-key] applinks.details[0].DefaUlts"),
        ]
        for (name, c, summary) in cases {
            XCTAssertNil(DiagnosticsCheck.check(c, engines: .standard), name)
            let mutant = try XCTUnwrap(Mutants.named(name))
            let failure = DiagnosticsCheck.check(c, engines: Engines(reference: ReferenceEngine(), candidate: mutant))
            XCTAssertEqual(failure?.summary, "validate: " + summary, name)
        }
    }

    /// A validator whose answer depends on the layout of the file fails a relation, not the oracle.
    func testARelationCanFail() {
        struct LayoutSensitive: DiagnosticsValidator, MatchEngine {
            let name = "layout-sensitive"
            func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
                StandardValidator().diagnostics(bytes) + (bytes.contains(UInt8(ascii: "\n")) ? [Diagnostic(.info, "lint-budget", at: "", "")] : [])
            }
            func prepare(_ document: AASADocument) -> any PreparedDocument { CompiledEngine().prepare(document) }
            func matchPart(_ request: PartRequest) -> PartVerdict { CompiledEngine().matchPart(request) }
        }
        let failure = DiagnosticsCheck.check(DiagnosticCase(entries: [[0]], faults: []),
                                             engines: Engines(reference: ReferenceEngine(), candidate: LayoutSensitive()))
        XCTAssertEqual(failure?.summary, "pretty-printing changed the diagnostics: extra info [lint-budget] (document)")
    }

    func testRelationsRemapEntryPaths() {
        let d = ExpectedDiagnostic(.warning, "unreachable-rule", at: "applinks.details[12].components[1]")
        XCTAssertEqual(DiagnosticRelations.remapEntry(d) { $0 + 1 }.path, "applinks.details[13].components[1]")
        let top = ExpectedDiagnostic(.info, "legacy-apps-not-empty", at: "applinks.apps")
        XCTAssertEqual(DiagnosticRelations.remapEntry(top) { $0 + 1 }, top)
    }
}
