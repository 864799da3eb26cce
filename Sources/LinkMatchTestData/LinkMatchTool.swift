import Foundation
import LinkMatch

/// Runs the built `linkmatch` and `fuzz-corpus-tool` programs as child processes, for the tests of both
/// test targets (a test cannot import an executable's code, and the CLI's own tests must see what a user
/// sees: arguments, output, exit status).
///
/// Where the programs are: the folder named by `LINKMATCH_TEST_PROGRAMS` when it is set (`.ci/run` builds
/// both in release once and points the tests there, so `linkmatch fuzz` against a child does not pay a
/// debug build's slowdown), else the products folder of this `swift test` run, beside the test bundle
/// (`swift test` builds every product first). A set variable is never second-guessed: a program missing
/// there is an error, not a quiet fallback to the debug build.
public enum LinkMatchTool {
    /// What a child run printed and how it exited.
    public struct Run: Sendable {
        /// Everything the program wrote to standard output.
        public var stdout: String
        /// Everything the program wrote to standard error.
        public var stderr: String
        /// The exit status.
        public var status: Int32

        /// A run that printed `stdout` and `stderr` and exited with `status`.
        public init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    /// The environment variable naming a folder of prebuilt programs (see the type's comment).
    public static let programsVariable = "LINKMATCH_TEST_PROGRAMS"

    /// The `linkmatch` program under test.
    public static var executable: URL { built("linkmatch") }

    /// `fuzz-corpus-tool`: a test program beside `linkmatch` (not shipped); its `conformance --mutant
    /// NAME` answers with a planted mistake.
    public static var corpusTool: URL { built("fuzz-corpus-tool") }

    /// The folder the programs are taken from: `LINKMATCH_TEST_PROGRAMS` (relative to the repository
    /// root when not absolute) or this run's products folder.
    public static var programs: URL {
        if let folder = ProcessInfo.processInfo.environment[programsVariable], !folder.isEmpty {
            return folder.hasPrefix("/") ? URL(fileURLWithPath: folder)
                : TestDataFolder.repositoryRoot.appendingPathComponent(folder)
        }
        #if os(macOS)
        return Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
        #else
        return Bundle.main.bundleURL
        #endif
    }

    /// The program `product` in `programs`.
    public static func built(_ product: String) -> URL {
        programs.appendingPathComponent(product)
    }

    /// Runs `linkmatch args...` (or `executable`) with `stdin` (empty by default). Output goes through
    /// temporary files, so a chatty child can never block on a full pipe.
    public static func run(_ args: [String], stdin: String = "", executable: URL = executable) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw TestDataError("\(executable.path) is missing: build it with `swift build --product \(executable.lastPathComponent)`"
                                + " (or with -c release into the folder \(programsVariable) names)")
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
    public static func withFile<T>(_ contents: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// A fresh temporary directory for the duration of `body`.
    public static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linkmatch-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// A file of TestData/real-world-aasa.
    public static func realWorld(_ name: String) -> String {
        RealWorldFiles.folder.appendingPathComponent(name).path
    }

    /// Parses `--json` output with LinkMatch's parser.
    public static func json(_ text: String) throws -> JSONObject {
        guard case .object(let obj) = try JSONParser.parse(Array(text.utf8)) else { throw TestDataError("not a JSON object: \(text)") }
        return obj
    }
}
