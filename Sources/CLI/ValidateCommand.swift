import ArgumentParser
import LinkMatch

/// `linkmatch validate FILE`: every diagnostic the parser and the lints report, in the order their
/// paths appear in the file (SPEC.md section 12). Exit 1 when any is an error.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Report every problem in an AASA file (code, severity, JSON path, message).",
        discussion: "Exit 0 when there is no error (warnings and infos allowed), 1 when there is."
    )

    @Argument(help: "The apple-app-site-association file (- for standard input; a pipe or FIFO is read too).")
    var file: String

    @Flag(help: "Print the diagnostics as JSON.")
    var json = false

    func run() throws {
        let diagnostics: [Diagnostic]
        do {
            // The library's validate: a file that cannot be read as a document at all is one fatal diagnostic.
            diagnostics = Lints.validate(try DocumentLoader.read(file))
        } catch {
            // Not a file that can be read (missing, a directory, a device...): nothing to validate.
            guard error.code == "file-too-large" else { throw error.report(json: json) }
            // Refused on its size before reading: the same fatal diagnostic the parser gives.
            diagnostics = [DiagnosticFixes.withFix(Diagnostic(.error, error.code, at: "", error.message))]
        }
        let counts = (errors: diagnostics.filter { $0.severity == .error }.count,
                      warnings: diagnostics.filter { $0.severity == .warning }.count,
                      infos: diagnostics.filter { $0.severity == .info }.count)
        if json {
            Output.json(JSONBuild.object([
                ("file", .string(file)), ("diagnostics", .array(diagnostics.map(\.json))),
                ("errors", JSONBuild.number(counts.errors)), ("warnings", JSONBuild.number(counts.warnings)),
                ("infos", JSONBuild.number(counts.infos)),
            ]).serialized(pretty: true))
        } else {
            for d in diagnostics {
                Output.line(d.description)
                if let fix = d.fix { Output.line("  fix: \(fix)") }
            }
            func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
            Output.line("\(file): \(plural(counts.errors, "error")), \(plural(counts.warnings, "warning")), \(plural(counts.infos, "info"))")
        }
        if counts.errors > 0 { throw ExitCode(1) }
    }
}
