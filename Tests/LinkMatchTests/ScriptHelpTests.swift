import Foundation
import XCTest

/// Every script with options answers `--help` with its usage on stdout and exit 0, and an unknown
/// option with the usage on stderr and exit 2 (docs/FUZZING.md, each script's own usage text).
final class ScriptHelpTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scripts = ["fuzz", "nightly", "measure", "repro", "test-kill-safety", "test-cflite-build", "oracle"]

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
        for script in Self.scripts {
            let (status, out, err) = try run(script, "--help")
            XCTAssertEqual(status, 0, "\(script).sh --help: \(err)")
            XCTAssertTrue(out.contains("\(script).sh") || out.contains("--kit"), "\(script).sh --help printed: \(out)")
            XCTAssertEqual(err, "", script)
        }
    }

    func testUnknownOptionIsAUsageError() throws {
        for script in Self.scripts where script != "repro" { // repro takes files: an unknown name is a missing file
            let (status, out, err) = try run(script, "--no-such-option")
            XCTAssertEqual(status, 2, "\(script).sh --no-such-option: \(out)\(err)")
            XCTAssertFalse(err.isEmpty, script)
        }
    }
}
