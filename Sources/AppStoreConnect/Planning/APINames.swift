import IAPCatalog

extension SubscriptionPeriod {
    /// The API's name of the period (`ONE_MONTH`), used for subscription periods and offer durations.
    package var apiName: String {
        switch self {
        case .threeDays: "THREE_DAYS"
        case .oneWeek: "ONE_WEEK"
        case .twoWeeks: "TWO_WEEKS"
        case .oneMonth: "ONE_MONTH"
        case .twoMonths: "TWO_MONTHS"
        case .threeMonths: "THREE_MONTHS"
        case .sixMonths: "SIX_MONTHS"
        case .oneYear: "ONE_YEAR"
        }
    }

    /// The period the API names `name`; nil for a name iapcat does not know.
    package init?(apiName name: String) {
        guard let period = Self.allCases.first(where: { $0.apiName == name }) else { return nil }
        self = period
    }
}
