import Foundation
import XCTest
import LinkMatchTestData

/// The `check`, `explain`, `validate`, `diff`, `conformance`, `open-points` and `score` examples of README.md,
/// docs/CLI.md, docs/DIFF.md and docs/TEST-YOUR-MATCHER.md are real runs: each
/// `$ linkmatch ...` line of a code block is run again through the built binary, as a shell runs it
/// from the repository root (`$S` is TestData/real-world-aasa, stderr and stdout together; `$ cat FILE |
/// linkmatch ...` lines too, which read the file from a pipe), and what it
/// prints must be the lines the document shows under it, exactly; a `[exit N]` line after them must be
/// its exit status. A line `...` in the document stands for lines left out (abridged output).
///
/// The docs' Errors examples use `minid.json` (a copy of $S/felleslosninger__minid.no__well-known.json)
/// and `pipe` (a FIFO): those run in a scratch folder that holds both. A file the document shows with
/// `$ cat NAME` (a request file for `conformance`) is written there with the lines shown, and the
/// commands naming it run there too. An example that cannot be run
/// here is listed in `notReplayed` with the reason; every other one runs.
final class CLIDocExampleTests: XCTestCase {
    static let documents = ["README.md", "docs/CLI.md", "docs/DIFF.md", "docs/TEST-YOUR-MATCHER.md"]
    static let subcommands = ["check", "explain", "validate", "diff", "conformance", "open-points", "score"]

    /// Examples not replayed, by the start of their command line, and why.
    static let notReplayed: [String: String] = [
        "linkmatch explain hard.json ":
            "hard.json is not in the repository and the example abridges its URL (3,000 a's); CLIHostileInputTests runs the same case",
    ]

    struct Example {
        var document: String
        var line: Int
        var command: String
        var output: [String]
        var status: Int32?
    }

    /// Every `$ linkmatch SUBCOMMAND` line of the documents (`subcommands`) with the output shown under it.
    static func examples() throws -> [Example] {
        try examplesAndShownFiles().examples
    }

    /// The examples, and the files the documents show with `$ cat NAME` (name -> the lines shown).
    static func examplesAndShownFiles() throws -> (examples: [Example], files: [String: [String]]) {
        var examples: [Example] = []
        var files: [String: [String]] = [:]
        for document in documents {
            for block in try MarkdownBlock.all(in: try MarkdownBlock.file(document)) {
                for (index, line) in block.lines.enumerated() {
                    if line.hasPrefix("$ cat "), !line.contains("/") {
                        files[String(line.dropFirst("$ cat ".count))] = Array(block.lines[(index + 1)...].prefix { !$0.hasPrefix("$ ") })
                        continue
                    }
                    // `$ cat FILE | linkmatch validate -` too: standard input from a pipe is documented.
                    guard subcommands.contains(where: { line.hasPrefix("$ linkmatch \($0) ")
                        || (line.hasPrefix("$ cat ") && line.contains(" | linkmatch \($0) ")) }) else { continue }
                    var output: [String] = []
                    var status: Int32?
                    for next in block.lines[(index + 1)...] {
                        if next.hasPrefix("$ ") { break }
                        if next.hasPrefix("[exit "), next.hasSuffix("]") {
                            status = Int32(next.dropFirst("[exit ".count).dropLast())
                            break
                        }
                        output.append(next)
                    }
                    examples.append(Example(document: document, line: block.line + 1 + index,
                                            command: String(line.dropFirst(2)), output: output, status: status))
                }
            }
        }
        return (examples, files)
    }

