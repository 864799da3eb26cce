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
        let causes = report.causes
        let new = causes.filter { !$0.known }.count
        let unexplained = causes.filter { !$0.known && $0.key.isUnexplained }.count
        let all = report.requests + report.shrinkRequests
        func share(_ n: Int) -> String { all == 0 ? "0%" : "\(Int((100 * Double(n) / Double(all)).rounded()))%" }
        return "\(report.cases) cases; requests: \(report.requests) on cases (\(share(report.requests))), \(report.shrinkRequests) shrinking "
            + "(\(share(report.shrinkRequests)), \(report.shrunk) shrunk) in \(String(format: "%.1f", report.elapsed)) s, "
            + "\(Int(report.requestsPerSecond.rounded())) requests/s; "
            + "\(report.disagreements) disagreements (\(report.countedUnshrunk) counted in a class already seen), \(report.programFailures) program failures; "
            + "\(causes.count) classes (causes): \(new) new, \(causes.count - new) known, \(unexplained) new unexplained"
            + (report.classes.count > causes.count ? ", plus \(report.classes.count - causes.count) variants counted under them" : "")
            + "; " + stopped(report)
    }

    /// A class's one-line title, with the answers of its example in one wording everywhere:
    /// `reading no-parent-path (misreads N3): linkmatch match, program no_match`.
    public static func title(_ c: ExternalFuzzer.FoundClass) -> String {
        "\(c.key.cause): linkmatch \(DisagreementClass.label(c.example.ours)), program \(DisagreementClass.label(c.example.theirs))"
    }

    /// What to do next, after the summary: accept classes, replay a line.
    public static func nextSteps(_ report: ExternalFuzzer.Report, reportDirectory: String?) -> [String] {
        guard !report.classes.isEmpty else { return [] }
        let file = reportDirectory.map { "\($0)/classes.jsonl" } ?? "a classes.jsonl (run with --report DIR to write one)"
        var lines = ["next steps:"]
        if !report.newClasses.isEmpty {
            lines.append("  - fix the program where the class's rule is observed or documented; accept the classes you mean to keep: "
                         + "--known \(file) (delete the lines you do not accept; '#' comments say why)")
        }
        lines.append("  - replay a class's line with both programs: echo 'LINE' | linkmatch conformance   and   echo 'LINE' | YOUR-PROGRAM")
        lines.append("  - see what a reading changes: echo 'LINE' | linkmatch conformance --reading NAME")
        return lines
    }

    /// How a rule is known (SPEC.md's heading tags): observed with Apple's tool, documented,
    /// decided by LinkMatch, measured; `open` for an open point.
    public static func evidence(ofRule id: String) -> String {
        guard let heading = SpecLinks.ruleHeadings[id], heading.hasSuffix(")"), let open = heading.lastIndex(of: "(") else { return "see SPEC.md" }
        let tags = heading[heading.index(after: open)..<heading.index(before: heading.endIndex)].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let words = tags.map { tag -> String in
            switch tag {
            case "tool": return "observed with Apple's tool"
            case "doc": return "documented by Apple"
            case "decided": return "decided by LinkMatch"
            case "measured": return "measured"
            default: return tag
            }
        }
        return words.isEmpty ? "see SPEC.md" : words.joined(separator: ", ")
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
        for line in nextSteps(report, reportDirectory: ".") { out.append(line) }
        out.append("")
        if report.classes.isEmpty {
            out.append("No differences: every request got the same answer from both.")
            return out.joined(separator: "\n") + "\n"
        }
        out.append("| # | status | class | linkmatch | program | count |")
        out.append("|---|---|---|---|---|---|")
        let classes = numbered(report.classes)
        for (i, c) in classes {
            out.append("| \(i) | \(c.known ? "known" : "**new**")\(c.variantOf.map { ", variant of \($0.cause)" } ?? "") | \(c.key.cause) | "
                       + "\(DisagreementClass.label(c.example.ours)) | \(DisagreementClass.label(c.example.theirs)) | \(c.count) |")
        }
        for (i, c) in classes {
            out.append("")
            out.append("## \(i). \(title(c)) (\(c.count)×, \(c.known ? "known" : "new"))")
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
            return ["LinkMatch rejects the request with [\(code)] (SPEC.md section 12, Diagnostics); the program decides it instead",
                    "evidence: decided by LinkMatch (fix the program, or accept the class if it means to be lenient)"]
        }
        if key.readings.isEmpty {
            let what = key.theirs == "error" ? "the program answers an error where LinkMatch decides; the smallest case that does it turns on "
                : "no reading of the catalogue gives the program's answer; the case turns on "
            return [what + key.rules.map { "\($0) (\(SpecLinks.link($0)))" }.joined(separator: ", "),
                    "evidence: " + key.rules.map { "\($0) \(evidence(ofRule: $0))" }.joined(separator: "; ")]
        }
        return key.readings.flatMap { name -> [String] in
            guard let r = Readings.named(name) else { return [name] }
            switch r.kind {
            case .openPoint(let id):
                return ["\(name): \(r.summary); \(SpecLinks.link(r))",
                        "evidence: open (\(id): Apple's behaviour unobserved; either answer may be right)"]
            case .misreading(let rule):
                return ["\(name): \(r.summary); \(SpecLinks.link(r))",
                        "evidence: \(rule) is " + (r.rules.first.map { evidence(ofRule: $0) } ?? "see SPEC.md")
                            + " (a misreading of it: fix the program, unless it means to differ)"]
            }
        }
    }

    /// A minimized case as a person reads it: the document on one line, the app, domain and URL,
    /// both answers.
    public static func caseLines(_ e: ExternalFuzzer.Example) -> [String] {
        ["document: " + e.shrunk.aasa.serialized(),
         "app: " + e.shrunk.appID + (e.shrunk.domain.isEmpty ? "  (any domain)" : "  domain: " + e.shrunk.domain),
         "url: " + e.shrunk.url] + readAs(e.shrunk.url) + [
         "linkmatch: " + ExternalFuzzer.json(e.ours).serialized() + "  program: " + ExternalFuzzer.json(e.theirs).serialized()]
    }

    /// The URL as LinkMatch reads it (U4: raw characters percent-encoded), when that is not the URL
    /// as sent.
    static func readAs(_ url: String) -> [String] {
        guard let parsed = try? ParsedURL(url), parsed.text != url else { return [] }
        return ["url as LinkMatch reads it (U4): " + parsed.text]
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
