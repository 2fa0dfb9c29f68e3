/// A UTC calendar day, as days since 1970-01-01: the time grain reports are counted in.
public struct ReportDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var value: Int

    public init(_ value: Int) { self.value = value }

    /// The day that holds `secondsSince1970`.
    public init(secondsSince1970: Int64) {
        value = Int((secondsSince1970 >= 0 ? secondsSince1970 : secondsSince1970 - 86_399) / 86_400)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

    /// The days a stored row may name: 1970-01-01 to 9999-12-31. A database holding another is
    /// refused as unreadable; ``description`` clamps far beyond it, where no arithmetic overflows.
    public static let range = 0...2_932_896

    /// `2026-11-27`.
    public var description: String {
        // Howard Hinnant's civil_from_days.
        let z = min(max(value, -(1 << 40)), 1 << 40) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
