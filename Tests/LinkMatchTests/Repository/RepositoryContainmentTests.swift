import Foundation
import XCTest
import LinkMatchTestData

/// The repository is the whole product: no tracked file outside `.ci/` names the folder of source
/// material that sat beside the repository while it was written (a clone has no such sibling).
/// `.ci/` may name it, to say it is not needed. The needle is put together at run time, so this
/// file does not name it either.
final class RepositoryContainmentTests: XCTestCase {
    static let needle = ["sha", "red", "/"].joined()
    /// The same folder named without its trailing slash (`../` + the name).
    static let parentNeedle = ["../", "sha", "red"].joined()

    /// `git ls-files` of the repository (paths relative to its root).
    func trackedFiles() throws -> [String] { try TrackedFiles.list() }

    /// The lines of `bytes` that hold the needle, 1-based.
    static func lines(naming needle: String, in bytes: Data) -> [Int] {
        let pattern = Array(needle.utf8)
        guard bytes.range(of: Data(pattern)) != nil else { return [] } // the common case, quickly
        var found: [Int] = []
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where line.count >= pattern.count {
            let line = Array(line)
            if (0...(line.count - pattern.count)).contains(where: { line[$0..<($0 + pattern.count)].elementsEqual(pattern) }) {
                found.append(number + 1)
            }
        }
        return found
    }

    func testTheSearchFindsTheNeedle() {
        XCTAssertEqual(Self.lines(naming: Self.needle, in: Data("a\nsee ../\(Self.needle)x\nb \(Self.needle)\n".utf8)), [2, 3])
        XCTAssertEqual(Self.lines(naming: Self.needle, in: Data("shared\nshare/d\n".utf8)), [])
        XCTAssertEqual(Self.lines(naming: Self.parentNeedle, in: Data("x\ncd \(Self.parentNeedle)\n".utf8)), [2])
    }

    func testNoTrackedFileOutsideCINamesTheSiblingFolder() throws {
        let files = try trackedFiles()
        XCTAssertTrue(files.contains("README.md") && files.contains("Package.swift"), "git ls-files listed \(files.count) files")
        var offenders: [String] = []
        for path in files where !path.hasPrefix(".ci/") {
            let url = TestDataFolder.repositoryRoot.appendingPathComponent(path)
            guard let bytes = FileManager.default.contents(atPath: url.path) else { continue } // deleted in the working tree
            let lines = Set(Self.lines(naming: Self.needle, in: bytes) + Self.lines(naming: Self.parentNeedle, in: bytes))
            offenders += lines.sorted().map { "\(path):\($0)" }
        }
        XCTAssertEqual(offenders, [], "these tracked files name \(Self.needle) (a folder outside the repository)")
    }
}
