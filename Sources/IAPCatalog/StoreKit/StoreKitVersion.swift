/// The format version of an Xcode StoreKit configuration (`"version" : { "major" : 4, "minor" : 0 }`),
/// which decides the keys Xcode writes.
public struct StoreKitVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version (1 to 5 so far).
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// Creates version `major.minor`.
    public init(_ major: Int, _ minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Reads `3.0`, `4.0`, `5.0` (or `4`); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let major = Int(parts[0]), let minor = parts.count == 2 ? Int(parts[1]) : 0,
            major >= 0, minor >= 0
        else { return nil }
        self.init(major, minor)
    }

    /// Xcode 12's first format: products and subscription groups only.
    public static let v1_0 = StoreKitVersion(1, 0)
    /// Xcode 15.
    public static let v3_0 = StoreKitVersion(3, 0)
    /// Xcode 16: app policies and win-back offers. iapcat writes it by default.
    public static let v4_0 = StoreKitVersion(4, 0)
    /// Xcode 26: billing plans, and introductory offers as a list.
    public static let v5_0 = StoreKitVersion(5, 0)

    /// The versions `iapcat export --format storekit` writes.
    public static let written: [StoreKitVersion] = [.v3_0, .v4_0, .v5_0]
    /// The newest version iapcat knows; newer files are read leniently.
    public static let newestKnown = v5_0

    /// `4.0`.
    public var description: String { "\(major).\(minor)" }

    /// Orders versions by major, then minor.
    public static func < (lhs: StoreKitVersion, rhs: StoreKitVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Top-level `appPolicies`, per-subscription `winbackOffers` (4.0 on).
    var hasAppPolicies: Bool { self >= .v4_0 }
    /// `introductoryOffers` (a list) and `billingPlans` instead of `introductoryOffer` (5.0 on).
    var hasOfferLists: Bool { self >= .v5_0 }
}
