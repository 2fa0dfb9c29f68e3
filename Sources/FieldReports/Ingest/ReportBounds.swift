/// How many distinct values a day may bring of what the catalog does not bound, so that junk
/// cannot grow the database: past each bound a new value is counted as ``ReportBounds/other``.
/// Values seen earlier that day keep their own rows. Everything the catalog bounds — its
/// product ids, its served lists, stores, environments, storefronts the tables know, the known
/// statuses — is never bounded.
public struct ReportBounds: Sendable, Equatable {
    /// Product ids the catalog does not know, on any store.
    public var unknownIDsPerDay: Int
    /// App versions (none is known in advance).
    public var appVersionsPerDay: Int
    /// `status` values other than ``ReportRules/knownStatuses``.
    public var unknownStatusesPerDay: Int
    /// Storefront codes neither Apple's storefront table nor Play's region table holds.
    public var unknownStorefrontsPerDay: Int
    /// Rows a day may add to the database (`report_counts` and `missing_counts` together): each
    /// dimension above is bounded, but their combinations are not. Past it, a report that would
    /// add a row is counted under app version, storefront and id `(other)` (its store, environment
    /// and list kept), so a day adds at most this many rows and a few dozen more.
    public var rowsPerDay: Int
    /// Report ids a day's reports leave in the database (`seen_reports`, kept three days, so that a
    /// retry counts once): every accepted report would add one, however well its counts are
    /// bounded. Past it, a report is counted without its id being remembered.
    public var rememberedReportsPerDay: Int

    public init(
        unknownIDsPerDay: Int = 200, appVersionsPerDay: Int = 100, unknownStatusesPerDay: Int = 20, unknownStorefrontsPerDay: Int = 20,
        rowsPerDay: Int = 20_000, rememberedReportsPerDay: Int = 100_000
    ) {
        self.unknownIDsPerDay = unknownIDsPerDay
        self.appVersionsPerDay = appVersionsPerDay
        self.unknownStatusesPerDay = unknownStatusesPerDay
        self.unknownStorefrontsPerDay = unknownStorefrontsPerDay
        self.rowsPerDay = rowsPerDay
        self.rememberedReportsPerDay = rememberedReportsPerDay
    }

    /// What a value past its bound is counted as: ``ReportRecord/otherID``. No storefront or
    /// status can be it (the contract allows no parentheses there); an app version or an id sent
    /// as `(other)` is counted with the values past the bound, which is what it claims to be.
    public static let other = ReportRecord.otherID
}
