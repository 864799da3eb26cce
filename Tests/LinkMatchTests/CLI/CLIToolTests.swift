import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// The command-line surface itself: help, usage errors and exit codes.
final class CLIToolTests: XCTestCase {
    func testHelpListsEverySubcommandAndExitsZero() throws {
        let run = try LinkMatchTool.run(["--help"])
        XCTAssertEqual(run.status, 0)
        for command in ["check", "explain", "validate", "conformance", "fuzz", "open-points", "probes"] {
            XCTAssertTrue(run.stdout.contains(command), "help does not mention \(command):\n\(run.stdout)")
        }
    }

    func testUsageErrorsExitTwo() throws {
        for args in [["check"], ["check", "file.json"], ["explain", "file.json", "https://a.example/"], ["frobnicate"],
                     ["validate"], ["check", "f.json", "https://a.example/", "--engine", "nonsense"]] {
            let run = try LinkMatchTool.run(args)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertFalse(run.stderr.isEmpty, "\(args) printed no usage message")
        }
    }
}
