/// The app a report is about: what stays the same for every report it sends. Nothing here names a
/// user, an account or a device.
public struct ReportApp: Sendable, Hashable {
    /// The store that answers the app (the contract's `store`).
    public enum Store: String, Sendable, Hashable, CaseIterable {
        case appStore = "app_store"
        case googlePlay = "google_play"
    }

    /// The Apple bundle id or the Play package name: the served catalog's app, exactly.
    public var bundleID: String
    /// The app's version as the app states it (`2.4.1`, `2.4.1 (381)`): reports are sent once per
    /// version, list ETag and day.
    public var appVersion: String
    /// The platform (`iOS`, `macOS`, `Android`).
    public var os: String
    /// The platform's version (`18.2`).
    public var osVersion: String
    /// The store that answers the app.
    public var store: Store

    /// An app as given; ``ReportApp/main(store:)`` reads it from the running app's bundle.
    public init(bundleID: String, appVersion: String, os: String, osVersion: String, store: Store = .appStore) {
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.os = os
        self.osVersion = osVersion
        self.store = store
    }
}
