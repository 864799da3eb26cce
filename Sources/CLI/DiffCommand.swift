import ArgumentParser
import LinkMatch

/// `linkmatch diff OLD NEW`: per app, the URLs whose decision changes between two AASA files,
/// grouped by cause, each shown by witness URLs that both engines decide differently under OLD and
/// NEW; "no change" only when proved (docs/DIFF.md).
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Which URLs change decision between two AASA files, per app, each shown by a witness URL.",
        discussion: """
        Exit 0 when no URL changes decision (proved, or none found within the budget: the output \
        says which), 1 when some URL does, 2 on bad input (a file that cannot be read, neither file \
        parsing) or usage. A file that reads but does not parse is compared as a file that opens \
        nothing. docs/DIFF.md says what "proved" means and what the budget is.
        """
    )

    @Argument(help: "The AASA file as it is (deployed; - for standard input).")
    var old: String

    @Argument(help: "The AASA file as it will be (- for standard input).")
    var new: String

    @Option(name: .customLong("app"), help: "Compare for this app ID only.")
    var app: String?

    @Option(help: "The domain the files are served from (the witnesses' host).")
    var domain: String?

    @Option(help: "Random URLs tried per app, beyond every rule's example URLs.")
    var budget: Int = DiffOptions.defaultProbeBudget

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        do throws(CLIError) {
            try DomainOption.check(domain)
            guard budget >= 0, budget <= 1_000_000 else {
                throw CLIError("bad-budget", "--budget \(budget)", "give a number of URLs from 0 to 1000000", exit: 2)
            }
            // Standard input can be read once: the second `-` would read as an empty file.
            guard !(old == "-" && new == "-") else {
                throw CLIError("usage", "- -", "standard input can be only one of the two files; give the other as a file", exit: 2)
            }
        } catch {
            throw error.report(json: json)
        }
        let oldSide: DiffSide, newSide: DiffSide
        do throws(CLIError) {
            oldSide = try Self.side(old)
            newSide = try Self.side(new)
            if case .unparseable(let a, _) = oldSide, case .unparseable(let b, _) = newSide {
                throw CLIError("no-document", "\(old), \(new)", "neither file parses (\(a), \(b)); nothing to compare", exit: 2)
            }
        } catch {
            throw error.report(json: json)
        }
        if let app, !DocumentDiff.apps(oldSide.parsed, newSide.parsed).contains(app) {
            Output.error("warning [app-not-listed] \(app): neither file lists the app; every URL is no_match for it under both")
        }
        let options = DiffOptions(apps: app.map { [$0] }, domain: domain ?? "", probeBudget: budget)
        let report = DocumentDiff.compare(old: oldSide, new: newSide, options: options)
        if json {
            Output.json(jsonReport(report, oldSide, newSide).serialized(pretty: true))
        } else {
            printText(report, oldSide, newSide)
        }
        if report.hasChanges { throw ExitCode(1) }
    }

    /// A file that cannot be read is an input error (exit 2: exit 1 means "changed" here); one that
    /// reads but does not parse is a side that opens nothing.
    static func side(_ file: String) throws(CLIError) -> DiffSide {
        let bytes: [UInt8]
        do {
            bytes = try DocumentLoader.read(file)
        } catch {
            throw error.exiting(2)
        }
        do {
            return .document(try AASADocument.parse(bytes).document)
        } catch {
            return .unparseable(code: error.code, message: error.message)
        }
    }

    private func printText(_ report: DiffReport, _ oldSide: DiffSide, _ newSide: DiffSide) {
        for (file, side) in [(old, oldSide), (new, newSide)] {
            if case .unparseable(let code, let message) = side { Output.line("\(file) does not parse [\(code)]: \(message)") }
        }
        var counts = (changed: 0, proved: 0, notProved: 0)
        for app in report.apps {
            switch app.verdict {
            case .provedSame(let why):
                counts.proved += 1
                Output.line("\(app.appID): no change (proved: \(why))")
            case .notProved:
                counts.notProved += 1
                Output.line("\(app.appID): no change found (checked \(app.checkedURLs) URL shapes, not proved)")
            case .changed:
                counts.changed += 1
                Output.line("\(app.appID): \(app.changes.count) change\(app.changes.count == 1 ? "" : "s") (checked \(app.checkedURLs) URL shapes)")
                for change in app.changes {
                    Output.line("  \(change.cause.words)")
                    if let r = change.oldRule { Output.line("    old rule  \(r.sourcePath) \(r.summary)") }
                    if let r = change.newRule { Output.line("    new rule  \(r.sourcePath) \(r.summary)") }
                    let width = change.witnesses.map(\.url.count).max() ?? 0
                    for w in change.witnesses {
                        Output.line("    \(w.url.rightPadded(to: width))  \(w.old.rawValue) -> \(w.new.rawValue)")
                    }
                }
            }
        }
        Output.line("\(report.apps.count) app\(report.apps.count == 1 ? "" : "s"): \(counts.changed) changed, "
                    + "\(counts.proved) proved unchanged, \(counts.notProved) not proved")
    }

    private func jsonReport(_ report: DiffReport, _ oldSide: DiffSide, _ newSide: DiffSide) -> JSONValue {
        func error(_ side: DiffSide) -> JSONValue {
            guard case .unparseable(let code, let message) = side else { return .null }
            return JSONBuild.object([("code", .string(code)), ("message", .string(message))])
        }
        func rule(_ r: DiffRule?) -> JSONValue {
            guard let r else { return .null }
            return JSONBuild.object([("path", .string(r.sourcePath)), ("rule", .string(r.summary))])
        }
        let apps: [JSONValue] = report.apps.map { app in
            let status: String, proof: String?
            switch app.verdict {
            case .provedSame(let why): (status, proof) = ("unchanged", why)
            case .notProved: (status, proof) = ("not-proved", nil)
            case .changed: (status, proof) = ("changed", nil)
            }
            return JSONBuild.object([
                ("appId", .string(app.appID)), ("status", .string(status)), ("proof", JSONBuild.string(proof)),
                ("checkedURLs", JSONBuild.number(app.checkedURLs)),
                ("changes", .array(app.changes.map { change in
                    JSONBuild.object([
                        ("cause", .string(change.cause.rawValue)), ("oldRule", rule(change.oldRule)), ("newRule", rule(change.newRule)),
                        ("witnesses", .array(change.witnesses.map { w in
                            JSONBuild.object([("url", .string(w.url)), ("old", .string(w.old.rawValue)), ("new", .string(w.new.rawValue)),
                                              ("oldRule", JSONBuild.string(w.oldRule)), ("newRule", JSONBuild.string(w.newRule))])
                        })),
                    ])
                })),
            ])
        }
        return JSONBuild.object([
            ("old", .string(old)), ("new", .string(new)), ("domain", JSONBuild.string(domain)),
            ("changed", .bool(report.hasChanges)), ("oldError", error(oldSide)), ("newError", error(newSide)),
            ("apps", .array(apps)),
        ])
    }
}

extension DiffSide {
    var parsed: AASADocument? {
        if case .document(let d) = self { return d }
        return nil
    }
}
