import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// `linkmatch validate`: every real-world file, specific codes, the corpus's validation cases, order.
final class CLIValidateTests: XCTestCase {
    struct Report {
        var codes: [String]
        var paths: [String]
        var errors: Int
        var status: Int32
    }

    func validate(_ file: String) throws -> Report {
        let run = try LinkMatchTool.run(["validate", file, "--json"])
        let obj = try LinkMatchTool.json(run.stdout)
        guard case .array(let list)? = obj["diagnostics"], case .number(let errors)? = obj["errors"] else {
            throw VectorError("bad validate output: \(run.stdout)")
        }
        var codes: [String] = [], paths: [String] = []
        for case .object(let d) in list {
            if case .string(let c)? = d["code"] { codes.append(c) }
            if case .string(let p)? = d["path"] { paths.append(p) }
        }
        return Report(codes: codes, paths: paths, errors: Int(errors) ?? -1, status: run.status)
    }

    /// The real files with a rule or app ID that can never match on a device, as INDEX.md notes
    /// ("can never match", "no team-ID prefix"), and the one error `validate` must report for each.
    static let neverMatching = [
        "Expensify__App__root-json-hash-path.json": "fragment-in-path",     // `/#/settings` in `paths`
        "artsy__artsy-eigen-web-association__2023.json": "fragment-in-path", // `NOT /#`
        "Hylozoic__hylo-evo__public-malformed-appid.json": "app-id-format", // `com.hylo.HyloA`
    ]

