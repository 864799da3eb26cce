import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process kept alive across requests that answers one line with one line (the
/// conformance protocol, docs/PROTOCOL.md, which states what this asks of the program). Started lazily with `/bin/sh -c CMD` in a process group of its own,
/// restarted after it dies or times out. Never blocks forever: every exchange has a deadline, all
/// three pipes are serviced with `poll(2)` (a child that floods stderr or stops reading stdin cannot
/// wedge us), and stopping kills the whole group, so a shell's children do not outlive it.
/// posix_spawn rather than Foundation.Process: Process cannot start a new process group, and on
/// Linux its exit status waits until every holder of the pipes has exited.
///
/// Why not swift-subprocess (1.0.2, evaluated for issue 19): it has process groups
/// (`PlatformOptions.processGroupID`, teardown sent to the group) and concurrent stdin/stdout/stderr,
/// but a child's lifetime is scoped to one `async` closure (`run(...) { execution in ... }` returns
/// only after the child exits), while `fuzz` keeps one child across many synchronous calls
/// (`MatchEngine.decide`, and libFuzzer's callback in `fuzz-external`), restarts it, and bounds each
/// reply by a deadline, which it has no notion of. Using it would take a thread per child running an
/// async task, channels to it, and our own deadlines and line buffering: more code than the poll loop
/// below, plus swift-system and C shims in the shipped CLI and in every `-sanitize=fuzzer` build.
///
/// A program that fails `giveUpAfter` times in a row before it has ever answered (it is not found,
/// exits or crashes at once, never replies) is not started again: `givenUp` says why, and every later
/// exchange fails at once with that reason instead of restarting it for each request.
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
        /// The caller found the replies unusable (not the protocol), with its reason.
        case protocolViolation(String)

        public var description: String {
            func tail(_ s: String) -> String { s.isEmpty ? "" : "; its stderr ended with:\n" + s }
            switch self {
            case .launch(let why): return "cannot start the program: \(why)"
            case .timeout(let s, let err): return "no reply within \(s) s; the program was killed\(tail(err))"
            case .exited(let status, let err): return "the program exited with status \(status) before replying\(tail(err))"
            case .crashed(let signal, let err): return "the program was killed by signal \(signal) before replying\(tail(err))"
            case .replyTooLong(let limit): return "the reply line is longer than \(limit) bytes"
            case .protocolViolation(let why): return why
            }
        }

        /// The end of the program's stderr, when the failure kept it.
        public var stderr: String {
            switch self {
            case .timeout(_, let err), .exited(_, let err), .crashed(_, let err): return err
            case .launch, .replyTooLong, .protocolViolation: return ""
            }
        }
    }

    /// Failures in a row, before any answer, after which the program is not started again.
    public let giveUpAfter: Int
    /// Why the program is no longer started (see the type's comment); nil while it may be.
    public var givenUp: Failure? {
        lock.lock()
        defer { lock.unlock() }
        return gaveUp
    }

    private var gaveUp: Failure?
    /// A reply line was read at some point (the program runs and writes lines).
    private var lineRead = false
    /// The caller accepted a reply (`noteAnswered`): the program speaks the protocol.
    private var answered = false
    private var failuresBeforeAnswer = 0

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
        /// What one `read` fills before its bytes join a buffer: allocated once per child, so a
        /// reply costs a copy of its own bytes, not a zeroed chunk.
        var scratch = [UInt8](repeating: 0, count: ExternalProcess.readChunk)
        var stdoutClosed = false
        var stderrClosed = false
    }

    public init(command: String, timeout: Double, giveUpAfter: Int = 2) {
        self.command = command
        self.timeout = timeout
        self.giveUpAfter = max(1, giveUpAfter)
        // Writing to a child that has exited must give EPIPE, not kill this process.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stopLocked() }

    /// Sends one line (a newline is added) and waits for one reply line (without its newline).
    public func exchange(_ line: String) -> Result<String, Failure> {
        let (replies, failure) = exchange(batch: [line])
        if let reply = replies.first { return .success(reply) }
        return .failure(failure ?? .launch("no reply"))
    }

    /// Pipelined: writes every line (newlines added) as fast as the program reads them while reading
    /// its replies, until there are as many reply lines as lines sent. The replies come back in the
    /// order they were read (matching them to requests is the caller's job). When the program fails
    /// (exits, crashes, goes `timeout` seconds without a reply...), the replies read so far and the
    /// failure; the program is then restarted by the next call.
    public func exchange(batch lines: [String]) -> (replies: [String], failure: Failure?) {
        lock.lock()
        defer { lock.unlock() }
        if let gaveUp { return ([], gaveUp) }
        if running == nil {
            if let failure = start() {
                // posix_spawn of /bin/sh failed: trying again will not help.
                gaveUp = failure
                return ([], failure)
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines { bytes += line.utf8; bytes.append(0x0A) }
        let (replies, failure) = exchangeLocked(bytes, expecting: lines.count)
        if !replies.isEmpty { lineRead = true }
        if let failure, replies.isEmpty, !lineRead { countFailureBeforeAnswer(failure) }
        return (replies, failure)
    }

    /// The caller read a reply it could use: the program can run, failures from now on are findings.
    public func noteAnswered() {
        lock.lock()
        defer { lock.unlock() }
        answered = true
    }

    /// The caller could not use the replies (not the protocol): counts like a failure before any answer.
    public func noteUnusableReplies(_ why: String) {
        lock.lock()
        defer { lock.unlock() }
        countFailureBeforeAnswer(.protocolViolation(why))
    }

    private func countFailureBeforeAnswer(_ failure: Failure) {
        guard !answered, gaveUp == nil else { return }
        failuresBeforeAnswer += 1
        if failuresBeforeAnswer >= giveUpAfter {
            gaveUp = failure
            stopLocked()
        }
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

    /// Requests and their replies. On any failure the child is finished (and restarted next time).
    private func exchangeLocked(_ requests: [UInt8], expecting count: Int) -> (replies: [String], failure: Failure?) {
        guard var r = running else { return ([], .launch("not running")) }
        var replies: [String] = []
        replies.reserveCapacity(count)
        let outcome = converse(&r, requests, expecting: count, into: &replies)
        if case .done = outcome {
            running = r
            return (replies, nil)
        }
        running = nil
        switch outcome {
        case .done: return (replies, nil) // handled above
        case .stdoutClosed: return (replies, exitFailure(&r))
        case .timeout:
            _ = r.child.finish(grace: 0)
            return (replies, .timeout(seconds: timeout, stderr: tail(r)))
        case .tooLong:
            _ = r.child.finish(grace: 0)
            return (replies, .replyTooLong(limit: Self.maxLineBytes))
        case .pollFailed(let err):
            _ = r.child.finish(grace: 0)
            return (replies, .launch("poll failed: \(String(cString: strerror(err)))"))
        }
    }

    private enum Outcome {
        case done
        case stdoutClosed
        case timeout
        case tooLong
        case pollFailed(Int32)
    }

    /// Writes the requests while reading stdout (and stderr) until `count` full lines, end of file or
    /// the deadline, which restarts with every reply: `timeout` bounds the wait for each reply.
    private func converse(_ r: inout Running, _ requests: [UInt8], expecting count: Int, into replies: inout [String]) -> Outcome {
        var written = 0
        var deadline = Date().addingTimeInterval(timeout)
        var scanFrom = 0
        while true {
            // Complete lines in the buffer, then drop them at once (not one removeSubrange per line).
            var consumed = 0
            while replies.count < count, let nl = r.stdoutBuffer[scanFrom...].firstIndex(of: 0x0A) {
                replies.append(String(decoding: r.stdoutBuffer[consumed..<nl], as: UTF8.self))
                consumed = nl + 1
                scanFrom = consumed
                deadline = Date().addingTimeInterval(timeout)
            }
            if consumed > 0 { r.stdoutBuffer.removeSubrange(..<consumed) }
            scanFrom = r.stdoutBuffer.count
            if replies.count == count { return .done }
            if r.stdoutBuffer.count > Self.maxLineBytes { return .tooLong }
            if r.stdoutClosed { return .stdoutClosed }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return .timeout }
            var fds = [pollfd(fd: r.child.stdout, events: Int16(POLLIN), revents: 0)]
            if !r.stderrClosed { fds.append(pollfd(fd: r.child.stderr, events: Int16(POLLIN), revents: 0)) }
            if written < requests.count { fds.append(pollfd(fd: r.child.stdin, events: Int16(POLLOUT), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), Int32(min(remaining * 1000 + 1, 60_000))) < 0 {
                if errno == EINTR { continue }
                return .pollFailed(errno)
            }
            for p in fds where p.revents != 0 {
                if p.fd == r.child.stdin {
                    let n = requests.withUnsafeBytes { write(r.child.stdin, $0.baseAddress! + written, $0.count - written) }
                    if n > 0 {
                        written += n
                    } else if n < 0, errno != EAGAIN, errno != EINTR {
                        // EPIPE: the child closed stdin (it is exiting); its stdout tells the rest.
                        written = requests.count
                    }
                } else if p.fd == r.child.stdout {
                    if !drain(r.child.stdout, into: &r.stdoutBuffer, scratch: &r.scratch, keepLast: nil) { r.stdoutClosed = true }
                } else if p.fd == r.child.stderr {
                    if !drain(r.child.stderr, into: &r.stderrTail, scratch: &r.scratch, keepLast: Self.stderrTailBytes) { r.stderrClosed = true }
                }
            }
        }
    }

    /// Bytes asked of one `read`.
    static let readChunk = 65536

    /// Reads what is available into `buffer` (through `scratch`, `readChunk` bytes). false at end
    /// of file (or a read error).
    private func drain(_ fd: Int32, into buffer: inout [UInt8], scratch: inout [UInt8], keepLast: Int?) -> Bool {
        while true {
            // SAFETY: `scratch` holds `readChunk` bytes (never emptied), so its base address exists and `read` writes at most its count.
            assert(!scratch.isEmpty)
            let n = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: scratch[..<n])
                if let keep = keepLast, buffer.count > keep { buffer.removeFirst(buffer.count - keep) }
                if n < scratch.count { return true }
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
            if !drain(r.child.stderr, into: &r.stderrTail, scratch: &r.scratch, keepLast: Self.stderrTailBytes) { r.stderrClosed = true } else { usleep(2_000) }
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
