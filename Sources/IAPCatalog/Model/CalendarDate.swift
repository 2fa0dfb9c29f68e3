/// A calendar day, `YYYY-MM-DD`, as bulk XML writes price-change dates. No time zone: App Store
/// Connect applies a date in each storefront's own.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, four digits.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31 (valid for the month and year).
    public var day: Int

    /// A day before any date a catalog can hold, for ordering "already in effect" first.
    public static let distantPast = CalendarDate(year: 0, month: 1, day: 1)
    /// A day after any date a catalog can hold, for "open-ended".
    public static let distantFuture = CalendarDate(year: 9999, month: 12, day: 31)

    /// The date of `year`, `month` and `day`, which the caller knows to be valid.
    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, refusing impossible days (2026-02-30).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date as `YYYY-MM-DD`, zero-padded.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Orders dates by the calendar: year, then month, then day.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The day `days` days later (`days` ≥ 0).
    package func adding(days: Int) -> CalendarDate {
        var date = self
        for _ in 0..<max(days, 0) {
            if date.day < Self.days(inMonth: date.month, year: date.year) {
                date.day += 1
            } else if date.month < 12 {
                (date.month, date.day) = (date.month + 1, 1)
            } else {
                (date.year, date.month, date.day) = (date.year + 1, 1, 1)
            }
        }
        return date
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
