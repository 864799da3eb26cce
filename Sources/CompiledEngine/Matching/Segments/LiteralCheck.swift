import LinkMatchCore

/// A pattern that is one run of literals and `?`, possibly with a `*` before or after it: decided
/// by a length check and one comparison of packed words (`PackedBytes`) on the text's UTF-8 as it
/// is. Exact for any text when the run has no `?`: equal UTF-8 is equal scalars, and a run of whole
/// scalars found at the start or the end of valid UTF-8 is there as scalars too (UTF-8 is
/// prefix-free). A `?` is one scalar, which is one byte only in ASCII: a run with `?` is checked on
/// ASCII texts only (`needsASCII`), and its literals must be ASCII.
///
/// Inlinable (with `QuickChecks` and `CompiledPart.verdict(for:)`) so that the check is compiled
/// into the caller: a caller holding its texts in an array then pays no reference counting per text
/// around an opaque call, which cost more than the check itself.
@usableFromInline
struct LiteralCheck: Sendable {
    @usableFromInline
    enum Kind: Sendable {
        /// The text is the run.
        case whole
        /// The text starts with the run (`run*`).
        case prefix
        /// The text ends with the run (`*run`).
        case suffix
    }

    @usableFromInline let kind: Kind
    /// The run's length in UTF-8 bytes (a `?` counting one).
    @usableFromInline let count: Int
    /// How many bytes the text may have beyond the run, as an unsigned limit on `n &- count`: 0 for
    /// `.whole`, `Int.max` for the others (so one unsigned comparison is the length check of every
    /// kind, and a text shorter than the run wraps around above the limit).
    @usableFromInline let extraLimit: UInt
    /// All ones for `.suffix`, else 0: the run starts at `(n &- count) & startMask` of the text.
    @usableFromInline let startMask: Int
    /// `PackedBytes.lastPair(count)`, so the per-text comparison does not work it out.
    @usableFromInline let lastPair: Int
    /// The run's bytes packed (`PackedBytes`), a `?` matching any byte; at least one pair (an
    /// empty run gets a pair of zeroes that nothing reads), so the pointer is never dangling.
    @usableFromInline let pairs: [UInt64]
    /// The run has a `?`: the check holds for ASCII texts only.
    @usableFromInline let needsASCII: Bool

    /// nil unless `program` (of `store`) is a glob of one run (`.literal`, `.fixedLength`), `run*` or
    /// `*run`, whose run is ASCII if it has a `?`.
    init?(_ program: ProgramRef, in store: MatcherStore) {
        guard let glob = store.glob(program) else { return nil }
        let run: ArraySlice<UInt32>
        let segments = glob.segments(store.segments)
        switch glob.shape {
        case .literal, .fixedLength:
            kind = .whole
            run = store.segments.labels(of: segments[0])
        case .prefix where segments.count == 2 && segments[1].count == 0: // `.prefix` also names `a*b`
            kind = .prefix
            run = store.segments.labels(of: segments[0])
        case .suffix where segments.count == 2 && segments[0].count == 0:
            kind = .suffix
            run = store.segments.labels(of: segments[1])
        default:
            return nil
        }
        needsASCII = run.contains(UnitLabel.any)
        var units: [UInt8?] = []
        if needsASCII {
            guard !run.contains(where: UnitLabel.isWideLiteral) else { return nil }
            units = run.map { $0 == UnitLabel.any ? nil : UInt8($0) }
        } else {
            units = CompiledPattern.utf8(run).map { $0 }
        }
        count = units.count
        extraLimit = kind == .whole ? 0 : UInt(Int.max)
        startMask = kind == .suffix ? -1 : 0
        lastPair = PackedBytes.lastPair(units.count)
        pairs = units.isEmpty ? [0, 0] : PackedBytes.pack(units)
    }

    /// Whether the `n` bytes at `base` match; for a run with `?`, only meaningful when they are ASCII.
    @inlinable @inline(__always)
    func matches(_ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let extra = n &- count
        guard UInt(bitPattern: extra) <= extraLimit else { return false }
        return pairs.withUnsafeBufferPointer {
            // SAFETY: `n >= count` (the unsigned check above), so `count` bytes start at `extra & startMask` (0 or `n - count`); `pairs` is never empty and holds `wordCount(count)` words.
            assert(n >= count && !$0.isEmpty && $0.count >= PackedBytes.wordCount(count))
            return PackedBytes.equal(UnsafeRawPointer(base + (extra & startMask)), count, $0.baseAddress.unsafelyUnwrapped, lastPair: lastPair)
        }
    }
}

/// A compiled pattern's main program and N3 parent as literal checks, when both are (or there is
/// no parent): `CompiledPart.verdict(for:)` then decides caseSensitive, percentEncoded texts by bytes.
@usableFromInline
struct QuickChecks: Sendable {
    @usableFromInline let main: LiteralCheck
    /// The N3 parent's check, boxed: few patterns have one, and held inline its fields were copied
    /// out in every caller's loop set-up.
    @usableFromInline let parent: ParentCheck?
    /// Whether either check has a `?` (then the text must be ASCII).
    @usableFromInline let needsASCII: Bool
    /// The fewest bytes a text can match with: the shorter run (main or parent).
    @usableFromInline let shortest: Int

    /// nil unless `pattern`'s programs (of `store`) are literal checks (`LiteralCheck`).
    init?(_ pattern: PatternPrograms, in store: MatcherStore) {
        guard let main = LiteralCheck(pattern.main, in: store) else { return nil }
        if pattern.parent.kind != .none {
            guard let parent = LiteralCheck(pattern.parent, in: store) else { return nil }
            self.parent = ParentCheck(parent)
        } else {
            parent = nil
        }
        self.main = main
        needsASCII = main.needsASCII || parent?.check.needsASCII == true
        shortest = min(main.count, parent?.check.count ?? .max)
    }

    /// Whether `text` (a path is trimmed of its end slashes, N1, N2) matches; nil when its bytes
    /// cannot be read in place (not reached for native strings), or a check with `?` meets a
    /// non-ASCII text.
    @inlinable @inline(__always)
    func matches(_ text: String, isPath: Bool) -> Bool? {
        var decided = true // (a flag rather than a `Bool?` result: that kept a retain and a release here)
        let matched = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            let n = buffer.count
            // Trimming only shortens, and every check needs at least `count` bytes (a `?` is at
            // least one byte of a non-ASCII text too): a shorter text is decided before trimming.
            guard n >= shortest, let base = buffer.baseAddress else { return n >= shortest } // (no base: empty)
            let (lo, hi) = isPath ? MatchText.trimmedBounds(base, n) : (0, n)
            // SAFETY: `trimmedBounds` (or the whole text) gives bounds inside the `n` bytes at `base`.
            assert(0 <= lo && lo <= hi && hi <= n)
            if needsASCII, !MatchText.isASCII(UnsafeBufferPointer(start: base + lo, count: hi &- lo)) {
                decided = false
                return false
            }
            if main.matches(base + lo, hi &- lo) { return true }
            guard let parent else { return false }
            return parent.check.matches(base + lo, hi &- lo)
        }
        return decided ? matched : nil
    }
}

/// An N3 parent's `LiteralCheck`, held by reference (see `QuickChecks.parent`).
@usableFromInline
final class ParentCheck: Sendable {
    @usableFromInline let check: LiteralCheck

    init(_ check: LiteralCheck) {
        self.check = check
    }
}
