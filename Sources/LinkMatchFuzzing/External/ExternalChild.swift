import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One running `/bin/sh -c CMD` with pipes on its stdin, stdout and stderr, leading a process group
/// of its own so that stopping it also stops whatever the shell started. posix_spawn rather than
/// Foundation.Process: Process cannot start a process group, and on Linux it reports the exit only
/// once every holder of the pipes has exited (a shell's orphaned child would hold us up).
struct ExternalChild {
    let pid: pid_t
    /// Our ends, non-blocking: write requests to `stdin`, read replies from `stdout`.
    let stdin: Int32
    let stdout: Int32
    let stderr: Int32

    struct SpawnError: Error {
        var message: String
    }

    enum Exit: Equatable {
        case status(Int32)
        case signal(Int32)
    }

    static func spawn(_ command: String) -> Result<ExternalChild, SpawnError> {
        var pipes: [Int32] = []
        for _ in 0..<3 {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else {
                let err = errno
                pipes.forEach { _ = close($0) }
                return .failure(SpawnError(message: "pipe: \(String(cString: strerror(err)))"))
            }
            pipes += fds
        }
        // [in.read, in.write, out.read, out.write, err.read, err.write]; none may leak into the child
        // except through dup2 (which clears close-on-exec on 0, 1, 2).
        for fd in pipes { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { for fd in [pipes[0], pipes[3], pipes[5]] { _ = close(fd) } }

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, pipes[0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[3], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[5], 2)
        // A new process group (pgid = the child's pid), and SIGPIPE back to its default (we ignore it).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let arguments: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard rc == 0 else {
            for fd in [pipes[1], pipes[2], pipes[4]] { _ = close(fd) }
            return .failure(SpawnError(message: "posix_spawn /bin/sh: \(String(cString: strerror(rc)))"))
        }
        for fd in [pipes[1], pipes[2], pipes[4]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return .success(ExternalChild(pid: pid, stdin: pipes[1], stdout: pipes[2], stderr: pipes[4]))
    }

    /// Whether the child has exited, without reaping it (its pid, and so its group id, stay ours).
    func hasExited() -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        #if canImport(Glibc)
        return info._sifields._sigchld.si_pid != 0
        #else
        return info.si_pid != 0
        #endif
    }

    /// Waits up to `grace` seconds for the child to exit by itself, then kills its whole process
    /// group, reaps the child and closes our pipe ends. Returns how the child ended.
    func finish(grace: Double) -> Exit {
        _ = close(stdin)
        let deadline = Date().addingTimeInterval(grace)
        while !hasExited(), Date() < deadline { usleep(2_000) }
        // Stragglers (and the child itself if it is still running); the group is ours until the
        // child is reaped below, so this cannot reach an unrelated process.
        _ = kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        _ = close(stdout)
        _ = close(stderr)
        // <sys/wait.h>: the low 7 bits are the terminating signal (0 = exited normally).
        let signal = status & 0x7F
        return signal == 0 ? .status((status >> 8) & 0xFF) : .signal(signal)
    }
}
