import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// Runs the built `linkmatch` executable (the CLI target cannot be imported by tests). `swift test`
/// builds every product first, so the binary sits next to the test bundle.
enum LinkMatchTool {
    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    static var executable: URL { built("linkmatch") }

    /// `fuzz-corpus-tool`: a test program beside `linkmatch` (not shipped); its `conformance --mutant
    /// NAME` answers with a planted mistake.
    static var corpusTool: URL { built("fuzz-corpus-tool") }

    static func built(_ product: String) -> URL {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
        #else
        let products = Bundle.main.bundleURL
        #endif
        return products.appendingPathComponent(product)
    }

    /// Runs `linkmatch args...` with `stdin` (empty by default). Output goes through temporary
    /// files, so a chatty child can never block on a full pipe.
    static func run(_ args: [String], stdin: String = "", executable: URL = executable) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw VectorError("\(executable.path) is missing: build it with `swift build --product \(executable.lastPathComponent)`")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("linkmatch-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let inURL = dir.appendingPathComponent("stdin"), outURL = dir.appendingPathComponent("stdout"),
            errURL = dir.appendingPathComponent("stderr")
        try Data(stdin.utf8).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Run(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                   status: process.terminationStatus)
    }

    /// A document written to a temporary file for the duration of `body`.
    static func withFile<T>(_ contents: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// A fresh temporary directory for the duration of `body`.
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linkmatch-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// A file of TestData/real-world-aasa.
    static func realWorld(_ name: String) -> String {
        RealWorldFiles.folder.appendingPathComponent(name).path
    }

    /// Parses `--json` output with LinkMatch's parser.
    static func json(_ text: String) throws -> JSONObject {
        guard case .object(let obj) = try JSONParser.parse(Array(text.utf8)) else { throw VectorError("not a JSON object: \(text)") }
        return obj
    }
}

/// The command-line surface itself: help, usage errors and exit codes.
final class CLIToolTests: XCTestCase {
    func testHelpListsEverySubcommandAndExitsZero() throws {
        let run = try LinkMatchTool.run(["--help"])
        XCTAssertEqual(run.status, 0)
        for command in ["check", "explain", "validate", "conformance", "fuzz", "open-points", "probes"] {
            XCTAssertTrue(run.stdout.contains(command), "help does not mention \(command):\n\(run.stdout)")
        }
    }

    func testUsageErrorsExitTwo() throws {
        for args in [["check"], ["check", "file.json"], ["explain", "file.json", "https://a.example/"], ["frobnicate"],
                     ["validate"], ["check", "f.json", "https://a.example/", "--engine", "nonsense"]] {
            let run = try LinkMatchTool.run(args)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertFalse(run.stderr.isEmpty, "\(args) printed no usage message")
        }
    }
}
