/// Reads fuzzer bytes as a sequence of small decisions, in the spirit of LLVM's FuzzedDataProvider.
///
/// Unlike FuzzedDataProvider it reads everything front to back, one byte per decision, so that
/// `ByteWriter` can produce bytes for any decision sequence (seeds are written through it). Reading
/// past the end yields zero bytes: every decision then takes its default (first) choice, which
/// makes every table below put its "stop / nothing / plain" option at index 0. Never traps.
public struct ByteReader: Sendable {
    public let bytes: [UInt8]
    public private(set) var offset: Int = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isAtEnd: Bool { offset >= bytes.count }
    public var remaining: Int { max(0, bytes.count - offset) }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// One bit of the next byte's worth of choice: false for even bytes (and past the end).
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in `0...max` from one byte (`max` < 256), by remainder: `ByteWriter.count` inverts it.
    public mutating func count(max: Int) -> Int {
        guard max > 0 else { return 0 }
        return Int(byte()) % (min(max, 255) + 1)
    }

    /// A 16-bit number, big-endian.
    public mutating func uint16() -> UInt16 {
        UInt16(byte()) << 8 | UInt16(byte())
    }

    /// A Unicode scalar from three bytes (value modulo 0x110000; surrogates read as U+FFFD).
    public mutating func scalar() -> Unicode.Scalar {
        let v = (UInt32(byte()) << 16 | UInt32(byte()) << 8 | UInt32(byte())) % 0x11_0000
        return Unicode.Scalar(v) ?? "\u{FFFD}"
    }

    /// All bytes not read yet (consumes them).
    public mutating func rest() -> [UInt8] {
        guard offset < bytes.count else { return [] }
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    /// Picks from a weighted table with one byte (see `ChoiceTable`).
    public mutating func pick<T>(_ table: ChoiceTable<T>) -> T {
        table.choice(for: byte())
    }
}

/// Maps a byte to one of a few weighted choices: choice i owns `weights[i]` consecutive byte values,
/// starting with choice 0 at byte 0 (the default past the end of the input). Weights must sum to 256.
public struct ChoiceTable<T: Sendable>: Sendable {
    public let choices: [T]
    /// For each byte value, the index of its choice.
    private let slots: [UInt8]
    /// For each choice, the first byte value that selects it (what `ByteWriter` writes).
    private let firstByte: [UInt8]

    /// `weighted` pairs a choice with how many of the 256 byte values select it. Weights are scaled to
    /// fill exactly 256 slots; every choice keeps at least one.
    public init(_ weighted: [(T, Int)]) {
        let total = max(1, weighted.reduce(0) { $0 + max(1, $1.1) })
        var slots: [UInt8] = []
        var first: [UInt8] = []
        var assigned = 0
        for (i, entry) in weighted.enumerated() {
            // Largest-remainder-free scaling: each gets at least one slot, the last takes what is left.
            let remainingChoices = weighted.count - i - 1
            var n = max(1, max(1, entry.1) * 256 / total)
            n = min(n, 256 - assigned - remainingChoices)
            if i == weighted.count - 1 { n = 256 - assigned }
            first.append(UInt8(truncatingIfNeeded: assigned))
            slots += Array(repeating: UInt8(truncatingIfNeeded: i), count: max(0, n))
            assigned += max(0, n)
        }
        choices = weighted.map { $0.0 }
        self.slots = slots
        firstByte = first
    }

    public func choice(for byte: UInt8) -> T {
        let i = Int(byte) < slots.count ? Int(slots[Int(byte)]) : 0
        return choices[min(i, choices.count - 1)]
    }

    /// The byte that selects choice `index`.
    public func byte(forIndex index: Int) -> UInt8 {
        index >= 0 && index < firstByte.count ? firstByte[index] : 0
    }
}

extension ChoiceTable where T: Equatable {
    /// The byte that selects `value`, or nil when it is not in the table.
    public func byte(for value: T) -> UInt8? {
        choices.firstIndex(of: value).map { byte(forIndex: $0) }
    }
}
