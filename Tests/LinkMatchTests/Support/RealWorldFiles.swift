import Foundation
import XCTest

/// The real AASA files in `TestData/real-world-aasa` (copied from the shared material).
enum RealWorldFiles {
    static var folder: URL {
        let repoRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repoRoot.appendingPathComponent("TestData/real-world-aasa").standardizedFileURL
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("real-world AASA file not found at \(url.path)")
        }
        return [UInt8](try Data(contentsOf: url))
    }

    /// Every `.json` file of the folder, sorted by name.
    static func all() throws -> [(name: String, bytes: [UInt8])] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw XCTSkip("real-world AASA folder not found at \(folder.path)")
        }
        return try names.filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }
}
