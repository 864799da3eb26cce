import Foundation
import LinkMatch
import LinkMatchTestData
import XCTest

/// SPEC.md §11: the reference engine shares no step with the compiled engine, only LinkMatchCore
/// (the JSON reader, the URL splitter, the code tables, the answer types). LinkMatchReference's
/// target depends on LinkMatchCore only; SwiftPM refuses an import of another target only when built
/// with `--explicit-target-dependency-import-check error` (.ci/run's test build), so these tests keep
/// the boundary on any build: no new dependency in Package.swift, no other import in the reference's
/// sources.
final class ReferenceIndependenceTests: XCTestCase {
    static let root = TestDataFolder.repositoryRoot

    /// The module names each `import` line of the Swift files under `folder` brings in (`import X`,
    /// `@testable import X`, `@_exported import X`, `import struct X.Y`), with the file and line.
    static func imports(under folder: String) throws -> [(module: String, at: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var out: [(module: String, at: String)] = []
        var files = 0
        for case let file as String in walker where file.hasSuffix(".swift") {
            files += 1
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard words.first == "import", words.count >= 2 else { continue }
                let path = words.count >= 3 ? words[2] : words[1] // `import struct X.Y` names X.Y third
                out.append((String(path.split(separator: ".")[0]), "\(folder)/\(file):\(n + 1)"))
            }
        }
        XCTAssertGreaterThan(files, 0, "no Swift files under \(folder)")
        return out
    }

    /// The `dependencies:` of `.target(name: "<name>", ...)` in Package.swift, or nil when the target
    /// is not declared that way (then the test fails rather than passing on nothing).
    static func dependencies(of name: String) throws -> [String]? {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let start = manifest.range(of: ".target(name: \"\(name)\"") else { return nil }
        let rest = manifest[start.upperBound...]
        let end = rest.range(of: "path:")?.lowerBound ?? rest.endIndex
        let declaration = rest[..<end]
        guard let open = declaration.range(of: "dependencies: [") else { return [] }
        guard let close = declaration[open.upperBound...].firstIndex(of: "]") else { return nil }
        return declaration[open.upperBound..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty }
    }

    func testTheEnginesDependOnTheCoreOnly() throws {
        XCTAssertEqual(try Self.dependencies(of: "LinkMatchCore"), [])
        XCTAssertEqual(try Self.dependencies(of: "LinkMatchReference"), ["LinkMatchCore"])
        XCTAssertEqual(try Self.dependencies(of: "LinkMatchModel"), ["LinkMatchCore"])
        XCTAssertEqual(try Self.dependencies(of: "LinkMatchCompiled"), ["LinkMatchCore", "LinkMatchModel"])
    }

    func testTheReferenceSourcesImportNothingButTheCore() throws {
        let allowed: Set = ["LinkMatchCore", "Foundation", "Synchronization"]
        let found = try Self.imports(under: "Sources/ReferenceEngine")
        XCTAssertTrue(found.contains { $0.module == "LinkMatchCore" }, "the reference imports the core somewhere")
        for (module, at) in found where !allowed.contains(module) {
            XCTFail("\(at) imports \(module); the reference may import only \(allowed.sorted())")
        }
    }

    /// The core interprets nothing: it sees neither engine (nor the tooling around them).
    func testTheCoreSourcesImportNoEngine() throws {
        for (module, at) in try Self.imports(under: "Sources/Core") where module.hasPrefix("LinkMatch") {
            XCTFail("\(at) imports \(module); the core imports no LinkMatch module")
        }
    }

    /// The check above reads import lines; a reading that found none would pass on nothing.
    func testTheImportReaderSeesImports() throws {
        let compiled = try Self.imports(under: "Sources/Tooling").map(\.module)
        XCTAssertTrue(compiled.contains("LinkMatchCompiled") && compiled.contains("LinkMatchReference"))
    }
}

/// The reference reads a parsed document's own JSON; a copy whose model was changed in code (tools
/// build such variants) must be read from the model, or the change would be silently ignored.
final class DocumentSourceTests: XCTestCase {
    func testAChangedModelDropsItsJSON() throws {
        let json = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.a"],"components":[{"/":"/a"}]}]}}"#
        let parsed = try AASADocument.parse(json: json).document
        XCTAssertNotNil(parsed.source)
        var changed = parsed
        changed.entries[0].rules[0].fields.exclude = true
        XCTAssertNil(changed.source)
        let url = try ParsedURL("https://example.com/a")
        XCTAssertEqual(ReferenceEngine().prepare(parsed).decide(url, appID: "ABCDE12345.a", domain: "").outcome, .match)
        XCTAssertEqual(ReferenceEngine().prepare(changed).decide(url, appID: "ABCDE12345.a", domain: "").outcome, .exclude)
    }
}
