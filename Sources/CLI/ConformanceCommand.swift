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

        --reading NAME answers as another reading of the spec would (the compiled engine over the \
        document or URL as that reading sees them), to see what the reading changes. Readings \
        (docs/CLI.md says what each does; 'linkmatch open-points' describes every open point):
        \(readingLines)
        """
    )

    /// One line per reading: its name and where it comes from (short enough for 80 columns).
    static var readingLines: String {
        let width = Readings.all.map(\.name.count).max() ?? 0
        return Readings.all.map { reading in
            "  " + reading.name + String(repeating: " ", count: width - reading.name.count) + "  " + reading.origin
        }.joined(separator: "\n")
    }

    @Option(help: "The matcher that answers (default: compiled).")
    var engine: EngineChoice?

    @Option(help: ArgumentHelp("Answer as this reading of the spec would (listed below); repeat it, or write A+B, to combine readings.",
                               valueName: "name"))
    var reading: [String] = []

    /// The named readings, each `A+B` split into its parts.
    var readingNames: [String] { reading.flatMap { $0.split(separator: "+").map(String.init) } }

    func validate() throws {
        for name in readingNames where Readings.named(name) == nil {
            throw ValidationError("unknown reading '\(name)'; known: \(Readings.all.map(\.name).joined(separator: ", "))")
        }
        if !reading.isEmpty, engine != nil {
            throw ValidationError("--reading and --engine cannot be combined (a reading is decided by the compiled engine)")
        }
    }

    @Flag(help: "Print the readings catalogue as Markdown (the table in docs/TEST-YOUR-MATCHER.md) and exit.")
    var readingsMarkdown = false

    func run() throws {
        if readingsMarkdown {
            print(ReadingsCatalogue.markdown(), terminator: "")
            return
        }
        let matcher = Readings.composed(readingNames.compactMap(Readings.named))?.engine ?? (engine ?? .defaultChoice).engine
        while let line = readLine(strippingNewline: true) {
            Output.json(ConformanceProtocol.answer(line: line, engine: matcher))
        }
    }
}
