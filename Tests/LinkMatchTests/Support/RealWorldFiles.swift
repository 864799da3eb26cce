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
}
