/// What storage holds, as read back: one row per day × dimensions × id × status (how often that
/// id was reported missing), and one per day × dimensions (how many reports, how many said every
/// id was missing). First and last seen are seconds since 1970, UTC.
public struct MissingRow: Sendable, Equatable {
    public var day: ReportDay
    public var dimensions: ReportDimensions
    public var productID: String
    /// "" when the SDK gave none.
    public var status: String
    public var count: Int64
    public var firstSeen: Int64
    public var lastSeen: Int64
    /// How many of those ``count`` reports said every id they requested was missing (0 in rows
    /// written before the database counted it, schema version 1).
    public var allMissing: Int64

    public init(
        day: ReportDay, dimensions: ReportDimensions, productID: String, status: String, count: Int64, firstSeen: Int64, lastSeen: Int64,
        allMissing: Int64 = 0
    ) {
        self.day = day
        self.dimensions = dimensions
        self.productID = productID
        self.status = status
        self.count = count
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.allMissing = allMissing
    }
}

/// Reports per day × dimensions.
public struct TallyRow: Sendable, Equatable {
    public var day: ReportDay
    public var dimensions: ReportDimensions
    public var reports: Int64
    /// Reports in which every requested id was missing.
    public var allMissing: Int64
    public var firstSeen: Int64
    public var lastSeen: Int64

    public init(day: ReportDay, dimensions: ReportDimensions, reports: Int64, allMissing: Int64, firstSeen: Int64, lastSeen: Int64) {
        self.day = day
        self.dimensions = dimensions
        self.reports = reports
        self.allMissing = allMissing
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }
}

/// Everything a query returned: what `iapcat reports` and the page explain.
public struct ReportSnapshot: Sendable, Equatable {
    public var missing: [MissingRow]
    public var tallies: [TallyRow]

    public init(missing: [MissingRow], tallies: [TallyRow]) {
        self.missing = missing
        self.tallies = tallies
    }
}

/// Which rows to read.
public struct ReportQuery: Sendable, Equatable {
    /// From this day on (inclusive); nil for all.
    public var since: ReportDay?
    /// Only this environment; nil for all.
    public var environment: ReportedEnvironment?

    public init(since: ReportDay? = nil, environment: ReportedEnvironment? = nil) {
        self.since = since
        self.environment = environment
    }
}
