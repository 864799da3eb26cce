// What scripts/fuzz.sh does with the finding files of a run (libFuzzer's crash-, timeout-, oom-, leak-
// files): which to replay to learn what broke, and which are the same finding (one is minimized and
// stored per group). A crash of a failing check has a record (FindingRecord) written while fuzzing; only
// the others (runtime traps, sanitizer reports, leaks) need a replay, whose log says what broke.

public struct FindingArtifact: Equatable, Sendable {
    /// The file name: <kind>-<sha1>.
    public var name: String
    /// crash, timeout, oom or leak.
    public var kind: String
    /// The sha1 libFuzzer put in the name.
    public var sha1: String

    /// nil for a file that is not one of libFuzzer's finding files.
    public init?(name: String) {
        guard let dash = name.firstIndex(of: "-") else { return nil }
        let kind = String(name[..<dash])
        guard FindingArtifact.kinds.contains(kind) else { return nil }
        self.name = name
        self.kind = kind
        self.sha1 = String(name[name.index(after: dash)...])
    }

    public static let kinds = ["crash", "timeout", "oom", "leak"]

    /// Crashes and leaks are replayed when no record says what broke; a hang or an OOM never is (each
    /// would take the whole limit again): one group per kind.
    public var replayable: Bool { kind == "crash" || kind == "leak" }
}

public struct FindingGroup: Equatable, Sendable {
    public var key: String
    public var kind: String
    /// The first artifact (by name) of the group: the one minimized and stored.
    public var first: String
    public var count: Int
    /// What broke, as a file-name fragment (empty when nothing is known but the kind).
    public var slug: String
    /// The record of the first artifact, when there is one.
    public var record: FindingRecord?
}

public enum FindingGroups {
    /// The artifacts (names) to replay: crashes and leaks without a record, at most `limit` of them
    /// (in name order; a shallow bug in fork mode leaves hundreds of files).
    public static func toReplay(artifacts: [String], records: [FindingRecord], limit: Int) -> [String] {
        let known = Set(records.map(\.sha1))
        let needed = artifacts.sorted().compactMap(FindingArtifact.init(name:))
            .filter { $0.replayable && !(($0.kind == "crash") && known.contains($0.sha1)) }
        return Array(needed.prefix(limit).map(\.name))
    }

    /// The groups, in order of their first artifact, and the names of the artifacts left out (a crash or
    /// leak with neither a record nor a replay log: beyond the replay limit).
    /// `logs`: artifact name -> the text its replay printed.
    public static func group(artifacts: [String], records: [FindingRecord], logs: [String: String])
        -> (groups: [FindingGroup], skipped: [String])
    {
        let bySHA1 = Dictionary(records.map { ($0.sha1, $0) }, uniquingKeysWith: { first, _ in first })
        var groups: [FindingGroup] = []
        var index: [String: Int] = [:]
        var skipped: [String] = []
        for artifact in artifacts.sorted().compactMap(FindingArtifact.init(name:)) {
            var key = artifact.kind + ":"
            var slug = ""
            var record: FindingRecord?
            if artifact.kind == "crash", let found = bySHA1[artifact.sha1] {
                record = found
                key = found.key
                slug = found.slug
            } else if artifact.replayable {
                guard let log = logs[artifact.name] else {
                    skipped.append(artifact.name)
                    continue
                }
                // A replay that printed nothing we know still has a kind: one group for those.
                let message = FindingKey.messageFromLog(log) ?? ""
                key = FindingKey.key(kind: artifact.kind, message: message)
                slug = FindingKey.slug(message)
            }
            if let existing = index[key] {
                groups[existing].count += 1
            } else {
                index[key] = groups.count
                groups.append(FindingGroup(key: key, kind: artifact.kind, first: artifact.name, count: 1,
                                           slug: slug, record: record))
            }
        }
        return (groups, skipped)
    }

    /// The file name of a stored regression: <target>-<what broke>[-unminimized]-<first 8 of its sha1>,
    /// what broke being the slug (else the kind).
    public static func regressionName(target: String, slug: String, kind: String, sha1: String, minimized: Bool) -> String {
        let what = slug.isEmpty ? kind : slug
        return "\(target)-\(what)\(minimized ? "" : "-unminimized")-\(sha1.prefix(8))"
    }

    /// A markdown table of records, for people (`fuzz-corpus-tool findings DIR`).
    public static func table(_ records: [FindingRecord]) -> String {
        var lines = ["| target | check | message | mutant | artifact | time |", "|---|---|---|---|---|---|"]
        for record in records {
            let message = record.message.replacingOccurrences(of: "|", with: "\\|")
            lines.append("| \(record.target) | \(record.check) | \(message) | \(record.mutant ?? "-") | \(record.input ?? record.artifact) | \(record.time) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
