extension Int64 {
    /// `self + other`, held at the largest or smallest value instead of trapping or wrapping: counts
    /// come from a database, which may hold anything, and a sum of them must still read as "very many".
    func saturating(plus other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}

extension Int64 {
    /// Adds `other`, held at the largest or smallest value (``saturating(plus:)``).
    mutating func saturatingAdd(_ other: Int64) {
        self = saturating(plus: other)
    }
}
