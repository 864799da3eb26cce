import XCTest
import LinkMatch
import LinkMatchTestData

/// `linkmatch check`: decisions per URL and app, and every failure path.
final class CLICheckTests: XCTestCase {
    /// (url, app) -> decision from `check --json`.
    func decisions(_ file: String, _ urls: [String], extra: [String] = []) throws -> (decisions: [String: String], run: LinkMatchTool.Run) {
        let run = try LinkMatchTool.run(["check", file] + urls + ["--json"] + extra)
        let obj = try LinkMatchTool.json(run.stdout)
        guard case .array(let results)? = obj["results"] else { throw VectorError("no results: \(run.stdout)") }
        var out: [String: String] = [:]
        for case .object(let r) in results {
            guard case .string(let url)? = r["url"] else { continue }
            if case .string(let app)? = r["appId"], case .string(let d)? = r["decision"] { out[url + " " + app] = d }
            if case .string(let e)? = r["error"] { out[url] = "error: " + e }
        }
        return (out, run)
    }

    // MARK: - INDEX.md sample URLs (expectations read from TestData/real-world-aasa/INDEX.md)

    func testWikipediaSamples() throws {
        let apps = ["AKK7J2GV64.org.wikimedia.wikipedia.developer", "AKK7J2GV64.org.wikimedia.wikipedia.tfalpha",
                    "AKK7J2GV64.org.wikimedia.wikipedia.tfbeta", "AKK7J2GV64.org.wikimedia.wikipedia.adhoc",
                    "AKK7J2GV64.org.wikimedia.wikipedia"]
        let urls = ["https://en.wikipedia.org/wiki/Universal_Links",
                    "https://en.wikipedia.org/w/index.php?title=Apple_Inc.&action=history",
                    "https://en.wikipedia.org/WIKI/Apple"]
        let (got, run) = try decisions(LinkMatchTool.realWorld("wikimedia__operations-mediawiki-config__wikipedia-org.json"), urls)
        XCTAssertEqual(run.status, 0, run.stderr)
        for app in apps {
            XCTAssertEqual(got[urls[0] + " " + app], "match", app)
            XCTAssertEqual(got[urls[1] + " " + app], "no_match", app)
            XCTAssertEqual(got[urls[2] + " " + app], "no_match", app) // case-sensitive by default
        }
        XCTAssertEqual(got.count, 15)
    }

