/// UTC calendar arithmetic on seconds since 1970 (Howard Hinnant's days_from_civil and
/// civil_from_days): the report's day, `sent_at`, and `Retry-After`'s HTTP-date.
enum CivilTime {
    /// The UTC day that holds `seconds`, as days since 1970-01-01.
    static func day(secondsSince1970 seconds: Int64) -> Int {
        Int((seconds >= 0 ? seconds : seconds - 86_399) / 86_400)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of days since 1970-01-01.
    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// RFC 3339 in UTC with whole seconds: `2026-11-27T09:30:00Z`.
    static func timestamp(secondsSince1970 seconds: Int64) -> String {
        let day = Self.day(secondsSince1970: seconds)
        let (year, month, date) = Self.date(days: day)
        let inDay = Int(seconds - Int64(day) * 86_400)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(date))T\(two(inDay / 3_600)):\(two(inDay / 60 % 60)):\(two(inDay % 60))Z"
    }
}
