import LinkMatchCore
import LinkMatchModel

/// The compiler's fast path for the usual pattern: ASCII with no `$`, so no variable to parse (P3)
/// and one atom per byte (P5). It reads the UTF-8 in place and builds what `compileFromAtoms` builds
/// from the same pattern's atoms (the same programs, tables and index keys, byte for byte), with no
/// atom array, no slice of one and no second pass per program: the slashes are trimmed (N1, N2) and
/// N3's parent found on the bytes, each program packed straight from them, and the keys copied.
extension PatternCompiler {
    /// What the byte path made of a pattern.
    enum ASCIIOutcome {
        case compiled(CompiledPattern)
        /// Over the size limit (P5): invalid, as on the atom path.
        case invalid
        /// Not plain ASCII (a `$`, a byte above ASCII, or UTF-8 not stored contiguously): the atom path's.
        case notPlainASCII
    }

    /// The pattern compiled from its bytes when it is plain ASCII (see `ASCIIOutcome`). `keyBytes` and
    /// `store` as for `compile`.
    static func compileASCII(_ source: String, isPath: Bool, caseSensitive: Bool, keyBytes: inout [UInt8],
                             store: inout MatcherStore) -> ASCIIOutcome {
        let outcome = source.utf8.withContiguousStorageIfAvailable { bytes -> ASCIIOutcome in
            compileASCII(bytes, isPath: isPath, caseSensitive: caseSensitive, keyBytes: &keyBytes, store: &store)
        }
        return outcome ?? .notPlainASCII
    }

