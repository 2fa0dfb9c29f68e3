/// `Retry-After` (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date in any of its three forms
/// (IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`, asctime
/// `Sun Nov  6 08:49:37 1994`).
enum RetryAfterHeader {
    /// Seconds to wait from `now` (seconds since 1970): 0 for a date already past; nil when the
    /// value is neither form.
    static func seconds(_ value: String, now: Double) -> Double? {
        let text = value.trimmingSpaces
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Double(text) ?? .infinity
        }
        guard let date = date(text) else { return nil }
        return max(0, Double(date) - now)
    }

    /// An HTTP-date as seconds since 1970.
    static func date(_ text: String) -> Int64? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        let day: String, month: String, year: String, time: String
        switch tokens.count {
        case 6 where tokens[5] == "GMT": (day, month, year, time) = (tokens[1], tokens[2], tokens[3], tokens[4])
        case 5: (month, day, time, year) = (tokens[1], tokens[2], tokens[3], tokens[4])
        default: return nil
        }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = time.split(separator: ":").map { Int($0) }
        guard let monthIndex = months.firstIndex(of: month), let dayNumber = Int(day), (1...31).contains(dayNumber),
            var yearNumber = Int(year), year.count == 4 || year.count == 2, clock.count == 3,
            let hour = clock[0], let minute = clock[1], let second = clock[2], (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        // RFC 850's two-digit year, read as the nearest past century's (RFC 9110 says no more than 50 years ahead).
        if year.count == 2 { yearNumber += yearNumber < 70 ? 2000 : 1900 }
        let days = CivilTime.days(year: yearNumber, month: monthIndex + 1, day: dayNumber)
        return Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (what a header value may carry around it).
    fileprivate var trimmingSpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
