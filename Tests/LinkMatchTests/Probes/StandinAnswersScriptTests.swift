import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// scripts/swcutil-standin-answers.py, used by docs/CLI.md's stand-in example, run end to end like
/// the rest of the probe kit (export, the script, scripts/oracle.sh, `probes import`).
extension ProbeKitRoundTripTests {
    /// The script's answers: LinkMatch's predictions except for one open point, which is then the only
    /// point contradicted, every other answer confirming.
    func testStandinAnswersScriptContradictsExactlyTheNamedPoint() throws {
        let (kit, probes) = try exportKit()
        let point = "N1-leading-star"
        let out = kit.deletingLastPathComponent().appendingPathComponent("script-answers-\(UUID().uuidString).tsv")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        script.arguments = ["python3", Self.repoRoot.appendingPathComponent("scripts/swcutil-standin-answers.py").path,
                            kit.path, "--other-reading", point]
        script.standardOutput = try FileHandle(forWritingTo: out)
        try script.run()
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0)
        let answers = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        XCTAssertEqual(answers.split(separator: "\n").count, probes.reduce(0) { $0 + $1.modes.count }, "one answer per command")
        let observed = try observe(kit: kit, answers: answers)
        XCTAssertEqual(observed.status, 1, "import must fail when an answer contradicts")
        XCTAssertEqual(strings(observed.report["contradictedOpenPoints"]), [point])
        for r in results(observed.report) {
            let probe = try XCTUnwrap(probes.first { .string($0.id) == r["id"] })
            let differs = probe.point == point && probe.predictions.contains { $0.outcome != probe.linkMatch }
            XCTAssertEqual(r["status"], .string(differs ? "contradicts" : "confirms"), "\(r)")
        }
    }
}
