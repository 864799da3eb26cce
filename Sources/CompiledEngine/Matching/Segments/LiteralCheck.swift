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
    /// What a check compares (kept in `extraLimit` and `startMask`, which the match reads).
    enum Kind: Sendable {
        /// The text is the run.
        case whole
        /// The text starts with the run (`run*`).
        case prefix
        /// The text ends with the run (`*run`).
        case suffix
    }

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
    /// Where the run's packed bytes (`PackedBytes`, a `?` matching any byte) start in the words of
    /// the `QuickChecks` that holds this check: at least one pair (an empty run gets a pair of
    /// zeroes that nothing reads). A check holds no array of its own, so the main check and the N3
    /// parent's are plain values over one array.
    @usableFromInline let wordStart: Int
    /// The run has a `?`: the check holds for ASCII texts only.
    @usableFromInline let needsASCII: Bool

    /// nil unless `program` (of `store`) is a glob of one run (`.literal`, `.fixedLength`), `run*` or
    /// `*run`, whose run is ASCII if it has a `?`; else the check, its packed run appended to `words`.
    init?(_ program: ProgramRef, in store: MatcherStore, words: inout [UInt64]) {
        guard let glob = store.glob(program) else { return nil }
        let run: ArraySlice<UInt32>
        let segments = glob.segments(store.segments)
        let kind: Kind
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
        wordStart = words.count
        if units.isEmpty {
            words.append(contentsOf: [0, 0])
        } else {
            PackedBytes.append(units, to: &words)
        }
    }

    /// Words `encode(into:)` appends.
    @usableFromInline static let encodedWordCount = 6

    /// Appends this check's fields as `encodedWordCount` words to `words`, so that the check is held
    /// as values in the same array as the packed runs (`QuickChecks` holds its N3 parent's this way).
    func encode(into words: inout [UInt64]) {
        words.append(UInt64(count))
        words.append(UInt64(extraLimit))
        words.append(UInt64(bitPattern: Int64(startMask)))
        words.append(UInt64(lastPair))
        words.append(UInt64(wordStart))
        words.append(needsASCII ? 1 : 0)
    }

    /// The check `encode(into:)` appended at `start` of `words`.
    @inlinable @inline(__always)
    init(decoding words: UnsafeBufferPointer<UInt64>, at start: Int) {
        // SAFETY: `encode(into:)` wrote `encodedWordCount` words at `start`.
        assert(start >= 0 && start + Self.encodedWordCount <= words.count)
        count = Int(truncatingIfNeeded: words[start])
        extraLimit = UInt(truncatingIfNeeded: words[start + 1])
        startMask = Int(truncatingIfNeeded: words[start + 2])
        lastPair = Int(truncatingIfNeeded: words[start + 3])
        wordStart = Int(truncatingIfNeeded: words[start + 4])
        let flags = words[start + 5]
        needsASCII = flags & 1 != 0
    }

    /// Whether the `n` bytes at `base` match; for a run with `?`, only meaningful when they are ASCII.
    /// `run`: this check's packed run, `wordStart` into the words of the `QuickChecks` it was built
    /// into (the caller adds it: the main check's is 0, so its caller need not read it).
    @inlinable @inline(__always)
    func matches(_ base: UnsafePointer<UInt8>, _ n: Int, run: UnsafePointer<UInt64>) -> Bool {
        let extra = n &- count
        guard UInt(bitPattern: extra) <= extraLimit else { return false }
        // SAFETY: `n >= count` (the unsigned check above), so `count` bytes start at `extra & startMask` (0 or `n - count`); `run` holds `wordCount(count)` words (the caller asserts it: a pointer carries no count).
        assert(n >= count)
        return PackedBytes.equal(UnsafeRawPointer(base + (extra & startMask)), count, run, lastPair: lastPair)
    }

    /// Whether this check's run (`wordStart`, at least one pair) lies inside `words`.
    @inlinable
    func runFits(in words: UnsafeBufferPointer<UInt64>) -> Bool {
        wordStart >= 0 && wordStart + max(2, PackedBytes.wordCount(count)) <= words.count
    }
}

/// A compiled pattern's main program and N3 parent as literal checks, when both are (or there is
/// no parent): `CompiledPart.verdict(for:)` then decides caseSensitive, percentEncoded texts by bytes.
@usableFromInline
struct QuickChecks: Sendable {
    @usableFromInline let main: LiteralCheck
    /// Both checks' packed runs (`LiteralCheck.wordStart`), then, when there is an N3 parent, its
    /// check (`LiteralCheck.encode(into:)`) at `parentStart`. Values in one array: held inline, the
    /// parent's fields were copied out in every caller's set-up (few patterns have one), and an
    /// array or object of its own is one more reference counted per text.
    @usableFromInline let words: [UInt64]
    /// Where the N3 parent's check is in `words`, or -1 when there is none.
    @usableFromInline let parentStart: Int
    /// Whether either check has a `?` (then the text must be ASCII).
    @usableFromInline let needsASCII: Bool
    /// The fewest bytes a text can match with: the shorter run (main or parent).
    @usableFromInline let shortest: Int

    /// nil unless `pattern`'s programs (of `store`) are literal checks (`LiteralCheck`).
    init?(_ pattern: PatternPrograms, in store: MatcherStore) {
        var words: [UInt64] = []
        guard let main = LiteralCheck(pattern.main, in: store, words: &words) else { return nil }
        var parent: LiteralCheck?
        if pattern.parent.kind != .none {
            guard let check = LiteralCheck(pattern.parent, in: store, words: &words) else { return nil }
            parent = check
        }
        parentStart = parent == nil ? -1 : words.count
        parent?.encode(into: &words)
        self.main = main
        self.words = words
        needsASCII = main.needsASCII || parent?.needsASCII == true
        shortest = min(main.count, parent?.count ?? .max)
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
            if needsASCII, !MatchText.isASCII(UnsafeBufferPointer(start: base + lo, count: hi &- lo)) {
                decided = false
                return false
            }
            return words.withUnsafeBufferPointer { words in
                // SAFETY: `init` appended the main check's run first, so at 0 of `words`, and at least one pair of it.
                assert(main.wordStart == 0 && main.runFits(in: words))
                let start = words.baseAddress.unsafelyUnwrapped
                if main.matches(base + lo, hi &- lo, run: start) { return true }
                guard parentStart >= 0 else { return false }
                let parent = LiteralCheck(decoding: words, at: parentStart)
                // SAFETY: `init` appended the parent's run at its `wordStart` of `words`.
                assert(parent.runFits(in: words))
                return parent.matches(base + lo, hi &- lo, run: start + parent.wordStart)
            }
        }
        return decided ? matched : nil
    }
}
