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

    /// Writes `text` to `path` through a temporary file renamed into place (also `linkmatch score --report`).
    public static func replace(_ path: String, with text: String) throws {
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
            + "\(report.classes.count) classes: \(report.newClasses.count) new, \(known) known; " + stopped(report)
    }

    /// What ended the run, for the summary line.
    static func stopped(_ report: ExternalFuzzer.Report) -> String {
        switch report.stoppedBy {
        case .cases: return "stopped by --cases"
        case .seconds: return "stopped by --seconds"
        case .program: return "stopped: the program cannot be run"
        }
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
        out.append("| # | status | class | linkmatch | program | count |")
        out.append("|---|---|---|---|---|---|")
        let classes = numbered(report.classes)
        for (i, c) in classes {
            out.append("| \(i) | \(c.known ? "known" : "**new**")\(c.variantOf.map { ", variant of \($0.rules.joined(separator: " "))" } ?? "") | \(c.key.cause) | \(c.key.ours) | \(c.key.theirs) | \(c.count) |")
        }
        for (i, c) in classes {
            out.append("")
            out.append("## \(i). \(c.key.cause): linkmatch \(c.key.ours), program \(c.key.theirs) (\(c.count)×, \(c.known ? "known" : "new"))")
            out.append("")
            for line in specLines(c.key) { out.append("- " + markdownLinked(line)) }
            out.append("")
            out.append(c.key.isProgramFailure ? "The request (not shrunk):" : "Minimized case:")
            out.append("")
            out.append("```")
            out += caseLines(c.example)
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

    /// What SPEC says about a class: for each reading its summary and its SPEC section, for a
    /// rejection or an unexplained class the sections of its rules.
    public static func specLines(_ key: DisagreementClass) -> [String] {
        if key.isProgramFailure { return [] }
        if let code = key.rejected {
            return ["LinkMatch rejects the request with [\(code)] (SPEC.md section 12, Diagnostics); the program decides it instead"]
        }
        if key.readings.isEmpty {
            return ["no reading of the catalogue gives the program's answer; the case turns on "
                    + key.rules.map { "\($0) (\(SpecLinks.link($0)))" }.joined(separator: ", ")]
        }
        return key.readings.map { name in
            guard let r = Readings.named(name) else { return name }
            let open = { if case .openPoint = r.kind { return " (open: Apple's behaviour unobserved)" } else { return "" } }()
            return "\(name): \(r.summary)\(open); \(SpecLinks.link(r))"
        }
    }

    /// A minimized case as a person reads it: the document on one line, the app, domain and URL,
    /// both answers.
    public static func caseLines(_ e: ExternalFuzzer.Example) -> [String] {
        ["document: " + e.shrunk.aasa.serialized(),
         "app: " + e.shrunk.appID + (e.shrunk.domain.isEmpty ? "  (any domain)" : "  domain: " + e.shrunk.domain),
         "url: " + e.shrunk.url,
         "linkmatch: " + ExternalFuzzer.json(e.ours).serialized() + "  program: " + ExternalFuzzer.json(e.theirs).serialized()]
    }

    /// `SPEC.md#anchor` made a Markdown link (the report sits outside the repository: the link is
    /// for a reader who has it).
    static func markdownLinked(_ line: String) -> String {
        guard let r = line.range(of: "SPEC.md#") else { return line }
        let end = line[r.lowerBound...].firstIndex { $0 == " " || $0 == ")" || $0 == "," } ?? line.endIndex
        let target = String(line[r.lowerBound..<end])
        return line.replacingCharacters(in: r.lowerBound..<end, with: "[\(target)](\(target))")
    }
}
