// A finding's metadata as a JSON file: what a fuzz target (or a replay) writes when its check fails, and
// what scripts/ read through `fuzz-corpus-tool findings` instead of parsing the failure text on stderr.
// Written into the folder named by LINKMATCH_FUZZ_FINDINGS (FuzzEntry), as <sha1 of the input>.json: the
// same sha1 libFuzzer puts in the artifact's name (crash-<sha1>), so record and artifact find each other.
import Foundation

public struct FindingRecord: Codable, Equatable, Sendable {
    /// The environment variable naming the folder records go to (none: no records).
    public static let folderVariable = "LINKMATCH_FUZZ_FINDINGS"
    public static let currentFormat = 1

    public var format: Int
    public var target: String
    /// libFuzzer's kind of finding: a failing check aborts, so "crash".
    public var kind: String
    /// The check that failed (its type, e.g. DocumentCheck).
    public var check: String
    /// One line: what disagreed (CheckFailure.summary).
    public var message: String
    /// The input file, when replayed from one (libFuzzer does not tell a target its file name).
    public var input: String?
    /// The file name libFuzzer gives this input when it crashes: crash-<sha1>.
    public var artifact: String
    public var sha1: String
    public var size: Int
    /// The planted mistake swapped in as the candidate (LINKMATCH_FUZZ_MUTANT), if any.
    public var mutant: String?
    /// The candidate engine's name.
    public var candidate: String
    /// When it was found, ISO 8601 in UTC.
    public var time: String
    /// What deduplicates findings: the kind, then the message without the input's words (FindingKey).
    public var key: String
    /// The message as a file-name fragment (FindingKey.slug).
    public var slug: String

    public init(failure: CheckFailure, input bytes: [UInt8], inputPath: String?, mutant: String?,
                candidate: String, date: Date = Date()) {
        let sha1 = SHA1.hex(bytes)
        self.format = Self.currentFormat
        self.target = failure.target.rawValue
        self.kind = "crash"
        self.check = String(describing: failure.target.check)
        self.message = failure.summary
        self.input = inputPath
        self.artifact = "crash-\(sha1)"
        self.sha1 = sha1
        self.size = bytes.count
        self.mutant = mutant.flatMap { $0.isEmpty ? nil : $0 }
        self.candidate = candidate
        self.time = Self.timeText(date)
        self.key = FindingKey.key(kind: "crash", message: failure.summary)
        self.slug = FindingKey.slug(failure.summary)
    }

    static func timeText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings and numbers cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Writes `<folder>/<sha1>.json` complete or not at all: a temporary file renamed into place, so a
    /// reader (or a kill) never sees half a record. Returns the path, or nil when it could not be written.
    @discardableResult
    public func write(into folder: String) -> String? {
        let manager = FileManager.default
        try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + sha1 + ".json"
        let temporary = folder + "/.\(sha1).json.\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard manager.createFile(atPath: temporary, contents: json()) else { return nil }
        guard rename(temporary, path) == 0 else {
            try? manager.removeItem(atPath: temporary)
            return nil
        }
        return path
    }

    public struct ReadProblem: Error, Equatable, Sendable {
        public var file: String
        public var message: String
    }

    /// The records in `folder` (its *.json files, sorted by name); a file that is not a record is a problem.
    public static func read(folder: String) -> (records: [FindingRecord], problems: [ReadProblem]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ([], []) }
        var records: [FindingRecord] = []
        var problems: [ReadProblem] = []
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let file = folder + "/" + name
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                records.append(try JSONDecoder().decode(FindingRecord.self, from: data))
            } catch {
                problems.append(ReadProblem(file: file, message: "not a finding record: \(error)"))
            }
        }
        return (records, problems)
    }
}
