import XCTest
import LinkMatch
import LinkMatchTestData

/// `linkmatch fuzz`: against a correct program, against deliberately wrong ones (disagreements are
/// shrunk, grouped into classes, reported and accepted with --known), and against programs that
/// hang, crash or break the protocol.
final class CLIFuzzTests: XCTestCase {
    var tool: String { "'" + LinkMatchTool.executable.path + "'" }
    /// The test program that answers with planted mistakes (the shipped `linkmatch` has none).
    var mutantTool: String { "'" + LinkMatchTool.corpusTool.path + "'" }
    /// Generated cases of the runs against a wrong program (TestTier): the default tier runs the first
    /// few, in which each mistake already shows as one class; shrinking each class is what costs.
    static let noMatchCases = TestTier.budget(sample: "6", full: "12")
    static let mutantCases = TestTier.budget(sample: "4", full: "50")
    /// Cases of the runs with a known file: the first cases of the reported run (the same seed), whose
    /// classes are all in its report; the full tier runs all of them again.
    static let knownCases = TestTier.budget(sample: "3", full: noMatchCases)

    func testAgreesWithTheOtherEngineThroughTheProtocol() throws {
        // Our compiled engine in-process against the reference engine behind the protocol.
        let run = try LinkMatchTool.run(["fuzz", "--program", "\(tool) conformance --engine reference", "--cases", "300", "--seed", "3"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("300 cases; requests: ") && run.stdout.contains(" 0 shrinking (0%, 0 shrunk)")
                      && run.stdout.contains("0 disagreements (0 counted in a class already seen), 0 program failures; 0 classes (causes): 0 new, 0 known"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("program started 1 time"), run.stdout)
    }

    /// The first class printed: its header line, the readable case after "minimized with N requests to:"
    /// and the replay line.
    func firstClass(in stdout: String) throws -> (header: String, readable: JSONObject, replay: String) {
        let lines = stdout.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("class 1 ") }),
              let start = lines[header...].firstIndex(where: { $0.hasPrefix("minimized with ") }),
              let replayLabel = lines[start...].firstIndex(where: { $0.hasPrefix("replay (one line") }), replayLabel + 1 < lines.count else {
            throw VectorError("no class in output:\n\(stdout)")
        }
        // The case as printed: "  document: {..}", "  app: ..", "  url: ..", "  linkmatch: X  program: Y".
        var members: [JSONMember] = []
        for line in lines[(start + 1)..<replayLabel] {
            if line.hasPrefix("  document: ") {
                members.append(JSONMember(key: "aasa", value: try JSONParser.parse(Array(line.dropFirst(12).utf8))))
            } else if line.hasPrefix("  url: ") {
                members.append(JSONMember(key: "url", value: .string(String(line.dropFirst(7)))))
            } else if line.hasPrefix("  linkmatch: "), let split = line.range(of: "  program: ") {
                members.append(JSONMember(key: "linkmatch", value: try JSONParser.parse(Array(line[line.index(line.startIndex, offsetBy: 13)..<split.lowerBound].utf8))))
                members.append(JSONMember(key: "program", value: try JSONParser.parse(Array(line[split.upperBound...].utf8))))
            }
        }
        return (lines[header], JSONObject(members), lines[replayLabel + 1])
    }

