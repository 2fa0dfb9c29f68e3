/// A subscription or offer duration, written as ISO 8601 (as StoreKit writes it).
public enum SubscriptionPeriod: String, Sendable, CaseIterable {
    case threeDays = "P3D"
    case oneWeek = "P1W"
    case twoWeeks = "P2W"
    case oneMonth = "P1M"
    case twoMonths = "P2M"
    case threeMonths = "P3M"
    case sixMonths = "P6M"
    case oneYear = "P1Y"

    /// Durations App Store Connect offers for an auto-renewable subscription.
    public static let subscriptionDurations: [SubscriptionPeriod] = [.oneWeek, .oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear]

    /// The period a duration written in words stands for: `1 month`, `1 Month`, `monthly`,
    /// `7 days`, `12 months`, `P12M`, `1y`; empty when the words name none of the periods.
    package static func meant(by words: String) -> [SubscriptionPeriod] {
        let lowered = words.lowercased().split(separator: " ").joined(separator: " ")
        let named = [
            "weekly": oneWeek, "monthly": oneMonth, "quarterly": threeMonths, "yearly": oneYear, "annual": oneYear, "annually": oneYear,
        ]
        if let period = named[lowered] { return [period] }
        // A count and a unit: "1 month", "1month", "P12M", "12 months".
        var text = Substring(lowered)
        if text.hasPrefix("p") { text = text.dropFirst() }
        let digits = text.prefix(while: \.isNumber)
        guard let count = Int(digits.prefix(4)), digits.count <= 4 else { return [] }
        let unit = text.dropFirst(digits.count).drop { $0 == " " }
        let days: Int
        switch unit {
        case "d", "day", "days": days = count
        case "w", "wk", "week", "weeks": days = count * 7
        case "m", "mo", "month", "months": days = count * 30
        case "y", "yr", "year", "years": days = count * 360
        default: return []
        }
        let byDays: [Int: SubscriptionPeriod] = [
            3: .threeDays, 7: .oneWeek, 14: .twoWeeks, 30: .oneMonth, 60: .twoMonths, 90: .threeMonths, 180: .sixMonths, 360: .oneYear,
        ]
        return byDays[days].map { [$0] } ?? []
    }

    /// The bulk-XML spelling (`7 Days`, `1 Month`, …).
    public var bulkXMLName: String {
        switch self {
        case .threeDays: "3 Days"
        case .oneWeek: "7 Days"
        case .twoWeeks: "2 Weeks"
        case .oneMonth: "1 Month"
        case .twoMonths: "2 Months"
        case .threeMonths: "3 Months"
        case .sixMonths: "6 Months"
        case .oneYear: "1 Year"
        }
    }
}
