/// How the renderers write seconds since 1970 (UTC): `2026-11-27 14:03 UTC` for people,
/// `2026-11-27T14:03:05Z` for programs.
enum ReportTime {
    /// `2026-11-27 14:03 UTC`; without `zone`, `2026-11-27 14:03` (a column that says UTC once).
    static func minute(_ seconds: Int64, zone: Bool = true) -> String {
        let (day, time) = split(seconds)
        return "\(day) \(two(time / 3_600)):\(two(time / 60 % 60))" + (zone ? " UTC" : "")
    }

    /// `2026-11-20 08:00 UTC to 2026-11-27 14:03 UTC`, or one time when both are the same minute.
    static func span(_ first: Int64, _ last: Int64) -> String {
        let (from, to) = (minute(first), minute(last))
        return from == to ? from : "\(from) to \(to)"
    }

    /// `2026-11-27T14:03:05Z` (RFC 3339).
    static func instant(_ seconds: Int64) -> String {
        let (day, time) = split(seconds)
        return "\(day)T\(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// The day and the second of the day; out of 1970–9999 (a database may say anything), the nearest end.
    private static func split(_ seconds: Int64) -> (ReportDay, Int) {
        let seconds = min(max(seconds, 0), 253_402_300_799)
        let day = ReportDay(secondsSince1970: seconds)
        return (day, Int(seconds - Int64(day.value) * 86_400))
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
