import ArgumentParser
import LinkMatch
import LinkMatchFuzzing

/// `linkmatch fuzz --program CMD`: differential fuzzing of an external matcher against ours over
/// the conformance protocol. Exit 1 if any disagreement or program failure was found.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Compare an external matcher (speaking the conformance protocol) with ours on generated cases.",
        discussion: """
        The program is started once through /bin/sh and kept alive: it reads one request per line on \
        stdin and writes one reply per line on stdout (see 'linkmatch conformance --help'). Each \
        disagreement is shrunk and printed as a readable JSON case and as one JSONL request line that \
        can be fed to both programs. A program that crashes, hangs past --timeout or breaks the \
        protocol is reported and restarted. Cases are reproducible from --seed.
        """
    )

    @Option(help: "The program to run, e.g. 'python3 my_matcher.py' (run with /bin/sh -c).")
    var program: String

    @Option(help: "Stop after this many seconds (default: no time limit).")
    var seconds: Double?

    @Option(help: "Stop after this many generated cases (each has up to 3 apps x 4 URLs).")
    var cases = 1_000

    @Option(help: "Seed of the case generator.")
    var seed: UInt64 = 1

    @Option(help: "Seconds to wait for each reply before the program counts as hung.")
    var timeout = 10.0

    @Option(help: "Stop after this many disagreements or program failures.")
    var maxProblems = 5

    @Option(help: "Our matcher.")
    var engine: EngineChoice = .defaultChoice

    func validate() throws {
        if program.allSatisfy(\.isWhitespace) { throw ValidationError("--program is empty") }
        if timeout <= 0 { throw ValidationError("--timeout must be positive") }
        if cases < 1 { throw ValidationError("--cases must be at least 1") }
    }

    func run() throws {
        let external = ExternalEngine(command: program, timeout: timeout)
        defer { external.process.stop() }
        let fuzzer = ExternalFuzzer(external: external, ours: engine.engine,
                                    options: .init(seed: seed, cases: cases, seconds: seconds, maxProblems: maxProblems))
        Output.line("fuzzing \(program) against linkmatch (\(engine.rawValue) engine), seed \(seed)")
        var number = 0
        let report = fuzzer.run { event in
            number += 1
            switch event {
            case .disagreement(let d):
                Output.line("")
                Output.line("disagreement \(number) (case \(d.caseIndex), request \(d.original.id.serialized())): "
                            + "linkmatch says \(describe(d.ours)), the program says \(d.theirs)")
                Output.line("shrunk with \(d.shrinkAttempts) requests to:")
                Output.line(d.readable)
                Output.line("replay (one line, for both programs):")
                Output.line(d.jsonl)
            case .failure(let f):
                Output.line("")
                Output.line("program failure \(number) (case \(f.caseIndex)): \(f.message)")
                Output.line("request:")
                Output.line(f.request.line)
            }
        }
        Output.line("")
        Output.line("\(report.cases) cases, \(report.requests) requests in \((report.elapsed * 10).rounded() / 10) s: "
                    + "\(report.disagreements.count) disagreement\(report.disagreements.count == 1 ? "" : "s"), "
                    + "\(report.failures.count) program failure\(report.failures.count == 1 ? "" : "s"), "
                    + "program started \(external.process.launches) time\(external.process.launches == 1 ? "" : "s")")
        if !report.disagreements.isEmpty || !report.failures.isEmpty { throw ExitCode(1) }
    }

    func describe(_ reply: ConformanceProtocol.Reply) -> String {
        switch reply {
        case .decision(_, let o): return o.rawValue
        case .error(_, let m): return "error: \(m)"
        }
    }
}
