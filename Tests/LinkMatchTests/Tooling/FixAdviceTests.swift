import XCTest
import LinkMatch
import LinkMatchTestData

/// A fix is advice to act on (issue 32), so it is tested by acting on it: the component a fix writes
/// out replaces the rule, and then the finding is gone and the URL the author meant decides as meant.
final class FixAdviceTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    func document(_ components: [String]) -> String {
        #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [\#(components.joined(separator: ", "))]}]}}"#
    }

    /// The first JSON object written in `fix` (the component it suggests).
    func component(in fix: String) throws -> String {
        let start = try XCTUnwrap(fix.firstIndex(of: "{"), fix)
        var depth = 0, inString = false, escaped = false
        for i in fix[start...].indices {
            let c = fix[i]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "\"" { inString = true } else if c == "{" { depth += 1 } else if c == "}" {
                depth -= 1
                if depth == 0 { return String(fix[start...i]) }
            }
        }
        throw VectorError("no closed object in \(fix)")
    }

    func testEachPatternFixRemovesItsFindingAndDecidesAsMeant() throws {
        let cases: [(rule: String, code: String, url: String, meant: Decision.Outcome)] = [
            (#"{"/": "NOT /login/*"}"#, "not-in-component", "https://example.com/login/x", .exclude),
            (##"{"/": "/#/settings"}"##, "fragment-in-path", "https://example.com/#/settings", .match),
            (#"{"/": "/search?q=*"}"#, "query-in-path", "https://example.com/search?q=shoes", .match),
            (#"{"/": "/café/*"}"#, "unmatchable-character", "https://example.com/café/menu", .match),
            (##"{"/": "/a", "#": "top of page"}"##, "unmatchable-character", "https://example.com/a#top of page", .match),
        ]
        for (rule, code, url, meant) in cases {
            let before = Lints.run(try AASADocument.parse(json: document([rule])))
            let finding = try XCTUnwrap(before.first { $0.code == code }, "\(rule): \(before)")
            let fix = try XCTUnwrap(finding.fix)
            let fixed: String
            if code == "unmatchable-character" {
                // "write it percent-encoded, "/caf%C3%A9/*", or ...": that pattern in place of the raw one.
                let quoted = try XCTUnwrap(fix.components(separatedBy: "percent-encoded, ").dropFirst().first?.components(separatedBy: ", or").first, fix)
                guard case .string(let encoded) = try JSONParser.parse(Array(quoted.utf8)),
                      case .string(let raw) = try JSONParser.parse(Array(finding.message.components(separatedBy: "the pattern ")[1]
                          .components(separatedBy: " holds")[0].utf8)) else { return XCTFail(fix) }
                fixed = rule.replacingOccurrences(of: raw, with: encoded)
            } else {
                fixed = try component(in: fix)
            }
            let parsed = try AASADocument.parse(json: document([fixed]))
            let after = Lints.run(parsed)
            XCTAssertFalse(after.contains { $0.code == code }, "\(rule) -> \(fixed): \(after)")
            XCTAssertEqual(after.filter { $0.severity == .error }, [], "\(rule) -> \(fixed)")
            let decision = CompiledEngine().prepare(parsed.document).decide(try ParsedURL(url), appID: app, domain: nil)
            XCTAssertEqual(decision.outcome, meant, "\(rule) -> \(fixed) on \(url)")
        }
    }

    func testMovingTheShadowedExcludeWhereItsFixSaysMakesItDecide() throws {
        let rules = [#"{"/": "*"}"#, #"{"/": "/admin/*", "exclude": true}"#]
        let finding = try XCTUnwrap(Lints.run(try AASADocument.parse(json: document(rules))).first { $0.code == "unreachable-rule" })
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(finding.fix, "move it before applinks.details[0].components[0]")
        let moved = try AASADocument.parse(json: document(rules.reversed()))
        XCTAssertFalse(Lints.run(moved).contains { $0.code == "unreachable-rule" })
        let decision = CompiledEngine().prepare(moved.document).decide(try ParsedURL("https://example.com/admin/users"), appID: app, domain: nil)
        XCTAssertEqual(decision.outcome, .exclude)
    }

    /// WelcometoMyGarden's open point (README, LIBRARY.md): the rule the fix suggests, put first,
    /// leaves no reading to decide the disputed URLs.
    func testTheOpenPointFixSettlesTheOpenPoint() throws {
        let bytes = try RealWorldFiles.bytes("WelcometoMyGarden__welcometomygarden__well-known.json")
        let finding = try XCTUnwrap(Lints.run(try AASADocument.parse(bytes)).first { $0.code == "open-point" })
        let suggested = try component(in: try XCTUnwrap(finding.fix))
        XCTAssertEqual(suggested, #"{"/": "/terms/*", "exclude": true}"#)
        let text = String(decoding: bytes, as: UTF8.self)
        let edited = text.replacingOccurrences(of: #""components": ["#, with: #""components": ["# + suggested + ", ", options: [], range: nil)
        XCTAssertNotEqual(edited, text, "the file's components array was not found")
        XCTAssertFalse(Lints.run(try AASADocument.parse(json: edited)).contains { $0.code == "open-point" })
    }
}
