import LinkMatchCore

/// A URL part in the form a rule compares it: decoded when percentEncoded is false (E3), folded
/// when caseSensitive is false (E1), without leading and trailing slashes when it is a path
/// (N1, N2, N4).
///
/// Patterns run on its UTF-8 bytes when the text is ASCII, which it always is with
/// percentEncoded true after U4; otherwise on its Unicode scalars (P2: a character is a scalar).
final class MatchText: Sendable {
    /// UTF-8 of the comparable text (the rule index walks these bytes).
    let utf8: [UInt8]
    /// The scalar values, only when the text is not ASCII.
    let scalars: [UInt32]?

    init(_ raw: some StringProtocol, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool) {
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
            utf8 = bytes
            scalars = nil
            return
        }
        // The rare path: non-ASCII text (decoded, or a part-level request), as scalars.
        var units: [UInt32] = []
        units.reserveCapacity(bytes.count)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            units.append(caseSensitive ? scalar.value : CaseFolding.fold(scalar).value)
        }
        if isPath { Self.trimSlashes(&units, slash: UInt32(UInt8(ascii: "/"))) }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(units.count)
        for u in units { if let s = Unicode.Scalar(u) { encoded.append(contentsOf: s.utf8) } }
        utf8 = encoded
        scalars = units
    }

    static let empty = MatchText(utf8: [], scalars: nil)

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

    @inline(__always)
    static func trimmedBounds(_ buffer: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var lo = 0
        var hi = buffer.count
        while hi > 0, buffer[hi - 1] == UInt8(ascii: "/") { hi -= 1 }
        while lo < hi, buffer[lo] == UInt8(ascii: "/") { lo += 1 }
        return (lo, hi)
    }

    /// Runs `pattern` on a part-level text without copying it when the text can be used as it is
    /// (percentEncoded, caseSensitive, ASCII); nil when it needs preparing first.
    static func matchInPlace(_ raw: String, isPath: Bool, _ pattern: CompiledPattern, work: inout Int) -> Bool? {
        var work2 = 0
        let result = raw.utf8.withContiguousStorageIfAvailable { buffer -> Bool? in
            for b in buffer where b >= 0x80 { return nil }
            let (lo, hi) = isPath ? trimmedBounds(buffer) : (0, buffer.count)
            return pattern.matches(UnsafeBufferPointer(rebasing: buffer[lo..<hi]), work: &work2)
        }
        work += work2
        return result ?? nil
    }

    private init(utf8: [UInt8], scalars: [UInt32]?) {
        self.utf8 = utf8
        self.scalars = scalars
    }

    static func trimSlashes<T: FixedWidthInteger>(_ units: inout [T], slash: T) {
        var end = units.count
        while end > 0, units[end - 1] == slash { end -= 1 }
        units.removeLast(units.count - end)
        var start = 0
        while start < units.count, units[start] == slash { start += 1 }
        units.removeFirst(start)
    }

    /// Number of units the patterns run on.
    var count: Int { scalars?.count ?? utf8.count }

    func matches(_ pattern: CompiledPattern, work: inout Int) -> Bool {
        if let scalars {
            return scalars.withUnsafeBufferPointer { pattern.matches($0, work: &work) }
        }
        return utf8.withUnsafeBufferPointer { pattern.matches($0, work: &work) }
    }
}
