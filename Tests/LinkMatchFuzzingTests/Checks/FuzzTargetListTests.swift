// One list of fuzz targets: FuzzTarget (Sources/LinkMatchFuzzing/Checks) is the source of truth; Package.swift
// keeps its own list (it cannot import the code), and scripts/ ask `fuzz-corpus-tool targets`. These tests fail
// when Package.swift, the enum, the Sources/Fuzz and Corpus folders, or a list of targets written out in
// scripts/, .clusterfuzzlite/ or a workflow disagree.
import Foundation
import XCTest
import LinkMatchTestData
@testable import LinkMatchFuzzing

final class FuzzTargetListTests: XCTestCase {
    static let root = TestDataFolder.repositoryRoot

    var enumNames: [String] { FuzzTarget.allCases.map(\.rawValue) }

    func text(_ relative: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(relative), encoding: .utf8)
    }

    func folders(_ relative: String) throws -> Set<String> {
        let url = Self.root.appendingPathComponent(relative)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        return Set(names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue && !name.hasPrefix(".")
        })
    }

    /// The quoted names of `let fuzzTargets = [...]` in Package.swift.
    func packageList() throws -> [String] {
        let package = try text("Package.swift")
        guard let start = package.range(of: "let fuzzTargets = ["),
              let end = package[start.upperBound...].firstIndex(of: "]") else {
            XCTFail("Package.swift has no `let fuzzTargets = [...]`")
            return []
        }
        return package[start.upperBound..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    func testPackageSwiftListsTheEnumsTargetsInOrder() throws {
        XCTAssertEqual(try packageList(), enumNames)
        // The products it makes of them, as the scripts build them.
        XCTAssertEqual(FuzzTarget.allCases.map(\.product), try packageList().map { "fuzz-" + $0 })
    }

    func testEverySourcesFuzzFolderIsATargetOrTheSharedCode() throws {
        let shared: Set<String> = ["Entry", "CorpusTool", "CoverageProbe", "include"]
        XCTAssertEqual(try folders("Sources/Fuzz").subtracting(shared), Set(enumNames))
        for name in enumNames {
            let main = try text("Sources/Fuzz/\(name)/main.c")
            XCTAssertTrue(main.contains("\"\(name)\""), "Sources/Fuzz/\(name)/main.c does not name its target")
        }
    }

    func testEveryCorpusFolderAndDictionaryIsATarget() throws {
        XCTAssertEqual(try folders("Corpus"), Set(enumNames))
        let dictionaries = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Corpus").path)
            .filter { $0.hasSuffix(".dict") }
        XCTAssertEqual(Set(dictionaries), Set(FuzzTarget.allCases.map { ($0.dictionaryPath as NSString).lastPathComponent }))
        for target in FuzzTarget.allCases {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target.dictionaryPath).path))
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target.corpusPath + "/seeds").path))
        }
    }

    /// The files that name targets besides the code: the scripts, the ClusterFuzzLite build, the workflows.
    func orchestrationFiles() throws -> [String] {
        var files = [".clusterfuzzlite/build.sh", ".ci/run"]
        files += try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("scripts").path)
            .filter { $0.hasSuffix(".sh") }.sorted().map { "scripts/" + $0 }
        files += try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(".github/workflows").path)
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { ".github/workflows/" + $0 }
        return files
    }

    /// A line naming three or more targets is a list written out: it must be the whole list, or better,
    /// the scripts ask the corpus tool. (Two names are prose: "differential and document".)
    func testNoScriptOrWorkflowKeepsAListOfItsOwn() throws {
        let names = Set(enumNames)
        for file in try orchestrationFiles() {
            for (number, line) in try text(file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split { !($0.isLetter || $0 == "-") }.map(String.init)
                let named = Set(words.filter(names.contains))
                if named.count >= 3 {
                    XCTAssertEqual(named, names, "\(file):\(number + 1) lists targets, not all of them: \(line)")
                }
            }
        }
    }

    /// Every fuzz-<name> a script, the ClusterFuzzLite build or a workflow names is a target's product,
    /// the corpus tool, or one of the other words that start so (folders, files, an action's input).
    func testEveryFuzzProductNamedIsOne() throws {
        let others: Set<String> = ["fuzz-corpus-tool", "fuzz-artifacts", "fuzz-common", "fuzz-seconds",
                                   "fuzz-build", "fuzz-asan", "fuzz-asan-split", "fuzz-nomain", "fuzz-xswiftc"]
        let known = others.union(FuzzTarget.allCases.map(\.product))
        let pattern = try NSRegularExpression(pattern: "fuzz-[a-z][a-z-]*[a-z]")
        for file in try orchestrationFiles() {
            let content = try text(file)
            for match in pattern.matches(in: content, range: NSRange(content.startIndex..., in: content)) {
                let name = String(content[Range(match.range, in: content)!])
                XCTAssertTrue(known.contains(name), "\(file): \(name) is not a fuzz target's product (or a known word)")
            }
        }
    }

    /// The scripts and the ClusterFuzzLite build take the list from the corpus tool.
    func testScriptsAskTheCorpusToolForTheList() throws {
        let common = try text("scripts/fuzz-common.sh")
        XCTAssertTrue(common.contains("\"$TOOL\" targets"), "fuzz-common.sh does not read the targets from the corpus tool")
        XCTAssertFalse(common.contains("TARGETS=(differential"), "fuzz-common.sh keeps a list of its own")
        let build = try text(".clusterfuzzlite/build.sh")
        XCTAssertTrue(build.contains("load_targets"), ".clusterfuzzlite/build.sh does not ask the corpus tool")
        XCTAssertTrue(build.contains("target-options"), ".clusterfuzzlite/build.sh writes options of its own")
    }

    // ---- the settings themselves (literal expectations) ----

    func testSettings() {
        XCTAssertEqual(FuzzTarget.document.searchFlags, ["-len_control=0"])
        XCTAssertEqual(FuzzTarget.differential.searchFlags, ["-len_control=0"])
        for target in [FuzzTarget.percentEncoding, .parser, .metamorphic, .external] {
            XCTAssertEqual(target.searchFlags, [], "\(target)")
        }
        XCTAssertEqual(FuzzTarget.parser.maxLength, 49152)
        XCTAssertEqual(FuzzTarget.differential.maxLength, 512)
        XCTAssertEqual(FuzzTarget.percentEncoding.dictionaryPath, "Corpus/percent-encoding.dict")
        XCTAssertEqual(FuzzTarget.percentEncoding.product, "fuzz-percent-encoding")
        XCTAssertEqual(FuzzTarget.document.limitFlags(), ["-timeout=10", "-rss_limit_mb=2048", "-max_len=4096"])
        XCTAssertEqual(FuzzTarget.document.limitFlags(maxLength: 256, timeout: 3), ["-timeout=3", "-rss_limit_mb=2048", "-max_len=256"])
        for target in FuzzTarget.allCases {
            XCTAssertGreaterThan(target.nightlySeconds, target.briefSeconds)
            // Every search flag can be an options-file line.
            for flag in target.searchFlags { XCTAssertNotNil(flag.range(of: #"^-[a-z_]+=.+$"#, options: .regularExpression), flag) }
        }
    }

    func testOptionsFile() {
        XCTAssertEqual(FuzzTarget.document.optionsFile, "[libfuzzer]\nmax_len = 4096\ntimeout = 10\nlen_control = 0\n")
        XCTAssertEqual(FuzzTarget.parser.optionsFile, "[libfuzzer]\nmax_len = 49152\ntimeout = 10\n")
    }

    /// The nightly job fuzzes every target one after the other: its time limit must hold the fuzzing
    /// (targets x the seconds it passes) with room for the builds, merges and minimizing (at least 30 min).
    /// It was once 90 min for 8 targets x 10 min, so GitHub would have cancelled every night's run.
    func testNightlyWorkflowHasTimeForEveryTarget() throws {
        let workflow = try text(".github/workflows/nightly-fuzz.yml")
        guard let limit = workflow.firstMatch(of: /timeout-minutes: (\d+)/).flatMap({ Int($0.1) }),
              let seconds = workflow.firstMatch(of: /inputs\.seconds \|\| '(\d+)'/).flatMap({ Int($0.1) }) else {
            return XCTFail("nightly-fuzz.yml: no timeout-minutes or default seconds found")
        }
        let fuzzingMinutes = FuzzTarget.allCases.count * seconds / 60
        XCTAssertGreaterThanOrEqual(limit, fuzzingMinutes + 30,
                                    "\(FuzzTarget.allCases.count) targets x \(seconds) s = \(fuzzingMinutes) min of fuzzing alone")
    }
}
