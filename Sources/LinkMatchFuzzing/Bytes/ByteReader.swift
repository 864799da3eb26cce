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

    /// `weighted` pairs a choice with its weight. Weights are scaled to fill exactly 256 slots by the
    /// largest-remainder method; every choice keeps at least one slot (at most 256 choices).
    public init(_ weighted: [(T, Int)]) {
        let list = Array(weighted.prefix(256))
        let weights = list.map { max(1, $0.1) }
        let total = max(1, weights.reduce(0, +))
        var counts = weights.map { max(1, $0 * 256 / total) }
        // Hand out (or take back) the slots rounding left over, largest remainders first.
        let order = weights.indices.sorted { (weights[$0] * 256 % total, -$0) > (weights[$1] * 256 % total, -$1) }
        var k = 0
        while counts.reduce(0, +) < 256, !order.isEmpty { counts[order[k % order.count]] += 1; k += 1 }
        while counts.reduce(0, +) > 256, let big = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[big] > 1 { counts[big] -= 1 }
        var slots: [UInt8] = []
        var first: [UInt8] = []
        for (i, n) in counts.enumerated() {
            first.append(UInt8(truncatingIfNeeded: slots.count))
            slots += Array(repeating: UInt8(truncatingIfNeeded: i), count: n)
        }
        choices = list.map { $0.0 }
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
