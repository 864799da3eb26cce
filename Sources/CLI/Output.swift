#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to stdout/stderr, one `write(2)` per line and no buffering: the conformance command is
/// driven line by line by another program, so each reply must leave at once, and stdout and stderr
/// lines stay in order when both go to a terminal.
enum Output {
    static func line(_ text: String) { write(text + "\n", to: 1) }

    static func error(_ text: String) { write(text + "\n", to: 2) }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress, buffer.count)
                #else
                Darwin.write(fd, buffer.baseAddress, buffer.count)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                return // the reader went away (EPIPE): nothing useful left to do with the output
            }
            bytes = bytes.dropFirst(n)
        }
    }
}

extension String {
    /// Pads with spaces on the right to `width` characters (for aligned columns).
    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
