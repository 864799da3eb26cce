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
    /// The check's numbers, then its run's bytes packed (`PackedBytes`, a `?` matching any byte):
    /// one array, so that a caller's loop holds one reference to it rather than a copy of each
    /// number (`Word`). There is at least one pair (an empty run gets a pair of zeroes that nothing
    /// reads).
    @usableFromInline let words: [UInt64]
    /// The run has a `?`: the check holds for ASCII texts only.
    @usableFromInline let needsASCII: Bool

    /// Where each number is in `words`.
    @usableFromInline
    enum Word {
        /// The run's length in UTF-8 bytes (a `?` counting one).
        @usableFromInline static let count = 0
        /// How many bytes the text may have beyond the run, as an unsigned limit on `n &- count`: 0
        /// for `.whole`, `Int.max` for the others (so one unsigned comparison is the length check of
        /// every kind, and a text shorter than the run wraps around above the limit).
        @usableFromInline static let extraLimit = 1
        /// All ones for `.suffix`, else 0: the run starts at `(n &- count) & startMask` of the text.
        @usableFromInline static let startMask = 2
        /// `PackedBytes.lastPair(count)` (two's complement: -2 for an empty run), so the per-text
        /// comparison does not work it out.
        @usableFromInline static let lastPair = 3
        /// The first word of the pairs.
        @usableFromInline static let pairs = 4
    }

    /// The run's length in UTF-8 bytes (a `?` counting one).
    @usableFromInline var count: Int { Int(truncatingIfNeeded: words[Word.count]) }

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
        let count = units.count
        var words: [UInt64] = [UInt64(count), kind == .whole ? 0 : UInt64(Int.max), kind == .suffix ? .max : 0,
                               UInt64(truncatingIfNeeded: PackedBytes.lastPair(count))]
        if count == 0 { words += [0, 0] } else { PackedBytes.append(units, to: &words) }
        self.words = words
    }

    /// Whether the `n` bytes at `base` match; for a run with `?`, only meaningful when they are ASCII.
    @inlinable @inline(__always)
    func matches(_ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        words.withUnsafeBufferPointer { words in
            // SAFETY: `words` holds the numbers, then `wordCount(count)` words of pairs, at least two.
            assert(words.count >= Word.pairs &+ max(2, PackedBytes.wordCount(Int(words[Word.count]))))
            return Self.matches(words.baseAddress.unsafelyUnwrapped, base, n)
        }
    }

    /// Whether the `count` bytes at `base` are the run (the caller holds that many readable bytes).
    @inlinable @inline(__always)
    func runIsAt(_ base: UnsafePointer<UInt8>) -> Bool {
        words.withUnsafeBufferPointer { words in
            // SAFETY: `words` holds the numbers, then `wordCount(count)` words of pairs, at least two.
            assert(words.count >= Word.pairs &+ max(2, PackedBytes.wordCount(Int(words[Word.count]))))
            return Self.runIsAt(words.baseAddress.unsafelyUnwrapped, base)
        }
    }

    /// `matches(base, n)` for the check whose `words` start at `w`.
    @inlinable @inline(__always)
    static func matches(_ w: UnsafePointer<UInt64>, _ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        // SAFETY: `w` points at a check's `words` (its numbers, then its pairs), as the callers assert.
        let count = Int(truncatingIfNeeded: w[Word.count])
        let extra = n &- count
        guard UInt(bitPattern: extra) <= UInt(truncatingIfNeeded: w[Word.extraLimit]) else { return false }
        // SAFETY: `n >= count` (the unsigned check above), so `count` bytes start at `extra & startMask` (0 or `n - count`).
        assert(n >= count)
        return runIsAt(w, base + (extra & Int(truncatingIfNeeded: w[Word.startMask])))
    }

    /// Whether the `count` bytes at `base` are the run of the check whose `words` start at `w` (the
    /// caller holds that many readable bytes).
    @inlinable @inline(__always)
    static func runIsAt(_ w: UnsafePointer<UInt64>, _ base: UnsafePointer<UInt8>) -> Bool {
        // SAFETY: `w` points at a check's `words` (its numbers, then `wordCount(count)` pair words), as the callers assert.
        PackedBytes.equal(UnsafeRawPointer(base), Int(truncatingIfNeeded: w[Word.count]), w + Word.pairs,
                          lastPair: Int(truncatingIfNeeded: w[Word.lastPair]))
    }

    /// A run with no `?` that neither starts nor ends with a slash (as every literal path pattern
    /// compiles to: its end slashes are trimmed, N1, N2).
    var isRunWithoutEndSlashes: Bool {
        guard count > 0, !needsASCII else { return false }
        // Byte `k` of the run is byte `k % 8` of pair `k / 8`'s word.
        func byte(_ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: words[Word.pairs + 2 * (k / 8)] >> UInt64(8 * (k % 8))) }
        return byte(0) != UInt8(ascii: "/") && byte(count - 1) != UInt8(ascii: "/")
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
    /// For paths when the main check's run has no `?` and neither starts nor ends with a slash, and
    /// there is no parent: the run's length plus one, the length of the usual path that holds it (a
    /// slash, then the run). -1 otherwise, which no length equals. (N3 gives a parent only to a run
    /// that ends with a slash; the parent test keeps the shortcut from skipping one all the same.)
    @usableFromInline let slashedRunLength: Int

    /// nil unless `pattern`'s programs (of `store`) are literal checks (`LiteralCheck`); `isPath`
    /// says whether the texts are paths (trimmed of their end slashes, N1, N2).
    init?(_ pattern: PatternPrograms, in store: MatcherStore, isPath: Bool) {
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
        slashedRunLength = isPath && parent == nil && main.isRunWithoutEndSlashes ? main.count + 1 : -1
    }

    /// Whether `text` (a path is trimmed of its end slashes, N1, N2) matches; nil when its bytes
    /// cannot be read in place (not reached for native strings), or a check with `?` meets a
    /// non-ASCII text.
    @inlinable @inline(__always)
    func matches(_ text: String, isPath: Bool) -> Bool? {
        var decided = true // (a flag rather than a `Bool?` result: that kept a retain and a release here)
        let matched = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            let n = buffer.count
            // The usual path for a literal: a slash, then `count` bytes. Trimmed, it is those bytes
            // without their end slashes, so it is no longer than the run and matches (whole, `run*`
            // or `*run`) only if it is the run. If those bytes have an end slash, the trimmed path is
            // shorter than the run, and they are not the run, whose ends are not slashes. So the
            // path matches exactly when they are the run.
            if n == slashedRunLength {
                // SAFETY: `n == count + 1 >= 2` bytes, so the buffer has a base; 0, and `count` bytes from 1, are inside.
                assert(n >= 2 && n == main.count &+ 1 && buffer.baseAddress != nil)
                let base = buffer.baseAddress.unsafelyUnwrapped
                if base[0] == UInt8(ascii: "/") { return main.runIsAt(base + 1) }
            }
            // Trimming only shortens, and every check needs at least `count` bytes (a `?` is at
            // least one byte of a non-ASCII text too): a shorter text is decided before trimming.
            guard n >= shortest, let base = buffer.baseAddress else { return n >= shortest } // (no base: empty)
            let (lo, hi) = isPath ? Self.trimmedPathBounds(base, n) : (0, n)
            // SAFETY: `trimmedPathBounds` (or the whole text) gives bounds inside the `n` bytes at `base`.
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

extension QuickChecks {
    /// `MatchText.trimmedBounds(base, n)`, first trying the usual paths: one slash, then a byte that
    /// is not one, and at the end no slash, or one after a byte that is not one (three or four byte
    /// tests, where the general trim counts the slashes at both ends).
    @inlinable @inline(__always)
    static func trimmedPathBounds(_ base: UnsafePointer<UInt8>, _ n: Int) -> (Int, Int) {
        let slash = UInt8(ascii: "/")
        if n >= 2 {
            // SAFETY: `n >= 2` readable bytes at `base`: 0, 1, `n - 1` and `n - 2` are inside.
            assert(n >= 2)
            if base[0] == slash, base[1] != slash {
                if base[n &- 1] != slash { return (1, n) }
                // (`n >= 3` here: byte 1 is not a slash and byte `n - 1` is.)
                if base[n &- 2] != slash { return (1, n &- 1) }
            }
        }
        return MatchText.trimmedBounds(base, n)
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
