/// Where a product stands in its life: draft → approved → removed.
public enum ProductStatus: String, Sendable, CaseIterable {
    /// Not yet approved by App Review: StoreKit returns it only in the sandbox.
    case draft
    /// Approved: StoreKit returns it in production when it is cleared for sale.
    case approved
    /// Deleted from App Store Connect. Kept as a tombstone, because its identifier can never be
    /// used again.
    case removed
}