    func testFindsShrinksAndReplaysAMutantsMistake() throws {
        // off-by-one-at-end: a deliberately wrong engine that ignores the last character of a text.
        let mutant = "\(mutantTool) conformance --mutant off-by-one-at-end"
        let run = try LinkMatchTool.run(["fuzz", "--program", mutant, "--cases", Self.mutantCases, "--shrinks", "1"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let (header, readable, replay) = try firstClass(in: run.stdout)
        XCTAssertTrue(header.hasPrefix("class 1 (NEW"), header)
        XCTAssertNotEqual(readable["linkmatch"], readable["program"])
        // Shrunk: at most one entry with one rule is left.
        guard case .object(let aasa)? = readable["aasa"], case .object(let applinks)? = aasa["applinks"],
              case .array(let details)? = applinks["details"] else { throw VectorError("no details in \(readable)") }
        XCTAssertLessThanOrEqual(details.count, 1, "\(readable)")
        XCTAssertLessThan(replay.utf8.count, 300, replay)

        // The replay line makes both programs disagree the same way.
        let ours = try LinkMatchTool.run(["conformance"], stdin: replay + "\n")
        let theirs = try LinkMatchTool.run(["conformance", "--mutant", "off-by-one-at-end"], stdin: replay + "\n",
                                           executable: LinkMatchTool.corpusTool)
        let a = try LinkMatchTool.json(ours.stdout), b = try LinkMatchTool.json(theirs.stdout)
        XCTAssertEqual(a["decision"], readable["linkmatch"])
        XCTAssertEqual(b["decision"], readable["program"])
        XCTAssertNotEqual(a["decision"], b["decision"])
    }

    /// A post-processing mistake: every no_match becomes match.
    static var noMatchBecomesMatch: String { "'\(LinkMatchTool.executable.path)' conformance | sed -u 's/\"no_match\"/\"match\"/'" }
    var noMatchBecomesMatch: String { Self.noMatchBecomesMatch }

    /// Where the run against `noMatchBecomesMatch` writes its report (removed after the class's tests).
    static let reportFolder = FileManager.default.temporaryDirectory.appendingPathComponent("linkmatch-fuzz-report-\(UUID().uuidString)").path

    /// The run against `noMatchBecomesMatch` with `--report reportFolder`, made once for the tests of
    /// classes and of `--known` (both read the same command's report; running it twice only repeats
    /// its shrinking).
    static let reportedRun = Result { () throws -> LinkMatchTool.Run in
        try LinkMatchTool.run(["fuzz", "--program", noMatchBecomesMatch, "--cases", noMatchCases, "--shrinks", "1", "--report", reportFolder])
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: reportFolder)
        super.tearDown()
    }

    func testGroupsDisagreementsIntoClassesWithCounts() throws {
        let run = try Self.reportedRun.get(), dir = Self.reportFolder
        let lines = try String(contentsOfFile: dir + "/classes.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(lines.isEmpty, run.stdout)
        var total = 0
        for line in lines {
            let c = try LinkMatchTool.json(String(line))
            // Every class is this one mistake: we say no_match, the program says match (a
            // class a reading explains carries "any": the reading may turn answers both ways).
            if c["linkmatch"] != .string("any") {
                XCTAssertEqual(c["linkmatch"], .string("no_match"), String(line))
                XCTAssertEqual(c["program"], .string("match"), String(line))
            }
            guard case .number(let count)? = c["count"], let n = Int(count), n >= 1 else { XCTFail("count in \(line)"); continue }
            total += n
            guard case .string(let replay)? = c["replay"] else { XCTFail("replay in \(line)"); continue }
            // The replay is a request both programs answer the way the class says.
            XCTAssertEqual(try LinkMatchTool.json(try LinkMatchTool.run(["conformance"], stdin: replay + "\n").stdout)["decision"],
                           .string("no_match"))
        }
        // Classes count every disagreement, far fewer classes than disagreements.
        XCTAssertTrue(run.stdout.contains("\(total) disagreements"), "\(total)\n\(run.stdout)")
        XCTAssertLessThan(lines.count * 3, total, run.stdout)

        let report = try String(contentsOfFile: dir + "/report.md", encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("# linkmatch fuzz report"), report)
        XCTAssertTrue(report.contains("| 1 | **new** |"), report)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
    }

    /// Look first (issue 29): against a program that deviates by one reading, the first difference
    /// is shrunk and names the class; nearly every later one is counted there as found, unshrunk.
    func testLooksBeforeItShrinks() throws {
        let run = try LinkMatchTool.run(["fuzz", "--program", "\(tool) conformance --reading no-parent-path", "--cases", "150", "--seed", "1"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        func number(_ pattern: Regex<(Substring, Substring)>) throws -> Int {
            try XCTUnwrap(run.stdout.firstMatch(of: pattern).flatMap { Int($0.1) }, run.stdout)
        }
        let total = try number(/; (\d+) disagreements/)
        let counted = try number(/\((\d+) counted in a class already seen\)/)
        let shrunk = try number(/, (\d+) shrunk\)/)
        XCTAssertGreaterThan(total, 12, run.stdout)
        // The first, plus at most a few feature cases that a reading not seen explains too
        // (`ExternalFuzzer.coincidenceTries`), shrunk to tell a coincidence from a new cause.
        XCTAssertLessThanOrEqual(shrunk, 4, run.stdout)
        XCTAssertGreaterThanOrEqual(3 * counted, 2 * total, run.stdout)
        XCTAssertTrue(run.stdout.contains("1 classes (causes): 1 new, 0 known"), run.stdout)
    }

    func testKnownClassesAreNotReportedAgain() throws {
        let first = try Self.reportedRun.get(), report = Self.reportFolder
        XCTAssertEqual(first.status, 1, first.stdout)
        try LinkMatchTool.withTemporaryDirectory { dir in
            // Replay lines (with comments) work as a known file too.
            let classes = try String(contentsOfFile: report + "/classes.jsonl", encoding: .utf8).split(separator: "\n")
            let replays = try classes.map { line -> String in
                guard case .string(let replay)? = try LinkMatchTool.json(String(line))["replay"] else { throw VectorError("no replay") }
                return replay
            }
            let knownFile = dir + "/known.txt"
            try ("# accepted: the program reports match for no_match\n" + replays.joined(separator: "\n") + "\n")
                .write(toFile: knownFile, atomically: true, encoding: .utf8)
            // The two runs with a known file, side by side: the report's classes, and the replay lines.
            let known = [report + "/classes.jsonl", knownFile], program = noMatchBecomesMatch
            let runs = try Concurrently.map(known) { file in
                try LinkMatchTool.run(["fuzz", "--program", program, "--cases", Self.knownCases, "--shrinks", "1", "--known", file])
            }
            // The report's classes accepted: the same run finds nothing new and exits 0.
            let again = runs[0], byReplay = runs[1]
            XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
            XCTAssertTrue(again.stdout.contains(" 0 new, "), again.stdout)
            XCTAssertFalse(again.stdout.contains("(NEW"), again.stdout)
            XCTAssertEqual(byReplay.status, 0, byReplay.stdout + byReplay.stderr)

            // A known file that is not one is a usage problem (exit 2), not a silent pass.
            try "not json\n".write(toFile: knownFile, atomically: true, encoding: .utf8)
            let bad = try LinkMatchTool.run(["fuzz", "--program", noMatchBecomesMatch, "--cases", "1", "--known", knownFile])
            XCTAssertEqual(bad.status, 2, bad.stdout + bad.stderr)
            XCTAssertTrue(bad.stderr.contains("known.txt:1: not a JSON object"), bad.stderr)
        }
    }

    func testAProgramThatNeverAnswersCouldNotBeRun() throws {
        // Two timeouts before any answer: the run stops there (not one timeout per request).
        let run = try LinkMatchTool.run(["fuzz", "--program", "sleep 30", "--cases", "20", "--timeout", "0.5"])
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("error [program-timeout] --program \"sleep 30\": the program cannot be run: "
                                          + "it failed before answering any request (started 2 times): no reply within 0.5 s; the program was killed"),
                      run.stderr)
        XCTAssertFalse(run.stdout.contains("class 1"), run.stdout)
    }

    func testReportsCrashesExitsAndProtocolViolations() throws {
        // Each fails the same way from the start: reported once, with its reason, after two starts.
        let cases: [(program: String, code: String, expected: String)] = [
            ("read line; echo dying >&2; kill -SEGV $$", "program-crashed",
             "the program was killed by signal 11 before replying; its stderr ended with:\ndying"),
            ("true", "program-exited", "the program exited with status 0 before replying"),
            ("no-such-matcher-program --x", "program-not-found", "the program exited with status 127 before replying; its stderr ended with:\n"),
            ("while read line; do echo nonsense; done", "program-protocol-error", "reply is not JSON"),
            ("while read line; do echo '{\"id\":\"x\",\"decision\":\"match\"}'; done", "program-protocol-error",
             "reply id \"x\" is not the id of a request waiting for its reply"),
            ("while read line; do echo '{\"id\":\"0.0.0\",\"decision\":\"maybe\"}'; done", "program-protocol-error", "unknown decision \"maybe\""),
        ]
        for c in cases {
            let run = try LinkMatchTool.run(["fuzz", "--program", c.program, "--cases", "20"])
            XCTAssertEqual(run.status, 2, c.program)
            XCTAssertTrue(run.stderr.hasPrefix("error [\(c.code)] --program "), "\(c.program):\n\(run.stderr)")
            XCTAssertTrue(run.stderr.contains("(started 2 times): " + c.expected), "\(c.program):\n\(run.stderr)")
        }
        // A program that fails on some requests and answers others is reported (exit 1), not "cannot run".
        let flaky = "\(tool) conformance | while IFS= read -r line; do case $line in *exclude*) exit 3;; esac; printf '%s\\n' \"$line\"; done"
        let run = try LinkMatchTool.run(["fuzz", "--program", flaky, "--cases", "100", "--shrinks", "1"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("program failure (exit)"), run.stdout)
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try LinkMatchTool.run(["fuzz"]).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["fuzz", "--program", "  "]).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["fuzz", "--program", "cat", "--timeout", "0"]).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["fuzz", "--program", "cat", "--known", "/nonexistent/known"]).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["conformance", "--mutant", "no-such-mutant"], executable: LinkMatchTool.corpusTool).status, 2)
        XCTAssertEqual(try LinkMatchTool.run(["conformance", "--reading", "no-such-reading"]).status, 2)
    }
}
