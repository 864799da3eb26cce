#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to stdout/stderr, one `write(2)` per line and no buffering: the conformance command is
/// driven line by line by another program, so each reply must leave at once, and stdout and stderr
/// lines stay in order when both go to a terminal. Human output has its control characters escaped
/// (`escapingControls`): file names, URLs, patterns and a program's stderr come from outside.
enum Output {
    /// A line for a person, on stdout.
    static func line(_ text: String) { write(text.escapingControls() + "\n", to: 1) }

    /// A line for a person, on stderr.
    static func error(_ text: String) { write(text.escapingControls() + "\n", to: 2) }

    /// JSON text on stdout (`--json`, protocol replies, replay lines): the serializer escapes C0
    /// controls already; DEL and C1 controls, which JSON allows raw, are written as `\u007F` escapes
    /// (the same string to a JSON reader, and harmless on a terminal).
    static func json(_ text: String) {
        guard text.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return write(text + "\n", to: 1) }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                out.append(contentsOf: "\\u00\(String(scalar.value, radix: 16, uppercase: true))".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        write(String(out) + "\n", to: 1)
    }

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
