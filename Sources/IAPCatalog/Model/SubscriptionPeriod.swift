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
