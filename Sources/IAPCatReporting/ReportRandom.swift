/// Where randomness comes from: report ids and back-off jitter. ``system`` in apps; tests pass
/// their own sequence.
public struct ReportRandom: Sendable {
    /// 64 random bits.
    public let next: @Sendable () -> UInt64

    /// Randomness from `next`, which must return evenly spread 64-bit values.
    public init(next: @escaping @Sendable () -> UInt64) {
        self.next = next
    }

    /// The system's random number generator.
    public static let system = ReportRandom {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// A number in 0 ..< 1, from the top 53 bits of ``next``.
    func fraction() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
