#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock, in nanoseconds (`CLOCK_MONOTONIC`: never set back, not affected
/// by NTP slewing of the wall clock).
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Timings of one benchmark, in nanoseconds, one per repetition.
struct Samples {
    private(set) var nanoseconds: [UInt64] = []

    /// Adds one timing.
    mutating func append(_ value: UInt64) { nanoseconds.append(value) }

    /// Number of repetitions.
    var count: Int { nanoseconds.count }

    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double { quantile(0.5) }

    /// The 95th percentile (linear interpolation between the closest ranks).
    var p95: Double { quantile(0.95) }

    /// The value below which a fraction `q` of the samples lie.
    func quantile(_ q: Double) -> Double {
        precondition(!nanoseconds.isEmpty, "no samples")
        let sorted = nanoseconds.sorted()
        let position = q * Double(sorted.count - 1)
        let lower = Int(position)
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return Double(sorted[lower]) * (1 - fraction) + Double(sorted[upper]) * fraction
    }
}

/// Times `body` `repetitions` times after `warmUp` untimed runs.
func measure(repetitions: Int, warmUp: Int = 1, _ body: () -> Void) -> Samples {
    for _ in 0..<warmUp { body() }
    var samples = Samples()
    for _ in 0..<repetitions {
        let start = monotonicNanoseconds()
        body()
        samples.append(monotonicNanoseconds() - start)
    }
    return samples
}

/// Keeps the optimiser from discarding a result that nothing else reads.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
