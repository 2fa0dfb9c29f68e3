import IAPCatalog

/// What the reports behind a finding add up to: how often, when, from which app versions,
/// storefronts, environments and lists, with which statuses, and per day (the page's chart).
public struct FindingStats: Sendable, Equatable {
    /// How often the id was reported missing (for an app version's finding: its reports in which
    /// every requested id was missing).
    public var count: Int64 = 0
    /// How many reports were counted under the same days and dimensions: the reports that could
    /// have named the id.
    public var reports: Int64 = 0
    /// Seconds since 1970, UTC.
    public var firstSeen: Int64 = .max
    public var lastSeen: Int64 = .min
    /// In ``AppVersionOrder``.
    public var appVersions: [String] = []
    /// As the store names them: App Store storefronts alpha-3 (`USA`), Play regions alpha-2 (`US`); sorted.
    public var storefronts: [String] = []
    /// ``count`` per environment.
    public var environments: [ReportedEnvironment: Int64] = [:]
    /// ``count`` per status the SDK gave ("" when none).
    public var statuses: [String: Int64] = [:]
    /// The lists the ids came from, sorted.
    public var lists: [String] = []
    /// ``count`` per day.
    public var perDay: [ReportDay: Int64] = [:]

    public init() {}

    /// The environments, in ``ReportedEnvironment``'s order, with their counts.
    public var environmentCounts: [(environment: ReportedEnvironment, count: Int64)] {
        ReportedEnvironment.allCases.compactMap { environment in environments[environment].map { (environment, $0) } }
    }

    /// The statuses, sorted, with their counts.
    public var statusCounts: [(status: String, count: Int64)] {
        statuses.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The first and the last day with a report.
    public var days: ClosedRange<ReportDay>? {
        guard let first = perDay.keys.min(), let last = perDay.keys.max() else { return nil }
        return first...last
    }
}

extension FindingStats {
    /// Adds up `count` reports under `dimensions` on `day`, seen from `firstSeen` to `lastSeen`.
    mutating func add(
        count: Int64, day: ReportDay, dimensions: ReportDimensions, status: String?, firstSeen: Int64, lastSeen: Int64,
        into sets: inout FindingSets
    ) {
        self.count.saturatingAdd(count)
        self.firstSeen = min(self.firstSeen, firstSeen)
        self.lastSeen = max(self.lastSeen, lastSeen)
        environments[dimensions.environment, default: 0].saturatingAdd(count)
        if let status { statuses[status, default: 0].saturatingAdd(count) }
        perDay[day, default: 0].saturatingAdd(count)
        sets.appVersions.insert(dimensions.appVersion)
        sets.storefronts.insert(dimensions.storeStorefront)
        sets.lists.insert(dimensions.list)
    }

    /// Writes the sets gathered while adding up, in their orders.
    mutating func close(_ sets: FindingSets) {
        appVersions = sets.appVersions.sorted(by: AppVersionOrder.precedes)
        storefronts = sets.storefronts.sorted()
        lists = sets.lists.sorted()
    }
}

/// The sets ``FindingStats`` gathers before they are sorted into it.
struct FindingSets {
    var appVersions: Set<String> = []
    var storefronts: Set<String> = []
    var lists: Set<String> = []
}

extension ReportDimensions {
    /// The storefront as its store names it: on the App Store the alpha-3 code App Store Connect's
    /// territories use (`USA`: as sent, or of the alpha-2 code an app sent), on Google Play the
    /// alpha-2 region (`US`).
    public var storeStorefront: String {
        guard store == .appStore else { return storefront }
        if AppStoreStorefronts.codes.contains(storefrontRaw) { return storefrontRaw }
        return Self.alpha3[storefront] ?? storefrontRaw
    }

    /// App Store storefronts by their alpha-2 code.
    private static let alpha3 = Dictionary(AppStoreStorefronts.alpha2.map { ($0.value, $0.key) }, uniquingKeysWith: min)
}
