/// The inverse of `ByteReader`: writes the bytes that make a reader take given decisions. Used by
/// `Checks.encodeSeed` to turn a readable case (e.g. a conformance case) into fuzzer input.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func byte(_ b: UInt8) { bytes.append(b) }

    public mutating func bool(_ b: Bool) { bytes.append(b ? 1 : 0) }

    /// Writes `n` so that `ByteReader.count(max:)` reads it back; throws when it does not fit.
    public mutating func count(_ n: Int, max: Int, what: @autoclosure () -> String) throws(SeedEncodingError) {
        guard n >= 0, n <= min(max, 255) else {
            throw SeedEncodingError("\(what()): \(n) is more than the seed format holds (at most \(min(max, 255)))")
        }
        bytes.append(UInt8(n))
    }

    public mutating func uint16(_ v: UInt16) {
        bytes.append(UInt8(v >> 8))
        bytes.append(UInt8(v & 0xFF))
    }

    public mutating func scalar(_ s: Unicode.Scalar) {
        bytes.append(UInt8((s.value >> 16) & 0xFF))
        bytes.append(UInt8((s.value >> 8) & 0xFF))
        bytes.append(UInt8(s.value & 0xFF))
    }

    public mutating func append(_ more: [UInt8]) { bytes += more }

    /// Writes the byte that selects choice `index` of `table`.
    public mutating func pick<T>(_ table: ChoiceTable<T>, index: Int) {
        bytes.append(table.byte(forIndex: index))
    }
}

/// A readable case that the seed format cannot express (too long, wrong shape, not JSON...).
public struct SeedEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
