/// What Google Play needs of the app (`app.google_play`).
public struct GooglePlayApp: Sendable, Equatable {
    /// The application's package name (`com.example.app`), which the Play Developer API names the app by.
    public var packageName: String?
    /// The regions version writes send (`2022/02`); nil: the one Play reports with its prices.
    public var regionsVersion: String?
    /// How far the App Store and Play prices of one product, in one country, may differ (a share
    /// of the App Store price, as a decimal string: `0.1` is 10 %) before lint notes it; nil: 0.1.
    public var priceTolerance: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var packageName: SourcePosition?
        package var regionsVersion: SourcePosition?
        package var priceTolerance: SourcePosition?
        package init() {}
    }

    /// The tolerance when the catalog names none.
    public static let defaultPriceTolerance = "0.1"

    /// Creates the Play settings of an app.
    public init(packageName: String? = nil, regionsVersion: String? = nil, priceTolerance: String? = nil) {
        self.packageName = packageName
        self.regionsVersion = regionsVersion
        self.priceTolerance = priceTolerance
    }
}
