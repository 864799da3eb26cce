import ArgumentParser
import LinkMatch

/// A failure the CLI reports: one line `error [code] subject: message` on stderr (the subject is
/// the file, flag or program concerned), and with `--json` also a JSON object on stdout, so a
/// script reading stdout always gets JSON. The code is stable (docs/CLI.md lists every one); the
/// exit code is docs/CLI.md's: 1 a problem with the input, 2 a usage error (a bad flag value, an
/// output path that cannot be written) or a program that could not be run.
struct CLIError: Error, CustomStringConvertible {
    /// Stable and kebab-case, e.g. `not-a-regular-file`.
    var code: String
    /// What is wrong: a file path, `--domain "…"`, `--program '…'`, `bad URL "…"`.
    var subject: String
    var message: String
    var exitCode: Int32

    init(_ code: String, _ subject: String, _ message: String, exit: Int32 = 1) {
        self.code = code
        self.subject = subject
        self.message = message
        self.exitCode = exit
    }

    /// The same failure with another exit code (a file given to a flag is a usage problem: 2).
    func exiting(_ code: Int32) -> CLIError {
        var copy = self
        copy.exitCode = code
        return copy
    }

    var description: String { "error [\(code)] \(subject): \(message)" }

    /// `{"error": {"code": …, "subject": …, "message": …, "exitCode": …}}`.
    var json: JSONValue {
        JSONBuild.object([("error", JSONBuild.object([
            ("code", .string(code)), ("subject", .string(subject)), ("message", .string(message)),
            ("exitCode", JSONBuild.number(Int(exitCode))),
        ]))])
    }

    /// Prints the failure (the line on stderr; with `json` also the object on stdout) and returns the
    /// exit code to throw.
    func report(json: Bool = false) -> ExitCode {
        Output.error(description)
        if json { Output.json(self.json.serialized(pretty: true)) }
        return ExitCode(exitCode)
    }
}

extension String {
    /// The text with C0 and C1 control characters and DEL written as `\u{1B}` (a newline too when
    /// `keepingNewlines` is false), so input echoed to a terminal cannot move the cursor, change
    /// colours or retitle the window. Human output only: JSON escapes control characters itself.
    func escapingControls(keepingNewlines: Bool = true) -> String {
        guard unicodeScalars.contains(where: { Self.isControl($0) && !(keepingNewlines && $0 == "\n") }) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if Self.isControl(scalar), !(keepingNewlines && scalar == "\n") {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
