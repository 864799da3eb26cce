// The bench's inputs written out, so that another implementation can be measured on the same bytes and URLs.
import Foundation
import LinkMatch

/// Writes a document row's inputs for another implementation to be measured on: `ROW.json` (the bytes the
/// row parses) and `ROW.runs` (one decision per line: app ID, a tab, the URL), ROW being the row's name up
/// to " x " with every character other than a letter, digit, `-` or `.` made `_`.
func dumpInputs(_ row: String, bytes: [UInt8], runs: [(url: ParsedURL, app: String)], into directory: String) {
    let stem = String(row.components(separatedBy: " x ")[0].map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
    let folder = URL(fileURLWithPath: directory)
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: folder.appendingPathComponent(stem + ".json"))
        let lines = runs.map { $0.app + "\t" + $0.url.text + "\n" }.joined()
        try Data(lines.utf8).write(to: folder.appendingPathComponent(stem + ".runs"))
    } catch {
        FileHandle.standardError.write(Data("linkmatch-bench: cannot write the inputs of \(row) into \(directory): \(error)\n".utf8))
    }
}
