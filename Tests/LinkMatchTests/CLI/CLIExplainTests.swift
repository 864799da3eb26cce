import XCTest
import LinkMatch
import LinkMatchTestData

/// `linkmatch explain`: the trace in words, for a match, an exclusion, nothing matched, and failures.
final class CLIExplainTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"
    let doc = ##"""
    {"applinks": {"defaults": {"caseSensitive": false},
      "details": [{"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"percentEncoded": false},
        "components": [
          {"#": "no_universal_links", "exclude": true},
          {"/": "/Buy/*", "?": {"Item": "??"}},
          {"/": "/help/*", "#": "top"}
        ]}]}}
    """##

    func explain(_ url: String, app: String? = nil, extra: [String] = []) throws -> LinkMatchTool.Run {
        try LinkMatchTool.withFile(doc) { file in
            try LinkMatchTool.run(["explain", file, url, "--app", app ?? self.app] + extra)
        }
    }

    /// The near misses (issue 32): the `/admin/*` exclude the author expected to fire is named, with
    /// why it did not decide; a later rule with the same outcome is named as such; a rule that fails
    /// for a reason its text hides (a component `NOT `) carries validate's finding and fix.
    func testNearMissesNameTheLaterExclude() throws {
        let doc = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
            + #"{"/": "NOT /login/*"}, {"/": "*"}, {"/": "/admin/*", "exclude": true}, {"/": "/admin/users"}]}]}}"#
        let run = try LinkMatchTool.withFile(doc) { file in
            try LinkMatchTool.run(["explain", file, "https://example.com/admin/users", "--app", app])
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        for expected in [
            "Decision: match by applinks.details[0].components[1]",
            "Later rules that also match this URL but do not decide (the first matching rule decides, C3): 2",
            "  applinks.details[0].components[2]: would exclude, but applinks.details[0].components[1] comes first "
                + "(move it before applinks.details[0].components[1] if it should decide)",
            "  applinks.details[0].components[3]: would match, but applinks.details[0].components[1] comes first with the same outcome",
            #"    applinks.details[0].components[0]: path "NOT /login/*" not_matched (validate: not-in-component)"#,
        ] {
            XCTAssertTrue(run.stdout.contains(expected), "missing \(expected) in\n\(run.stdout)")
        }
        // Nothing after the deciding rule matches: no near-miss section.
        let plain = try explain("https://example.com/BUY/caf%C3%A9?item=ab&x=1")
        XCTAssertFalse(plain.stdout.contains("Later rules"), plain.stdout)
    }

    func testMatchShowsPartsDefaultsAndDecidingRule() throws {
        let run = try explain("https://example.com/BUY/caf%C3%A9?item=ab&x=1")
        XCTAssertEqual(run.status, 0, run.stderr)
        let out = run.stdout
        for expected in [
            #"  path      "/BUY/caf%C3%A9""#,
            #"  query     "item=ab&x=1"  items: item="ab", x="1""#,
            "host      example.com (not checked: no --domain)",
            "effective defaults: exclude false, caseSensitive false (applinks.defaults), percentEncoded false (applinks.details[0].defaults)",
            "Decision: match by applinks.details[0].components[1]",
            #"applinks.details[0].components[0]: fragment "no_universal_links" not_matched"#,
            // percentEncoded false: decoded; caseSensitive false: folded.
            #"text    "/BUY/café" (folded "/buy/café")"#,
            #"pattern "/Buy/*" (folded "/buy/*")"#,
            #"query item "Item" pattern "??""#,
        ] {
            XCTAssertTrue(out.contains(expected), "missing \(expected) in\n\(out)")
        }
    }

    func testExcludeNamesTheExcludingRule() throws {
        let run = try explain("https://example.com/buy/1#no_universal_links")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("Decision: exclude by applinks.details[0].components[0]"), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"pattern "no_universal_links""#), run.stdout)
    }

    func testNothingMatchedShowsTheClosestRuleAndWhy() throws {
        // Rule 1 gets past its path and fails at the query item; rule 2 fails at its path; rule 0
        // fails at the fragment after path and query (2 parts matched): rule 0 is closest.
        let run = try explain("https://example.com/buy/1?item=abc")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("Decision: no_match: none of the 3 rules for this app matched"), run.stdout)
        XCTAssertTrue(run.stdout.contains("Closest rule applinks.details[0].components[0]"), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"-> it fails at the fragment: pattern "no_universal_links" does not match """#), run.stdout)

        // Ties go to the first rule: here rules 0 and 2 both match two parts before failing.
        let tie = try explain("https://example.com/help/x")
        XCTAssertTrue(tie.stdout.contains("Closest rule applinks.details[0].components[0]"), tie.stdout)
    }

    func testClosestRuleFailingAtTheQueryItem() throws {
        let doc = ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x"}, {"/": "/buy/*", "?": {"item": "??"}}]}]}}"##
        try LinkMatchTool.withFile(doc) { file in
            let run = try LinkMatchTool.run(["explain", file, "https://example.com/buy/1?item=abc&item=de", "--app", app])
            XCTAssertEqual(run.status, 0)
            XCTAssertTrue(run.stdout.contains("Closest rule applinks.details[0].components[1]"), run.stdout)
            XCTAssertTrue(run.stdout.contains(#"-> it fails at the query item "item": pattern "??" does not match "abc", "de""#), run.stdout)
            XCTAssertTrue(run.stdout.contains("(every occurrence must match, Q4)"), run.stdout)
        }
    }

    func testSchemeHostAndUnknownApp() throws {
        let http = try explain("http://example.com/buy/1")
        XCTAssertTrue(http.stdout.contains(#"Decision: no_match: the scheme is "http""#), http.stdout)
        let host = try explain("https://other.example/buy/1", extra: ["--domain", "example.com"])
        XCTAssertTrue(host.stdout.contains(#"Decision: no_match: the host "other.example" is not the domain "example.com""#), host.stdout)
        let unknown = try explain("https://example.com/buy/1", app: "ABCDE12345.nope")
        XCTAssertEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stdout.contains("App ABCDE12345.nope is not listed in any entry (apps in the file: \(app))"), unknown.stdout)
        XCTAssertTrue(unknown.stdout.contains("Decision: no_match: no entry lists ABCDE12345.nope"), unknown.stdout)
    }

    func testFailures() throws {
        let badURL = try explain("https://example.com/%G1")
        XCTAssertEqual(badURL.status, 1)
        XCTAssertTrue(badURL.stderr.contains("[invalid-percent-escape]"), badURL.stderr)
        let badFile = try LinkMatchTool.run(["explain", LinkMatchTool.realWorld("5calls__5calls__well-known-2020-trailing-comma.json"),
                                             "https://5calls.org/", "--app", app])
        XCTAssertEqual(badFile.status, 1)
        XCTAssertTrue(badFile.stderr.contains("line 16, column 17"), badFile.stderr)
        let noApp = try LinkMatchTool.run(["explain", "x.json", "https://example.com/"])
        XCTAssertEqual(noApp.status, 2)
    }
}
