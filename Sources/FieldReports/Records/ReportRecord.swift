/// What one accepted report contributes to the counts, once normalized and bounded
/// (`ReportNormalizer`): the dimensions it is counted under and the ids it says were missing.
/// This is what the ingest queue holds and what storage writes; the raw report is not kept.
public struct ReportRecord: Sendable, Equatable {
    /// The client's `report_id`: storage counts a report whose id it has seen before only once.
    public var reportID: String
    /// Whether storage remembers ``reportID`` (``ReportBounds/rememberedReportsPerDay``): a report
    /// past the day's bound is counted without it, so a retry of it would count again.
    public var remembered = true
    /// When the server accepted it (seconds since 1970, UTC); its day is the counting day.
    public var receivedAt: Int64
    public var dimensions: ReportDimensions
    /// Every requested id was missing: the pattern of an agreement, banking/tax or bundle id problem.
    public var allMissing: Bool
    /// The missing ids, each once, with their status; unknown ids past the day's bound are
    /// ``ReportRecord/otherID``.
    public var missing: [MissingProduct]

    /// The id under which unknown ids past the day's bound are counted. Not a valid product id
    /// on either store, so it cannot collide with one.
    public static let otherID = "(other)"

    public init(reportID: String, receivedAt: Int64, dimensions: ReportDimensions, allMissing: Bool, missing: [MissingProduct]) {
        self.reportID = reportID
        self.receivedAt = receivedAt
        self.dimensions = dimensions
        self.allMissing = allMissing
        self.missing = missing
    }

    public var day: ReportDay { ReportDay(secondsSince1970: receivedAt) }

    /// What the record takes in memory while it waits to be written, measured (docs/reliability.md):
    /// a fixed part, its report id, and 48 bytes a missing id — ids, app versions and statuses are
    /// the catalog's or the day's one copy (``ReportNormalizer``), shared by every record.
    public var queuedBytes: Int { 400 + reportID.utf8.count + 48 * missing.count }
}

/// What a report is counted under besides its day and ids (each a bounded vocabulary or a
/// bounded set per day, so that junk cannot grow the database).
public struct ReportDimensions: Sendable, Hashable, Comparable {
    public var appVersion: String
    public var store: ReportedStore
    public var environment: ReportedEnvironment
    /// ISO 3166-1 alpha-2 (`US`) when the storefront is known, else the raw code upper-cased.
    public var storefront: String
    /// As the SDK sent it (upper-cased): `USA` or `US`.
    public var storefrontRaw: String
    /// A served list's path (`products_v2.json`) or `bundle`.
    public var list: String

    public init(
        appVersion: String, store: ReportedStore, environment: ReportedEnvironment, storefront: String, storefrontRaw: String,
        list: String
    ) {
        self.appVersion = appVersion
        self.store = store
        self.environment = environment
        self.storefront = storefront
        self.storefrontRaw = storefrontRaw
        self.list = list
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.appVersion, lhs.store, lhs.environment, lhs.storefront, lhs.storefrontRaw, lhs.list)
            < (rhs.appVersion, rhs.store, rhs.environment, rhs.storefront, rhs.storefrontRaw, rhs.list)
    }
}
