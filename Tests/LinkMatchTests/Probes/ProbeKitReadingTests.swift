import XCTest
import LinkMatch
@testable import LinkMatchCore
@testable import LinkMatchProbes

/// The pieces of the probe kit that read text written elsewhere: swcutil's output (in the forms
/// SwcutilOutput assumes), SPEC.md's rule headings, and base64 from the shell.
final class ProbeKitReadingTests: XCTestCase {
    let app = "ABCDE12345.com.example.app"

    func read(_ stdout: String, mode: String = "verify", exit: Int? = 0, stderr: String = "") -> String? {
        SwcutilOutput.read(mode: mode, appID: app, exitStatus: exit, timedOut: false, stdout: stdout, stderr: stderr).outcome
    }

    func testVerifyLinesForTheApp() {
        let line = { (app: String, verdict: String) in "{ s = applinks, a = \(app), d = example.com }: Pattern \"https://example.com/a\" \(verdict)" }
        XCTAssertEqual(read(line(app, "matched.")), "match")
        XCTAssertEqual(read(line(app, "did not match.")), "no_match")
        XCTAssertEqual(read(line(app, "blocked by an exclude rule.")), "exclude")
        // Only our app's line counts; another app's verdict does not leak into ours.
        XCTAssertEqual(read(line("OTHER.app", "matched.") + "\n" + line(app, "did not match.")), "no_match")
        // swcutil reports other apps but not ours: the file gives our app nothing.
        XCTAssertEqual(read(line("OTHER.app", "matched.")), "no_match")
        XCTAssertEqual(read(line("OTHER.app", "matched."), exit: 1), nil)
        // The app on a line of its own, its verdict below.
        XCTAssertEqual(read("{ s = applinks, a = OTHER.app, d = example.com }:\n  matched.\n{ s = applinks, a = \(app), d = example.com }:\n  did not match."), "no_match")
        // Two lines for our app that disagree: cannot tell.
        XCTAssertEqual(read(line(app, "matched.") + "\n" + line(app, "did not match.")), nil)
    }

    func testMatchModeAndRefusals() {
        XCTAssertEqual(read("Pattern \"https://example.com/a\" matched.", mode: "match"), "match")
        XCTAssertEqual(read("no match", mode: "match"), "no_match")
        XCTAssertEqual(read("", exit: 1, stderr: "swcutil: invalid JSON at offset 3"), "error")
        XCTAssertEqual(read("", exit: 1, stderr: "swcutil must be run as root"), nil)
        XCTAssertEqual(read("usage: swcutil verify ...", exit: 64), nil)
        XCTAssertEqual(read("something we have never seen", exit: 0), nil)
        XCTAssertEqual(SwcutilOutput.read(mode: "verify", appID: app, exitStatus: nil, timedOut: true, stdout: "matched", stderr: "").outcome, nil)
    }

    func testAppIsAWordOfItsOwn() {
        XCTAssertNil(SwcutilOutput.appNamed(in: "{ data = x }: matched"))
        XCTAssertEqual(SwcutilOutput.appNamed(in: "{ s = applinks, a = T.app, d = e.com }"), "T.app")
    }

    func testDecidedRuleHeadings() {
        let spec = """
        ## 2. Document (D)
        ### D1 — the file is strict JSON, within limits (doc, decided)
        ### D3 — entries name apps and carry rules (doc)
        ### U2 — only `https` URLs open apps (decided)
        ### Open points — not a rule (decided)
        Some text (decided)
        """
        XCTAssertEqual(DecidedRules.decided(inSpec: spec).map(\.rule), ["D1", "U2"])
        XCTAssertEqual(DecidedRules.headings(inSpec: spec).first?.title, "the file is strict JSON, within limits")
        XCTAssertEqual(DecidedRules.headings(inSpec: spec).first?.evidence, ["doc", "decided"])
    }

    func testBase64() {
        XCTAssertEqual(Base64.decode("TWFu"), Array("Man".utf8))
        XCTAssertEqual(Base64.decode("TWE="), Array("Ma".utf8))
        XCTAssertEqual(Base64.decode("TQ=="), Array("M".utf8))
        XCTAssertEqual(Base64.decode(""), [])
        XCTAssertEqual(Base64.decode("w6k=\n"), Array("é".utf8))
        XCTAssertNil(Base64.decode("TW!u"))
        XCTAssertNil(Base64.decode("TQ==TQ=="))
    }
}