    func testExamplesAreWhatTheBinaryPrints() throws {
        let (examples, shownFiles) = try Self.examplesAndShownFiles()
        XCTAssertGreaterThanOrEqual(examples.count, 15, "the docs lost their check/explain/validate examples")
        for subcommand in Self.subcommands {
            XCTAssertTrue(examples.contains { $0.command.hasPrefix("linkmatch \(subcommand) ") }, "no example of \(subcommand)")
        }
        try LinkMatchTool.withTemporaryDirectory { scratch in
            try FileManager.default.copyItem(atPath: LinkMatchTool.realWorld("felleslosninger__minid.no__well-known.json"),
                                             toPath: scratch + "/minid.json")
            XCTAssertEqual(mkfifo(scratch + "/pipe", 0o600), 0, "mkfifo")
            for (name, lines) in shownFiles {
                try (lines.joined(separator: "\n") + "\n").write(toFile: scratch + "/" + name, atomically: true, encoding: .utf8)
            }
            var replayed = 0
            let replayable = examples.filter { example in !Self.notReplayed.keys.contains { example.command.hasPrefix($0) } }
            let folders = replayable.map { example in
                let inScratch = example.command.contains(" minid.json") || example.command.contains(" pipe ")
                    || shownFiles.keys.contains { example.command.contains(" " + $0) }
                return inScratch ? scratch : TestDataFolder.repositoryRoot.path
            }
            // The examples only read (their files, and the FIFO nobody writes to): two run at a time.
            let runs = try Concurrently.map(Array(zip(replayable, folders))) { example, folder in try Self.shell(example.command, in: folder) }
            for (example, run) in zip(replayable, runs) {
                let at = "\(example.document):\(example.line): \(example.command)"
                if let status = example.status {
                    XCTAssertEqual(run.status, status, "\(at): exit status\n\(run.output)")
                }
                let printed = run.output.hasSuffix("\n") ? String(run.output.dropLast()) : run.output
                let got = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if !Self.matches(shown: example.output, printed: got) {
                    XCTFail("\(at): the document shows\n\(example.output.joined(separator: "\n"))\n-- but the binary prints --\n\(printed)")
                }
                replayed += 1
            }
            XCTAssertEqual(replayed, examples.count - examples.filter { e in Self.notReplayed.keys.contains { e.command.hasPrefix($0) } }.count)
        }
    }

    /// Each example left out is still in a document (a stale entry would hide nothing, but mislead).
    func testEveryExampleNotReplayedIsStillShown() throws {
        let examples = try Self.examples()
        for (prefix, reason) in Self.notReplayed {
            XCTAssertTrue(examples.contains { $0.command.hasPrefix(prefix) }, "no example starts with \(prefix) (\(reason))")
        }
    }

    /// `shown` with each `...` line standing for any number of printed lines.
    static func matches(shown: [String], printed: [String]) -> Bool {
        guard let first = shown.first else { return printed.isEmpty }
        if first == "..." {
            return (0...printed.count).contains { matches(shown: Array(shown.dropFirst()), printed: Array(printed.dropFirst($0))) }
        }
        return printed.first == first && matches(shown: Array(shown.dropFirst()), printed: Array(printed.dropFirst()))
    }

    func testAbridgedOutputMatching() {
        XCTAssertTrue(Self.matches(shown: ["a", "...", "d"], printed: ["a", "b", "c", "d"]))
        XCTAssertTrue(Self.matches(shown: ["a", "...", "d"], printed: ["a", "d"]))
        XCTAssertFalse(Self.matches(shown: ["a", "...", "d"], printed: ["a", "b", "c"]))
        XCTAssertFalse(Self.matches(shown: ["a", "b"], printed: ["a", "b", "c"]))
        XCTAssertFalse(Self.matches(shown: ["a", "x"], printed: ["a", "b"]))
    }

    /// `bash -c 'COMMAND 2>&1'` in `directory`, with the built products first on PATH and `S` set as
    /// the documents say; one file takes both streams, so their lines keep the order they were written in.
    static func shell(_ command: String, in directory: String) throws -> (output: String, status: Int32) {
        let products = LinkMatchTool.executable.deletingLastPathComponent().path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("doc-example-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command + " 2>&1"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = products + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["S"] = "TestData/real-world-aasa"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        try process.run()
        process.waitUntilExit()
        return (String(decoding: try Data(contentsOf: out), as: UTF8.self), process.terminationStatus)
    }
}
