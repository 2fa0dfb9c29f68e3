/// The app the catalog belongs to.
public struct AppInfo: Sendable, Equatable {
    /// The default locale when a catalog names none.
    public static let fallbackLocale = "en-US"

    /// The app's bundle identifier; optional because bulk-XML downloads do not carry it.
    public var bundleID: String?
    /// App Store Connect's numeric app id (the bulk upload's `apple_id`).
    public var appleID: String?
    /// App Store Connect's SKU (the bulk upload's `vendor_id`).
    public var sku: String?
    /// The locale every product and subscription group must be localized in.
    public var defaultLocale: String
    /// Bulk XML `<provider>`: the App Store Connect provider short name.
    public var provider: String?
    /// Bulk XML `<team_id>`.
    public var teamID: String?
    /// Bulk XML `app_platform` (`ios`, `osx`, `appletvos`), when the package names one.
    public var platform: String?
    /// What Google Play needs of the app (`google_play`); nil when the catalog gives none.
    public var googlePlay: GooglePlayApp?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var defaultLocale: SourcePosition?
        package init() {}
    }

    /// Creates app info for `bundleID`, with `en-US` as the default locale unless given; provider, team and platform start nil.
    public init(bundleID: String?, appleID: String? = nil, sku: String? = nil, defaultLocale: String = AppInfo.fallbackLocale) {
        self.bundleID = bundleID
        self.appleID = appleID
        self.sku = sku
        self.defaultLocale = defaultLocale
    }
}
