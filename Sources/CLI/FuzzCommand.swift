import ArgumentParser
import Foundation
import LinkMatch
import LinkMatchFuzzing

/// `linkmatch fuzz --program CMD`: differential fuzzing of an external matcher against ours over
/// the conformance protocol, grouped into classes of differences. Exit 0 when no class is new
/// (none found, or all in --known), 1 when some are, 2 when the program could not be run.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Compare an external matcher (speaking the conformance protocol) with ours on generated cases.",
        discussion: """
        The program is started once through /bin/sh and kept alive: it reads one request per line on \
        stdin and writes one reply per line on stdout (see 'linkmatch conformance --help'); requests \
        are pipelined and replies matched by id. Fuzzing goes on until --cases or --seconds run out. \
        Each disagreement is first looked at: one that a class already seen (or --known) accounts for is counted there \
        without shrinking, so most requests go to new cases (the summary prints the split). \
        New disagreements are shrunk and grouped into classes: the reading of the spec under which \
        LinkMatch gives the program's answer (see 'linkmatch conformance --help'), LinkMatch's error \
        code when the program decides a request LinkMatch rejects, or, when no reading explains it, \
        the SPEC.md rules the minimized case turns on; plus the two answers. One minimized example per class is printed with its count and a \
        replay line both programs can read. --known FILE accepts classes (a classes.jsonl from \
        --report: same readings and answers; or replay lines; '#' starts a comment). A program that crashes, hangs past \
        --timeout or breaks the protocol is reported as a class of its own and restarted; one that fails \
        twice before answering anything (not found, exits at once...) stops the run with its reason \
        and stderr. --report DIR is checked for writing before fuzzing starts. Cases are \
        reproducible from --seed. Exit status: 0 no new class, 1 new classes, 2 the program could \
        not be run (or a usage error).
        """
    )

    @Option(help: "The program to run, e.g. 'python3 my_matcher.py' (run with /bin/sh -c).")
    var program: String = ""

    @Flag(help: "Print how often the generated cases (--cases, --seed) exercise each SPEC rule and reading, and exit; no --program.")
    var ruleReach = false

    @Option(help: "Stop after this many seconds (default: no time limit). Alone, the run lasts this long; with --cases, whichever ends first.")
    var seconds: Double?

    @Option(help: "Stop after this many generated cases (each has up to 8 apps x 8 URLs, plus one part case; default 1000 without --seconds, no limit with it).")
    var cases: Int?

    /// The case limit: --cases, else none with --seconds, else 1,000.
    var caseLimit: Int { cases ?? (seconds == nil ? 1_000 : Int.max) }

    @Option(help: "Seed of the case generator.")
    var seed: UInt64 = 1

    @Option(help: "Seconds to wait for each reply before the program counts as hung.")
    var timeout = 10.0

    @Option(help: "Accepted classes: a classes.jsonl written by --report, or replay lines.")
    var known: String?

    @Option(help: "Write classes.jsonl and report.md into this directory.")
    var report: String?

    @Option(help: "Disagreements shrunk per signature before the rest are only counted.")
    var shrinks = 3

    // The reference by default: it is the oracle, and on small generated documents it answers
    // faster than the compiled engine, which compiles every document first.
    @Option(help: "Our matcher (default: reference).")
    var engine: EngineChoice = .reference

    func validate() throws {
        if ruleReach, !program.isEmpty { throw ValidationError("--rule-reach measures the generator alone: give no --program") }
        if !ruleReach, program.allSatisfy(\.isWhitespace) { throw ValidationError("--program is empty or missing") }
        if timeout <= 0 { throw ValidationError("--timeout must be positive") }
        if let cases, cases < 1 { throw ValidationError("--cases must be at least 1") }
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
        if shrinks < 1 { throw ValidationError("--shrinks must be at least 1") }
    }

    /// `--known` files: classes.jsonl lines or replay lines, each a request with a whole document.
    static let knownLimit = 64 << 20

    func run() throws {
        if ruleReach {
            Output.line(RuleReach.measure(seed: seed, cases: cases ?? 1_000).text)
            return
        }
        // An unwritable --report is found now, not after the run.
        if let report {
            do {
                try OutputPath.requireWritableDirectory(report, flag: "--report")
            } catch {
                throw error.report()
            }
        }
        var knownText: String?
        if let known {
            do {
                knownText = String(decoding: try DocumentLoader.read(known, limit: Self.knownLimit), as: UTF8.self)
            } catch {
                var error = error.exiting(2)
                error.subject = "--known \(error.subject)"
                throw error.report()
            }
        }
        let external = ExternalEngine(command: program, timeout: timeout)
        defer { external.process.stop() }
        var options = ExternalFuzzer.Options(seed: seed, cases: caseLimit, seconds: seconds, shrinksPerSignature: shrinks)
        if let known, let knownText {
            switch KnownClasses.load(text: knownText, file: known, fuzzer: ExternalFuzzer(external: external, ours: engine.engine, options: options)) {
            case .failure(let error):
                throw CLIError("invalid-known-file", "--known \(known)", "\(error)", exit: 2).report()
            case .success(let loaded):
                if let givenUp = external.process.givenUp { throw ProgramFailure.unusable(givenUp, program: program, launches: external.process.launches).report() }
                options.known = loaded.classes
                for line in loaded.agreeing {
                    Output.line("note: \(known):\(line): both programs agree on this replay line now")
                }
                if !loaded.converted.isEmpty {
                    Output.line("note: \(known): \(loaded.converted.count) class line\(loaded.converted.count == 1 ? "" : "s") of format version 1 "
                                + "converted by replaying them (write the file again with --report to keep version \(DisagreementClass.formatVersion))")
                }
            }
        }
        let fuzzer = ExternalFuzzer(external: external, ours: engine.engine, options: options)
        Output.line("fuzzing \(program) against linkmatch (\(engine.rawValue) engine), seed \(seed)"
                    + (known.map { ", \(options.known.count) known classes from \($0)" } ?? ""))
        let result = fuzzer.run { event in
            switch event {
            case .classFound(let found):
                if external.process.givenUp == nil {
                    Output.line("found after \(String(format: "%.1f", found.foundAfter)) s: \(FuzzReportWriter.title(found))"
                                + (found.variantOf != nil ? " (a variant)" : "") + (found.known ? " (known)" : ""))
                }
            }
        }
        if let givenUp = result.programUnusable {
            // Failed before answering anything: its classes would only repeat this, request by request.
            throw ProgramFailure.unusable(givenUp, program: program, launches: external.process.launches).report()
        }
        Output.line("")
        for (number, found) in FuzzReportWriter.numbered(result.classes) {
            let status = found.known ? "known" : "NEW"
            let variant = found.variantOf.map { ", a variant of \($0.cause)" } ?? ""
            Output.line("class \(number) (\(status)\(variant)): \(FuzzReportWriter.title(found)); \(found.count)×")
            guard !found.known else { continue }
            for line in FuzzReportWriter.specLines(found.key) { Output.line("  " + line) }
            Output.line(found.key.isProgramFailure ? "the request:"
                        : found.example.shrinkAttempts == 0 ? "as found (not shrunk):" : "minimized with \(found.example.shrinkAttempts) requests to:")
            if case .failure(let message) = found.example.theirs { Output.line(message) }
            for line in FuzzReportWriter.caseLines(found.example) { Output.line("  " + line) }
            Output.line("replay (one line, for both programs):")
            Output.json(found.example.jsonl)
            Output.line("")
        }
        Output.line(FuzzReportWriter.summary(result) + ", program started \(external.process.launches) time\(external.process.launches == 1 ? "" : "s")")
        for line in FuzzReportWriter.nextSteps(result, reportDirectory: report) { Output.line(line) }
        if let report {
            do {
                try FuzzReportWriter.write(result, run: .init(program: program, engine: engine.rawValue, seed: seed, knownFile: known),
                                           to: report)
                Output.line("report: \(report)/report.md, \(report)/classes.jsonl")
            } catch {
                // The results are printed above; only the files are missing.
                throw CLIError("output-unwritable", "--report \(report)",
                               "cannot write the report (the results are printed above): \(OutputPath.reason(error, near: report))",
                               exit: 2).report()
            }
        }
        if result.answered == 0 {
            throw ProgramFailure.answeredNothing(result.requests, program: program).report()
        }
        if !result.newClasses.isEmpty { throw ExitCode(1) }
    }
}
