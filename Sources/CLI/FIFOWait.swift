import Foundation

/// How long a command waits for a FIFO's writer (its first bytes, or its close) before refusing the
/// FIFO with `no-input`: a FIFO nobody writes to must not hang the command, and a writer started a
/// moment later must still be read. The environment variable `LINKMATCH_FIFO_WAIT` sets another wait
/// in seconds (a script that knows its writer is already running, or the tests, which wait for no
/// writer many times and need not pay the default each time).
enum FIFOWait {
    /// The environment variable that sets the wait, in seconds.
    static let variable = "LINKMATCH_FIFO_WAIT"
    /// The wait without the variable.
    static let defaultMilliseconds: Int32 = 3_000
    /// The longest wait the variable may set: past this a forgotten FIFO looks like a hang.
    static let maximumMilliseconds: Int32 = 600_000

    /// The wait in milliseconds: the variable's value when set, else the default. A value that is not a
    /// number of seconds from 0.001 to 600 is a usage error naming the variable (exit 2), not a quiet
    /// fallback to the default.
    static func milliseconds(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIError) -> Int32 {
        guard let text = environment[variable] else { return defaultMilliseconds }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite,
              seconds >= 0.001, seconds * 1000 <= Double(maximumMilliseconds) else {
            throw CLIError("invalid-environment", "\(variable)=\(text)",
                           "not a number of seconds from 0.001 to \(maximumMilliseconds / 1000); unset it for the default \(described(defaultMilliseconds))",
                           exit: 2)
        }
        return Int32((seconds * 1000).rounded())
    }

    /// `3 s`, `0.25 s`: the wait as the `no-input` message says it.
    static func described(_ milliseconds: Int32) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(String(format: "%g", Double(milliseconds) / 1000)) s"
    }
}
