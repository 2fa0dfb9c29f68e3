/// What the store said about itself when it answered: the environment, the storefront, and the
/// SDK the app asked through. Read when a report is made, never saved with it.
public struct StoreContext: Sendable, Hashable {
    /// The store environment the app ran in (the contract's `environment`).
    public enum Environment: String, Sendable, Hashable, CaseIterable {
        /// The App Store, or Google Play.
        case production
        /// Apple's sandbox: development builds, TestFlight and App Review alike.
        case sandbox
        /// StoreKit Testing in Xcode (a `.storekit` configuration).
        case xcode
        /// The app cannot tell (Play; no app transaction).
        case unknown
    }

    /// A storefront that is not known (`Storefront.current` was nil): ISO 3166's user-assigned `ZZZ`.
    public static let unknownStorefront = "ZZZ"

    /// The environment the store answered in.
    public var environment: Environment
    /// The storefront as the SDK names it, 2 or 3 letters: Apple's alpha-3 (`USA`), Play's alpha-2 (`US`).
    public var storefront: String
    /// The SDK: `storekit1`, `storekit2`, `billing7`, `billing8`, `billing9`; nil to leave it out.
    public var sdk: String?

    /// A context as the SDK states it; with StoreKit 2, `StoreContext.storeKit2()` reads it.
    public init(environment: Environment, storefront: String, sdk: String?) {
        self.environment = environment
        self.storefront = storefront
        self.sdk = sdk
    }
}