    func testTwitterSignedSamples() throws {
        let app = "8248RGMF2D.com.atebits.Tweetie2"
        let expect = ["https://twitter.com/jack/status/20": "match",
                      "https://twitter.com/settings/account": "match",        // listed before NOT /settings/*
                      "https://twitter.com/settings/notifications": "exclude",
                      "https://twitter.com/jack/privacy": "exclude",          // NOT /*/privacy
                      "https://twitter.com/account/login-token": "match",
                      "https://twitter.com/account/begin_password_reset": "exclude"]
        let urls = expect.keys.sorted()
        let (got, run) = try decisions(LinkMatchTool.realWorld("ethanhuang13__knil__twitter-signed-pkcs7.json"), urls,
                                       extra: ["--app", app, "--domain", "twitter.com"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for url in urls { XCTAssertEqual(got[url + " " + app], expect[url], url) }
    }

    func testDerivDecidesPerApp() throws {
        let urls = ["https://deriv.com/redirect?action=verify&code=X", "https://deriv.com/cashier/p2p", "https://deriv.com/redirect/"]
        let (got, run) = try decisions(LinkMatchTool.realWorld("binary-com__deriv-com__static-well-known.json"), urls)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(got[urls[0] + " 36S5Q8S4V5.com.deriv.app"], "match")
        XCTAssertEqual(got[urls[0] + " 36S5Q8S4V5.com.deriv.dp2p"], "no_match")
        XCTAssertEqual(got[urls[1] + " 36S5Q8S4V5.com.deriv.app"], "no_match")
        XCTAssertEqual(got[urls[1] + " 36S5Q8S4V5.com.deriv.dp2p"], "match")
        // INDEX.md reads `/redirect/` as no match ("exact path"); SPEC.md N2 makes the trailing
        // slash insignificant, so it matches `/redirect` for the app that lists it.
        XCTAssertEqual(got[urls[2] + " 36S5Q8S4V5.com.deriv.app"], "match")
    }

    func testAudiusAndCatchplaySamples() throws {
        let audius = "LRFCG93S85.co.audius.audiusmusic"
        let a = ["https://audius.co/someartist/some-track", "https://audius.co/oauth/auth?scope=read", "https://audius.co/checkout"]
        let (got, run) = try decisions(LinkMatchTool.realWorld("AudiusProject__audius-protocol__packages-web-public-well-known.json"), a)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual([got[a[0] + " " + audius], got[a[1] + " " + audius], got[a[2] + " " + audius]], ["match", "exclude", "exclude"])

        let catchplay = "MKK9DM2XD9.com.catchplay.AsiaPlay"
        let c = ["https://www.catchplay.com/tw/video-d7a9f1b2", "https://www.catchplay.com/home", "https://www.catchplay.com/tw/account"]
        let (got2, run2) = try decisions(LinkMatchTool.realWorld("ethanhuang13__knil__catchplay-dict-details.json"), c)
        XCTAssertEqual(run2.status, 0, run2.stderr)
        XCTAssertEqual([got2[c[0] + " " + catchplay], got2[c[1] + " " + catchplay], got2[c[2] + " " + catchplay]], ["match", "match", "no_match"])
    }

    // MARK: - Text output

    func testTextOutputNamesDecisionAndRule() throws {
        let run = try LinkMatchTool.run(["check", LinkMatchTool.realWorld("5calls__5calls__well-known.json"),
                                         "https://5calls.org/issue/some-issue", "https://5calls.org/issue/x#no_universal_links",
                                         "https://5calls.org/about"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, run.stdout)
        XCTAssertEqual(lines[0], "https://5calls.org/issue/some-issue")
        XCTAssertTrue(lines[1].contains("5A8RM3W5R7.org.fivecalls.FiveCalls-ios") && lines[1].contains("match")
                      && lines[1].hasSuffix("applinks.details[0].components[1]"), lines[1])
        XCTAssertTrue(lines[3].contains("exclude") && lines[3].hasSuffix("applinks.details[0].components[0]"), lines[3])
        XCTAssertTrue(lines[5].contains("no_match") && lines[5].contains("(no_rule_matched)"), lines[5])
    }

    func testDomainIsCheckedOnlyWhenGiven() throws {
        let file = LinkMatchTool.realWorld("bluesky-social__social-app__bskyweb-static-well-known.json")
        let url = "https://evil.example/profile/x"
        let (open, _) = try decisions(file, [url])
        XCTAssertEqual(Set(open.values), ["match"])
        let run = try LinkMatchTool.run(["check", file, url, "--domain", "bsky.app", "--json"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("\"reason\": \"host\""), run.stdout)
        XCTAssertTrue(run.stdout.contains("\"decision\": \"no_match\""), run.stdout)
    }

    // MARK: - Failure paths

    func testMissingFileExitsOneNamingIt() throws {
        let run = try LinkMatchTool.run(["check", "/nonexistent/aasa.json", "https://a.example/"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("/nonexistent/aasa.json") && run.stderr.contains("no such file"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testTrailingCommaFileReportsLineAndColumn() throws {
        // Line 16 is `               },` : the comma is column 17.
        let run = try LinkMatchTool.run(["check", LinkMatchTool.realWorld("5calls__5calls__well-known-2020-trailing-comma.json"),
                                         "https://5calls.org/issue/x"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("5calls__5calls__well-known-2020-trailing-comma.json: line 16, column 17: trailing comma"), run.stderr)
        XCTAssertTrue(run.stderr.contains("[invalid-json]"), run.stderr)
    }

    func testBadJSONReportsLineAndColumn() throws {
        try LinkMatchTool.withFile("{\n  \"applinks\": {\n    \"details\": [}\n}") { file in
            let run = try LinkMatchTool.run(["check", file, "https://a.example/"])
            XCTAssertEqual(run.status, 1)
            XCTAssertTrue(run.stderr.contains("\(file): line 3, column 17:"), run.stderr)
        }
        try LinkMatchTool.withFile("[1, 2]") { file in
            let run = try LinkMatchTool.run(["check", file, "https://a.example/"])
            XCTAssertEqual(run.status, 1)
            XCTAssertTrue(run.stderr.contains("[top-level-not-object]"), run.stderr)
        }
    }

    func testBadURLIsReportedWithOffsetAndOthersStillDecided() throws {
        let file = LinkMatchTool.realWorld("bluesky-social__social-app__bskyweb-static-well-known.json")
        let run = try LinkMatchTool.run(["check", file, "https://bsky.app/a%zzb", "https://bsky.app/ok", "not a url"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("bad URL \"https://bsky.app/a%zzb\"") && run.stderr.contains("byte 18")
                      && run.stderr.contains("[invalid-percent-escape]"), run.stderr)
        // The caret sits under the '%' (2 spaces of indent + 18 bytes).
        XCTAssertTrue(run.stderr.contains("\n  https://bsky.app/a%zzb\n" + String(repeating: " ", count: 20) + "^"), run.stderr)
        XCTAssertTrue(run.stderr.contains("bad URL \"not a url\"") && run.stderr.contains("[missing-scheme]"), run.stderr)
        XCTAssertTrue(run.stdout.contains("https://bsky.app/ok\n  ") && run.stdout.contains("match"), run.stdout)

        let (got, jsonRun) = try decisions(file, ["https://bsky.app/a%zzb"])
        XCTAssertEqual(jsonRun.status, 1)
        XCTAssertEqual(got["https://bsky.app/a%zzb"]?.hasPrefix("error: invalid percent escape"), true, "\(got)")
    }

    func testUnknownAppIsNoMatchWithAWarning() throws {
        let file = LinkMatchTool.realWorld("bluesky-social__social-app__bskyweb-static-well-known.json")
        let run = try LinkMatchTool.run(["check", file, "https://bsky.app/x", "--app", "ABCDE12345.not.listed", "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("no entry lists app ABCDE12345.not.listed"), run.stderr)
        XCTAssertTrue(run.stdout.contains("\"decision\": \"no_match\"") && run.stdout.contains("\"reason\": \"app_not_listed\""), run.stdout)
    }

    func testParserErrorsAreWarningsAndCheckGoesOn() throws {
        let doc = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":7},{"/":"/ok/*"}]}]}}"#
        try LinkMatchTool.withFile(doc) { file in
            let run = try LinkMatchTool.run(["check", file, "https://a.example/ok/1"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("warning [wrong-type] \(file): applinks.details[0].components[0]"), run.stderr)
            // The component whose "/" is ignored becomes `{}` (matches everything, D10/D11) and decides.
            XCTAssertTrue(run.stdout.contains("match    applinks.details[0].components[0]"), run.stdout)
        }
    }

    func testFileWithoutAppsNeedsApp() throws {
        try LinkMatchTool.withFile(#"{"applinks":{"details":[]}}"#) { file in
            let run = try LinkMatchTool.run(["check", file, "https://a.example/"])
            XCTAssertEqual(run.status, 1)
            XCTAssertTrue(run.stderr.contains("lists no app"), run.stderr)
        }
    }
}