    /// `bash -c SCRIPT` with the built linkmatch first on PATH, in a scratch folder: stdout and
    /// stderr together, and the exit status.
    func shell(_ script: String) throws -> (output: String, status: Int32) {
        try LinkMatchTool.withTemporaryDirectory { dir in
            let out = dir + "/output"
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", script + " 2>&1"]
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = LinkMatchTool.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            try process.run()
            process.waitUntilExit()
            return (String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self), process.terminationStatus)
        }
    }

    /// Input from anywhere local (issue 32): `-` reads a pipe, a FIFO with a writer is read, a pipe
    /// over the parser's limit is refused while reading, and an https:// argument says how to fetch it.
    func testStandardInputPipesAndFIFOs() throws {
        let file = LinkMatchTool.realWorld("Expensify__App__root-json-hash-path.json")
        let piped = try shell("cat '\(file)' | linkmatch validate -")
        XCTAssertEqual(piped.status, 1, piped.output)
        XCTAssertTrue(piped.output.contains("error [fragment-in-path] applinks.details[0].paths[0]"), piped.output)
        XCTAssertTrue(piped.output.hasSuffix("-: 1 error, 0 warnings, 0 infos\n"), piped.output)
        let checked = try shell("cat '\(file)' | linkmatch check - https://new.expensify.com/settings --json")
        XCTAssertEqual(checked.status, 0, checked.output)
        XCTAssertTrue(checked.output.contains(#""reason": "no_rule_matched""#), checked.output)
        let fifo = try shell("mkfifo p && (cat '\(file)' > p &) && linkmatch validate p")
        XCTAssertTrue(fifo.output.contains("error [fragment-in-path]"), fifo.output)
        let devStdin = try shell("cat '\(file)' | linkmatch explain /dev/stdin https://new.expensify.com/x --app 368M544MTT.com.chat.expensify.chat")
        XCTAssertEqual(devStdin.status, 0, devStdin.output)
        let limit = JSONParser.Limits().maxBytes
        let big = try shell("head -c \(limit + 100) /dev/zero | tr '\\0' ' ' | linkmatch validate - --json")
        XCTAssertEqual(big.status, 1, big.output)
        XCTAssertTrue(big.output.contains(#""code": "file-too-large""#), big.output)
        let diffed = try shell("cat '\(file)' | linkmatch diff - '\(LinkMatchTool.realWorld("Expensify__App__well-known.json"))'")
        XCTAssertEqual(diffed.status, 1, diffed.output)
        let twice = try shell("linkmatch diff - -")
        XCTAssertEqual(twice.status, 2, twice.output)
        XCTAssertTrue(twice.output.hasPrefix("error [usage] - -: standard input can be only one of the two files"), twice.output)
        let remote = try shell("linkmatch validate https://example.com/.well-known/apple-app-site-association")
        XCTAssertEqual(remote.status, 1, remote.output)
        XCTAssertTrue(remote.output.hasPrefix("error [not-a-local-file] https://example.com/.well-known/apple-app-site-association: "
            + "linkmatch reads local files only; fetch it first, e.g. curl -sS https://example.com/.well-known/apple-app-site-association | linkmatch validate -"),
            remote.output)
    }

    func testEveryRealWorldFileValidatesWithoutCrashing() throws {
        let files = try RealWorldFiles.names()
        XCTAssertEqual(files.count, 30)
        for name in files {
            let report = try validate(LinkMatchTool.realWorld(name))
            // Exit 1 exactly when an error is reported; never a crash (a signal gives another status).
            XCTAssertEqual(report.status, report.errors > 0 ? 1 : 0, name)
            if name.contains("trailing-comma") {
                XCTAssertEqual(report.codes, ["invalid-json"], name)
            } else if let codes = Self.neverMatching[name] {
                XCTAssertEqual(report.errors, 1, "\(name): \(report.codes)")
                XCTAssertEqual(report.codes.first, codes, name)
            } else {
                XCTAssertEqual(report.errors, 0, "\(name): \(report.codes)")
            }
            if name.contains("signed-pkcs7") { XCTAssertEqual(report.codes.first, "signed-envelope", name) }
        }
    }

    func testSpecificRealWorldCodes() throws {
        let firefly = try validate(LinkMatchTool.realWorld("DimensionDev__firefly.mask.social__well-known.json"))
        XCTAssertEqual(firefly.codes, ["both-app-id-forms", "mixed-formats"])
        XCTAssertEqual(firefly.status, 0)

        let hylo = try validate(LinkMatchTool.realWorld("Hylozoic__hylo-evo__public-malformed-appid.json"))
        XCTAssertTrue(hylo.codes.contains("app-id-format"), "\(hylo.codes)")
        XCTAssertTrue(hylo.codes.contains("catch-all"), "\(hylo.codes)")   // its only rule is `*`

        // `/contact/*` before `/contact` (N3: the first also matches `/contact`), five times.
        let simplex = try validate(LinkMatchTool.realWorld("simplex-chat__simplex-chat__website-well-known.json"))
        XCTAssertEqual(simplex.codes, Array(repeating: "unreachable-rule", count: 5))
        XCTAssertEqual(simplex.paths, (0..<5).map { "applinks.details[0].components[\(2 * $0 + 1)]" })

        // Components 7 and 13 are both `/request/*`.
        let expensify = try validate(LinkMatchTool.realWorld("Expensify__App__well-known.json"))
        XCTAssertEqual(expensify.codes, ["unreachable-rule"])
        XCTAssertEqual(expensify.paths, ["applinks.details[0].components[13]"])

        let trailing = try validate(LinkMatchTool.realWorld("5calls__5calls__well-known-2020-trailing-comma.json"))
        XCTAssertEqual(trailing.status, 1)
    }

    func testTextOutputAndLineColumnForBrokenJSON() throws {
        let run = try LinkMatchTool.run(["validate", LinkMatchTool.realWorld("5calls__5calls__well-known-2020-trailing-comma.json")])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.hasPrefix("error [invalid-json] (document): line 16, column 17: trailing comma"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix(": 1 error, 0 warnings, 0 infos\n"), run.stdout)
    }

    func testOverAppleSizeLimitIsAnErrorWithTheSize() throws {
        let head = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x", "comment": ""#
        let tail = #""}]}]}}"#
        let file = head + String(repeating: "x", count: 140_000 - head.utf8.count - tail.utf8.count) + tail
        let run = try LinkMatchTool.withFile(file) { try LinkMatchTool.run(["validate", $0]) }
        XCTAssertEqual(run.status, 1, "an error-level diagnostic")
        XCTAssertTrue(run.stdout.contains("error [over-apple-size-limit] (document): the file is 140,000 bytes, over Apple's 128 KB limit (131,072 bytes)"), run.stdout)
    }

    func testMissingFileExitsOne() throws {
        let run = try LinkMatchTool.run(["validate", "/nonexistent/aasa.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("/nonexistent/aasa.json: cannot read the file"), run.stderr)
    }

    /// The corpus's 13 validation cases use blazingly-aasa's codes; these are ours for the same findings.
    func testCorpusValidationCasesMapToOurCodes() throws {
        let ours: [String: [String]] = [
            "AASA100": ["no-applinks"], "AASA110": ["missing-app-id"], "AASA111": ["both-app-id-forms"],
            "AASA120": ["mixed-formats"], "AASA122": ["legacy-apps-not-empty"], "AASA130": ["empty-app-id"],
            "AASA141": ["variable-in-value"], "AASA142": ["undefined-variable"], "AASA150": ["non-string-query-value"],
            "AASA151": ["invalid-pattern"], "AASA180": ["catch-all"], "AASA190": ["unreachable-rule"],
            "AASA193": ["no-details"],
        ]
        let cases = try ValidationCase.conformance()
        XCTAssertEqual(cases.count, 13)
        for c in cases {
            let report = try LinkMatchTool.withFile(c.aasa.serialized()) { try validate($0) }
            let wanted = c.expectCodes.flatMap { ours[$0] ?? ["unmapped \($0)"] }
            if wanted.isEmpty {
                XCTAssertEqual(report.codes, [], c.name)   // the clean document is silent
            }
            for code in wanted { XCTAssertTrue(report.codes.contains(code), "\(c.name): expected \(code), got \(report.codes)") }
        }
    }

    func testDiagnosticsFollowTheDocumentOrder() throws {
        // The parser reports the unknown key and the app-id format before the lints run; the output
        // interleaves them by where their paths are in the file (a node before its members).
        let doc = #"""
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}, {"/": "/b", "Exclude": true}]},
          {"appIDs": ["bad"], "components": [{"/": "/c"}]}
        ]}}
        """#
        let report = try LinkMatchTool.withFile(doc) { try validate($0) }
        XCTAssertEqual(report.codes, ["catch-all", "unreachable-rule", "unknown-key", "app-id-format"])
        XCTAssertEqual(report.paths, ["applinks.details[0].components[0]", "applinks.details[0].components[1]",
                                      "applinks.details[0].components[1].Exclude", "applinks.details[1]"])
    }
}
