import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// The regex example peer's documented limit (examples/peers/README.md, "Limits"): a pattern that makes
/// Python's `re` backtrack exponentially gets an error reply after the peer's CPU budget, not a hang,
/// and regex_matcher.known accepts that difference by its replay line. Without the guard the request
/// below would run for years; `timeout` bounds the test either way.
final class CLIPeerLimitTests: XCTestCase {
    static let peers = TestDataFolder.repositoryRoot.appendingPathComponent("examples/peers")

    /// The replay line of regex_matcher.known whose pattern is the backtracking example.
    func backtrackingReplay() throws -> String {
        let known = try String(contentsOf: Self.peers.appendingPathComponent("regex_matcher.known"), encoding: .utf8)
        return try XCTUnwrap(known.split(separator: "\n").map(String.init).first { $0.contains(#"*a*a*a*a*a*a*a*a*a*a*b"#) },
                             "regex_matcher.known has no replay line for the backtracking limit")
    }

    func testThePeerAnswersAnErrorInsteadOfHanging() throws {
        let which = try LinkMatchTool.runShell("command -v python3")
        guard which.status == 0 else { return XCTFail("python3 is not installed: the example peers need it") }
        let line = try backtrackingReplay()
        // LinkMatch decides it, so the difference is the peer's.
        let ours = try LinkMatchTool.run(["conformance"], stdin: line + "\n")
        XCTAssertEqual(ours.stdout, #"{"id":"backtracking","decision":"no_match"}"# + "\n")

        try LinkMatchTool.withTemporaryDirectory { dir in
            try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: dir + "/in"))
            let peer = Self.peers.appendingPathComponent("regex_matcher.py").path
            let started = Date()
            // 60 s of wall time for 1 s of CPU: the machine may be busy.
            let run = try LinkMatchTool.runShell("timeout 60 python3 '\(peer)' < '\(dir)/in' > '\(dir)/out'")
            XCTAssertEqual(run.status, 0, "the peer did not answer within 60 s (status 124: killed by timeout)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 60)
            let reply = try LinkMatchTool.json(try String(contentsOfFile: dir + "/out", encoding: .utf8))
            XCTAssertEqual(reply["id"], .string("backtracking"))
            guard case .string(let message)? = reply["error"] else { return XCTFail("not an error reply: \(reply)") }
            XCTAssertTrue(message.contains("backtracks catastrophically"), message)
        }
    }

    /// Read as a known-differences file, the replay line is a difference (the peer and LinkMatch
    /// disagree), so `linkmatch fuzz` counts it among the known classes: one per line of the file
    /// (the deviations' class lines and the limit's replay line).
    func testTheKnownFileAcceptsTheLimit() throws {
        let known = Self.peers.appendingPathComponent("regex_matcher.known").path
        let program = "python3 '\(Self.peers.appendingPathComponent("regex_matcher.py").path)'"
        let run = try LinkMatchTool.run(["fuzz", "--program", program, "--known", known, "--cases", "1"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lines = try String(contentsOfFile: known, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertTrue(lines.contains { $0.hasPrefix("{\"id\":\"backtracking\"") }, "the limit's replay line is gone")
        XCTAssertTrue(run.stdout.contains("\(lines.count) known classes from"), run.stdout)
        XCTAssertFalse((run.stdout + run.stderr).contains("agree on this replay line"), "a replay line of the known file no longer differs:\n\(run.stdout)\(run.stderr)")
    }
}
