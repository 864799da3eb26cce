import LinkMatchRandom

/// Deterministic pseudo-random bytes for seeded runs: the same seed gives the same byte strings on
/// every machine, so a failing seeded case is reproduced by its seed and index. The bits come from
/// the tree's one SplitMix64 (LinkMatchRandom).
public struct SeededBytes: Sendable {
    private var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The next 64 random bits.
    public mutating func nextUInt64() -> UInt64 {
        generator.next()
    }

    /// A byte string of random length in `0...maxCount` with random contents.
    public mutating func next(maxCount: Int) -> [UInt8] {
        let bound = UInt64(max(0, maxCount)) + 1
        let count = Int(nextUInt64() % bound)
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var word: UInt64 = 0
        for i in 0..<count {
            if i % 8 == 0 { word = nextUInt64() }
            out.append(UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
        return out
    }
}
