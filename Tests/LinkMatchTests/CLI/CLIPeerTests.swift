import Foundation
import LinkMatch
import LinkMatchTestData
import XCTest

/// `linkmatch fuzz` against the example peers in examples/peers/ (other matchers, other languages):
/// each deliberate deviation the peer documents is found as a class of its own naming the reading
/// that explains it, nothing else is, and with the peer's known-differences file the same run exits 0. The expected
/// classes are written here from examples/peers/README.md, not taken from a run.
///
/// python3 and perl are on every CI machine: a missing interpreter fails these tests.
final class CLIPeerTests: XCTestCase {
    static let peers = TestDataFolder.repositoryRoot.appendingPathComponent("examples/peers")

    struct Expected: Hashable, CustomStringConvertible {
        var readings: [String] = []
        var rules: [String] = []
        var linkmatch = "any"
        var program = "any"
        var description: String { "\(readings.joined(separator: "+"))\(rules.joined(separator: "+")) linkmatch \(linkmatch) / program \(program)" }
    }

    struct Peer {
        var interpreter: String
        var script: String
        var known: String
        var deviations: [Expected]
        /// The deviations switched on (`PEER_DEVIATIONS`): three per peer in the full tier, one in the
        /// default tier (`only`). The others (R4–R7, G4–G5) are covered by the release runs recorded
        /// in examples/peers/*.known and docs/TEST-YOUR-MATCHER.md.
        var switchedOn: String
        /// Bounded so each run takes seconds; the seed is one on which every deviation shows up.
        var cases: Int
        var seed: Int

        /// The peer with only its deviation number `index` (0-based, in `deviations` order) switched on.
        func only(_ index: Int, cases: Int, seed: Int) -> Peer {
            let switches = switchedOn.split(separator: ",").map(String.init)
            return Peer(interpreter: interpreter, script: script, known: known, deviations: [deviations[index]],
                        switchedOn: switches[index], cases: cases, seed: seed)
        }
    }

    static let regex = Peer(interpreter: "python3", script: "regex_matcher.py", known: "regex_matcher.known", deviations: [
        Expected(readings: ["no-parent-path"]),          // R1
        Expected(readings: ["absent-query-item-fails"]), // R2
        Expected(readings: ["host-case-sensitive"]),     // R3
    ], switchedOn: "R1,R2,R3", cases: 250, seed: 3)

    static let glob = Peer(interpreter: "perl", script: "glob_matcher.pl", known: "glob_matcher.known", deviations: [
        Expected(readings: ["trailing-slash-significant"]),                           // G1
        Expected(readings: ["predefined-values-unfolded"]),                           // G2
        Expected(readings: ["scheme-case-sensitive"]),                                // G3
    ], switchedOn: "G1,G2,G3", cases: 250, seed: 5)

    // The default tier (TestTier) switches one deviation on per peer, on a seed where it shows within a
    // few cases: finding, shrinking and naming each class is what costs, so each class costs once.
    func testRegexPeer() throws { try check(TestTier.budget(sample: Self.regex.only(0, cases: 15, seed: 4), full: Self.regex)) }
    func testGlobPeer() throws { try check(TestTier.budget(sample: Self.glob.only(2, cases: 15, seed: 1), full: Self.glob)) }

    func check(_ peer: Peer) throws {
        let which = try LinkMatchTool.runShell("command -v \(peer.interpreter)")
        guard which.status == 0 else {
            return XCTFail("\(peer.interpreter) is not installed: the example peers need it (CI machines have it)")
        }
        let program = "PEER_DEVIATIONS=\(peer.switchedOn) \(peer.interpreter) '\(Self.peers.appendingPathComponent(peer.script).path)'"
        let common = ["fuzz", "--program", program, "--cases", String(peer.cases), "--seed", String(peer.seed), "--shrinks", "1"]
        try LinkMatchTool.withTemporaryDirectory { dir in
            let first = try LinkMatchTool.run(common + ["--report", dir])
            XCTAssertEqual(first.status, 1, first.stdout + first.stderr)
            var bases: [Expected] = []
            var all: [(Expected, variantOf: [String]?)] = []
            for line in try String(contentsOfFile: dir + "/classes.jsonl", encoding: .utf8).split(separator: "\n") {
                let c = try LinkMatchTool.json(String(line))
                guard case .array(let rules)? = c["rules"], case .string(let ours)? = c["linkmatch"],
                      case .string(let theirs)? = c["program"] else { throw VectorError("not a class line: \(line)") }
                func strings(_ list: [JSONValue]) -> [String] { list.compactMap { if case .string(let s) = $0 { return s } else { return nil } } }
                guard case .array(let readings)? = c["readings"] else { throw VectorError("not a version 2 class line: \(line)") }
                let found = Expected(readings: strings(readings), rules: strings(rules), linkmatch: ours, program: theirs)
                var variantOf: [String]?
                if case .array(let base)? = c["variantOf"] {
                    variantOf = base.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
                } else {
                    bases.append(found)
                }
                all.append((found, variantOf))
            }
            // Each deviation is one class of its own, and there is no other.
            XCTAssertEqual(Set(bases), Set(peer.deviations), "classes found:\n\(first.stdout)")
            XCTAssertEqual(bases.count, peer.deviations.count, "\(bases)")
            // A variant (a minimized case that kept one more feature) belongs to one of them.
            for (found, variantOf) in all where variantOf != nil {
                XCTAssertTrue(peer.deviations.contains { $0.rules == variantOf && $0.linkmatch == found.linkmatch && $0.program == found.program },
                              "\(found) is a variant of \(variantOf!), not of a deliberate deviation")
            }

            // With the peer's known-differences file nothing is new.
            let again = try LinkMatchTool.run(common + ["--known", Self.peers.appendingPathComponent(peer.known).path])
            XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
            XCTAssertTrue(again.stdout.contains(" 0 new, "), again.stdout)
        }
    }

    /// The peers' copy of the predefined tables is LinkMatch's (SPEC.md V4).
    func testPeersUseTheProjectsPredefinedTables() throws {
        let data = try Data(contentsOf: Self.peers.appendingPathComponent("predefined-tables.json"))
        guard case .object(let tables) = try JSONParser.parse(Array(data)) else { return XCTFail("not an object") }
        for name in ["region", "lang"] {
            guard case .array(let values)? = tables[name] else { return XCTFail("no \(name)") }
            let copy = values.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            XCTAssertEqual(copy, VariableTable().values(of: name), "examples/peers/predefined-tables.json \(name) is out of date")
        }
    }
}

extension LinkMatchTool {
    /// `/bin/sh -c command`.
    static func runShell(_ command: String) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Run(stdout: "", stderr: "", status: process.terminationStatus)
    }
}
