import IAPCatalog

/// A decoded report, checked against what the served catalog says, → the ``ReportRecord`` that is
/// counted: the bundle id must be the catalog's app on the report's store (else 400 naming
/// `/bundle_id`) and the list one the server serves or `bundle` (else 400 naming `/list`); the
/// storefront is normalized to alpha-2 (its raw form kept upper-cased); missing ids are counted
/// once each; and what the catalog does not bound is bounded per UTC day (``ReportBounds``).
///
/// One normalizer serves every event loop: its only state is the day's ``DailyVocabulary``.
public final class ReportNormalizer: Sendable {
    public let bounds: ReportBounds
    private let vocabulary: DailyVocabulary

    public init(bounds: ReportBounds = ReportBounds()) {
        self.bounds = bounds
        vocabulary = DailyVocabulary(bounds: bounds)
    }

    /// The value of `list` that names the list built into the app.
    public static let bundledList = "bundle"

    /// Every alpha-2 code the tables know: the storefronts' and Play's regions.
    private static let knownAlpha2 = Set(AppStoreStorefronts.alpha2.values).union(PlayRegions.currencies.keys)
    private static let knownStatuses = Set(ReportRules.knownStatuses)

    /// The record of `report`, received at `receivedAt` (seconds since 1970, UTC: its day is the
    /// day the bounds count in), or why the served catalog refuses it.
    public func normalize(_ report: FieldReport, facts: CatalogFacts, receivedAt: Int64) throws(ReportProblem) -> ReportRecord {
        let storeName = report.store == .appStore ? "the App Store" : "Google Play"
        guard let appID = facts.appIDs[report.store] else {
            throw .invalid(ReportPointer(.bundleID), "names an app on \(storeName), where this server's catalog has none")
        }
        guard report.bundleID == appID else {
            throw .invalid(ReportPointer(.bundleID), "is not the app this server's catalog is for on \(storeName)")
        }
        let list = report.list.hasPrefix("/") ? String(report.list.dropFirst()) : report.list
        guard list == Self.bundledList || facts.servedLists.contains(list) else {
            let lists = [Self.bundledList] + facts.servedLists.sorted()
            throw .invalid(ReportPointer(.list), "must be one of " + lists.joined(separator: ", "))
        }

        let raw = report.storefront.uppercased()
        let alpha2 = raw.utf8.count == 3 ? AppStoreStorefronts.alpha2[raw] : Self.knownAlpha2.contains(raw) ? raw : nil

        // Each id once, with the status it was first reported with.
        var seen = Set<String>()
        let missing = report.missing.filter { seen.insert($0.id).inserted }
        let unknownIDs = missing.map(\.id).filter { !facts.knows($0) }
        let unknownStatuses = missing.compactMap(\.status).filter { !Self.knownStatuses.contains($0) }
        let kept = vocabulary.admit(
            DailyVocabulary.Request(
                appVersion: report.appVersion, unknownStorefront: alpha2 == nil ? raw : nil, unknownIDs: unknownIDs,
                unknownStatuses: unknownStatuses),
            on: ReportDay(secondsSince1970: receivedAt))

        var keptIDs = kept.unknownIDs.makeIterator()
        var keptStatuses = kept.unknownStatuses.makeIterator()
        var recorded: [MissingProduct] = []
        var hasOther = false
        for product in missing {
            let id = facts.interned(product.id) ?? keptIDs.next()!
            let status = product.status.map { status in
                Self.knownStatuses.firstIndex(of: status).map { Self.knownStatuses[$0] } ?? keptStatuses.next()!
            }
            if id == ReportBounds.other {
                // Past the bound, ids are counted once per report, like every other id.
                guard !hasOther else { continue }
                hasOther = true
            }
            recorded.append(MissingProduct(id: id, status: status))
        }
        let storefront = alpha2 ?? kept.unknownStorefront!
        let dimensions = ReportDimensions(
            appVersion: kept.appVersion, store: report.store, environment: report.environment, storefront: storefront,
            storefrontRaw: alpha2 == nil ? storefront : raw, list: list)
        return vocabulary.admitRows(
            ReportRecord(
                reportID: report.reportID, receivedAt: receivedAt, dimensions: dimensions,
                allMissing: !report.requested.isEmpty && report.requested.allSatisfy(seen.contains), missing: recorded))
    }
}
