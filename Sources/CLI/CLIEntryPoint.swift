// Entry point, called from the C main of the `linkmatch` executable (Sources/Programs/linkmatch/main.c; why C:
// Sources/Programs/include/linkmatch_program.h). Usage errors exit 2 (ArgumentParser's default is 64), with a JSON
// error object on stdout when --json was given; everything else keeps the exit code its command chose (0 ok, 1 a
// problem with the input, 2 an unusable flag value or program).
import ArgumentParser

@_cdecl("linkmatch_cli_main")
public func linkmatchCLIMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    let arguments = (1..<Int(max(argc, 1))).compactMap { argv[$0].map { String(cString: $0) } }
    do {
        var command = try LinkMatchCommand.parseAsRoot(arguments)
        try command.run()
    } catch {
        if LinkMatchCommand.exitCode(for: error) == .validationFailure {
            // ArgumentParser's "Error: WHAT" line, as `error [usage] linkmatch SUBCOMMAND: WHAT`, then its usage lines.
            var lines = LinkMatchCommand.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let what = lines.isEmpty ? "" : lines.removeFirst()
            let known = LinkMatchCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
            let subcommand = arguments.first.flatMap { known.contains($0) ? $0 : nil }
            let usage = CLIError("usage", "linkmatch" + (subcommand.map { " " + $0 } ?? ""),
                                 what.hasPrefix("Error: ") ? String(what.dropFirst(7)) : what, exit: 2)
            Output.error(([usage.description] + lines).joined(separator: "\n"))
            Output.error("See 'linkmatch --help'.")
            // --json promises JSON on stdout, also for a usage error.
            if arguments.prefix(while: { $0 != "--" }).contains("--json") { Output.json(usage.json.serialized(pretty: true)) }
            LinkMatchCommand.exit(withError: ExitCode(2))
        }
        LinkMatchCommand.exit(withError: error)
    }
    return 0
}
