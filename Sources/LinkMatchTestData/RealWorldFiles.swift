import Foundation

/// The AASA files real sites serve, in `TestData/real-world-aasa/` (copied byte for byte from the
/// public repositories that serve them; INDEX.md there says where each came from and lists sample URLs). The one listing
/// the tests and the corpus tool use; a missing folder or file is an error, never a skip.
public enum RealWorldFiles {
    public static var folder: URL { TestDataFolder.realWorld }

    /// The `.json` file names of `folder` (default: the committed one), sorted.
    public static func names(in folder: URL = folder) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw TestDataError("real-world AASA folder \(folder.path) cannot be listed: \(error)")
        }
    }

    /// The bytes of one file.
    public static func bytes(_ name: String, in folder: URL = folder) throws -> [UInt8] {
        let url = folder.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw TestDataError("real-world AASA file \(url.path) cannot be read")
        }
        return [UInt8](data)
    }

    /// Name and bytes of every `.json` file, sorted by name.
    public static func all(in folder: URL = folder) throws -> [(name: String, bytes: [UInt8])] {
        try names(in: folder).map { ($0, try bytes($0, in: folder)) }
    }

    /// INDEX.md's text.
    public static func index(in folder: URL = folder) throws -> String {
        let url = folder.appendingPathComponent("INDEX.md")
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw TestDataError("\(url.path) cannot be read")
        }
        return text
    }

    /// The backticked https URLs on the INDEX.md table row of `file` (its sample URLs).
    public static func sampleURLs(in index: String, file: String) -> [String] {
        guard let row = index.split(separator: "\n").first(where: { $0.hasPrefix("| `\(file)`") }) else { return [] }
        return row.split(separator: "`").map(String.init).filter { $0.hasPrefix("https://") }
    }

    /// Every backticked https URL of INDEX.md (all files' samples together), without those that hold a space.
    public static func allSampleURLs(in index: String) -> [String] {
        index.components(separatedBy: "`").filter { $0.hasPrefix("https://") && !$0.contains(" ") }
    }
}
