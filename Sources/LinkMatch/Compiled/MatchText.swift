/// A URL part in the form a rule compares it: decoded when percentEncoded is false (E3), folded
/// when caseSensitive is false (E1), without leading and trailing slashes when it is a path
/// (N1, N2, N4).
///
/// Patterns run on its UTF-8 bytes when the text is ASCII, which it always is with
/// percentEncoded true after U4; otherwise on its Unicode scalars (P2: a character is a scalar).
struct MatchText {
    /// UTF-8 of the comparable text (the rule index walks these bytes).
    private(set) var utf8: [UInt8]
    /// The scalar values, only when the text is not ASCII.
    private(set) var scalars: [UInt32]?

    init(_ raw: some StringProtocol, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool) {
        var bytes: [UInt8]
        if percentEncoded {
            bytes = Array(raw.utf8)
        } else {
            bytes = Array(PercentCoding.decodeLenient(raw).utf8)
        }
        var isASCII = true
        for b in bytes where b >= 0x80 { isASCII = false; break }
        if isASCII {
            if !caseSensitive {
                for i in bytes.indices where bytes[i] >= 0x41 && bytes[i] <= 0x5A { bytes[i] += 0x20 }
            }
            if isPath { Self.trimSlashes(&bytes, slash: UInt8(ascii: "/")) }
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
