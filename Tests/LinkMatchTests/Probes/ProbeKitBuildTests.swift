import XCTest
import LinkMatch
@testable import LinkMatchCore
@testable import LinkMatchProbes

/// Which probes the kit builds: one per open-point request, one spec example per decided rule (the
/// first one swcutil can be asked about), `swcutil match` only for one-component questions.
final class ProbeKitBuildTests: XCTestCase {
    let spec = """
    ### U3 — the host must be the domain (tool, decided)
    ### N1 — leading slashes are ignored (tool, decided)
    ### C1 — component keys (doc)
    ### D2 — a signed envelope is unwrapped, not verified (decided)
    """

    func examples(_ cases: String) throws -> JSONValue { try JSONParser.parse(Array(#"{"cases":[\#(cases)]}"#.utf8)) }

    func testOneSpecExamplePerDecidedRuleTheFirstWithADomain() throws {
        let file = try examples("""
        {"rule":"U3","name":"no-domain","component":{"/":"/a"},"url":"https://x.example/a","domain":"","expect":"match"},
        {"rule":"U3","name":"host-case","component":{"/":"/a"},"url":"https://EXAMPLE.com/a","expect":"match"},
        {"rule":"U3","name":"later","component":{"/":"/a"},"url":"https://example.com/a","expect":"match"},
        {"rule":"C1","name":"not-decided","component":{"/":"/a"},"url":"https://example.com/a","expect":"match"},
        {"rule":"N1","name":"no-slash","component":{"/":"abc"},"url":"https://example.com/abc","expect":"match"}
        """)
        let built = ProbeKit.build(openPoints: [], specText: spec, specExamples: file)
        XCTAssertEqual(built.probes.map(\.id), ["rule-U3", "rule-N1"])
        XCTAssertEqual(built.probes.first?.source, "spec-examples.json U3 host-case")
        XCTAssertEqual(built.probes.first?.url, "https://EXAMPLE.com/a")
        XCTAssertEqual(built.probes.map(\.linkMatchPrediction), ["match", "match"])
        // A lone component is wrapped for the default app, as the spec tests do.
        XCTAssertEqual(built.probes.first?.aasa, #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a"}]}]}}"#)
        XCTAssertEqual(built.skipped, [SkippedProbe(subject: "decided rule D2", why: "spec-examples.json has no example for it")])
        // U3 is about the host: the whole file only. N1's one component asks the same question alone.
        XCTAssertNil(built.probes[0].component)
        XCTAssertEqual(built.probes[1].component, #"{"/":"abc"}"#)
        XCTAssertEqual(ProbeManifest.commands(built.probes[1]).map(\.line), [
            "sudo swcutil verify -d example.com -j rule-N1/aasa.json -u https://example.com/abc",
            "sudo swcutil match -u https://example.com/abc -j rule-N1/component.json",
        ])
    }

    func testOpenPointRequestsBecomeProbesWithEveryReading() throws {
        let point = OpenPoint(
            id: "N1-test", rules: ["N1"], title: "t", linkMatchChoice: "c", alternatives: ["a"], settledBy: "s",
            probes: [
                OpenPointProbe(aasa: #"{"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"*/x/*"}]}]}}"#,
                               domain: "example.com", appID: "T.a", url: "https://example.com/x/1",
                               predictions: ["zeta": "match", "linkmatch": "no_match", "alpha": "error"]),
                OpenPointProbe(aasa: "{}", domain: "", appID: "T.a", url: "https://example.com/", predictions: ["linkmatch": "no_match"]),
                OpenPointProbe(aasa: "{}", domain: "example.com", appID: "T.a", url: "https://example.com/\t", predictions: ["linkmatch": "no_match"]),
            ])
        let built = ProbeKit.build(openPoints: [point], specText: "", specExamples: .null)
        XCTAssertEqual(built.probes.map(\.id), ["N1-test.1"])
        XCTAssertEqual(built.probes[0].predictions.map(\.reading), ["linkmatch", "alpha", "zeta"])
        XCTAssertEqual(built.probes[0].readings(predicting: "match"), ["zeta"])
        XCTAssertEqual(built.probes[0].component, #"{"/":"*/x/*"}"#)
        XCTAssertEqual(built.skipped.map(\.subject), ["open point N1-test probe 2", "open point N1-test probe 3"])
        XCTAssertEqual(ProbeManifest.tsv(built.probes),
                       "N1-test.1\tverify\texample.com\tN1-test.1/aasa.json\thttps://example.com/x/1\n"
                       + "N1-test.1\tmatch\texample.com\tN1-test.1/component.json\thttps://example.com/x/1\n")
    }

    func testShellQuoting() {
        XCTAssertEqual(ProbeManifest.shellQuoted("https://example.com/a"), "https://example.com/a")
        XCTAssertEqual(ProbeManifest.shellQuoted("https://example.com/a b"), "'https://example.com/a b'")
        XCTAssertEqual(ProbeManifest.shellQuoted("it's"), #"'it'\''s'"#)
        XCTAssertEqual(ProbeManifest.shellQuoted(""), "''")
    }
}
