/// Deterministic pseudo-random bytes (SplitMix64) for seeded runs: the same seed gives the same
/// byte strings on every machine, so a failing seeded case is reproduced by its seed and index.
public struct SeededBytes: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64, Steele/Lea/Flood 2014).
    public mutating func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
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
