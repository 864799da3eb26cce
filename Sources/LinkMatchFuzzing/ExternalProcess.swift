import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process kept alive across requests that answers one line with one line (the
/// conformance protocol). Started lazily, run through `/bin/sh -c "exec CMD"`, restarted after it
/// dies or times out. Never blocks forever: every exchange has a deadline, and all three pipes are
/// serviced with `poll(2)` so a child that floods stderr or stops reading stdin cannot wedge us.
public final class ExternalProcess: @unchecked Sendable {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case launch(String)
        /// No reply line within the time limit; the child was killed.
        case timeout(seconds: Double, stderr: String)
        /// The child exited (or closed stdout) before replying.
        case exited(status: Int32, stderr: String)
        /// The child was killed by a signal (a crash) before replying.
        case crashed(signal: Int32, stderr: String)
        /// The reply line is longer than `maxLineBytes`.
        case replyTooLong(limit: Int)

        public var description: String {
            func tail(_ s: String) -> String { s.isEmpty ? "" : "; its stderr ended with:\n" + s }
            switch self {
            case .launch(let why): return "cannot start the program: \(why)"
            case .timeout(let s, let err): return "no reply within \(s) s; the program was killed\(tail(err))"
            case .exited(let status, let err): return "the program exited with status \(status) before replying\(tail(err))"
            case .crashed(let signal, let err): return "the program was killed by signal \(signal) before replying\(tail(err))"
            case .replyTooLong(let limit): return "the reply line is longer than \(limit) bytes"
            }
        }
    }

    public let command: String
    public let timeout: Double
    /// How many times the program was started (1 + restarts after failures).
    public private(set) var launches = 0

    static let maxLineBytes = 16 << 20
    static let stderrTailBytes = 2048

    private let lock = NSLock()
    private var running: Running?

    private struct Running {
        var process: Process
        var stdin: Int32
        var stdout: Int32
        var stderr: Int32
        var stdoutBuffer: [UInt8] = []
        var stderrTail: [UInt8] = []
        var stdoutClosed = false
        var stderrClosed = false
        // The pipes are kept so their file handles (and descriptors) stay open as long as we use them.
        var pipes: [Pipe]
    }

    public init(command: String, timeout: Double) {
        self.command = command
        self.timeout = timeout
        // Writing to a child that has exited must give EPIPE, not kill this process.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stopLocked() }

    /// Sends one line (a newline is added) and waits for one reply line (without its newline).
    public func exchange(_ line: String) -> Result<String, Failure> {
        lock.lock()
        defer { lock.unlock() }
        if running == nil {
            if let failure = start() { return .failure(failure) }
        }
        let result = exchangeLocked(Array(line.utf8) + [0x0A])
        if case .failure = result { stopLocked() }
        return result
    }

    /// Stops the child (closing its stdin first so a well-behaved program can exit on its own).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopLocked()
    }

    // MARK: - Internals (called with the lock held)

    private func start() -> Failure? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec " + command]
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        do {
            try process.run()
        } catch {
            return .launch("\(error)")
        }
        launches += 1
        // The child's ends must not stay open here, or its exit would never read as end of file.
        try? inPipe.fileHandleForReading.close()
        try? outPipe.fileHandleForWriting.close()
        try? errPipe.fileHandleForWriting.close()
        let fds = (inPipe.fileHandleForWriting.fileDescriptor, outPipe.fileHandleForReading.fileDescriptor,
                   errPipe.fileHandleForReading.fileDescriptor)
        for fd in [fds.0, fds.1, fds.2] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        running = Running(process: process, stdin: fds.0, stdout: fds.1, stderr: fds.2, pipes: [inPipe, outPipe, errPipe])
        return nil
    }

    private func exchangeLocked(_ request: [UInt8]) -> Result<String, Failure> {
        guard var r = running else { return .failure(.launch("not running")) }
        defer { running = r }
        var pending = request[...]
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let nl = r.stdoutBuffer.firstIndex(of: 0x0A) {
                let line = String(decoding: r.stdoutBuffer[..<nl], as: UTF8.self)
                r.stdoutBuffer.removeSubrange(...nl)
                return .success(line)
            }
            if r.stdoutBuffer.count > Self.maxLineBytes { return .failure(.replyTooLong(limit: Self.maxLineBytes)) }
            if r.stdoutClosed { return .failure(exitFailure(&r)) }

            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return .failure(.timeout(seconds: timeout, stderr: tail(r))) }
            var fds = [pollfd(fd: r.stdout, events: Int16(POLLIN), revents: 0)]
            if !r.stderrClosed { fds.append(pollfd(fd: r.stderr, events: Int16(POLLIN), revents: 0)) }
            if !pending.isEmpty { fds.append(pollfd(fd: r.stdin, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining * 1000 + 1, 60_000)))
            if ready < 0 {
                if errno == EINTR { continue }
                return .failure(.launch("poll failed: errno \(errno)"))
            }
            for p in fds where p.revents != 0 {
                if p.fd == r.stdin {
                    let n = pending.withUnsafeBytes { write(r.stdin, $0.baseAddress, $0.count) }
                    if n > 0 {
                        pending = pending.dropFirst(n)
                    } else if n < 0, errno != EAGAIN, errno != EINTR {
                        // EPIPE: the child closed stdin (it is exiting); its stdout tells the rest.
                        pending = []
                    }
                } else if p.fd == r.stdout {
                    if !drain(r.stdout, into: &r.stdoutBuffer, keepLast: nil) { r.stdoutClosed = true }
                } else if p.fd == r.stderr {
                    if !drain(r.stderr, into: &r.stderrTail, keepLast: Self.stderrTailBytes) { r.stderrClosed = true }
                }
            }
        }
    }

    /// Reads what is available. false at end of file (or a read error).
    private func drain(_ fd: Int32, into buffer: inout [UInt8], keepLast: Int?) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer += chunk[..<n]
                if let keep = keepLast, buffer.count > keep { buffer.removeFirst(buffer.count - keep) }
                if n < chunk.count { return true }
            } else if n == 0 {
                return false
            } else {
                return errno == EAGAIN || errno == EINTR
            }
        }
    }

    private func tail(_ r: Running) -> String {
        String(decoding: r.stderrTail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// stdout is closed: wait (briefly) for the exit status.
    private func exitFailure(_ r: inout Running) -> Failure {
        let deadline = Date().addingTimeInterval(2)
        while r.process.isRunning, Date() < deadline {
            if !r.stderrClosed, !drain(r.stderr, into: &r.stderrTail, keepLast: Self.stderrTailBytes) { r.stderrClosed = true }
            usleep(5_000)
        }
        if r.process.isRunning { return .exited(status: -1, stderr: tail(r) + "\n(stdout closed; the program was still running and was killed)") }
        if r.process.terminationReason == .uncaughtSignal { return .crashed(signal: r.process.terminationStatus, stderr: tail(r)) }
        return .exited(status: r.process.terminationStatus, stderr: tail(r))
    }

    private func stopLocked() {
        guard let r = running else { return }
        running = nil
        try? r.pipes[0].fileHandleForWriting.close()
        if r.process.isRunning {
            // Give a well-behaved program a moment to exit after end of input, then kill it.
            let deadline = Date().addingTimeInterval(0.2)
            while r.process.isRunning, Date() < deadline { usleep(2_000) }
            if r.process.isRunning { kill(r.process.processIdentifier, SIGKILL) }
        }
        r.process.waitUntilExit()
        try? r.pipes[1].fileHandleForReading.close()
        try? r.pipes[2].fileHandleForReading.close()
    }
}
