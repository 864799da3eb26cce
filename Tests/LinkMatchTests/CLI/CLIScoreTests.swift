import Foundation
import LinkMatch
import LinkMatchTestData
import XCTest

/// `linkmatch score --program CMD`: LinkMatch's own `conformance` passes every case; each example peer's
/// deliberate deviations come out as failure groups named by their readings (written here from
/// examples/peers/README.md, not taken from a run) and nothing else does; the JSON report is stable and
/// valid JSON on every path; the exit status follows `observed`.
final class CLIScoreTests: XCTestCase {
    static let peers = CLIPeerTests.peers

    /// `score --json` with these arguments: exit status and the report (or error) object.
    static func score(_ program: String, _ more: [String] = []) throws -> (status: Int32, report: JSONObject, stdout: String) {
        let run = try LinkMatchTool.run(["score", "--program", program, "--json"] + more)
        return (run.status, try LinkMatchTool.json(run.stdout), run.stdout)
    }

    func score(_ program: String, _ more: [String] = []) throws -> (status: Int32, report: JSONObject, stdout: String) {
        try Self.score(program, more)
    }

    func suites(_ report: JSONObject) -> [String: JSONObject] {
        guard case .array(let list)? = report["suites"] else { return [:] }
        var out: [String: JSONObject] = [:]
        for case .object(let s) in list { if case .string(let name)? = s["suite"] { out[name] = s } }
        return out
    }

    /// The group titles' readings per suite ("observed": ["no-parent-path", ...]); a group no reading
    /// explains shows as its cause text.
    func groupReadings(_ report: JSONObject) -> Set<String> {
        var out = Set<String>()
        for (_, suite) in suites(report) {
            guard case .array(let groups)? = suite["groups"] else { continue }
            for case .object(let g) in groups {
                guard case .array(let readings)? = g["readings"], !readings.isEmpty else {
                    out.insert("unexplained: \(g["cause"].map { $0.serialized() } ?? "?")")
                    continue
                }
                out.insert(readings.map { if case .string(let s) = $0 { s } else { "?" } }.joined(separator: "+"))
            }
        }
        return out
    }

    func count(_ suite: JSONObject?, _ key: String) -> Int {
        if case .number(let n)? = suite?[key] { return Int(n) ?? -1 }
        return -1
    }

    func testLinkMatchsOwnConformancePassesEveryCase() throws {
        for engine in ["compiled", "reference"] {
            let (status, report, _) = try score("'\(LinkMatchTool.executable.path)' conformance --engine \(engine)")
            XCTAssertEqual(status, 0, engine)
            let all = suites(report)
            XCTAssertEqual(Set(all.keys), ["observed", "decided"])
            for name in ["observed", "decided"] {
                XCTAssertGreaterThan(count(all[name], "cases"), 100, "\(engine) \(name)")
                XCTAssertEqual(count(all[name], "passed"), count(all[name], "cases"), "\(engine) \(name)")
                XCTAssertEqual(count(all[name], "failed") + count(all[name], "errors"), 0, "\(engine) \(name)")
            }
            XCTAssertEqual(report["version"], .number("1"))
            XCTAssertEqual(report["passes"], .bool(true))
            guard case .array(let takes)? = report["openPoints"] else { return XCTFail("no openPoints") }
            XCTAssertEqual(takes.count, OpenPoints.all.count)
            for case .object(let take) in takes {
                guard case .array(let readings)? = take["readings"] else { return XCTFail("no readings") }
                XCTAssertTrue(readings.contains(.string("linkmatch")), "\(engine): \(take)")
            }
        }
    }

    func peer(_ interpreter: String, _ script: String, deviations: String? = nil) -> String {
        (deviations.map { "PEER_DEVIATIONS=\($0) " } ?? "") + "\(interpreter) '\(Self.peers.appendingPathComponent(script).path)'"
    }

