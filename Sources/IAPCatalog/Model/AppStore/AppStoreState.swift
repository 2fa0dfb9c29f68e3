/// A product's state in App Store Connect (`MISSING_METADATA`, `APPROVED`, …), kept as the store
/// sent it: the store adds states, and a state iapcat does not know is carried, not refused.
public struct AppStoreState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The state as App Store Connect spells it.
    public var rawValue: String

    /// A state as the store spells it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Approved by App Review.
    public static let approved = AppStoreState(rawValue: "APPROVED")
    /// The developer removed the product from sale.
    public static let developerRemovedFromSale = AppStoreState(rawValue: "DEVELOPER_REMOVED_FROM_SALE")
    /// Apple removed the product from sale.
    public static let removedFromSale = AppStoreState(rawValue: "REMOVED_FROM_SALE")

    /// The states of the 4.4.1 specification, for lint's hint (others are accepted with a note).
    public static let known: [String] = [
        "MISSING_METADATA", "WAITING_FOR_UPLOAD", "PROCESSING_CONTENT", "READY_TO_SUBMIT", "WAITING_FOR_REVIEW", "IN_REVIEW",
        "DEVELOPER_ACTION_NEEDED", "PENDING_BINARY_APPROVAL", "APPROVED", "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE", "REJECTED",
    ]

    /// Removed from sale, by the developer or by Apple: StoreKit does not return it in production.
    public var isRemovedFromSale: Bool { self == .developerRemovedFromSale || self == .removedFromSale }

    /// Approved at some point and not deleted: customers bought or may buy it, so changes to its
    /// prices and territories reach them.
    public var hasBeenOnSale: Bool { self == .approved || isRemovedFromSale }

    /// The catalog status a pulled product gets: approved for a product App Review approved (on
    /// sale or removed from sale: it still exists, unlike a deleted product's tombstone), draft for
    /// the rest.
    public var catalogStatus: ProductStatus { hasBeenOnSale ? .approved : .draft }

    /// The state as App Store Connect spells it.
    public var description: String { rawValue }
}
