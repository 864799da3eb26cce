import LinkMatchCore
import LinkMatchModel

/// A URL part in the form a rule compares it: decoded when percentEncoded is false (E3), folded
/// when caseSensitive is false (E1), without leading and trailing slashes when it is a path
/// (N1, N2, N4).
///
/// Patterns run on its UTF-8 bytes when the text is ASCII, which it always is with
/// percentEncoded true after U4; otherwise on its Unicode scalars (P2: a character is a scalar).
///
/// Usually nothing is copied: when the part is ASCII and the form changes nothing in it (no `%` to
/// decode, no capital to fold), the text is the part's own bytes between the trimmed slashes, read
/// in place from the URL's string. Only a text that the form changes gets bytes of its own.
@usableFromInline
struct MatchText: Sendable {
    /// One reference at most (copying a text retains one object): the part read in place, or the
    /// comparable text's own bytes, or for non-ASCII text its scalars (and their UTF-8).
    private enum Storage: Sendable {
        /// The part as given, read at `lo..<hi` of its UTF-8.
        case inPlace(String, lo: Int, hi: Int)
        /// UTF-8 of the comparable text when it differs from the part's bytes.
        case owned([UInt8])
        /// The scalar values (the text is not ASCII) and their UTF-8, one buffer: scalars then bytes.
        case wide(WideText)
    }

    private let storage: Storage

    /// The scalar values, only when the text is not ASCII.
    var scalars: [UInt32]? {
        if case .wide(let wide) = storage { return wide.scalars }
        return nil
    }

