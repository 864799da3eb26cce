import Foundation
import XCTest
import LinkMatch

/// The readings catalogue proven on itself: `linkmatch fuzz` against the built `linkmatch
/// conformance --reading X` (a real child process speaking the protocol, as another matcher would)
/// finds exactly one class, and it names X. The budget per reading is a number of generated cases
/// (seed 1); the time each takes is printed for the record.
final class CLIFuzzReadingsTests: XCTestCase {
    var tool: String { "'" + LinkMatchTool.executable.path + "'" }

    /// Cases per reading (seed 1). Measured on a debug build, 2 shared cores: found within 400
    /// cases, each run 15–225 s wall clock. Readings not yet measured carry 400 too.
    static let budgets: [String: Int] = Dictionary(uniqueKeysWithValues: Readings.all.map { ($0.name, 400) })

    /// Readings today's generator did not reach in 400 cases (seed 1): the `reach` work on the
    /// generator (issue 20, item 3) is to make them reachable; the test still runs them and fails
    /// until it does.
    static let awaitingGenerator: Set<String> = [
        "union", "trim-after-not", "not-without-space", "predefined-wins", "form-decoding", "slash-kept-in-text",
        "fold-ascii-only", "first-query-item-only",
    ]

    /// The whole proof costs minutes per reading on a debug build: it runs when
    /// LINKMATCH_READINGS_SELF_PROOF=1 (all readings) or =NAME,NAME (those).
    static var selected: [Reading]? {
        guard let value = ProcessInfo.processInfo.environment["LINKMATCH_READINGS_SELF_PROOF"], !value.isEmpty else { return nil }
        if value == "1" { return Readings.all }
        let names = value.split(separator: ",").map(String.init)
        return Readings.all.filter { names.contains($0.name) }
    }

    /// A class line's readings (empty: not explained by readings) and the line.
    struct FoundClass: CustomStringConvertible {
        var readings: [String]
        var line: String
        var description: String { line }
        var cause: String { readings.isEmpty ? line : readings.joined(separator: "+") }
    }

    func classes(program: String, cases: Int, seed: Int = 1, extra: [String] = []) throws -> (classes: [FoundClass], seconds: Double, stdout: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let start = Date()
        let run = try LinkMatchTool.run(["fuzz", "--program", program, "--cases", "\(cases)", "--seed", "\(seed)", "--report", dir.path] + extra)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertNotEqual(run.status, 2, run.stdout + run.stderr)
        let text = try String(contentsOf: dir.appendingPathComponent("classes.jsonl"), encoding: .utf8)
        let found = try text.split(separator: "\n").map { line -> FoundClass in
            guard case .object(let object) = try JSONParser.parse(Array(line.utf8)), object["version"] == .number("2"),
                  case .array(let names)? = object["readings"] else {
                throw VectorError("not a version 2 class line: \(line)")
            }
            return FoundClass(readings: names.compactMap { if case .string(let s) = $0 { return s } else { return nil } }, line: String(line))
        }
        return (found, seconds, run.stdout)
    }

    func testEveryReadingIsFoundAsOneClassNamingIt() throws {
        guard let readings = Self.selected else {
            throw XCTSkip("set LINKMATCH_READINGS_SELF_PROOF=1 (or =NAME,...) to run the readings self-proof (minutes per reading)")
        }
        var record: [String] = []
        for reading in readings {
            let budget = try XCTUnwrap(Self.budgets[reading.name], "\(reading.name) has no budget")
            let run = try classes(program: "\(tool) conformance --reading \(reading.name)", cases: budget)
            let note = Self.awaitingGenerator.contains(reading.name) ? " (awaiting generator support)" : ""
            record.append("\(reading.name): \(budget) cases, \(String(format: "%.1f", run.seconds)) s, classes \(run.classes.map(\.cause))\(note)")
            XCTAssertEqual(run.classes.count, 1, "\(reading.name)\(note): \(run.classes)")
            XCTAssertEqual(run.classes.first?.readings, [reading.name], "\(reading.name)\(note): \(run.classes)")
        }
        print("readings self-proof:\n" + record.joined(separator: "\n"))
    }

    /// Two deviations at once are two classes (not one per combination of features); a case that
    /// needs both would be one class naming both.
    func testTwoReadingsAreTwoClasses() throws {
        guard Self.selected != nil else { throw XCTSkip("runs with the readings self-proof (LINKMATCH_READINGS_SELF_PROOF)") }
        let run = try classes(program: "\(tool) conformance --reading no-parent-path --reading variables-literal", cases: 400)
        print("two readings: \(String(format: "%.1f", run.seconds)) s, \(run.classes.map(\.cause))")
        XCTAssertEqual(Set(run.classes.map(\.readings)), [["no-parent-path"], ["variables-literal"]], "\(run.classes)")
    }

    /// `--seconds` alone runs for that long (no default case cap) and says so.
    func testSecondsAloneMeansSeconds() throws {
        let start = Date()
        let run = try LinkMatchTool.run(["fuzz", "--program", "\(tool) conformance", "--seconds", "4"])
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("stopped by --seconds"), run.stdout)
        XCTAssertGreaterThanOrEqual(elapsed, 4)
        let both = try LinkMatchTool.run(["fuzz", "--program", "\(tool) conformance", "--seconds", "60", "--cases", "5"])
        XCTAssertTrue(both.stdout.contains("5 cases,") && both.stdout.contains("stopped by --cases"), both.stdout)
    }
}
