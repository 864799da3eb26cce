import XCTest
import LinkMatch
import LinkMatchTestData

/// `linkmatch diff`: exit codes (0 no change, 1 changed, 2 bad input), `--json` on every path, and
/// the README example on TestData/diff-examples.
final class CLIDiffTests: XCTestCase {
    static func example(_ name: String) -> String {
        TestDataFolder.root.appendingPathComponent("diff-examples").appendingPathComponent(name).path
    }

    func testExcludeMovedIsAChangeWithWitnesses() throws {
        let run = try LinkMatchTool.run(["diff", LinkMatchTool.realWorld("5calls__5calls__well-known.json"),
                                         Self.example("5calls-exclude-moved.json"), "--json"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let obj = try LinkMatchTool.json(run.stdout)
        XCTAssertEqual(obj["changed"], .bool(true))
        guard case .array(let apps)? = obj["apps"], case .object(let app)? = apps.first,
              case .array(let changes)? = app["changes"], case .object(let change)? = changes.first,
              case .array(let witnesses)? = change["witnesses"], case .object(let w)? = witnesses.first else {
            return XCTFail(run.stdout)
        }
        XCTAssertEqual(app["appId"], .string("5A8RM3W5R7.org.fivecalls.FiveCalls-ios"))
        XCTAssertEqual(change["cause"], .string("rule-moved"))
        XCTAssertEqual(w["old"], .string("exclude"))
        XCTAssertEqual(w["new"], .string("match"))
        guard case .string(let url)? = w["url"] else { return XCTFail(run.stdout) }
        XCTAssertTrue(url.hasPrefix("https://example.com/issue") && url.hasSuffix("#no_universal_links"), url)
        // `check` agrees on the witness, file by file.
        for (file, expected) in [(LinkMatchTool.realWorld("5calls__5calls__well-known.json"), "exclude"),
                                 (Self.example("5calls-exclude-moved.json"), "match")] {
            let check = try LinkMatchTool.run(["check", file, url])
            XCTAssertTrue(check.stdout.contains(" \(expected) "), check.stdout)
        }
    }

    func testExcludeAddedText() throws {
        let run = try LinkMatchTool.run(["diff", LinkMatchTool.realWorld("WelcometoMyGarden__welcometomygarden__well-known.json"),
                                         Self.example("welcometomygarden-exclude-added.json")])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("rule shadowed"), run.stdout)
        XCTAssertTrue(run.stdout.contains("https://example.com/blog/"), run.stdout)
        XCTAssertTrue(run.stdout.contains("match -> exclude"), run.stdout)
    }

    func testSameFileIsProvedUnchangedExit0() throws {
        let file = LinkMatchTool.realWorld("simplex-chat__simplex-chat__website-well-known.json")
        let run = try LinkMatchTool.run(["diff", file, file])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("no change (proved: "), run.stdout)
    }

    func testFileThatNoLongerParsesIsAChange() throws {
        let run = try LinkMatchTool.run(["diff", LinkMatchTool.realWorld("5calls__5calls__well-known.json"),
                                         LinkMatchTool.realWorld("5calls__5calls__well-known-2020-trailing-comma.json"), "--json"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let obj = try LinkMatchTool.json(run.stdout)
        guard case .object(let error)? = obj["newError"] else { return XCTFail(run.stdout) }
        XCTAssertEqual(error["code"], .string("invalid-json"))
        XCTAssertTrue(run.stdout.contains("\"file-no-longer-parses\""), run.stdout)
    }

    func testBadInputIsExit2WithJSON() throws {
        let good = LinkMatchTool.realWorld("5calls__5calls__well-known.json")
        let bad = LinkMatchTool.realWorld("5calls__5calls__well-known-2020-trailing-comma.json")
        for (args, code) in [(["diff", good, "/no/such/file", "--json"], "no-such-file"),
                             (["diff", "/", good, "--json"], "not-a-regular-file"),
                             (["diff", bad, bad, "--json"], "no-document"),
                             (["diff", good, good, "--budget=-1", "--json"], "bad-budget"),
                             (["diff", good, good, "--domain", "bücher.example", "--json"], "idn-domain")] {
            let run = try LinkMatchTool.run(args)
            XCTAssertEqual(run.status, 2, "\(args) \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("error [\(code)] "), run.stderr)
            let obj = try LinkMatchTool.json(run.stdout)
            guard case .object(let error)? = obj["error"] else { XCTFail(run.stdout); continue }
            XCTAssertEqual(error["code"], .string(code))
        }
    }
}