    /// A query item's name or value (a slice of the query): small ones are copied inline.
    init(_ raw: Substring, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool) {
        self.init(String(raw), isPath: isPath, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
    }

    init(_ raw: String, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool) {
        switch Self.prepare(raw, isPath: isPath, caseSensitive: caseSensitive, percentEncoded: percentEncoded) {
        case .inPlace(let lo, let hi): storage = .inPlace(raw, lo: lo, hi: hi)
        case .owned(let bytes): storage = .owned(bytes)
        case .wide(let scalars, let utf8): storage = .wide(WideText(scalars: scalars, utf8: utf8))
        }
    }

    /// A part prepared for comparing: where its bytes are, or the bytes it was turned into.
    enum Prepared {
        /// The part's own UTF-8 at `lo..<hi` (ASCII, and the form changes nothing in it).
        case inPlace(lo: Int, hi: Int)
        /// UTF-8 of the comparable text (ASCII) when it differs from the part's bytes.
        case owned([UInt8])
        /// The comparable text is not ASCII: its scalar values, and their UTF-8.
        case wide(scalars: [UInt32], utf8: [UInt8])
    }

    /// The one preparation of a part (E1–E3, N1, N2, N4), for MatchText and URLTexts.
    static func prepare(_ raw: String, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool) -> Prepared {
        // The usual case, checked in one pass: ASCII, and nothing the form would change.
        let inPlace = raw.utf8.withContiguousStorageIfAvailable { buffer -> (Int, Int)? in
            let (lo, hi) = isPath ? Self.trimmedBounds(buffer) : (0, buffer.count)
            guard let base = buffer.baseAddress else { return (lo, hi) }
            return Self.needsNoPreparing(base + lo, hi - lo, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                ? (lo, hi) : nil
        }
        if let bounds = inPlace ?? nil { return .inPlace(lo: bounds.0, hi: bounds.1) }
        // Slashes are trimmed on the bytes: '/' is ASCII, never part of a longer UTF-8 sequence,
        // and nothing folds to or from it, so this equals trimming the folded scalars.
        var bytes = percentEncoded ? Self.bytes(raw.utf8, trimmingSlashes: isPath)
                                   : Self.bytes(PercentCoding.decodeLenient(raw).utf8, trimmingSlashes: isPath)
        var isASCII = true
        for b in bytes where b >= 0x80 { isASCII = false; break }
        if isASCII {
            if !caseSensitive {
                for i in bytes.indices where bytes[i] >= 0x41 && bytes[i] <= 0x5A { bytes[i] += 0x20 }
            }
            return .owned(bytes)
        }
        // The rare path: non-ASCII text (decoded, or a part-level request), as scalars. The bytes
        // are valid UTF-8 (a String's, or decodeLenient's String's), already trimmed.
        var units = Self.scalars(ofValidUTF8: bytes)
        if caseSensitive { return .wide(scalars: units, utf8: bytes) }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        for i in units.indices {
            guard let scalar = Unicode.Scalar(units[i]) else { continue } // not reached: decoded scalars
            let folded = CaseFolding.fold(scalar)
            units[i] = folded.value
            encoded.append(contentsOf: folded.utf8)
        }
        return .wide(scalars: units, utf8: encoded)
    }

    /// The scalar values of valid UTF-8 (what `String(decoding:as:)` gives for it, without making a string).
    static func scalars(ofValidUTF8 bytes: [UInt8]) -> [UInt32] {
        var units: [UInt32] = []
        units.reserveCapacity(bytes.count)
        var i = 0
        let n = bytes.count
        while i < n {
            let lead = UInt32(bytes[i])
            if lead < 0x80 {
                units.append(lead)
                i += 1
            } else if lead < 0xE0, i + 1 < n {
                units.append((lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F))
                i += 2
            } else if lead < 0xF0, i + 2 < n {
                units.append((lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F))
                i += 3
            } else if i + 3 < n {
                units.append((lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                             | UInt32(bytes[i + 3] & 0x3F))
                i += 4
            } else {
                // Not reached for valid UTF-8; read the rest the way String does if it ever is.
                return String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
            }
        }
        return units
    }

    /// Whether `count` bytes at `base` are ASCII with nothing the form changes (no `%` to decode when
    /// not percentEncoded, no capital to fold when not caseSensitive): eight bytes per step.
    @inline(__always)
    static func needsNoPreparing(_ base: UnsafePointer<UInt8>, _ count: Int, caseSensitive: Bool, percentEncoded: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var bad: UInt64 = 0
        var i = 0
        while i < count {
            var word: UInt64 = 0
            if i + 8 <= count {
                // SAFETY: `i + 8 <= count` bytes readable at `base` (the caller's buffer).
                assert(i >= 0 && i + 8 <= count)
                word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            } else {
                for k in 0..<(count - i) { word |= UInt64(base[i + k]) << UInt64(8 * k) }
                // Padding bytes are 0: ASCII, not `%`, not a capital.
            }
            bad |= word & high
            let low = word & ~high // each byte's low seven bits (high-bit bytes are already bad)
            if !percentEncoded {
                // Some byte equals '%' when some byte of the XOR is zero: the zero-byte test is exact
                // for whether one exists (bytes here are below 0x80; padding bytes XOR to 0x25).
                let x = low ^ (0x25 * ones)
                bad |= (x &- ones) & ~x & high
            }
            if !caseSensitive {
                // A byte in 'A'...'Z': at least 'A' and below '['.
                let atLeastA = (low &+ (0x80 - 0x41) * ones) & high
                let belowBracket = ~(low &+ (0x80 - 0x5B) * ones) & high
                bad |= atLeastA & belowBracket
            }
            i += 8
        }
        return bad == 0
    }

    /// The empty text (an absent query item reads as "", Q3).
    static let empty = MatchText(storage: .owned([]))

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The bytes, without leading and trailing slashes when asked; one copy, straight from the
    /// string's storage when it is contiguous.
    static func bytes<C: Collection<UInt8>>(_ utf8: C, trimmingSlashes: Bool) -> [UInt8] {
        let copied = utf8.withContiguousStorageIfAvailable { buffer -> [UInt8] in
            let (lo, hi) = trimmingSlashes ? trimmedBounds(buffer) : (0, buffer.count)
            return Array(buffer[lo..<hi])
        }
        if let copied { return copied }
        var bytes = Array(utf8)
        if trimmingSlashes { trimSlashes(&bytes, slash: UInt8(ascii: "/")) }
        return bytes
    }

    /// Where `buffer` is without its leading and trailing slashes (N1, N2): `lo..<hi`.
    @inlinable @inline(__always)
    static func trimmedBounds(_ buffer: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        guard let base = buffer.baseAddress else { return (0, 0) }
        return trimmedBounds(base, buffer.count)
    }

    /// Where the `n` bytes at `base` are without their leading and trailing slashes: `lo..<hi`.
    /// With eight bytes or more, the slashes at each end are counted in one word each (a slash
    /// XORs to a zero byte, so the zero bytes at the low end of the first word are the leading
    /// slashes, those at the high end of the last word the trailing ones); a word of slashes only
    /// is left to the byte loops.
    @inlinable @inline(__always)
    static func trimmedBounds(_ base: UnsafePointer<UInt8>, _ n: Int) -> (Int, Int) {
        if n >= 8 {
            let slashes: UInt64 = 0x2F2F_2F2F_2F2F_2F2F
            // SAFETY: `n >= 8` readable bytes at `base`, so the words at 0 and `n - 8` are inside.
            assert(n >= 8)
            let first = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)) ^ slashes
            let last = UInt64(littleEndian: UnsafeRawPointer(base + (n &- 8)).loadUnaligned(as: UInt64.self)) ^ slashes
            // A byte that is not a slash at `lo`, and one at `n - 1 - trailing`: so `lo < hi`.
            if first != 0, last != 0 { return (first.trailingZeroBitCount &>> 3, n &- (last.leadingZeroBitCount &>> 3)) }
        }
        var lo = 0
        var hi = n
        while hi > 0, base[hi &- 1] == UInt8(ascii: "/") { hi &-= 1 }
        while lo < hi, base[lo] == UInt8(ascii: "/") { lo &+= 1 }
        return (lo, hi)
    }

    /// Runs `pattern` (of `matchers`' store) on a part-level text without copying it when the text
    /// can be used as it is (percentEncoded, caseSensitive, ASCII); nil when it needs preparing first.
    @inline(__always)
    static func matchInPlace(_ raw: String, isPath: Bool, _ pattern: PatternPrograms, _ matchers: MatcherView,
                             work: inout Int) -> Bool? {
        var work2 = 0
        let result = raw.utf8.withContiguousStorageIfAvailable { buffer -> Bool? in
            let (lo, hi) = isPath ? trimmedBounds(buffer) : (0, buffer.count)
            // SAFETY: `trimmedBounds` (or the whole buffer) gives bounds inside the buffer.
            assert(0 <= lo && lo <= hi && hi <= buffer.count)
            let text = UnsafeBufferPointer(rebasing: buffer[lo..<hi])
            guard isASCII(text) else { return nil }
            return matchers.matches(pattern, text, work: &work2)
        }
        work += work2
        return result ?? nil
    }

    /// Whether every byte is below 0x80, eight at a time.
    @inlinable @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        var high: UInt64 = 0
        while i + 8 <= n {
            // SAFETY: `i + 8 <= n`, the buffer's count.
            assert(i + 8 <= n)
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < n {
            high |= UInt64(base[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    static func trimSlashes<T: FixedWidthInteger>(_ units: inout [T], slash: T) {
        var end = units.count
        while end > 0, units[end - 1] == slash { end -= 1 }
        units.removeLast(units.count - end)
        var start = 0
        while start < units.count, units[start] == slash { start += 1 }
        units.removeFirst(start)
    }

    /// The UTF-8 bytes of the comparable text (the rule index walks these).
    @inline(__always)
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch storage {
        case .inPlace(let source, let lo, let hi):
            // SAFETY: `lo..<hi` is a range of `source`'s UTF-8, as this text was made; the other cases pass whole arrays on.
            assert(lo >= 0 && lo <= hi && hi <= source.utf8.count)
            if let result = source.utf8.withContiguousStorageIfAvailable({ body(UnsafeBufferPointer(rebasing: $0[lo..<hi])) }) {
                return result
            }
            // Not reached: `source` was contiguous when this text was made, and strings do not change.
            return Array(source.utf8)[lo..<hi].withUnsafeBufferPointer(body)
        case .owned(let bytes):
            return bytes.withUnsafeBufferPointer(body)
        case .wide(let wide):
            return wide.utf8.withUnsafeBufferPointer(body)
        }
    }

    /// Whether `pattern` (of `matchers`' store) matches this text.
    func matches(_ pattern: PatternPrograms, _ matchers: MatcherView, work: inout Int) -> Bool {
        if case .wide(let wide) = storage {
            return wide.scalars.withUnsafeBufferPointer { matchers.matches(pattern, $0, work: &work) }
        }
        var work2 = 0
        let matched = withUTF8 { matchers.matches(pattern, $0, work: &work2) }
        work += work2
        return matched
    }
}

/// A non-ASCII text: its scalars and their UTF-8, in one object (the rare case).
final class WideText: Sendable {
    let scalars: [UInt32]
    let utf8: [UInt8]

    init(scalars: [UInt32], utf8: [UInt8]) {
        self.scalars = scalars
        self.utf8 = utf8
    }
}
