import ArgumentParser
import Foundation
import LinkMatch

/// Reads an AASA file for a command. A file that cannot be read or parsed at all is a `CLIError`
/// naming the file (and line/column for JSON syntax errors, D1).
enum DocumentLoader {
    /// The file for `check` and `explain`: a file that cannot be used at all is reported (with
    /// `json`, as a JSON error object too) and exits 1; otherwise parser errors are printed as
    /// warnings and what parsed is returned.
    static func loadForDeciding(_ file: String, json: Bool = false) throws -> ParsedDocument {
        let parsed: ParsedDocument
        do {
            parsed = try load(file)
        } catch {
            throw error.report(json: json)
        }
        warnAboutErrors(in: parsed, file: file)
        return parsed
    }

    static func load(_ file: String) throws(CLIError) -> ParsedDocument {
        let bytes = try read(file)
        do {
            return try AASADocument.parse(bytes)
        } catch {
            throw CLIError(error.code, file, error.message)
        }
    }

    /// The parser's size limit (D1): a larger file is refused before it is read.
    static var documentLimit: Int { JSONParser.Limits().maxBytes }

    /// The bytes of a file of at most `limit` bytes: a regular file, a pipe or FIFO (`/dev/stdin` from a
    /// pipe, `<(cmd)`), or standard input for `-`. Everything else is a typed error, found without
    /// reading more than `limit + 1` bytes: a directory, device or socket is refused on its type before
    /// it is opened (so `/dev/zero` is never read), an `https://` address is refused with how to fetch
    /// it, and a pipe's limit is enforced while reading (its size is unknown until its end).
    static func read(_ file: String, limit: Int = documentLimit) throws(CLIError) -> [UInt8] {
        if file == "-" { return try readAll(fd: 0, file: "(standard input)", sizeHint: 0, limit: limit) }
        if let scheme = ["https://", "http://"].first(where: { file.lowercased().hasPrefix($0) }) {
            throw CLIError("not-a-local-file", file,
                "linkmatch reads local files only; fetch it first, e.g. curl -sS \(scheme == "http://" ? "https://" + file.dropFirst(7) : file) "
                    + "| linkmatch validate - (or save it with curl -o aasa.json and give that file)")
        }
        var info = stat()
        guard stat(file, &info) == 0 else { throw failure(file, errno) }
        try requireReadable(file, info)
        if isRegular(info), Int(info.st_size) > limit { throw tooLarge(file, size: Int(info.st_size), limit: limit) }
        let fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(file, errno) }
        defer { _ = close(fd) }
        guard fstat(fd, &info) == 0 else { throw failure(file, errno) }
        try requireReadable(file, info)
        if !isRegular(info) { try awaitWriter(fd: fd, file: file) }
        return try readAll(fd: fd, file: file, sizeHint: isRegular(info) ? Int(info.st_size) : 0, limit: limit)
    }

    /// Reads `fd` to its end, refusing more than `limit` bytes as soon as byte `limit + 1` arrives.
    private static func readAll(fd: Int32, file: String, sizeHint: Int, limit: Int) throws(CLIError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(max(sizeHint, 4096), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw tooLarge(file, size: nil, limit: limit) }
                bytes += [UInt8](repeating: 0, count: min(max(count, 4096), limit + 1 - count))
            }
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n > 0 {
                count += n
            } else if n == 0 {
                break
            } else if errno != EINTR {
                throw failure(file, errno)
            }
        }
        guard count <= limit else { throw tooLarge(file, size: nil, limit: limit) }
        return Array(bytes[..<count])
    }

    /// Waits until the FIFO opened non-blocking at `fd` has data or its writer closed (for `FIFOWait`'s
    /// time), then makes it blocking (a writer that is slow after its first bytes is the caller's own
    /// pipeline).
    private static func awaitWriter(fd: Int32, file: String) throws(CLIError) {
        let wait = try FIFOWait.milliseconds()
        var ready = pollfd(fd: fd, events: Int16(POLLIN | POLLHUP), revents: 0)
        var n: Int32
        repeat { n = poll(&ready, 1, wait) } while n < 0 && errno == EINTR
        guard n > 0 else {
            throw CLIError("no-input", file, "nothing was written to the FIFO within \(FIFOWait.described(wait)); start its writer first, or pipe the file to - (standard input)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }

    private static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }

    private static func requireReadable(_ file: String, _ info: stat) throws(CLIError) {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO: return
        case S_IFDIR: kind = "a directory"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw CLIError("not-a-regular-file", file, "cannot read the file: it is \(kind); give a regular file, a pipe, or - for standard input")
    }

    private static func tooLarge(_ file: String, size: Int?, limit: Int) -> CLIError {
        let size = size.map { "\($0) bytes" } ?? "over \(limit) bytes"
        return CLIError("file-too-large", file, "the file is \(size); the limit is \(limit) bytes (SPEC.md D1)")
    }

    private static func failure(_ file: String, _ err: Int32) -> CLIError {
        switch err {
        case ENOENT: return CLIError("no-such-file", file, "cannot read the file: no such file")
        case ENOTDIR: return CLIError("no-such-file", file, "cannot read the file: a part of the path is not a directory")
        case EACCES, EPERM: return CLIError("unreadable-file", file, "cannot read the file: permission denied")
        case EISDIR: return CLIError("not-a-regular-file", file, "cannot read the file: it is a directory; give a regular file")
        default: return CLIError("unreadable-file", file, "cannot read the file: \(String(cString: strerror(err)))")
        }
    }

    /// Parser diagnostics of severity error are printed as warnings: `check` and `explain` go on
    /// with what parsed (the parser is lenient, D10), but the user should know what was dropped.
    static func warnAboutErrors(in parsed: ParsedDocument, file: String) {
        for d in parsed.diagnostics where d.severity == .error {
            Output.error("warning [\(d.code)] \(file): \(d.path.isEmpty ? "(document)" : d.path): \(d.message)")
        }
    }
}

/// Output paths (`fuzz --report DIR`, `probes export DIR`, `probes import --vectors FILE`) are checked
/// before the work starts, so a long run never ends in "cannot write" with its results lost.
enum OutputPath {
    /// `dir` exists as a directory (made if missing, with its parents) and a file can be created in it.
    static func requireWritableDirectory(_ dir: String, flag: String) throws(CLIError) {
        let subject = "\(flag) \(dir)"
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw CLIError("output-unwritable", subject, "cannot make the directory: \(reason(error, near: dir))", exit: 2)
        }
        try requireCreatable(URL(fileURLWithPath: dir).appendingPathComponent(".linkmatch-write-check-\(getpid())").path, subject: subject)
    }

    /// A file can be written at `path` (its folder exists and takes a new file; `path` is not a folder).
    static func requireWritableFile(_ path: String, flag: String) throws(CLIError) {
        let subject = "\(flag) \(path)"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError("output-unwritable", subject, "is a directory; give a file name", exit: 2)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try requireCreatable(folder.appendingPathComponent(".linkmatch-write-check-\(getpid())").path, subject: subject)
    }

    private static func requireCreatable(_ probe: String, subject: String) throws(CLIError) {
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CLIError("output-unwritable", subject, "cannot write there: \(String(cString: strerror(errno)))", exit: 2)
        }
        _ = close(fd)
        _ = unlink(probe)
    }

    /// strerror of the POSIX error under a Foundation error, else its description.
    static func reason(_ error: Error, near path: String) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        // Foundation on Linux reports a path under a regular file as a generic write error.
        var dir = URL(fileURLWithPath: path)
        while dir.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? "permission denied or read-only" : "\(dir.path) is a file, not a directory"
            }
            dir.deleteLastPathComponent()
        }
        return ns.localizedDescription
    }
}
