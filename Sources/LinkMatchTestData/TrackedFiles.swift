import Foundation

/// The files git tracks in the repository, for tests that check every file of a kind (every Markdown
/// file's fences, no file naming a folder outside the repository).
public enum TrackedFiles {
    /// `git ls-files` of the repository (paths relative to its root). Throws when git fails: the tests
    /// run from a git clone.
    public static func list() throws -> [String] {
        let root = TestDataFolder.repositoryRoot
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ls-files-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestDataError("`git ls-files` failed in \(root.path) (status \(process.terminationStatus)): the tests run from a git clone")
        }
        return try Data(contentsOf: out).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
