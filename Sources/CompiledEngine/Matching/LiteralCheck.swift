import LinkMatchCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pattern that is one literal run, possibly with a `*` before or after it: decided by a length
/// check and one `memcmp` on the text's UTF-8 as it is. Exact for any text, ASCII or not, when the
/// run has no `?`: equal UTF-8 is equal scalars, and a run of whole scalars found at the start or
/// the end of valid UTF-8 is there as scalars too (UTF-8 is prefix-free).
struct LiteralCheck: Sendable {
    enum Kind: Sendable {
        /// The text is the run.
        case whole
        /// The text starts with the run (`run*`).
        case prefix
        /// The text ends with the run (`*run`).
        case suffix
    }

    let kind: Kind
    let bytes: [UInt8]

    /// nil unless `program` is a literal, `prefix*` or `*suffix` glob whose run has no `?`.
    init?(_ program: MatchProgram) {
        guard let glob = program.glob else { return nil }
        let run: ArraySlice<UInt32>
        let segments = glob.segments
        switch glob.shape {
        case .literal:
            kind = .whole
            run = segments[0].labels
        case .prefix where segments.count == 2 && segments[1].count == 0: // `.prefix` also names `a*b`
            kind = .prefix
            run = segments[0].labels
        case .suffix where segments.count == 2 && segments[0].count == 0:
            kind = .suffix
            run = segments[1].labels
        default:
            return nil
        }
        guard !run.contains(UnitLabel.any) else { return nil }
        bytes = CompiledPattern.utf8(run)
    }

    @inline(__always)
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = text.count
        let m = bytes.count
        switch kind {
        case .whole: guard n == m else { return false }
        case .prefix, .suffix: guard n >= m else { return false }
        }
        guard m > 0, let base = text.baseAddress else { return true }
        let start = kind == .suffix ? n - m : 0
        return bytes.withUnsafeBufferPointer { memcmp(base + start, $0.baseAddress!, m) == 0 }
    }
}

/// A compiled pattern's main program and N3 parent as literal checks, when both are (or there is
/// no parent): `CompiledPart.verdict(for:)` then decides caseSensitive, percentEncoded texts by bytes.
struct QuickChecks: Sendable {
    let main: LiteralCheck
    let parent: LiteralCheck?

    init?(_ pattern: CompiledPattern) {
        guard let main = LiteralCheck(pattern.main) else { return nil }
        if let parentProgram = pattern.parent {
            guard let parent = LiteralCheck(parentProgram) else { return nil }
            self.parent = parent
        } else {
            parent = nil
        }
        self.main = main
    }

    /// Whether `text` (a path is trimmed of its end slashes, N1, N2) matches; nil when its bytes
    /// cannot be read in place (not reached for native strings).
    @inline(__always)
    func matches(_ text: String, isPath: Bool) -> Bool? {
        text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            let (lo, hi) = isPath ? MatchText.trimmedBounds(buffer) : (0, buffer.count)
            let trimmed = UnsafeBufferPointer(rebasing: buffer[lo..<hi])
            if main.matches(trimmed) { return true }
            guard let parent else { return false }
            return parent.matches(trimmed)
        }
    }
}
