/// Whether organizations may buy an auto-renewable subscription in several seats, and where: App
/// Store Connect's `multiSeatStatus` and `marketSettings` (API 4.5). The catalog writes it in the
/// subscription as `multiseat: { enabled, markets }`.
///
/// Apple turned multiseat purchases on by default for subscriptions on 2026-09-16, and turning on
/// Family Sharing turns them off: a catalog that leaves this unsaid leaves it as App Store Connect
/// has it, and lint notes that (`multiseat_unsaid`).
public struct Multiseat: Sendable, Equatable {
    /// Whether organizations may buy seats (`multiSeatStatus` `ENABLED`).
    public var enabled: Bool
    /// The markets where they may (`marketSettings`), in the catalog's order; nil when the
    /// catalog leaves them as App Store Connect has them.
    public var markets: [MultiseatMarket]?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var enabled: SourcePosition?
        package var markets: SourcePosition?
        package init() {}
    }

    /// A setting: on or off, in `markets` when given.
    public init(enabled: Bool, markets: [MultiseatMarket]? = nil) {
        self.enabled = enabled
        self.markets = markets
    }
}

/// A market where organizations buy seats of a subscription (`marketSettings`).
public enum MultiseatMarket: String, Sendable, CaseIterable, Comparable {
    /// The App Store (group purchases).
    case appStore = "app_store"
    /// Apple Business Manager (volume purchases).
    case appleBusiness = "apple_business"
    /// Apple School Manager (volume purchases).
    case appleSchool = "apple_school"

    /// The market as App Store Connect's API spells it: `APP_STORE`, `APPLE_BUSINESS`, `APPLE_SCHOOL`.
    public var apiName: String { rawValue.uppercased() }

    /// The market App Store Connect's API names `apiName`; nil for one iapcat does not know.
    public init?(apiName: String) {
        self.init(rawValue: apiName.lowercased())
    }

    /// In the order ``allCases`` lists them.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