    /// Every deviation a suite case reaches, each its own group, and no group without a reading. R7
    /// (lenient documents) is reached by no case: every vector expects a decision. The single-case
    /// explanations add a few groups beside the deviations (a case is not shrunk first, so another
    /// reading of the catalogue can fit it better): written here as seen, each for one or two cases.
    func testEachRegexPeerDeviationIsAGroupOfItsOwn() throws {
        let program = peer("python3", "regex_matcher.py")
        // The same run twice, side by side (two runs of the same program must print the same report).
        let twice = try Concurrently.map([program, program]) { try Self.score($0, ["--suite", "observed", "--suite", "decided"]) }
        let (status, report, stdout) = twice[0]
        XCTAssertEqual(status, 1)
        let deliberate: Set = ["no-parent-path", "absent-query-item-fails", "host-case-sensitive", "first-query-item-only",
                               "variables-literal", "percent-encoded-ignored"] // R1-R6
        let found = groupReadings(report)
        XCTAssertTrue(found.isSuperset(of: deliberate), "missing: \(deliberate.subtracting(found))")
        XCTAssertEqual(found.subtracting(deliberate), ["fold-ascii-only", "defaults-ignored", "defaults-only-for-components"],
                       "a new reading of the catalogue may explain a case better: check the groups and update this list")
        // Two runs of the same program print the same report.
        XCTAssertEqual(twice[1].stdout, stdout)
        // With its deviations off the peer passes everything.
        let off = try score(peer("python3", "regex_matcher.py", deviations: ""), ["--suite", "observed", "--suite", "decided"])
        XCTAssertEqual(off.status, 0)
        XCTAssertEqual(groupReadings(off.report), [])
    }

