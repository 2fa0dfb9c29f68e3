/// A seeded pseudo-random generator (SplitMix64) with the few draws the generator needs.
///
/// The same seed gives the same numbers on every platform and Swift version: every draw is
/// computed here from 64-bit integers, never by the standard library's `random(in:using:)` or
/// `shuffled(using:)`, whose algorithms are not promised to stay the same.
package struct SeededRandom {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64, Steele, Lea and Flood 2014).
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< 1`, with 53 random bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Whether an event of probability `probability` happens.
    package mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// An integer in `0 ..< bound` (`bound` > 0), by the high half of a 64×64-bit product.
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(\(bound)): the bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// An integer in `range`.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// One element of a non-empty array.
    package mutating func element<Element>(of elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// `count` distinct elements of `elements` in random order (a partial Fisher–Yates shuffle).
    package mutating func sample<Element>(_ elements: [Element], count: Int) -> [Element] {
        precondition(count <= elements.count, "sample of \(count) from \(elements.count) elements")
        var pool = elements
        for index in 0..<count {
            pool.swapAt(index, index + below(pool.count - index))
        }
        return Array(pool[..<count])
    }

    /// A value drawn by weight; the weights should add up to 1 (the last value takes any rest).
    package mutating func weighted<Value>(_ choices: [(value: Value, weight: Double)]) -> Value {
        var remaining = unit()
        for choice in choices {
            remaining -= choice.weight
            if remaining < 0 { return choice.value }
        }
        return choices[choices.count - 1].value
    }
}
