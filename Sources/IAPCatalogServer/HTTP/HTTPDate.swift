#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP dates (RFC 9110 §5.6.7): formatted as IMF-fixdate; parsed in all three forms recipients
/// must accept — IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850
/// `Sunday, 06-Nov-94 08:49:37 GMT` and asctime `Sun Nov  6 08:49:37 1994`. Whole seconds since
/// the Unix epoch, UTC.
package enum HTTPDate {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    package static func format(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The date in any of the three forms, or nil for anything else (which callers then ignore).
    package static func parse(_ text: String) -> Int64? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true)
        if fields.count == 6, fields[0].hasSuffix(","), weekdays.contains(String(fields[0].dropLast())), fields[5] == "GMT" {
            // IMF-fixdate: day month year time GMT
            guard fields[1].count == 2, let day = Int(fields[1]), let month = months.firstIndex(of: String(fields[2])),
                fields[3].count == 4, let year = Int(fields[3])
            else { return nil }
            return epoch(year: year, month: month + 1, day: day, time: fields[4])
        }
        if fields.count == 4, fields[0].hasSuffix(","), longWeekdays.contains(String(fields[0].dropLast())), fields[3] == "GMT" {
            // RFC 850: dd-Mon-yy time GMT; a two-digit year within 50 years of now is read as such (RFC 9110 §5.6.7)
            let date = fields[1].split(separator: "-")
            guard date.count == 3, date[0].count == 2, let day = Int(date[0]), let month = months.firstIndex(of: String(date[1])),
                date[2].count == 2, let shortYear = Int(date[2])
            else { return nil }
            return epoch(year: fullYear(shortYear), month: month + 1, day: day, time: fields[2])
        }
        if fields.count == 5, weekdays.contains(String(fields[0])) {
            // asctime: Mon d time yyyy (the day padded with a space)
            guard let month = months.firstIndex(of: String(fields[1])), (1...2).contains(fields[2].count), let day = Int(fields[2]),
                fields[4].count == 4, let year = Int(fields[4])
            else { return nil }
            return epoch(year: year, month: month + 1, day: day, time: fields[3])
        }
        return nil
    }

    private static func fullYear(_ shortYear: Int) -> Int {
        var now = time_t(time(nil))
        var parts = tm()
        gmtime_r(&now, &parts)
        let current = Int(parts.tm_year) + 1900
        var year = current - current % 100 + shortYear
        if year > current + 50 { year -= 100 }
        return year
    }

    private static func epoch(year: Int, month: Int, day: Int, time: Substring) -> Int64? {
        let clock = time.split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]), let minute = Int(clock[1]),
            let second = Int(clock[2]), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (1...12).contains(month), day >= 1, day <= daysIn(month, year), year >= 1970
        else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm), no time zone involved.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
