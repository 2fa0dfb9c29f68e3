/// One report an app sends to `POST /v1/reports`: the product ids it asked its store for, and
/// those the store did not return (`schemas/report.schema.json`). Decoded and checked by
/// ``ReportDecoder``; nothing in it names a user, an account or a device.
public struct FieldReport: Sendable, Equatable {
    /// Client-made, 1–64 of `[A-Za-z0-9_-]`: a retry carries the same id and is counted once.
    public var reportID: String
    /// The Apple bundle id or the Play package name; must be the served catalog's app.
    public var bundleID: String
    public var appVersion: String
    public var os: String
    public var osVersion: String
    public var store: ReportedStore
    public var environment: ReportedEnvironment
    /// As the SDK said it: Apple's ISO 3166-1 alpha-3 (`USA`) or Play's alpha-2 (`US`).
    public var storefront: String
    /// The list the ids came from: a served path such as `products_v2.json`, or `bundle`.
    public var list: String
    /// `storekit1`, `storekit2`, `billing7`, `billing8`, `billing9`; optional.
    public var sdk: String?
    /// The ids asked for, 1–1,000, as sent.
    public var requested: [String]
    /// The ids the store did not return, each one of `requested`.
    public var missing: [MissingProduct]
    /// The `ETag` of the list the ids came from, as the server sent it; optional.
    public var listETag: String?
    /// When the app sent the report (RFC 3339), as it said; optional.
    public var sentAt: String?

    public init(
        reportID: String, bundleID: String, appVersion: String, os: String, osVersion: String, store: ReportedStore,
        environment: ReportedEnvironment, storefront: String, list: String, sdk: String?, requested: [String],
        missing: [MissingProduct], listETag: String? = nil, sentAt: String? = nil
    ) {
        self.reportID = reportID
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.os = os
        self.osVersion = osVersion
        self.store = store
        self.environment = environment
        self.storefront = storefront
        self.list = list
        self.sdk = sdk
        self.requested = requested
        self.missing = missing
        self.listETag = listETag
        self.sentAt = sentAt
    }
}

/// A product id the store did not return, with what the SDK said about it.
public struct MissingProduct: Sendable, Equatable {
    public var id: String
    /// Play Billing 8's `UnfetchedProduct` status code (`"3"`) or StoreKit's error kind; nil when
    /// the SDK says nothing (StoreKit 2 omits ids silently).
    public var status: String?

    public init(id: String, status: String? = nil) {
        self.id = id
        self.status = status
    }
}

/// Which store answered the app.
public enum ReportedStore: String, Sendable, CaseIterable, Comparable {
    case appStore = "app_store"
    case googlePlay = "google_play"

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The store environment the app ran in (`AppTransaction.environment` on Apple platforms).
public enum ReportedEnvironment: String, Sendable, CaseIterable, Comparable {
    case production, sandbox, xcode, unknown

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
