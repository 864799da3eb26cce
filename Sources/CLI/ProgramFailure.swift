import LinkMatch
import LinkMatchFuzzing

/// How `fuzz` and `score` report a `--program` that cannot be run (exit 2), with one set of codes.
enum ProgramFailure {
    /// `--program "CMD"`, the subject of the program's errors.
    static func subject(_ program: String) -> String { "--program \(JSONValue.string(program).serialized())" }

    /// A program that failed before answering anything, by how it failed: exit status 127 is the
    /// shell's "command not found", 126 "found but not executable".
    static func unusable(_ failure: ExternalProcess.Failure, program: String, launches: Int) -> CLIError {
        let code: String
        switch failure {
        case .exited(127, _): code = "program-not-found"
        case .exited(126, _): code = "program-not-executable"
        case .exited: code = "program-exited"
        case .crashed: code = "program-crashed"
        case .timeout: code = "program-timeout"
        case .launch: code = "program-launch-failed"
        case .replyTooLong, .protocolViolation: code = "program-protocol-error"
        }
        let started = "started \(launches) time\(launches == 1 ? "" : "s")"
        return CLIError(code, subject(program), "the program cannot be run: it failed before answering any request (\(started)): \(failure)",
                        exit: 2)
    }

    /// A program that answered none of `requests` (every reply a failure, yet not given up on).
    static func answeredNothing(_ requests: Int, program: String) -> CLIError {
        CLIError("program-unusable", subject(program), "the program could not be run: it answered none of \(requests) requests", exit: 2)
    }
}
