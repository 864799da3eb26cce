import Foundation
import XCTest
import LinkMatchTestData

/// Every script with options answers `--help` with its usage on stdout and exit 0, and an unknown
/// option with the usage on stderr and exit 2 (docs/FUZZING.md, each script's own usage text).
final class ScriptHelpTests: XCTestCase {
    static let root = TestDataFolder.repositoryRoot
    /// Every tracked `scripts/*.sh` but two: fuzz-common.sh is sourced by the others, and
    /// swcutil-standin.sh stands in for Apple's swcutil, so it takes swcutil's command line, not ours.
    static let notCommands: Set<String> = ["fuzz-common", "swcutil-standin"]
    static var scripts: [String] {
        get throws {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("scripts").path)
            return names.filter { $0.hasSuffix(".sh") }.map { String($0.dropLast(3)) }
                .filter { !notCommands.contains($0) }.sorted()
        }
    }
    /// Scripts whose unknown option is not refused before work starts: repro takes files (an unknown
    /// name is a missing file); write-seeds hands its options to fuzz-corpus-tool, which it builds first.
    static let optionsPassedOn: Set<String> = ["repro", "write-seeds"]

    func run(_ script: String, _ argument: String) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["scripts/\(script).sh", argument]
        process.currentDirectoryURL = Self.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    func testHelpExitsZeroOnStdout() throws {
        for script in try Self.scripts {
            let (status, out, err) = try run(script, "--help")
            XCTAssertEqual(status, 0, "\(script).sh --help: \(err)")
            XCTAssertTrue(out.contains("\(script).sh") || out.contains("--kit"), "\(script).sh --help printed: \(out)")
            XCTAssertEqual(err, "", script)
        }
    }

    func testUnknownOptionIsAUsageError() throws {
        for script in try Self.scripts where !Self.optionsPassedOn.contains(script) {
            let (status, out, err) = try run(script, "--no-such-option")
            XCTAssertEqual(status, 2, "\(script).sh --no-such-option: \(out)\(err)")
            XCTAssertFalse(err.isEmpty, script)
        }
    }
}
