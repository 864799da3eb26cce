// Entry point, called from the C main of the `linkmatch` executable (Sources/Programs/linkmatch/main.c; why C:
// Sources/Programs/include/linkmatch_program.h). Usage errors exit 2 (ArgumentParser's default is 64); everything
// else keeps the exit code its command chose (0 ok, 1 a problem with the input).
import ArgumentParser

@_cdecl("linkmatch_cli_main")
public func linkmatchCLIMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    let arguments = (1..<Int(max(argc, 1))).compactMap { argv[$0].map { String(cString: $0) } }
    do {
        var command = try LinkMatchCommand.parseAsRoot(arguments)
        try command.run()
    } catch {
        if LinkMatchCommand.exitCode(for: error) == .validationFailure {
            Output.error(LinkMatchCommand.fullMessage(for: error))
            Output.error("See 'linkmatch --help'.")
            LinkMatchCommand.exit(withError: ExitCode(2))
        }
        LinkMatchCommand.exit(withError: error)
    }
    return 0
}
