import ArgumentParser
import LinkMatchTestData

/// `linkmatch-bench`'s options, parsed by ArgumentParser as the CLI's are (a command only for its name in the
/// usage line: `runBenchmarks` runs the benchmarks).
struct BenchOptions: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "linkmatch-bench")

    @Flag(help: "A smoke run: fewer samples per cell and smaller workloads.")
    var quick = false

    // Default: `TestData/real-world-aasa` in the repository (the copy the tests use too).
    @Option(name: .customLong("real-world"), help: ArgumentHelp("The folder of real-world AASA files.", valueName: "dir"))
    var realWorld: String = RealWorldFiles.folder.path

    @Option(name: .customLong("expanded-langs"),
            help: ArgumentHelp("Languages in the expanded WWDC20 food file (default: 120, 10 with --quick).", valueName: "n"))
    var expandedLangs: Int?

    @Option(help: ArgumentHelp("Only the rows whose name contains this text (for profiling one row: callgrind, perf stat).",
                               valueName: "text"))
    var only: String?

    // For measuring another implementation on the same inputs (docs/PERFORMANCE.md, "Another matcher on the same bytes").
    @Option(name: .customLong("dump-inputs"),
            help: ArgumentHelp("Write each document row's JSON bytes (ROW.json) and its decisions (ROW.runs: app ID, tab, URL per line) into this folder.",
                               valueName: "dir"))
    var dumpInputs: String?

    // For callgrind / perf stat: every cell of kind CELL runs its body exactly N times, every other cell once,
    // so two runs with different N differ only by (N2 - N1) x the cell's work.
    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Run each cell of kind CELL exactly N times and every other cell once (CELL: match, decision, floor, compile, read, parse).",
                               valueName: "n> <cell"))
    var profile: [String] = []

    /// `--profile N CELL` read as its two values; nil without the option.
    var profileSetting: (iterations: Int, cell: String)? {
        guard profile.count == 2, let n = Int(profile[0]) else { return nil }
        return (n, profile[1])
    }

    func validate() throws {
        if !profile.isEmpty && profileSetting == nil { throw ValidationError("--profile takes two values: N (a number) and CELL") }
    }

    /// The options in `arguments`; nil after printing the help (`status` 0) or a usage error (`status` 2: its
    /// message, then a line starting `usage: linkmatch-bench`, which scripts/check-card-build.sh looks for).
    static func read(_ arguments: [String]) -> (options: BenchOptions?, status: CInt) {
        do {
            return (try parse(arguments), 0)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                return (nil, 0)
            }
            print("error: \(message(for: error))")
            print("usage: \(usageString())")
            return (nil, 2)
        }
    }
}
