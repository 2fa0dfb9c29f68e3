/// The numbers and patterns of the report contract (`schemas/report.schema.json`), in one place.
/// ``ReportField`` says which field follows which rule.
package enum ReportRules {
    private static let printable = "^[\\x20-\\x7E]+$"
    private static let printableWords = "printable ASCII (space to ~)"

    package static let reportID = TextRule(length: 1...64, pattern: "^[A-Za-z0-9_-]+$", characters: "letters, digits, _ and -")
    /// An Apple bundle id or a Play package name.
    package static let bundleID = TextRule(length: 1...255, pattern: "^[A-Za-z0-9._-]+$", characters: "letters, digits, ., _ and -")
    package static let appVersion = TextRule(length: 1...64, pattern: printable, characters: printableWords)
    package static let os = TextRule(length: 1...32, pattern: printable, characters: printableWords)
    package static let osVersion = TextRule(length: 1...32, pattern: printable, characters: printableWords)
    /// Apple's alpha-3 (`USA`) or Play's alpha-2 (`US`), either case.
    package static let storefront = TextRule(length: 2...3, pattern: "^[A-Za-z]+$", characters: "letters")
    /// A served path (`products_v2.json`, `sandbox/products_v1.json`) or `bundle`.
    package static let list = TextRule(length: 1...128, pattern: "^[A-Za-z0-9._/-]+$", characters: "letters, digits, ., _, / and -")
    /// Open: ``knownSDKs`` are the values known today, and a newer SDK's name is accepted.
    package static let sdk = TextRule(length: 1...32, pattern: "^[a-z0-9_]+$", characters: "lower-case letters, digits and _")
    /// A product id as the app asked for it. Wider than either store's ids, so that an id with a
    /// typo (a space, a capital) is reported and explained rather than refused.
    package static let productID = TextRule(length: 1...128, pattern: printable, characters: printableWords)
    /// Play's `UnfetchedProduct` status code (`"3"`) or StoreKit's kind (`"notAvailableInStorefront"`).
    package static let status = TextRule(length: 1...64, pattern: "^[A-Za-z0-9_.-]+$", characters: "letters, digits, ., _ and -")
    /// The list's `ETag` as the server sent it, quotes included.
    package static let listETag = TextRule(length: 1...128, pattern: printable, characters: printableWords)
    /// When the app sent the report (RFC 3339).
    package static let sentAt = TextRule(length: 20...35, pattern: TextRule.timestampPattern, characters: "an RFC 3339 date-time")

    /// ``ReportedStore``'s values.
    package static let stores = ReportedStore.allCases.map(\.rawValue)
    /// ``ReportedEnvironment``'s values.
    package static let environments = ReportedEnvironment.allCases.map(\.rawValue)

    package static let requestedCount = 1...1_000
    package static let missingCount = 0...1_000

    /// The `sdk` values known today (the schema's `examples`).
    package static let knownSDKs = ["storekit1", "storekit2", "billing7", "billing8", "billing9"]

    /// The `status` values known today (the schema's `examples`): Play Billing 8's
    /// `UnfetchedProduct.StatusCode` numbers (`UNKNOWN`, `INVALID_PRODUCT_ID_FORMAT`,
    /// `PRODUCT_NOT_FOUND`, `NO_ELIGIBLE_OFFER`) and `StoreKitError`'s cases. Others are accepted
    /// and kept up to a bound per day (``ReportBounds``).
    package static let knownStatuses = [
        "0", "2", "3", "4",
        "networkError", "systemError", "userCancelled", "notAvailableInStorefront", "notEntitled", "unknown", "unsupported",
        // `Product.PurchaseError.multiSeatPurchaseDisabled` (iOS 27.3): seats offered for a subscription not sold in seats.
        "multiSeatPurchaseDisabled",
    ]

    /// The largest body, after decompression: a report at every maximum above fits (about 350 kB)
    /// unless most of its characters are escaped.
    package static let maximumBodyBytes = 512 * 1_024
    /// The deepest nesting of arrays and objects (the contract's own values nest 3 deep).
    package static let maximumDepth = 8
}
