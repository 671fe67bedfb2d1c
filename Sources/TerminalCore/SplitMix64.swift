/// A small seeded random number generator: SplitMix64 (Steele, Lea, Flood 2014).
///
/// The same seed gives the same numbers on every machine and in every build, which
/// `SystemRandomNumberGenerator` cannot: the demo's simulated failures, generated test
/// corpora and the chaos test's runs use it so that a seed replays exactly.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let roll = Int.random(in: 1...6, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator whose numbers are fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