    /// G1-G4 with every deviation on; G5 (D4's empty `appIDs`) alone, since the one case that reaches it
    /// (`D4 appIDs-empty-ignores-appID`, a URL ending in `/`) fails for G1 too and passes by accident.
    func testEachGlobPeerDeviationIsAGroupOfItsOwn() throws {
        let (status, report, _) = try score(peer("perl", "glob_matcher.pl"), ["--suite", "observed", "--suite", "decided"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(groupReadings(report), ["trailing-slash-significant", "predefined-values-unfolded", "scheme-case-sensitive",
                                               "entry-defaults-ignored"]) // G1-G4
        let g5 = try score(peer("perl", "glob_matcher.pl", deviations: "G5"), ["--suite", "observed"])
        XCTAssertEqual(g5.status, 1)
        XCTAssertEqual(groupReadings(g5.report), ["appid-fallback-when-appids-empty"])
    }

    /// G3 (the scheme, U2) is a decided rule: `observed` passes (exit 0) while `decided` does not, and
    /// with `--suite decided` alone the exit status follows it.
    func testTheExitStatusFollowsObserved() throws {
        let program = peer("perl", "glob_matcher.pl", deviations: "G3")
        let both = try score(program, ["--suite", "observed", "--suite", "decided"])
        XCTAssertEqual(both.status, 0)
        XCTAssertEqual(count(suites(both.report)["decided"], "failed"), 2)
        XCTAssertEqual(both.report["gradingSuite"], .string("observed"))
        XCTAssertEqual(try score(program, ["--suite", "decided"]).status, 1)
    }

    func testOpenPointReadingsTakenByAPeer() throws {
        // G1 keeps the URL's trailing slash, so `/a%2F` decoded keeps its slash: N4-decoded-slash's other
        // reading. With its deviations off the peer takes LinkMatch's reading there too.
        for (deviations, n4) in [(nil, "normalize-then-decode"), ("", "linkmatch")] {
            let (status, report, _) = try score(peer("perl", "glob_matcher.pl", deviations: deviations), ["--suite", "open-points"])
            XCTAssertEqual(status, 0, "no graded suite: readings are not right or wrong")
            guard case .array(let takes)? = report["openPoints"] else { return XCTFail("no openPoints: \(report)") }
            XCTAssertEqual(report["suites"], .array([]))
            XCTAssertEqual(takes.count, OpenPoints.all.count)
            for case .object(let take) in takes {
                let expected = take["point"] == .string("N4-decoded-slash") ? n4 : "linkmatch"
                guard case .array(let readings)? = take["readings"] else { return XCTFail("no readings") }
                XCTAssertTrue(readings.contains(.string(expected)), "\(deviations ?? "all"): \(take)")
                if expected != "linkmatch" { XCTAssertFalse(readings.contains(.string("linkmatch"))) }
            }
        }
    }

    func testJSONOnEveryPath() throws {
        let missing = try score("no-such-matcher-\(UUID().uuidString)")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual((missing.report["error"]).flatMap { if case .object(let e) = $0 { e["code"] } else { nil } }, .string("program-not-found"))
        let silent = try score("exit 3")
        XCTAssertEqual(silent.status, 2)
        XCTAssertNotNil(silent.report["error"])
        let usage = try LinkMatchTool.run(["score", "--json", "--suite", "nonsense", "--program", "true"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertNotNil(try LinkMatchTool.json(usage.stdout)["error"])
        let unwritable = try score("'\(LinkMatchTool.executable.path)' conformance", ["--report", "/dev/null/x"])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertNotNil(unwritable.report["error"])
        // A program that answers every request with an error: a report, every case an error.
        let erring = try score(#"while read -r line; do echo '{"id":null,"error":"no"}'; done"#, ["--suite", "observed", "--timeout", "2"])
        XCTAssertEqual(erring.status, 2, "replies with the wrong id are a protocol violation: the program never answers")
    }

    /// A program that errs on some requests and exits on another is scored, not given up on: the `error`
    /// replies and the failure are groups of their own, counted as errors, and the program is restarted.
    /// Every other request it hands to LinkMatch's own `conformance`, so those pass and no other group
    /// comes up (a wrong decision would be explained against every reading, which only costs time here).
    func testErrorRepliesAndAProgramFailureAreGroupsOfTheirOwn() throws {
        let script = """
            import json, subprocess, sys
            matcher = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for line in sys.stdin:
                r = json.loads(line)
                if "EXAMPLE" in r["url"]:
                    sys.exit(3)
                if "/buy/" in r["url"]:
                    print(json.dumps({"id": r["id"], "error": "no buying"}), flush=True)
                else:
                    matcher.stdin.write(line)
                    matcher.stdin.flush()
                    print(matcher.stdout.readline(), end="", flush=True)
            """
        let (status, report, stdout) = try LinkMatchTool.withTemporaryDirectory { dir in
            try script.write(toFile: dir + "/erring.py", atomically: true, encoding: .utf8)
            return try score("python3 '\(dir)/erring.py' '\(LinkMatchTool.executable.path)' conformance", ["--suite", "observed"])
        }
        XCTAssertEqual(status, 1, stdout)
        let observed = try XCTUnwrap(suites(report)["observed"])
        guard case .array(let groups)? = observed["groups"] else { return XCTFail("no groups") }
        var byCause: [String: JSONObject] = [:]
        for case .object(let g) in groups { if case .string(let cause)? = g["cause"] { byCause[cause] = g } }
        let erring = try XCTUnwrap(byCause["the program replied error"], "\(byCause.keys)")
        let failing = try XCTUnwrap(byCause["program failure"], "\(byCause.keys)")
        guard case .string(let erringReplay)? = erring["replay"], case .string(let failingReplay)? = failing["replay"] else { return XCTFail("no replay") }
        XCTAssertTrue(erringReplay.contains("/buy/"), erringReplay)
        XCTAssertTrue(failingReplay.contains("EXAMPLE"), failingReplay)
        XCTAssertEqual(count(erring, "count") + count(failing, "count"), count(observed, "errors"))
        XCTAssertEqual(Set(byCause.keys), ["the program replied error", "program failure"], "every other case is LinkMatch's answer")
        XCTAssertGreaterThan(count(observed, "passed"), 100, "the program was restarted after it exited")
    }

    func testTheReportDirectoryHoldsTheSameReport() throws {
        try LinkMatchTool.withTemporaryDirectory { dir in
            let (status, _, stdout) = try score("'\(LinkMatchTool.executable.path)' conformance", ["--report", dir, "--suite", "observed"])
            XCTAssertEqual(status, 0)
            XCTAssertEqual(try String(contentsOfFile: dir + "/score.json", encoding: .utf8), stdout)
            let text = try String(contentsOfFile: dir + "/score.txt", encoding: .utf8)
            XCTAssertTrue(text.contains("observed: "), text)
        }
    }
}
