import ArgumentParser

/// `linkmatch fuzz --program CMD`: placeholder until LinkMatchFuzzing's generator lands.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Compare an external matcher (speaking the conformance protocol) with ours on random cases."
    )

    @Option(help: "The program to run (through /bin/sh), e.g. 'python3 my_matcher.py'.")
    var program: String

    func run() throws {
        Output.error("linkmatch: fuzz is not available yet")
        throw ExitCode(1)
    }
}
