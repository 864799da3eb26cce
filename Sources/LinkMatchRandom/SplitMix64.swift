/// The one seeded random generator of the tree (SplitMix64, Steele/Lea/Flood 2014; the constants of
/// Vigna's splitmix64.c). Tests and seeded fuzz runs use it so that a seed gives the same cases on
/// every machine: a failure is reproduced by its seed alone. `LinkMatchFuzzing.SeededBytes` draws
/// its bytes from it.
///
/// A `RandomNumberGenerator`, so `Int.random(in:using:)` and `randomElement(using:)` work too (their
/// results depend on the standard library's algorithms, which are deterministic for a given stream).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (by remainder: a slight bias the tests do not care about), 0 when
    /// `bound` is not positive.
    public mutating func next(below bound: Int) -> Int {
        let bits = next()
        return bound > 0 ? Int(bits % UInt64(bound)) : 0
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[next(below: elements.count)]
    }

    /// True about once in `n` draws.
    public mutating func chance(_ n: UInt64) -> Bool {
        next() % n == 0
    }
}
