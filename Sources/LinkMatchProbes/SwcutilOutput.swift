/// Reads an outcome out of what `swcutil` printed. Its output is not documented anywhere we can check,
/// so this reader is deliberately defensive: it never guesses, it says which line it went by (`basis`),
/// and the raw output is kept in the observations file for a person to reread.
///
/// Output forms assumed (from Apple's TN3155 examples as remembered, not verified here):
/// - `verify` prints one line per (service, app, domain) it checked, naming the app as `a = APPID`,
///   with the verdict at the end, e.g.
///   `{ s = applinks, a = ABCDE12345.com.example.app, d = example.com }: Pattern "https://example.com/a" matched.`
///   (or the app on a line of its own and its verdict on the lines below).
/// - `match` prints a line with the same verdict words and no app.
/// - Verdict words (case-insensitive): "did not match", "does not match", "doesn't match", "didn't match",
///   "not matched", "no match", "unmatched" -> no_match; otherwise "block" or "exclu" -> exclude;
///   otherwise "matched", "matches", "match: yes" -> match.
/// - A file swcutil refuses: a non-zero exit and a message about JSON, parsing or an invalid file -> error.
/// Anything else is `nil` (cannot tell): not having root, usage messages, a timeout, lines that
/// disagree with each other, or output in a form not listed above.
import LinkMatch
public enum SwcutilOutput {
    public struct Reading: Sendable, Equatable {
        /// "match", "exclude", "no_match", "error", or nil when the output does not say.
        public var outcome: String?
        /// The line or rule the outcome was read from, or why it could not be read.
        public var basis: String
    }

    public static func read(mode: String, appID: String, exitStatus: Int?, timedOut: Bool,
                            stdout: String, stderr: String) -> Reading {
        if timedOut { return Reading(outcome: nil, basis: "swcutil did not finish in time") }
        let all = stdout + "\n" + stderr
        let lower = all.lowercased()
        if setupProblemWords.contains(where: { lower.contains($0) }) {
            return Reading(outcome: nil, basis: "swcutil reports a setup problem (root, permission or usage), not an answer")
        }
        let lines = all.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map(String.init)
        // A verdict line speaks for the app it names or, when it names none, for the app of the nearest
        // line above that does (in case swcutil prints the app on a line of its own, then its verdicts).
        var verdicts: [(line: String, app: String?, outcome: String)] = []
        var currentApp: String?
        for line in lines {
            let app = appNamed(in: line)
            currentApp = app ?? currentApp
            if let outcome = verdict(line) { verdicts.append((line: line, app: app ?? currentApp, outcome: outcome)) }
        }
        // The lines that speak about our app; for `match` (no app) or app-less output, every verdict line.
        let named = verdicts.filter { $0.app != nil }
        let ours = mode == "verify" && !named.isEmpty ? named.filter { $0.app == appID } : verdicts
        let outcomes = Set(ours.map(\.outcome))
        if outcomes.count == 1, let first = ours.first {
            return Reading(outcome: first.outcome, basis: first.line.trimmingSpaces)
        }
        if outcomes.count > 1 {
            return Reading(outcome: nil, basis: "conflicting verdict lines: " + ours.map { $0.line.trimmingSpaces }.joined(separator: " | "))
        }
        if mode == "verify", !named.isEmpty, exitStatus == 0 {
            // swcutil reported other apps of the file but not ours: the file gives our app nothing.
            let apps = Set(named.compactMap(\.app)).sorted()
            return Reading(outcome: "no_match", basis: "\(appID) is not among the apps swcutil reported (\(apps.joined(separator: ", ")))")
        }
        if let status = exitStatus, status != 0, refusalWords.contains(where: { lower.contains($0) }) {
            let line = lines.first { l in refusalWords.contains { l.lowercased().contains($0) } } ?? ""
            return Reading(outcome: "error", basis: "exit \(status): \(line.trimmingSpaces)")
        }
        let status = exitStatus.map { "exit \($0)" } ?? "no exit status"
        return Reading(outcome: nil, basis: "no verdict line in the output (\(status), \(lines.count) lines)")
    }

    static let setupProblemWords = ["must be run as root", "must be root", "operation not permitted", "permission denied",
                                    "usage:", "unknown command", "unrecognized option", "command not found"]
    static let refusalWords = ["json", "parse", "invalid", "malformed", "could not read", "too large"]
    static let noMatchPhrases = ["did not match", "didn't match", "does not match", "doesn't match", "not matched",
                                 "no match", "unmatched", "match: no", "matched: no"]

    /// The verdict a line states, if it states one.
    static func verdict(_ line: String) -> String? {
        let l = line.lowercased()
        if noMatchPhrases.contains(where: { l.contains($0) }) { return "no_match" }
        if l.contains("block") || l.contains("exclu") { return "exclude" }
        if l.contains("matched") || l.contains("matches") || l.contains("match: yes") { return "match" }
        return nil
    }

    /// The app a line names as `a = APPID` (up to the next `,`, `}` or space).
    static func appNamed(in line: String) -> String? {
        // `a` must be a word of its own (`{ a = `, `, a = `), not the end of another key such as `data = `.
        for range in line.ranges(of: "a = ") {
            if range.lowerBound != line.startIndex, !" {,".contains(line[line.index(before: range.lowerBound)]) { continue }
            let id = line[range.upperBound...].prefix { $0 != "," && $0 != "}" && $0 != " " }
            if !id.isEmpty { return String(id) }
        }
        return nil
    }
}
