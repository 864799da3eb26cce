import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process kept alive across requests that answers one line with one line (the
/// conformance protocol). Started lazily with `/bin/sh -c CMD` in a process group of its own,
/// restarted after it dies or times out. Never blocks forever: every exchange has a deadline, all
/// three pipes are serviced with `poll(2)` (a child that floods stderr or stops reading stdin cannot
/// wedge us), and stopping kills the whole group, so a shell's children do not outlive it.
/// posix_spawn rather than Foundation.Process: Process cannot start a new process group, and on
/// Linux its exit status waits until every holder of the pipes has exited.
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
    public var launches: Int {
        lock.lock()
        defer { lock.unlock() }
        return launchCount
    }

    private var launchCount = 0

    static let maxLineBytes = 16 << 20
    static let stderrTailBytes = 2048

    private let lock = NSLock()
    private var running: Running?

    private struct Running {
        var child: ExternalChild
        var stdoutBuffer: [UInt8] = []
        var stderrTail: [UInt8] = []
        var stdoutClosed = false
        var stderrClosed = false
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
        return exchangeLocked(Array(line.utf8) + [0x0A])
    }

    /// Stops the child (closing its stdin first so a well-behaved program can exit on its own).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopLocked()
    }

    // MARK: - Internals (called with the lock held)

    private func start() -> Failure? {
        switch ExternalChild.spawn(command) {
        case .failure(let error):
            return .launch(error.message)
        case .success(let child):
            launchCount += 1
            running = Running(child: child)
            return nil
        }
    }

    /// One request and its reply. On any failure the child is finished (and restarted next time).
    private func exchangeLocked(_ request: [UInt8]) -> Result<String, Failure> {
        guard var r = running else { return .failure(.launch("not running")) }
        let outcome = converse(&r, request)
        if case .line(let line) = outcome {
            running = r
            return .success(line)
        }
        running = nil
        switch outcome {
        case .line(let line): return .success(line) // handled above
        case .stdoutClosed: return .failure(exitFailure(&r))
        case .timeout:
            _ = r.child.finish(grace: 0)
            return .failure(.timeout(seconds: timeout, stderr: tail(r)))
        case .tooLong:
            _ = r.child.finish(grace: 0)
            return .failure(.replyTooLong(limit: Self.maxLineBytes))
        case .pollFailed(let err):
            _ = r.child.finish(grace: 0)
            return .failure(.launch("poll failed: \(String(cString: strerror(err)))"))
        }
    }

    private enum Outcome {
        case line(String)
        case stdoutClosed
        case timeout
        case tooLong
        case pollFailed(Int32)
    }

    /// Writes the request while reading stdout (and stderr) until a full line, end of file or the deadline.
    private func converse(_ r: inout Running, _ request: [UInt8]) -> Outcome {
        var pending = request[...]
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let nl = r.stdoutBuffer.firstIndex(of: 0x0A) {
                let line = String(decoding: r.stdoutBuffer[..<nl], as: UTF8.self)
                r.stdoutBuffer.removeSubrange(...nl)
                return .line(line)
            }
            if r.stdoutBuffer.count > Self.maxLineBytes { return .tooLong }
            if r.stdoutClosed { return .stdoutClosed }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return .timeout }
            var fds = [pollfd(fd: r.child.stdout, events: Int16(POLLIN), revents: 0)]
            if !r.stderrClosed { fds.append(pollfd(fd: r.child.stderr, events: Int16(POLLIN), revents: 0)) }
            if !pending.isEmpty { fds.append(pollfd(fd: r.child.stdin, events: Int16(POLLOUT), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), Int32(min(remaining * 1000 + 1, 60_000))) < 0 {
                if errno == EINTR { continue }
                return .pollFailed(errno)
            }
            for p in fds where p.revents != 0 {
                if p.fd == r.child.stdin {
                    let n = pending.withUnsafeBytes { write(r.child.stdin, $0.baseAddress, $0.count) }
                    if n > 0 {
                        pending = pending.dropFirst(n)
                    } else if n < 0, errno != EAGAIN, errno != EINTR {
                        // EPIPE: the child closed stdin (it is exiting); its stdout tells the rest.
                        pending = []
                    }
                } else if p.fd == r.child.stdout {
                    if !drain(r.child.stdout, into: &r.stdoutBuffer, keepLast: nil) { r.stdoutClosed = true }
                } else if p.fd == r.child.stderr {
                    if !drain(r.child.stderr, into: &r.stderrTail, keepLast: Self.stderrTailBytes) { r.stderrClosed = true }
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

    /// stdout is closed: the child is exiting; how it ended, with the end of its stderr.
    private func exitFailure(_ r: inout Running) -> Failure {
        // Collect stderr until it closes too (briefly), then the exit status.
        let deadline = Date().addingTimeInterval(1)
        while !r.stderrClosed, Date() < deadline {
            if !drain(r.child.stderr, into: &r.stderrTail, keepLast: Self.stderrTailBytes) { r.stderrClosed = true } else { usleep(2_000) }
        }
        let message = tail(r)
        switch r.child.finish(grace: 2) {
        case .status(let status): return .exited(status: status, stderr: message)
        case .signal(let signal): return .crashed(signal: signal, stderr: message)
        }
    }

    private func stopLocked() {
        guard let r = running else { return }
        running = nil
        // Closing stdin lets a well-behaved program exit by itself; the rest of its group is killed.
        _ = r.child.finish(grace: 0.2)
    }
}
