import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// `linkmatch fuzz`'s own behaviour as a peer's author meets it. The readings catalogue proven on
/// itself (every reading found as exactly one class naming it, and two readings as two classes) is
/// `scripts/test-readings-self-proof.sh`: it runs `fuzz` against a release `linkmatch conformance
/// --reading X` per reading (seconds each; a debug build takes minutes), and `.ci/run` runs it.
final class CLIFuzzReadingsTests: XCTestCase {
    var tool: String { "'" + LinkMatchTool.executable.path + "'" }

    /// `--seconds` alone runs for that long (no default case cap) and says so.
    func testSecondsAloneMeansSeconds() throws {
        let start = Date()
        let run = try LinkMatchTool.run(["fuzz", "--program", "\(tool) conformance", "--seconds", "4"])
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("stopped by --seconds"), run.stdout)
        XCTAssertGreaterThanOrEqual(elapsed, 4)
        let both = try LinkMatchTool.run(["fuzz", "--program", "\(tool) conformance", "--seconds", "60", "--cases", "5"])
        XCTAssertTrue(both.stdout.contains("5 cases; ") && both.stdout.contains("stopped by --cases"), both.stdout)
    }
}
