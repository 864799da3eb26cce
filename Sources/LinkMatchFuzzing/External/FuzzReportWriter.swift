import Foundation
import LinkMatch

/// `linkmatch fuzz --report DIR`: classes.jsonl (one line per class, the format `--known` reads
/// back) and report.md (for a person). Each file is written beside its final name and renamed into
/// place, so a killed run never leaves half a report.
public enum FuzzReportWriter {
    public struct Run: Sendable {
        public var program: String
        public var engine: String
        public var seed: UInt64
        public var knownFile: String?

        public init(program: String, engine: String, seed: UInt64, knownFile: String?) {
            self.program = program
            self.engine = engine
            self.seed = seed
            self.knownFile = knownFile
        }
    }

    public static func write(_ report: ExternalFuzzer.Report, run: Run, to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let lines = numbered(report.classes).map { _, c in
            DisagreementClass.jsonLine(c.key, count: c.count, example: c.example.shrunk, known: c.known, variantOf: c.variantOf)
        }
        try replace(directory + "/classes.jsonl", with: lines.map { $0 + "\n" }.joined())
        try replace(directory + "/report.md", with: markdown(report, run: run))
    }

    static func replace(_ path: String, with text: String) throws {
        let temporary = path + ".partial"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) != 0 {
            let err = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: err) ?? .EIO)
        }
    }

    /// The classes in reading order, numbered: each class followed by its variants.
    public static func numbered(_ classes: [ExternalFuzzer.FoundClass]) -> [(Int, ExternalFuzzer.FoundClass)] {
        var ordered: [ExternalFuzzer.FoundClass] = []
        func add(_ c: ExternalFuzzer.FoundClass) {
            ordered.append(c)
            for v in classes where v.variantOf == c.key { add(v) }
        }
        let keys = Set(classes.map(\.key))
        for c in classes where c.variantOf.map({ !keys.contains($0) }) ?? true { add(c) }
        return ordered.enumerated().map { ($0.offset + 1, $0.element) }
    }

    public static func summary(_ report: ExternalFuzzer.Report) -> String {
        let known = report.classes.count - report.newClasses.count
        return "\(report.cases) cases, \(report.requests) requests (+\(report.shrinkRequests) shrinking) in "
            + "\(String(format: "%.1f", report.elapsed)) s, \(Int(report.requestsPerSecond.rounded())) requests/s; "
            + "\(report.disagreements) disagreements, \(report.programFailures) program failures; "
            + "\(report.classes.count) classes: \(report.newClasses.count) new, \(known) known"
    }

    static func markdown(_ report: ExternalFuzzer.Report, run: Run) -> String {
        var out = ["# linkmatch fuzz report", ""]
        out.append("- program: `\(run.program)`")
        out.append("- linkmatch engine: \(run.engine), seed \(run.seed)" + (run.knownFile.map { ", known classes from `\($0)`" } ?? ""))
        out.append("- " + summary(report))
        out.append("")
        if report.classes.isEmpty {
            out.append("No differences: every request got the same answer from both.")
            return out.joined(separator: "\n") + "\n"
        }
        out.append("| # | status | SPEC rules | linkmatch | program | count |")
        out.append("|---|---|---|---|---|---|")
        let classes = numbered(report.classes)
        for (i, c) in classes {
            out.append("| \(i) | \(c.known ? "known" : "**new**")\(c.variantOf.map { ", variant of \($0.rules.joined(separator: " "))" } ?? "") | \(c.key.rules.joined(separator: " ")) | \(c.key.ours) | \(c.key.theirs) | \(c.count) |")
        }
        for (i, c) in classes {
            out.append("")
            out.append("## \(i). \(c.key.isProgramFailure ? "program failure" : c.key.rules.joined(separator: " ")): "
                       + "linkmatch \(c.key.ours), program \(c.key.theirs) (\(c.count)×, \(c.known ? "known" : "new"))")
            out.append("")
            out.append(c.key.isProgramFailure ? "The request (not shrunk):" : "Minimized case (see SPEC.md for each rule):")
            out.append("")
            out.append("```json")
            out.append(c.example.readable)
            out.append("```")
            out.append("")
            out.append("Replay (one line, for both programs):")
            out.append("")
            out.append("```")
            out.append(c.example.jsonl)
            out.append("```")
        }
        return out.joined(separator: "\n") + "\n"
    }
}
