import ArgumentParser
import LinkMatch
import LinkMatchFuzzing

/// `linkmatch conformance`: the conformance protocol on stdin/stdout (docs/PROTOCOL.md). Every
/// input line gets exactly one output line, in order, flushed at once; a line it cannot handle gets
/// an `error` reply and the stream goes on.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Answer conformance-protocol requests, one JSON object per line on stdin.",
        discussion: """
        In:  {"id":..,"aasa":{..},"domain":"example.com","appId":"TEAMID.app","url":"https://.."}
        Out: {"id":..,"decision":"match"|"exclude"|"no_match"} or {"id":..,"error":".."}
        An empty domain skips the host check (SPEC.md U3).
        The whole protocol, with examples: docs/PROTOCOL.md.
        """
    )

    @Option(help: "The matcher that answers.")
    var engine: EngineChoice = .defaultChoice

    @Option(help: ArgumentHelp("Answer with a deliberately wrong engine instead (to test a fuzzing setup).",
                               valueName: "mutant"))
    var mutant: String?

    func validate() throws {
        if let mutant, Mutants.named(mutant) == nil {
            throw ValidationError("unknown mutant '\(mutant)'; known: \(Mutants.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() throws {
        let matcher = mutant.flatMap(Mutants.named) ?? engine.engine
        while let line = readLine(strippingNewline: true) {
            Output.line(ConformanceProtocol.answer(line: line, engine: matcher))
        }
    }
}
