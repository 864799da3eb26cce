import Foundation
import LinkMatch
import LinkMatchTestData
import XCTest

/// The shipped `linkmatch` links no test data and offers no planted mistake: its target closure (from
/// `swift package dump-package`) holds neither LinkMatchTestData nor LinkMatchMutants, the built binary
/// names neither module, and `conformance --help` names readings but no mutant.
final class ShippedCLITests: XCTestCase {
    static let packageRoot = TestDataFolder.repositoryRoot

    static let testOnlyModules = ["LinkMatchTestData", "LinkMatchMutants"]

    /// The package description as JSON. A scratch path of its own, so that it never waits for the
    /// `.build` lock of the `swift test` running this.
    func dumpedPackage() throws -> JSONObject {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("linkmatch-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathExtension("json")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", Self.packageRoot.path, "--scratch-path", scratch.path, "dump-package"]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "swift package dump-package failed")
        return try LinkMatchTool.json(String(decoding: try Data(contentsOf: out), as: UTF8.self))
    }

    /// The names of the targets `product` is built from, directly or through other targets.
    func targetClosure(of product: String, in package: JSONObject) throws -> Set<String> {
        guard case .array(let products)? = package["products"], case .array(let targets)? = package["targets"] else {
            throw VectorError("no products or targets in the dump")
        }
        var dependencies: [String: [String]] = [:]
        for case .object(let target) in targets {
            guard case .string(let name)? = target["name"] else { continue }
            var names: [String] = []
            if case .array(let list)? = target["dependencies"] {
                for case .object(let dependency) in list {
                    // {"byName": [NAME, null]} or {"target": [NAME, null]}; {"product": ...} is another package's.
                    for key in ["byName", "target"] {
                        if case .array(let pair)? = dependency[key], case .string(let n)? = pair.first { names.append(n) }
                    }
                }
            }
            dependencies[name] = names
        }
        var roots: [String] = []
        for case .object(let p) in products {
            if p["name"] == .string(product), case .array(let list)? = p["targets"] {
                for case .string(let n) in list { roots.append(n) }
            }
        }
        guard !roots.isEmpty else { throw VectorError("no product \(product)") }
        var seen = Set<String>()
        while let next = roots.popLast() {
            guard seen.insert(next).inserted else { continue }
            roots += dependencies[next] ?? []
        }
        return seen
    }

    func testTheLinkmatchProductsTargetsHoldNoTestCode() throws {
        let package = try dumpedPackage()
        let shipped = try targetClosure(of: "linkmatch", in: package)
        XCTAssertTrue(shipped.isSuperset(of: ["LinkMatchProgram", "LinkMatchCLI", "LinkMatch", "LinkMatchFuzzing"]), "\(shipped)")
        for module in Self.testOnlyModules {
            XCTAssertFalse(shipped.contains(module), "linkmatch is built from \(module): \(shipped.sorted())")
        }
        // The closure walk does find them where they are used.
        let tool = try targetClosure(of: "fuzz-corpus-tool", in: package)
        XCTAssertTrue(tool.isSuperset(of: Self.testOnlyModules), "\(tool)")
    }

    func testTheBuiltBinaryNamesNoTestOnlyModule() throws {
        let binary = try Data(contentsOf: LinkMatchTool.executable)
        // Every Swift symbol carries its module's name, so a linked module shows in the binary.
        XCTAssertNotNil(binary.range(of: Data("LinkMatchCLI".utf8)), "the module name test finds nothing at all")
        for module in Self.testOnlyModules {
            XCTAssertNil(binary.range(of: Data(module.utf8)), "the linkmatch binary contains \(module)")
        }
        // The corpus tool (not shipped) does link the mutants.
        XCTAssertNotNil(try Data(contentsOf: LinkMatchTool.corpusTool).range(of: Data("LinkMatchMutants".utf8)))
    }

    func testConformanceHelpListsReadingsAndNoMutant() throws {
        let help = try LinkMatchTool.run(["conformance", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertFalse(help.stdout.contains("mutant"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--reading <name>"), help.stdout)
        for reading in Readings.all {
            XCTAssertTrue(help.stdout.contains("  \(reading.name)  "), "help does not list \(reading.name):\n\(help.stdout)")
        }
        // The planted mistakes, as the test program lists them (name, then the targets that catch it).
        let listed = try LinkMatchTool.run(["mutants"], executable: LinkMatchTool.corpusTool)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let names = listed.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let planted = names.filter { Readings.named($0) == nil }
        XCTAssertGreaterThanOrEqual(planted.count, 8, listed.stdout)
        for name in planted {
            XCTAssertFalse(help.stdout.contains(name), "conformance --help names the mutant \(name)")
            XCTAssertEqual(try LinkMatchTool.run(["conformance", "--reading", name]).status, 2, name)
        }
        XCTAssertEqual(try LinkMatchTool.run(["conformance", "--mutant", planted[0]]).status, 2)
    }

    func testConformanceAnswersAsAReading() throws {
        let buy = #"{"id":1,"aasa":{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/buy/*"}]}]}},"domain":"example.com","appId":"ABCDE12345.com.example.app","url":"https://example.com/buy"}"#
        let terms = #"{"id":2,"aasa":{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"*/terms/*","exclude":true},{"/":"*"}]}]}},"domain":"example.com","appId":"ABCDE12345.com.example.app","url":"https://example.com/terms/x"}"#
        let input = buy + "\n" + terms + "\n"
        func decisions(_ args: [String]) throws -> [String] {
            let run = try LinkMatchTool.run(["conformance"] + args, stdin: input)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try run.stdout.split(separator: "\n").map { line in
                guard case .string(let d)? = try LinkMatchTool.json(String(line))["decision"] else { return "?" }
                return d
            }
        }
        XCTAssertEqual(try decisions([]), ["match", "match"])
        XCTAssertEqual(try decisions(["--reading", "no-parent-path"]), ["no_match", "match"])
        XCTAssertEqual(try decisions(["--reading", "slash-kept-in-text"]), ["match", "exclude"])
        XCTAssertEqual(try LinkMatchTool.run(["conformance", "--reading", "no-parent-path", "--engine", "reference"]).status, 2)
    }
}
