import Foundation
import XCTest
import LinkMatch
import LinkMatchTestData

/// SPEC.md's "Open points" section and the registry (`OpenPoints.all`) tell the same story.
final class OpenPointsSpecTests: XCTestCase {
    static func spec() throws -> String {
        let root = TestDataFolder.repositoryRoot
        return try String(contentsOf: root.appendingPathComponent("SPEC.md"), encoding: .utf8)
    }

    static func openPointsSection() throws -> Substring {
        let spec = try spec()
        guard let start = spec.range(of: "\n## 15. Open points\n") else { throw VectorError("SPEC.md has no section 15. Open points") }
        let rest = spec[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    func testSectionListsTheRegistryIDsInOrder() throws {
        let headings = try Self.openPointsSection().split(separator: "\n").filter { $0.hasPrefix("#### ") }
        let ids = headings.map { $0.dropFirst(5).prefix { $0 != ":" } }.map(String.init)
        XCTAssertEqual(ids, OpenPoints.all.map(\.id))
    }

    func testEveryWholeRequestLineInSpecIsTheRegistrysLine() throws {
        let section = try Self.openPointsSection()
        let lines = section.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("{\"id\":") }
        var expected: [String: String] = [:]
        for point in OpenPoints.all {
            for (i, probe) in point.probes.enumerated() { expected[point.probeID(i)] = probe.requestLine(id: point.probeID(i)) }
        }
        XCTAssertEqual(lines.count, expected.count, "one request line per probe")
        for line in lines where !line.contains("…(") {
            guard case .object(let obj) = try JSONParser.parse(Array(line.utf8)), case .string(let id)? = obj["id"] else {
                XCTFail("unreadable request line \(line)"); continue
            }
            XCTAssertEqual(line, expected[id], "SPEC's line for \(id) is stale: regenerate with linkmatch open-points --markdown")
        }
    }

    /// Every rule heading marked `decided` is an open point or says in the section why it is not.
    func testEveryDecidedRuleIsOpenOrExplained() throws {
        let spec = try Self.spec()
        let decided = spec.split(separator: "\n").filter { $0.hasPrefix("### ") && $0.contains("decided)") }
            .map { String($0.dropFirst(4).prefix { $0 != " " }) }
        XCTAssertGreaterThan(decided.count, 20)
        let covered = Set(OpenPoints.all.flatMap(\.rules))
        let section = try Self.openPointsSection()
        for rule in decided where !covered.contains(rule) {
            XCTAssertTrue(section.contains("\n| \(rule) |"), "\(rule) is decided but neither an open point nor explained")
        }
    }
}
