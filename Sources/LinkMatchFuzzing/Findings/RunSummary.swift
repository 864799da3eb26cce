import Foundation

/// The end-of-run table of `scripts/fuzz.sh`: per target, how long it fuzzed, how fast, what it added
/// and what it found. Read from the run folder the script leaves (`fuzz-artifacts/<run>/`), never
/// from text the script printed:
/// - `<target>/fuzz.log`: libFuzzer's log (executed inputs, `LibFuzzerLog`);
/// - `<target>/elapsed-ms`: the fuzzing time the script measured, in milliseconds;
/// - `<target>/new/`: the inputs libFuzzer added to the corpus copy;
/// - `<target>/groups.tsv`: the distinct findings (`fuzz-corpus-tool findings-group`), one a line;
/// - `stored.tsv`: `TARGET<TAB>PATH` for every regression file stored into Corpus/.
public struct RunSummary: Equatable, Sendable {
    /// One target's line of the table.
    public struct Row: Equatable, Sendable {
        public var target: String
        public var milliseconds: Int
        public var executed: Int?
        public var newInputs: Int
        public var findings: Int
        public var stored: [String]

        /// Inputs executed per second (nil without a count or a time).
        public var execsPerSecond: Int? {
            guard let executed, milliseconds > 0 else { return nil }
            return executed * 1000 / milliseconds
        }
    }

    public var rows: [Row]

    /// The rows of the targets in `order` that have a folder with a log in `runDirectory`.
    public static func read(runDirectory: String, order: [String]) -> RunSummary {
        let files = FileManager.default
        var stored: [String: [String]] = [:]
        if let text = try? String(contentsOfFile: runDirectory + "/stored.tsv", encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "\t", maxSplits: 1)
                if fields.count == 2 { stored[String(fields[0]), default: []].append(String(fields[1])) }
            }
        }
        var rows: [Row] = []
        for target in order {
            let dir = runDirectory + "/" + target
            guard let log = try? String(contentsOfFile: dir + "/fuzz.log", encoding: .utf8) else { continue }
            let ms = (try? String(contentsOfFile: dir + "/elapsed-ms", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            let newInputs = (try? files.contentsOfDirectory(atPath: dir + "/new"))?.count ?? 0
            let groups = (try? String(contentsOfFile: dir + "/groups.tsv", encoding: .utf8))?
                .split(separator: "\n").count ?? 0
            rows.append(Row(target: target, milliseconds: ms, executed: LibFuzzerLog(log).executed,
                            newInputs: newInputs, findings: groups, stored: stored[target] ?? []))
        }
        return RunSummary(rows: rows)
    }

    /// The table, Markdown, one line per target, then the stored regressions.
    public var table: String {
        var lines = ["| target | seconds | exec/s | new corpus inputs | findings |", "|---|---:|---:|---:|---:|"]
        for row in rows {
            let seconds = String(format: "%.1f", Double(row.milliseconds) / 1000)
            lines.append("| \(row.target) | \(seconds) | \(row.execsPerSecond.map(String.init) ?? "?") | \(row.newInputs) | \(row.findings) |")
        }
        let stored = rows.flatMap { row in row.stored.map { "- \(row.target): \($0)" } }
        if !stored.isEmpty { lines += ["", "stored regressions:"] + stored }
        return lines.joined(separator: "\n") + "\n"
    }
}
