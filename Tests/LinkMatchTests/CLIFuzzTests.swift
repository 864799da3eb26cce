import XCTest
import LinkMatch

/// `linkmatch fuzz`: against a correct program, against deliberately wrong ones (a disagreement is
/// found, shrunk and replayable), and against programs that hang, crash or break the protocol.
final class CLIFuzzTests: XCTestCase {
    var tool: String { "'" + LinkMatchTool.executable.path + "'" }

    func testAgreesWithTheOtherEngineThroughTheProtocol() throws {
        // Our compiled engine in-process against the reference engine behind the protocol.
        let run = try LinkMatchTool.run(["fuzz", "--program", "\(tool) conformance --engine reference", "--cases", "300", "--seed", "3"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("300 cases,") && run.stdout.contains(": 0 disagreements, 0 program failures, program started 1 time"),
                      run.stdout)
    }

    /// The JSON object printed after "shrunk with N requests to:" and the replay line.
    func disagreement(in stdout: String) throws -> (readable: JSONObject, replay: String) {
        let lines = stdout.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("shrunk with ") }),
              let replayLabel = lines.firstIndex(where: { $0.hasPrefix("replay (one line") }), replayLabel + 1 < lines.count else {
            throw VectorError("no disagreement in output:\n\(stdout)")
        }
        let readable = try LinkMatchTool.json(lines[(start + 1)..<replayLabel].joined(separator: "\n"))
        return (readable, lines[replayLabel + 1])
    }

    func testFindsShrinksAndReplaysAMutantsMistake() throws {
        // off-by-one-at-end: a deliberately wrong engine that ignores the last character of a text.
        let mutant = "\(tool) conformance --mutant off-by-one-at-end"
        let run = try LinkMatchTool.run(["fuzz", "--program", mutant, "--cases", "2000", "--max-problems", "1"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("disagreement 1 (case "), run.stdout)
        let (readable, replay) = try disagreement(in: run.stdout)
        XCTAssertNotEqual(readable["linkmatch"], readable["program"])
        // Shrunk: at most one entry with one rule is left.
        guard case .object(let aasa)? = readable["aasa"], case .object(let applinks)? = aasa["applinks"],
              case .array(let details)? = applinks["details"] else { throw VectorError("no details in \(readable)") }
        XCTAssertLessThanOrEqual(details.count, 1, "\(readable)")
        XCTAssertLessThan(replay.utf8.count, 300, replay)

        // The replay line makes both programs disagree the same way.
        let ours = try LinkMatchTool.run(["conformance"], stdin: replay + "\n")
        let theirs = try LinkMatchTool.run(["conformance", "--mutant", "off-by-one-at-end"], stdin: replay + "\n")
        let a = try LinkMatchTool.json(ours.stdout), b = try LinkMatchTool.json(theirs.stdout)
        XCTAssertEqual(a["decision"], readable["linkmatch"])
        XCTAssertEqual(b["decision"], readable["program"])
        XCTAssertNotEqual(a["decision"], b["decision"])
    }

    func testFindsAWrongProgramThatIsNotOurs() throws {
        // A post-processing mistake: every no_match becomes match.
        let wrong = "\(tool) conformance | sed -u 's/\"no_match\"/\"match\"/'"
        let run = try LinkMatchTool.run(["fuzz", "--program", wrong, "--cases", "200", "--max-problems", "2"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let (readable, replay) = try disagreement(in: run.stdout)
        XCTAssertEqual(readable["linkmatch"], .string("no_match"))
        XCTAssertEqual(readable["program"], .string("match"))
        XCTAssertTrue(replay.hasPrefix("{\"id\":"), replay)
        // Many failing requests shrink to the same case; each shrunk case is reported once.
        let lines = run.stdout.components(separatedBy: "\n")
        let replays = try lines.indices.filter { lines[$0].hasPrefix("replay (one line") && $0 + 1 < lines.count }.map { i -> String in
            var obj = try LinkMatchTool.json(lines[i + 1])
            obj.members.removeAll { $0.key == "id" }
            return JSONValue.object(obj).serialized()
        }
        XCTAssertEqual(replays.count, 2, run.stdout)
        XCTAssertEqual(Set(replays).count, replays.count, "\(replays)")
    }

    func testReportsAHungProgramAndGoesOn() throws {
        let run = try LinkMatchTool.run(["fuzz", "--program", "sleep 30", "--cases", "1", "--timeout", "0.5", "--max-problems", "2"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("program failure 1 (case 0): no reply within 0.5 s; the program was killed"), run.stdout)
        XCTAssertTrue(run.stdout.contains("program failure 2"), run.stdout)
        XCTAssertTrue(run.stdout.contains("program started 2 times"), run.stdout)
    }

    func testReportsCrashesExitsAndProtocolViolations() throws {
        let cases: [(program: String, expected: String)] = [
            ("read line; echo dying >&2; kill -SEGV $$", "the program was killed by signal 11 before replying; its stderr ended with:\ndying"),
            ("true", "the program exited with status 0 before replying"),
            ("while read line; do echo nonsense; done", "reply is not JSON"),
            ("while read line; do echo '{\"id\":\"x\",\"decision\":\"match\"}'; done", "reply id \"x\" is not the request id"),
            ("while read line; do echo '{\"id\":\"0.0.0\",\"decision\":\"maybe\"}'; done", "unknown decision \"maybe\""),
        ]
        for c in cases {
            let run = try LinkMatchTool.run(["fuzz", "--program", c.program, "--cases", "1", "--max-problems", "1"])
            XCTAssertEqual(run.status, 1, c.program)
            XCTAssertTrue(run.stdout.contains("program failure 1 (case 0): " + c.expected), "\(c.program):\n\(run.stdout)")
        }
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try LinkMatchTool.run(["fuzz"]).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["fuzz", "--program", "  "]).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["fuzz", "--program", "cat", "--timeout", "0"]).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["conformance", "--mutant", "no-such-mutant"]).status, 2)
    }
}
