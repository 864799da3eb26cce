#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to stdout/stderr. Every line is flushed at once: the conformance command is driven line
/// by line by another program, and interleaving with stderr must stay readable.
enum Output {
    static func line(_ text: String) {
        fputs(text + "\n", stdout)
        fflush(stdout)
    }

    static func error(_ text: String) {
        fputs(text + "\n", stderr)
        fflush(stderr)
    }
}
