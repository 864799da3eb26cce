import Foundation

/// Where the committed test data lives: `TestData/` at the repository root (`vectors/`,
/// `real-world-aasa/`).
///
/// Found from this file's own `#filePath` (Sources/LinkMatchTestData/TestDataFolder.swift, two folders
/// below the root), not from a bundle or the working directory: the package is always built from
/// source, so the path the compiler saw is where the data is, whatever directory `swift test`, the
/// corpus tool or a script runs in. A build moved to another machine without its sources would not
/// find it; nothing here is meant to ship.
public enum TestDataFolder {
    /// The repository root.
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()   // LinkMatchTestData
            .deletingLastPathComponent()   // Sources
            .deletingLastPathComponent()   // root
            .standardizedFileURL
    }

    /// `TestData/`.
    public static var root: URL { repositoryRoot.appendingPathComponent("TestData") }

    /// `TestData/vectors/`: the spec examples, the conformance corpus, the real-world samples.
    public static var vectors: URL { root.appendingPathComponent("vectors") }

    /// `TestData/real-world-aasa/`: AASA files real sites serve, with INDEX.md.
    public static var realWorld: URL { root.appendingPathComponent("real-world-aasa") }

    /// Every regular file under `folder` (a path from the repository root, e.g. `Corpus`), sorted
    /// by path: the inputs of tests that read everything the repository holds.
    public static func files(under folder: String) throws -> [URL] {
        let top = repositoryRoot.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: top, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}
