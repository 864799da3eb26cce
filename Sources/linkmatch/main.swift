// Entry point. Usage errors exit 2 (ArgumentParser's default is 64); everything else keeps the
// exit code its command chose (0 ok, 1 a problem with the input).
import ArgumentParser

do {
    var command = try LinkMatchCommand.parseAsRoot()
    try command.run()
} catch {
    if LinkMatchCommand.exitCode(for: error) == .validationFailure {
        Output.error(LinkMatchCommand.fullMessage(for: error))
        Output.error("See 'linkmatch --help'.")
        LinkMatchCommand.exit(withError: ExitCode(2))
    }
    LinkMatchCommand.exit(withError: error)
}