    /// `compileASCII` of a pattern's UTF-8, lent by the caller (`PatternMemo`, which hashed the same bytes).
    // SAFETY: reads only `bytes[0..<bytes.count]` (the fold below states and asserts its bounds); the caller keeps the buffer alive for the call.
    @inline(__always)
    static func compileASCII(_ bytes: UnsafeBufferPointer<UInt8>, isPath: Bool, caseSensitive: Bool, keyBytes: inout [UInt8],
                             store: inout MatcherStore) -> ASCIIOutcome {
        let scan = scanPlainASCII(bytes)
        guard scan.plain else { return .notPlainASCII }
        guard bytes.count <= PatternLimits.maxExpandedSize else { return .invalid } // P5
        if caseSensitive {
            return .compiled(compileASCII(bytes, isPath: isPath, wildcard: scan.wildcard, star: scan.star, keyBytes: &keyBytes,
                                          store: &store))
        }
        // E1: folded once into a stack buffer that the programs and the keys all read.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { folded -> ASCIIOutcome in
            let table = foldedASCII
            // SAFETY: `folded` holds `bytes.count` bytes, and every byte is under 128 (`isPlainASCII`), inside the 128-entry table.
            assert(folded.count >= bytes.count && table.count == 128)
            for i in 0..<bytes.count {
                folded.initializeElement(at: i, to: table[Int(bytes[i])])
            }
            // SAFETY: the loop above initialized `folded[0..<bytes.count]`, the only part read; the buffer lives until this closure returns, after the compile.
            assert(folded.count >= bytes.count)
            // (Folding keeps every `*`, `?` and `/` where it is: the scan's positions hold for the folded bytes.)
            return .compiled(compileASCII(UnsafeBufferPointer(rebasing: folded[..<bytes.count]), isPath: isPath,
                                          wildcard: scan.wildcard, star: scan.star, keyBytes: &keyBytes, store: &store))
        }
    }

    /// Whether `bytes` are all ASCII and none is `$`: eight at a time, then the rest in one word.
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scanPlainASCII(bytes).plain
    }

    /// `isPlainASCII`, and from the same words where the first `*` or `?` is (`wildcard`) and where
    /// the first `*` is (`star`), each `bytes.count` when there is none: the compile reads the pattern
    /// once for all three (the index key ends at the first wildcard, the glob's runs at the stars).
    // SAFETY: reads only `bytes[0..<bytes.count]` (each load below states and asserts its bound); the caller keeps the buffer alive for the call.
    @inline(__always)
    static func scanPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (plain: Bool, wildcard: Int, star: Int) {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return (true, n, n) }
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let dollars = ones &* UInt64(UInt8(ascii: "$"))
        var wildcard = n
        var star = n
        /// Notes the first wildcard and star among the bytes `word` holds from `i` (zeros above them are neither).
        @inline(__always) func find(_ word: UInt64, at i: Int) {
            let stars = ASCIIWords.bytes(word, equalTo: starByte)
            let wildcards = stars | ASCIIWords.bytes(word, equalTo: anyOneByte)
            if wildcard == n, wildcards != 0 { wildcard = i &+ (wildcards.trailingZeroBitCount &>> 3) }
            if stars != 0 { star = i &+ (stars.trailingZeroBitCount &>> 3) }
        }
        var i = 0
        while i &+ 8 <= n {
            // SAFETY: `i + 8 <= n`, so the eight bytes from `i` are inside `bytes`.
            assert(i >= 0 && i + 8 <= n)
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            // A byte above ASCII, or (with none) a zero byte where the word differs from `$$$$$$$$`.
            let x = word ^ dollars
            if word & high != 0 || (x &- ones) & ~x & high != 0 { return (false, n, n) }
            if star == n { find(word, at: i) }
            i &+= 8
        }
        guard i < n else { return (true, wildcard, star) }
        // The last 1 to 7 bytes in one word, zeros above them (neither high nor `$`).
        let word = ASCIIWords.load(base, count: n, at: i)
        let x = word ^ dollars
        guard word & high == 0 && ASCIIWords.zeroBytes(x) == 0 else { return (false, n, n) }
        if star == n { find(word, at: i) }
        assert(wildcard <= star && star <= n, "the first wildcard is at or before the first star")
        return (true, wildcard, star)
    }

    /// Each ASCII byte folded (E1) as `CaseFolding.fold` folds its scalar: ASCII folds to ASCII.
    static let foldedASCII: [UInt8] = (0..<128).map { byte in
        let folded = CaseFolding.fold(Unicode.Scalar(UInt8(byte))).value
        assert(folded < 0x80, "ASCII folds to ASCII")
        return UInt8(truncatingIfNeeded: folded)
    }

    private static let slashByte = UInt8(ascii: "/")
    private static let starByte = UInt8(ascii: "*")
    private static let anyOneByte = UInt8(ascii: "?")

    /// `bytes` (plain ASCII, folded when the rule is case-insensitive) compiled: what `compileFromAtoms`
    /// makes of the same pattern. `wildcard`, `star`: where its first `*` or `?`, and its first `*`,
    /// are (`scanPlainASCII`).
    // SAFETY: reads only `bytes[0..<bytes.count]` (each read and slice below states and asserts its bounds); the caller keeps the buffer alive for the call.
    private static func compileASCII(_ bytes: UnsafeBufferPointer<UInt8>, isPath: Bool, wildcard firstWildcard: Int, star firstStar: Int,
                                     keyBytes: inout [UInt8], store: inout MatcherStore) -> CompiledPattern {
        guard isPath else {
            return CompiledPattern(main: store.addASCIIGlob(bytes, firstStar: firstStar), parent: .none, keys: .none)
        }
        let n = bytes.count
        // N1, N2: literal slashes at either end of a path pattern do not count.
        var lo = 0
        var hi = n
        // SAFETY: every `bytes[k]` below is read with `lo <= k < hi <= n` (`hi` only shrinks, `lo` only grows, each loop's condition keeping them apart), the parent's range inside that.
        assert(lo <= hi && hi == bytes.count)
        while lo < hi, bytes[lo] == slashByte { lo += 1 }
        while hi > lo, bytes[hi - 1] == slashByte { hi -= 1 }
        // N3: ending in `/*`, it also matches the parent path: itself without them, trimmed again.
        var parent: Range<Int>?
        if hi - lo >= 2, bytes[hi - 1] == starByte, bytes[hi - 2] == slashByte {
            var parentLo = lo
            var parentHi = hi - 2
            while parentLo < parentHi, bytes[parentLo] == slashByte { parentLo += 1 }
            while parentHi > parentLo, bytes[parentHi - 1] == slashByte { parentHi -= 1 }
            parent = parentLo..<parentHi
        }
        assert(0 <= lo && lo <= hi && hi <= n && parent.map { lo <= $0.lowerBound && $0.upperBound <= hi } ?? true,
               "the programs' ranges inside the pattern")
        // The scan's first star and wildcard, inside the main program: the bytes trimmed off either
        // end are slashes. The runs start at the star (the parent, a prefix of the main, has it too
        // when it is before its end); the index key ends at the wildcard.
        let wildcard = min(max(firstWildcard, lo), hi)
        let star = min(max(firstStar, lo), hi)
        assert(lo == hi || (firstStar >= lo && (firstStar <= hi || firstStar == n) && firstWildcard >= lo),
               "the bytes trimmed off are slashes, neither star nor wildcard")
        // SAFETY: `0 <= lo <= star <= hi <= n` (asserted above and by the clamps), so the slice and the star's offset lie inside `bytes`.
        assert(lo <= star && star <= hi && hi <= bytes.count)
        let main = store.addASCIIGlob(UnsafeBufferPointer(rebasing: bytes[lo..<hi]), firstStar: star &- lo)
        // (A non-empty parent starts where the main does, after its leading slashes.)
        let parentProgram = parent.map {
            // SAFETY: the parent's range lies inside `lo..<hi` (asserted above), and a non-empty one starts at `lo <= star`, so the offset is inside it.
            assert($0.upperBound <= bytes.count && ($0.isEmpty || $0.lowerBound <= star))
            return store.addASCIIGlob(UnsafeBufferPointer(rebasing: bytes[$0]), firstStar: $0.isEmpty ? 0 : min(star, $0.upperBound) &- $0.lowerBound)
        } ?? .none
        // The index key: the literal start (up to the first wildcard); with an N3 parent, what both
        // programs' starts share, which is the parent's length at most (it is the main's start, or empty).
        var keyEnd = wildcard
        if let parent {
            assert(parent.isEmpty || parent.lowerBound == lo, "a non-empty parent starts where the main program does")
            keyEnd = parent.isEmpty ? lo : min(keyEnd, parent.upperBound)
        }
        let start = keyBytes.count
        // SAFETY: `lo <= keyEnd <= hi <= n`: the key ends at the clamped wildcard, or at the parent's end, both inside the main's range.
        assert(lo <= keyEnd && keyEnd <= hi && hi <= bytes.count)
        keyBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lo..<keyEnd]))
        let first = Int32(start)..<Int32(keyBytes.count)
        var suffix = first.upperBound..<first.upperBound
        if first.isEmpty && parent == nil {
            // No literal start: the literal end, reversed.
            var k = hi
            while k > lo, bytes[k - 1] != starByte, bytes[k - 1] != anyOneByte {
                keyBytes.append(bytes[k - 1])
                k -= 1
            }
            suffix = first.upperBound..<Int32(keyBytes.count)
        }
        return CompiledPattern(main: main, parent: parentProgram, keys: IndexKeys(first: first, more: 0..<0, reversedSuffix: suffix))
    }
}
