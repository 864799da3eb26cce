import ArgumentParser
import Foundation
import LinkMatch
import LinkMatchFuzzing

extension ScoreSuite: ExpressibleByArgument {}

/// `linkmatch score --program CMD`: the project's deterministic suites (the conformance corpus and the
/// SPEC examples, by evidence; the open-point probes) asked of an external matcher over the
/// conformance protocol, with the same child handling as `fuzz`. Exit 0 when every `observed` case
/// passes, 1 when one does not, 2 for a usage error or a program that cannot be run.
struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Score an external matcher (speaking the conformance protocol) on the observed, decided and open-point suites.",
        discussion: """
        Suites: 'observed' (the conformance corpus's cases observed with Apple's swcutil, and the SPEC \
        examples of rules whose evidence is Apple's documentation or tool), 'decided' (SPEC examples of \
        rules LinkMatch decided where Apple is silent), 'open-points' (one request per probe of each \
        open point: the reading the program takes, neither right nor wrong). Per suite: passed, failed \
        and errors, the trivial passes (those a program always answering no_match, or always match, \
        gets too) and the score without them; the cases not passed are grouped by cause (the reading \
        of the catalogue, as in 'linkmatch fuzz', else the case's SPEC rule), each with one replay \
        line. The program is started once through /bin/sh and requests are pipelined, as for 'fuzz'. \
        Exit status: 0 every 'observed' case passes (without 'observed' in --suite: every 'decided' \
        case), 1 otherwise, 2 a usage error or a program that cannot be run.
        """
    )

    @Option(help: "The program to run, e.g. 'python3 my_matcher.py' (run with /bin/sh -c).")
    var program: String = ""

    @Option(help: ArgumentHelp("A suite to run: observed, decided or open-points; repeat it for several (default: all three).",
                               valueName: "name"))
    var suite: [ScoreSuite] = []

    @Flag(help: "Print the report as JSON on stdout (also for errors).")
    var json = false

    @Option(help: "Also write score.json and score.txt into this directory.")
    var report: String?

    @Option(help: "Seconds to wait for each reply before the program counts as hung.")
    var timeout = 10.0

    func validate() throws {
        if program.allSatisfy(\.isWhitespace) { throw ValidationError("--program is empty or missing") }
        if !(timeout > 0) { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        if let report {
            do {
                try OutputPath.requireWritableDirectory(report, flag: "--report")
            } catch {
                throw error.report(json: json)
            }
        }
        let cases: [ScoreCase]
        do {
            cases = try ScoreSuite.embeddedCases()
        } catch {
            // The vectors are compiled in and checked by the tests: only a broken build gets here.
            throw CLIError("internal-error", "score", "the compiled-in vectors cannot be read: \(error)", exit: 2).report(json: json)
        }
        let external = ExternalEngine(command: program, timeout: timeout)
        defer { external.process.stop() }
        let run = ScoreRun.run(external, suites: suite.isEmpty ? ScoreSuite.allCases : suite, cases: cases, probes: ScoreSuite.probes())
        if let givenUp = external.process.givenUp, run.answered == 0 {
            throw ProgramFailure.unusable(givenUp, program: program, launches: external.process.launches).report(json: json)
        }
        if run.answered == 0 {
            throw ProgramFailure.answeredNothing(run.requests, program: program).report(json: json)
        }
        let lines = ScoreReport.lines(run, program: program)
        let jsonText = ScoreReport.json(run, program: program).serialized(pretty: true)
        // The files first, so that with --json stdout holds one JSON value: the report or the error.
        var unwritable: CLIError?
        if let report {
            do {
                try FuzzReportWriter.replace(report + "/score.json", with: jsonText + "\n")
                try FuzzReportWriter.replace(report + "/score.txt", with: lines.joined(separator: "\n") + "\n")
            } catch {
                unwritable = CLIError("output-unwritable", "--report \(report)",
                                      "cannot write the report\(json ? "" : " (the results are printed above)"): \(OutputPath.reason(error, near: report))",
                                      exit: 2)
            }
        }
        if let unwritable, json { throw unwritable.report(json: true) }
        if json {
            Output.json(jsonText)
        } else {
            for line in lines { Output.line(line) }
        }
        if let unwritable { throw unwritable.report() }
        if let report, !json { Output.line("report: \(report)/score.txt, \(report)/score.json") }
        if !run.passes { throw ExitCode(1) }
    }
}
