import ArgumentParser
import LinkMatch

/// `linkmatch`: decide, explain and validate universal links against an AASA file, speak the
/// conformance protocol, and fuzz an external matcher against ours.
struct LinkMatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linkmatch",
        abstract: "Universal-links (apple-app-site-association applinks) matching.",
        discussion: """
        Exit codes: 0 success, 1 a problem with the input (bad file, bad URL, errors found, \
        disagreements), 2 usage error (also an unusable flag value or output path, or a --program \
        that cannot be run). Errors are one line, 'error [CODE] SUBJECT: message' (docs/CLI.md \
        lists the codes); with --json, also a JSON error object on stdout.
        """,
        // ArgumentParser answers `--version` with this and exit 0.
        version: LinkMatchVersion.current,
        subcommands: [CheckCommand.self, ExplainCommand.self, ValidateCommand.self,
                      ConformanceCommand.self, ScoreCommand.self, FuzzCommand.self, OpenPointsCommand.self,
                      ProbesCommand.self, DiffCommand.self]
    )
}
