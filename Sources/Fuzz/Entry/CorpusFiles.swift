// Which files under a corpus folder are inputs. Same rule as CorpusReplayTests (LinkMatchFuzzingTests):
// every regular file, recursively, except hidden files, dictionaries (`.dict`) and readable twins
// (`X.json` next to an input `X`). Real-world AASA seeds are `.json` files without a twin: inputs.
import Foundation

public enum CorpusFiles {
    public struct Problem: Error { public var message: String }

    /// The inputs at `path` (a file, or a folder searched recursively), sorted for a stable order.
    public static func inputs(at path: String) -> Result<[String], Problem> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return .failure(Problem(message: "no such file or folder: \(path)"))
        }
        guard isFolder.boolValue else { return .success([path]) }
        guard let names = FileManager.default.subpaths(atPath: path) else {
            return .failure(Problem(message: "cannot list \(path)"))
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        let all = Set(names)
        let inputs = names.filter { name in
            var isSubfolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: base + name, isDirectory: &isSubfolder)
            return exists && !isSubfolder.boolValue && isInput(name, siblings: all)
        }
        return .success(inputs.sorted().map { base + $0 })
    }

    public static func isInput(_ relativePath: String, siblings: Set<String>) -> Bool {
        let fileName = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        if fileName.hasPrefix(".") || fileName.hasSuffix(".dict") { return false }
        if relativePath.hasSuffix(".json"), siblings.contains(String(relativePath.dropLast(".json".count))) { return false }
        return true
    }
}
