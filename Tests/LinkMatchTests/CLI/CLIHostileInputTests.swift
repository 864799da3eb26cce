import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile input for every subcommand that takes a file, a program or an output path (issue 19):
/// a directory, a device, a FIFO, a missing file, an empty file, a 5 MB file, a file over the
/// parser's limit, invalid UTF-8, deep nesting, a missing program and an unwritable output. Each
/// run must end within `timeLimit` (a FIFO or /dev/zero that is read would hang or eat memory), with
/// the exit code of docs/CLI.md, a typed error line `error [code] SUBJECT: ...` on stderr (or the
/// fatal diagnostic on stdout for `validate`) and, with `--json`, valid JSON on stdout.
final class CLIHostileInputTests: XCTestCase {
    static let timeLimit: TimeInterval = 10
    /// The FIFO wait these runs set (docs/CLI.md, `LINKMATCH_FIFO_WAIT`): a FIFO nobody writes to is
    /// refused the same way after 0.2 s as after the default 3 s, which one test waits for.
    static let fifoWait = ["LINKMATCH_FIFO_WAIT": "0.2"]
    static let app = "ABCDE12345.com.example.app"

    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
        var seconds: TimeInterval
    }

    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("linkmatch-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    // MARK: - Inputs

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func fifo() throws -> String {
        let path = scratch.appendingPathComponent("fifo").path
        guard mkfifo(path, 0o600) == 0 else { throw VectorError("mkfifo failed: \(String(cString: strerror(errno)))") }
        return path
    }

    /// A valid document padded to 5 MB by a comment string (big for the reader, cheap to decide).
    func fiveMegabytes() throws -> String {
        let padding = String(repeating: "x", count: 5 * 1024 * 1024)
        return try file("five-mb.json", Array(#"{"applinks":{"details":[{"appIDs":["\#(Self.app)"],"components":[{"/":"/a/*","comment":"\#(padding)"}]}]}}"#.utf8))
    }

    /// The inputs every file-reading command must refuse, with the code each gives.
    func refusedFiles() throws -> [(name: String, path: String, code: String)] {
        let over = try file("over-limit.json", Array(repeating: UInt8(ascii: " "), count: JSONParser.Limits().maxBytes + 10))
        return [
            ("directory", scratch.path, "not-a-regular-file"),
            ("device", "/dev/zero", "not-a-regular-file"),
            ("FIFO nobody writes to", try fifo(), "no-input"),
            ("missing file", scratch.appendingPathComponent("missing.json").path, "no-such-file"),
            ("path through a file", over + "/x.json", "no-such-file"),
            ("over the size limit", over, "file-too-large"),
        ]
    }

    /// Files that are read but are no document, with the parser's code.
    func brokenDocuments() throws -> [(name: String, path: String, code: String)] {
        [
            ("empty file", try file("empty.json", []), "invalid-json"),
            ("invalid UTF-8", try file("bad-utf8.json", Array(#"{"applinks":{"details":[{"appIDs":[""#.utf8) + [0xC3, 0x28, 0xFF]
                                                        + Array(#""]}]}}"#.utf8)), "invalid-json"),
            ("deep nesting", try file("deep.json", Array(repeating: UInt8(ascii: "["), count: 100_000)
                                                    + Array(repeating: UInt8(ascii: "]"), count: 100_000)), "too-deep"),
        ]
    }

    /// A path no file can be created at, even as root: its parent is a regular file.
    func unwritable() throws -> String {
        try file("plain-file", Array("x".utf8)) + "/out"
    }

    // MARK: - Running

    /// Runs `linkmatch args...` with a deadline: past `timeLimit` the child is killed and the test fails.
    /// `environment` is added to this process's (by default the short FIFO wait).
    func run(_ args: [String], environment: [String: String] = fifoWait, file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let executable = LinkMatchTool.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw VectorError("\(executable.path) is missing") }
        let out = scratch.appendingPathComponent("stdout-\(UUID().uuidString)"), err = scratch.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let start = Date()
        try process.run()
        while process.isRunning, Date().timeIntervalSince(start) < Self.timeLimit { usleep(10_000) }
        let seconds = Date().timeIntervalSince(start)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTFail("linkmatch \(args.joined(separator: " ")) ran over \(Self.timeLimit) s", file: file, line: line)
        }
        process.waitUntilExit()
        return Run(stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self), status: process.terminationStatus, seconds: seconds)
    }

    /// The exit code, the typed error line for `subject` as the first line of stderr, and with `json`
    /// a JSON error object with the same code on stdout.
    func assertError(_ run: Run, code: String, subject: String, exit: Int32, json: Bool = false, stdout: String = "", _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, exit, "\(what): \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("error [\(code)] \(subject): "), "\(what): \(run.stderr)", file: file, line: line)
        XCTAssertLessThan(run.seconds, Self.timeLimit, what, file: file, line: line)
        if json {
            do {
                let top = try LinkMatchTool.json(run.stdout)
                guard case .object(let error)? = top["error"] else { return XCTFail("\(what): no error object: \(run.stdout)", file: file, line: line) }
                XCTAssertEqual(error["code"], .string(code), what, file: file, line: line)
                XCTAssertEqual(error["subject"], .string(subject), what, file: file, line: line)
                XCTAssertEqual(error["exitCode"], .number(String(exit)), what, file: file, line: line)
            } catch {
                XCTFail("\(what): stdout is not JSON: \(error)\n\(run.stdout)", file: file, line: line)
            }
        } else {
            XCTAssertEqual(run.stdout, stdout, what, file: file, line: line)
        }
    }

    // MARK: - FILE of check, explain, validate

    func testCheckRefusesWhatIsNotAFile() throws {
        for input in try refusedFiles() + brokenDocuments() {
            for json in [false, true] {
                let r = try run(["check", input.path, "https://a.example/a/x"] + (json ? ["--json"] : []))
                assertError(r, code: input.code, subject: input.path, exit: 1, json: json, "check \(input.name)\(json ? " --json" : "")")
            }
        }
    }

    func testExplainRefusesWhatIsNotAFile() throws {
        for input in try refusedFiles() + brokenDocuments() {
            let r = try run(["explain", input.path, "https://a.example/a/x", "--app", Self.app])
            assertError(r, code: input.code, subject: input.path, exit: 1, "explain \(input.name)")
        }
    }

    func testValidateRefusesWhatIsNotAFile() throws {
        for input in try refusedFiles() where input.code != "file-too-large" {
            for json in [false, true] {
                let r = try run(["validate", input.path] + (json ? ["--json"] : []))
                assertError(r, code: input.code, subject: input.path, exit: 1, json: json, "validate \(input.name)\(json ? " --json" : "")")
            }
        }
    }

    /// What is read but is no document is validate's one fatal diagnostic (on stdout, as for any finding).
    func testValidateReportsBrokenDocumentsAsAFatalDiagnostic() throws {
        let over = try refusedFiles().first { $0.code == "file-too-large" }!
        for input in try brokenDocuments() + [over] {
            let r = try run(["validate", input.path])
            XCTAssertEqual(r.status, 1, "\(input.name): \(r.stderr)")
            XCTAssertTrue(r.stdout.hasPrefix("error [\(input.code)] (document): "), "\(input.name): \(r.stdout)")
            XCTAssertLessThan(r.seconds, Self.timeLimit, input.name)
            let json = try run(["validate", input.path, "--json"])
            XCTAssertEqual(json.status, 1, input.name)
            guard case .array(let diagnostics)? = try LinkMatchTool.json(json.stdout)["diagnostics"],
                  case .object(let first)? = diagnostics.first else { return XCTFail("\(input.name): \(json.stdout)") }
            XCTAssertEqual(first["code"], .string(input.code), input.name)
        }
    }

    /// The FIFO wait: 3 s without `LINKMATCH_FIFO_WAIT`, the variable's seconds with it, and a value
    /// that is no wait a usage error naming the variable (with `--json`, a JSON error object).
    func testAFIFONobodyWritesToIsRefusedAfterTheWait() throws {
        let fifo = try fifo()
        let standard = try run(["check", fifo, "https://a.example/a/x"], environment: [:])
        assertError(standard, code: "no-input", subject: fifo, exit: 1, "default wait")
        XCTAssertTrue(standard.stderr.contains(": nothing was written to the FIFO within 3 s; "), standard.stderr)
        XCTAssertGreaterThanOrEqual(standard.seconds, 3)
        let short = try run(["check", fifo, "https://a.example/a/x"], environment: ["LINKMATCH_FIFO_WAIT": "0.25"])
        assertError(short, code: "no-input", subject: fifo, exit: 1, "LINKMATCH_FIFO_WAIT=0.25")
        XCTAssertTrue(short.stderr.contains(": nothing was written to the FIFO within 0.25 s; "), short.stderr)
        XCTAssertGreaterThanOrEqual(short.seconds, 0.25)
        XCTAssertLessThan(short.seconds, 3)
        for value in ["0", "-1", "abc", "", "601", "nan", "inf"] {
            let bad = try run(["check", fifo, "https://a.example/a/x", "--json"], environment: ["LINKMATCH_FIFO_WAIT": value])
            assertError(bad, code: "invalid-environment", subject: "LINKMATCH_FIFO_WAIT=\(value)", exit: 2, json: true, "LINKMATCH_FIFO_WAIT=\(value)")
            XCTAssertTrue(bad.stderr.contains("not a number of seconds from 0.001 to 600; unset it for the default 3 s"), bad.stderr)
        }
    }

    func testFiveMegabyteFileIsReadAndDecided() throws {
        let big = try fiveMegabytes()
        let check = try run(["check", big, "https://a.example/a/x", "--json"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stderr.hasPrefix("warning [over-apple-size-limit] \(big): "), check.stderr)
        guard case .array(let results)? = try LinkMatchTool.json(check.stdout)["results"], case .object(let first)? = results.first else {
            return XCTFail(check.stdout)
        }
        XCTAssertEqual(first["decision"], .string("match"))
        let explain = try run(["explain", big, "https://a.example/a/x", "--app", Self.app])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.contains("Decision: match by applinks.details[0].components[0]"), explain.stdout)
        let validate = try run(["validate", big])
        XCTAssertEqual(validate.status, 1, "over Apple's size limit is an error")
        XCTAssertTrue(validate.stdout.hasPrefix("error [over-apple-size-limit] (document): the file is 5,242,9"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("info [lint-skipped] (document): "), validate.stdout)
        for r in [check, explain, validate] { XCTAssertLessThan(r.seconds, Self.timeLimit) }
    }

    // MARK: - Flags of check and explain

    func testNonASCIIDomainIsRefusedWithItsPunycodeForm() throws {
        let doc = try file("doc.json", Array(#"{"applinks":{"details":[{"appIDs":["\#(Self.app)"],"components":[{"/":"/*"}]}]}}"#.utf8))
        let subject = "--domain \"bücher.example\""
        let hint = "give --domain xn--bcher-kva.example"
        let check = try run(["check", doc, "https://xn--bcher-kva.example/x", "--domain", "bücher.example"])
        assertError(check, code: "idn-domain", subject: subject, exit: 2, "check")
        XCTAssertTrue(check.stderr.contains(hint), check.stderr)
        assertError(try run(["check", doc, "https://xn--bcher-kva.example/x", "--domain", "bücher.example", "--json"]),
                    code: "idn-domain", subject: subject, exit: 2, json: true, "check --json")
        let explain = try run(["explain", doc, "https://xn--bcher-kva.example/x", "--app", Self.app, "--domain", "bücher.example"])
        assertError(explain, code: "idn-domain", subject: subject, exit: 2, "explain")
        XCTAssertTrue(explain.stderr.contains(hint), explain.stderr)
        // The hint's form matches: the punycode URL is decided on the punycode domain.
        let ok = try run(["check", doc, "https://xn--bcher-kva.example/x", "--domain", "xn--bcher-kva.example"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("match    applinks.details[0].components[0]"), ok.stdout)
        // A Unicode host in the URL is not converted (U3-idn-host): the no_match says how to write it.
        let unicodeURL = try run(["check", doc, "https://bücher.example/x", "--domain", "xn--bcher-kva.example"])
        XCTAssertEqual(unicodeURL.status, 0, unicodeURL.stderr)
        XCTAssertTrue(unicodeURL.stdout.contains("no_match (host b%C3%BCcher.example is not xn--bcher-kva.example; a Unicode host is not converted to punycode"),
                      unicodeURL.stdout)
    }

    /// RFC 3492 section 7.1's samples (A), (B) and (E), plus two common names, through the hint.
    func testPunycodeHintMatchesKnownEncodings() throws {
        let doc = try file("doc.json", Array(#"{"applinks":{"details":[{"appIDs":["\#(Self.app)"],"components":[{"/":"/*"}]}]}}"#.utf8))
        let vectors = [
            ("ليهمابتكلموشعربي؟", "xn--egbpdaj6bu4bxfgehfvwxn"),
            ("他们为什么不说中文", "xn--ihqwcrb4cv8a8dqg056pqjye"),
            ("למההםפשוטלאמדבריםעברית", "xn--4dbcagdahymbxekheh6e0a7fei0b"),
            ("münchen.example", "xn--mnchen-3ya.example"),
            ("café.example", "xn--caf-dma.example"),       // SPEC.md's open point U3-idn-host
            ("BÜCHER.Example", "xn--bcher-kva.example"),    // lowercased first
        ]
        for (unicode, ascii) in vectors {
            let r = try run(["check", doc, "https://a.example/x", "--domain", unicode])
            XCTAssertEqual(r.status, 2, unicode)
            XCTAssertTrue(r.stderr.contains("; give --domain \(ascii)\n"), "\(unicode): \(r.stderr)")
        }
    }

    // MARK: - fuzz: --program, --report, --known

    func testFuzzWithAMissingProgramFailsFastWithItsStderr() throws {
        let r = try run(["fuzz", "--program", "no-such-matcher-xyz --serve", "--cases", "1000"])
        assertError(r, code: "program-not-found", subject: "--program \"no-such-matcher-xyz --serve\"", exit: 2,
                    stdout: "fuzzing no-such-matcher-xyz --serve against linkmatch (reference engine), seed 1\n", "missing program")
        XCTAssertTrue(r.stderr.contains("(started 2 times)") && r.stderr.contains("no-such-matcher-xyz: not found"), r.stderr)
        XCTAssertLessThan(r.seconds, 5, "two starts, not one per request")
    }

    func testFuzzChecksAnUnwritableReportBeforeFuzzing() throws {
        let out = try unwritable()
        // The program would take the whole time limit: the check comes first.
        let r = try run(["fuzz", "--program", "sleep 60", "--report", out, "--timeout", "30"])
        assertError(r, code: "output-unwritable", subject: "--report \(out)", exit: 2, "unwritable --report")
        XCTAssertLessThan(r.seconds, 5)
    }

    func testFuzzRefusesAKnownFileThatIsNotAFile() throws {
        for input in try refusedFiles() where input.code != "file-too-large" {
            let r = try run(["fuzz", "--program", "sleep 60", "--known", input.path])
            assertError(r, code: input.code, subject: "--known \(input.path)", exit: 2, "--known \(input.name)")
        }
        for input in try brokenDocuments() where input.name != "empty file" {
            let r = try run(["fuzz", "--program", "sleep 60", "--known", input.path])
            assertError(r, code: "invalid-known-file", subject: "--known \(input.path)", exit: 2, "--known \(input.name)")
        }
    }

    // MARK: - probes: FILE, --manifest, --vectors, DIR

    func testProbesImportRefusesWhatIsNotAFile() throws {
        let manifest = try file("manifest.json", Array(#"{"format":1,"probes":[]}"#.utf8))
        for input in try refusedFiles() where input.code != "file-too-large" {
            for json in [false, true] {
                let r = try run(["probes", "import", input.path, "--manifest", manifest] + (json ? ["--json"] : []))
                assertError(r, code: input.code, subject: input.path, exit: 1, json: json, "import \(input.name)")
            }
            let m = try run(["probes", "import", manifest, "--manifest", input.path, "--json"])
            assertError(m, code: input.code, subject: input.path, exit: 1, json: true, "--manifest \(input.name)")
        }
        for input in try brokenDocuments() {
            let r = try run(["probes", "import", manifest, "--manifest", input.path, "--json"])
            assertError(r, code: "invalid-json", subject: input.path, exit: 1, json: true, "--manifest \(input.name)")
        }
    }

    func testProbesOutputsThatCannotBeWritten() throws {
        let out = try unwritable()
        let vectors = try run(["probes", "import", "/dev/zero", "--vectors", out, "--json"])
        assertError(vectors, code: "output-unwritable", subject: "--vectors \(out)", exit: 2, json: true, "--vectors")
        let export = try run(["probes", "export", out])
        assertError(export, code: "output-unwritable", subject: out, exit: 2, "export DIR")
        for input in try refusedFiles() where input.code != "file-too-large" {
            let spec = try run(["probes", "export", scratch.appendingPathComponent("kit").path, "--spec", input.path])
            assertError(spec, code: input.code, subject: input.path, exit: 1, "--spec \(input.name)")
        }
    }

    // MARK: - Output

    func testControlCharactersAreEscapedOnTheTerminalAndJSONStaysJSON() throws {
        // A pattern with ESC, DEL and a C1 control (NEL), an app ID with ESC, a file name with ESC.
        let doc = try file("ctl\u{1B}[2J.json", Array(#"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/\u001b[31mred\u007f\u0085"}]}]}}"#.utf8))
        let explain = try run(["explain", doc, "https://a.example/x", "--app", "A.b"])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.contains(#"pattern "/\u001b[31mred\u{7F}\u{85}""#), explain.stdout)
        let check = try run(["check", doc, "https://a.example/x", "--app", "A.\u{1B}]0;title\u{7}b"])
        XCTAssertTrue(check.stderr.contains("no entry lists app A.\\u{1B}]0;title\\u{7}b"), check.stderr)
        XCTAssertTrue(check.stdout.contains("A.\\u{1B}]0;title\\u{7}b  no_match"), check.stdout)
        let missing = try run(["validate", scratch.appendingPathComponent("no\u{1B}[31m.json").path])
        XCTAssertTrue(missing.stderr.contains("no\\u{1B}[31m.json"), missing.stderr)
        for r in [explain, check, missing] {
            XCTAssertFalse((r.stdout + r.stderr).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                           "a raw control character reached the terminal: \(r.stdout.debugDescription) \(r.stderr.debugDescription)")
        }
        // JSON: the same strings, escaped the JSON way.
        let json = try run(["check", doc, "https://a.example/x", "--app", "A.\u{1B}b", "--json"])
        XCTAssertFalse(json.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, json.stdout)
        guard case .array(let results)? = try LinkMatchTool.json(json.stdout)["results"], case .object(let first)? = results.first else {
            return XCTFail(json.stdout)
        }
        XCTAssertEqual(first["appId"], .string("A.\u{1B}b"))
        // DEL and C1 controls, which JSON allows raw, are written as \u escapes: the same string to a reader.
        let del = try run(["check", doc, "https://a.example/x", "--app", "A.\u{7F}\u{85}b", "--json"])
        XCTAssertTrue(del.stdout.contains(#""appId": "A.\u007F\u0085b""#), del.stdout)
        guard case .array(let delResults)? = try LinkMatchTool.json(del.stdout)["results"], case .object(let delFirst)? = delResults.first else {
            return XCTFail(del.stdout)
        }
        XCTAssertEqual(delFirst["appId"], .string("A.\u{7F}\u{85}b"))
    }

    // MARK: - explain and check agree

    /// A rule the reference engine cannot finish within its step budget: `check` (compiled) and
    /// `explain` reach the same decision, and `explain` says where the budget ran out.
    func testExplainDecidesAsCheckWhereTheReferenceBudgetRunsOut() throws {
        let hard = "/" + String(repeating: "*a", count: 200) + "b"
        let url = "https://a.example/" + String(repeating: "a", count: 3000)
        let withFallback = try file("hard.json", Array(#"{"applinks":{"details":[{"appIDs":["\#(Self.app)"],"components":[{"/":"\#(hard)"},{"/":"/*"}]}]}}"#.utf8))
        let check = try run(["check", withFallback, url])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("\(Self.app)  match    applinks.details[0].components[1]"), check.stdout)
        let explain = try run(["explain", withFallback, url, "--app", Self.app])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.contains("Decision: match by applinks.details[0].components[1]"), explain.stdout)
        XCTAssertTrue(explain.stdout.contains("not_matched (compiled engine: the reference engine's step budget ran out here, M1)"), explain.stdout)
        XCTAssertTrue(explain.stdout.contains("note: the reference engine's step budget (1,000,000 steps per rule, M1) ran out"), explain.stdout)
        XCTAssertFalse(explain.stdout.contains("undecided"), explain.stdout)

        let alone = try file("hard-alone.json", Array(#"{"applinks":{"details":[{"appIDs":["\#(Self.app)"],"components":[{"/":"\#(hard)"}]}]}}"#.utf8))
        let noMatch = try run(["explain", alone, url, "--app", Self.app])
        XCTAssertEqual(noMatch.status, 0, noMatch.stderr)
        XCTAssertTrue(noMatch.stdout.contains("Decision: no_match: none of the 1 rule for this app matched"), noMatch.stdout)
        XCTAssertTrue(noMatch.stdout.contains("(the compiled engine's verdict: the reference engine's step budget ran out here, M1)"), noMatch.stdout)
        XCTAssertTrue(try run(["check", alone, url]).stdout.contains("no_match (no_rule_matched)"))

        // The reference engine itself says undecided, with a space before the reason.
        let reference = try run(["check", withFallback, url, "--engine", "reference"])
        XCTAssertEqual(reference.status, 1)
        XCTAssertTrue(reference.stdout.contains("\(Self.app)  undecided (budget)"), reference.stdout)
        for r in [check, explain, noMatch, reference] { XCTAssertLessThan(r.seconds, Self.timeLimit) }
    }

    // MARK: - Usage errors

    func testUsageErrorsAreTypedAndJSONWithJSON() throws {
        let r = try run(["check", "x.json", "--json"])
        assertError(r, code: "usage", subject: "linkmatch check", exit: 2, json: true, "missing URL")
        let v = try run(["validate", "--json"])
        assertError(v, code: "usage", subject: "linkmatch validate", exit: 2, json: true, "missing file")
    }
}
