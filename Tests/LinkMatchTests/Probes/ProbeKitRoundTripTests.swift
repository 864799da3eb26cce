import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// The swcutil probe kit end to end, with scripts/swcutil-standin.sh answering in place of Apple's
/// swcutil: `linkmatch probes export` -> scripts/oracle.sh -> `linkmatch probes import`. The stand-in's
/// answers are written here, in the output form SwcutilOutput assumes, from the manifest's predictions.
final class ProbeKitRoundTripTests: XCTestCase {
    static let repoRoot = TestDataFolder.repositoryRoot

    struct ManifestProbe {
        var id: String
        var point: String?
        var rules: [String]
        var appID: String
        var domain: String
        var url: String
        var predictions: [(reading: String, outcome: String)]
        var modes: [String]

        var linkMatch: String { predictions.first { $0.reading == "linkmatch" }!.outcome }
    }

    /// Exports a kit into a fresh folder and reads its manifest back (with LinkMatch's JSON parser
    /// but not with the kit's own manifest reader).
    func exportKit() throws -> (dir: URL, probes: [ManifestProbe]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("probe-kit-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let run = try LinkMatchTool.run(["probes", "export", dir.path,
                                         "--spec", Self.repoRoot.appendingPathComponent("SPEC.md").path,
                                         "--examples", Self.repoRoot.appendingPathComponent("TestData/vectors/spec-examples.json").path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let manifest = try JSONParser.parse([UInt8](try Data(contentsOf: dir.appendingPathComponent("manifest.json"))))
        guard case .object(let top) = manifest, case .array(let entries)? = top["probes"] else { throw VectorError("manifest has no probes") }
        let probes = try entries.map { value -> ManifestProbe in
            guard case .object(let e) = value, case .string(let id)? = e["id"], case .array(let rules)? = e["rules"],
                  case .string(let appID)? = e["appId"], case .string(let domain)? = e["domain"], case .string(let url)? = e["url"],
                  case .object(let predictions)? = e["predictions"], case .array(let commands)? = e["commands"] else {
                throw VectorError("malformed manifest entry \(value.serialized())")
            }
            var point: String?
            if case .string(let p)? = e["point"] { point = p }
            return ManifestProbe(
                id: id, point: point, rules: rules.map { if case .string(let s) = $0 { s } else { "" } },
                appID: appID, domain: domain, url: url,
                predictions: predictions.members.map { m in (reading: m.key, outcome: { if case .string(let s) = m.value { s } else { "" } }()) },
                modes: commands.map { if case .object(let c) = $0, case .string(let mode)? = c["mode"] { mode } else { "" } })
        }
        return (dir, probes)
    }

    /// The stand-in's answers file: for every command of every probe, swcutil-like text saying `outcome(probe)`.
    func answers(_ probes: [ManifestProbe], outcome: (ManifestProbe) -> String) -> String {
        var lines: [String] = []
        for probe in probes {
            for mode in probe.modes {
                let said = outcome(probe)
                let verdict = ["match": "matched.", "exclude": "blocked by an exclude rule.", "no_match": "did not match."][said]
                let text: String, exit: Int
                switch (said, mode) {
                case ("error", _):
                    (exit, text) = (1, "swcutil: the JSON could not be parsed")
                case ("no_match", "verify") where probe.id.hasSuffix("1"):
                    // Also exercise the other no_match form: swcutil lists only another app of the file.
                    (exit, text) = (0, "{ s = applinks, a = OTHER12345.com.example.other, d = \(probe.domain) }: Pattern \"\(probe.url)\" matched.")
                case (_, "verify"):
                    (exit, text) = (0, "{ s = applinks, a = \(probe.appID), d = \(probe.domain) }: Pattern \"\(probe.url)\" \(verdict!)")
                default:
                    (exit, text) = (0, "Pattern \"\(probe.url)\" \(verdict!)")
                }
                lines.append([probe.id, mode, probe.url, String(exit), text].joined(separator: "\t"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// scripts/oracle.sh with the stand-in, then `probes import --json --vectors`.
    func observe(kit: URL, answers: String) throws -> (status: Int32, report: JSONObject, vectors: JSONObject, stdout: String) {
        let answersFile = kit.deletingLastPathComponent().appendingPathComponent("answers-\(UUID().uuidString).tsv")
        try Data(answers.utf8).write(to: answersFile)
        defer { try? FileManager.default.removeItem(at: answersFile) }
        let oracle = Process()
        oracle.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        oracle.arguments = ["bash", Self.repoRoot.appendingPathComponent("scripts/oracle.sh").path, "--kit", kit.path,
                            "--swcutil", Self.repoRoot.appendingPathComponent("scripts/swcutil-standin.sh").path,
                            "--allow-non-root", "--timeout", "30"]
        oracle.environment = ProcessInfo.processInfo.environment.merging(["SWCUTIL_STANDIN_ANSWERS": answersFile.path]) { $1 }
        oracle.standardOutput = FileHandle.nullDevice
        oracle.standardError = FileHandle.nullDevice
        try oracle.run()
        oracle.waitUntilExit()
        XCTAssertEqual(oracle.terminationStatus, 0, "oracle.sh failed")
        let vectorsFile = kit.appendingPathComponent("vectors.json")
        let run = try LinkMatchTool.run(["probes", "import", kit.appendingPathComponent("observations.jsonl").path, "--json",
                                         "--vectors", vectorsFile.path])
        let report = try LinkMatchTool.json(run.stdout)
        let vectors = try LinkMatchTool.json(String(decoding: try Data(contentsOf: vectorsFile), as: UTF8.self))
        return (run.status, report, vectors, run.stdout)
    }

    func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return ["<not an array>"] }
        return items.map { if case .string(let s) = $0 { s } else { "<\($0.typeName)>" } }
    }

    func results(_ report: JSONObject) -> [JSONObject] {
        guard case .array(let items)? = report["results"] else { return [] }
        return items.compactMap { if case .object(let o) = $0 { o } else { nil } }
    }

    func testStandInAnsweringAsLinkMatchPredictsConfirmsEverything() throws {
        let (kit, probes) = try exportKit()
        XCTAssertFalse(probes.isEmpty)
        XCTAssertTrue(probes.contains { $0.point != nil }, "no open-point probe in the kit")
        XCTAssertTrue(probes.contains { $0.id.hasPrefix("rule-") }, "no decided-rule probe in the kit")
        let observed = try observe(kit: kit, answers: answers(probes) { $0.linkMatch })
        XCTAssertEqual(observed.status, 0, observed.stdout)
        let results = results(observed.report)
        XCTAssertEqual(results.count, probes.reduce(0) { $0 + $1.modes.count }, "one answer per swcutil command")
        for r in results { XCTAssertEqual(r["status"], .string("confirms"), "\(r)") }
        XCTAssertEqual(strings(observed.report["contradictedOpenPoints"]), [])
        XCTAssertEqual(strings(observed.report["contradictedRules"]), [])
        XCTAssertEqual(strings(observed.report["notObserved"]), [])
        // Every whole-file answer that is a decision becomes a vector whose expect is what the stand-in said.
        guard case .array(let cases)? = observed.vectors["cases"] else { return XCTFail("no cases in the vectors file") }
        let decisions = probes.filter { $0.linkMatch != "error" }
        XCTAssertEqual(cases.count, decisions.count)
        for (value, probe) in zip(cases, decisions) {
            guard case .object(let c) = value else { return XCTFail("a vector is not an object") }
            XCTAssertEqual(c["name"], .string("tool/\(probe.id)"))
            XCTAssertEqual(c["expect"], .string(probe.linkMatch))
            XCTAssertEqual(c["evidence"], .string("tool"))
            XCTAssertEqual(c["url"], .string(probe.url))
        }
    }

    func testStandInAnsweringTheAlternativeForOnePointContradictsExactlyThatPoint() throws {
        let (kit, probes) = try exportKit()
        // The first open point with a reading that predicts something else than LinkMatch on one of its probes.
        guard let (point, reading) = probes.lazy.compactMap({ p -> (String, String)? in
            guard let point = p.point, let other = p.predictions.first(where: { $0.outcome != p.linkMatch }) else { return nil }
            return (point, other.reading)
        }).first else { return XCTFail("no open point has an alternative reading that differs from LinkMatch's") }
        let outcome = { (p: ManifestProbe) -> String in
            p.point == point ? (p.predictions.first { $0.reading == reading }?.outcome ?? p.linkMatch) : p.linkMatch
        }
        let observed = try observe(kit: kit, answers: answers(probes, outcome: outcome))
        XCTAssertEqual(observed.status, 1, "import must fail when an answer contradicts")
        XCTAssertEqual(strings(observed.report["contradictedOpenPoints"]), [point])
        let pointRules = probes.first { $0.point == point }!.rules
        XCTAssertEqual(Set(strings(observed.report["contradictedRules"])), Set(pointRules))
        for r in results(observed.report) {
            let ofPoint = r["point"] == .string(point)
            let probe = probes.first { .string($0.id) == r["id"] }!
            let expected = ofPoint && outcome(probe) != probe.linkMatch ? "contradicts" : "confirms"
            XCTAssertEqual(r["status"], .string(expected), "\(r)")
            if expected == "contradicts" { XCTAssertTrue(strings(r["fits"]).contains(reading), "\(r)") }
        }
        print("probe kit: the alternative '\(reading)' of \(point) was reported as contradicting \(point) (rules \(pointRules))")
    }

    /// A broken observations file or a missing manifest is reported with what and where, exit 1; an
    /// output folder that is not a kit is a usage error, exit 2.
    func testImportNamesWhatIsWrong() throws {
        let (kit, _) = try exportKit()
        let observations = kit.appendingPathComponent("observations.jsonl")
        try Data("{\"kind\":\"header\"}\nnot json\n".utf8).write(to: observations)
        let bad = try LinkMatchTool.run(["probes", "import", observations.path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("observations line 2: not a JSON object"), bad.stderr)
        let noManifest = try LinkMatchTool.run(["probes", "import", observations.path, "--manifest", kit.appendingPathComponent("nope.json").path])
        XCTAssertEqual(noManifest.status, 1)
        XCTAssertTrue(noManifest.stderr.contains("nope.json: cannot read the file"), noManifest.stderr)
        // A folder that is not a kit is never replaced by export.
        let notKit = kit.appendingPathComponent("rule-N1")
        let refused = try LinkMatchTool.run(["probes", "export", notKit.path, "--spec", Self.repoRoot.appendingPathComponent("SPEC.md").path,
                                             "--examples", Self.repoRoot.appendingPathComponent("TestData/vectors/spec-examples.json").path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("error [output-exists] \(notKit.path): exists and is not a probe kit"), refused.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: notKit.appendingPathComponent("aasa.json").path))
    }
}
