/// The StoreKit environment a product-ID list serves.
public enum StoreEnvironment: String, Sendable, CaseIterable {
    /// Real users: StoreKit returns only approved, cleared-for-sale products.
    case production
    /// Development and review: StoreKit returns every product configured in App Store Connect.
    case sandbox
}
