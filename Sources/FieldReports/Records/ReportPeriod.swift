/// `--since`: a day (`2026-11-20`) or the last days, today included (`7d`: today and the six before).
public enum ReportPeriod {
    /// The first day `text` names, given `today`; nil when it is neither form (or a day that does not exist).
    public static func since(_ text: String, today: ReportDay) -> ReportDay? {
        if text.hasSuffix("d"), let days = Int(text.dropLast()), days >= 1, days <= 100_000, text.first != "+" {
            return ReportDay(today.value - days + 1)
        }
        return day(text)
    }

    /// The day `2026-11-20` names; nil unless it is `YYYY-MM-DD` and a day of the calendar.
    public static func day(_ text: String) -> ReportDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), day >= 1
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let result = ReportDay(era * 146_097 + doe - 719_468)
        // Rejects 2026-02-30 and the like: the day must print back as written.
        return result.description == text ? result : nil
    }
}
