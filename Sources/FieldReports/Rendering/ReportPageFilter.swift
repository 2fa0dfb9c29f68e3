/// What the page says of the filter its reports went through (``ReportFilter``), under the
/// summary: on the server, a row of links per parameter — `all` and each value the reports hold,
/// the current one in bold — and the current filter with a link that clears each part; in a file
/// (`iapcat reports --format html`), which has nowhere to link to, the current filter as text.
/// Links are relative queries (`?environment=production&period=7d`) that keep the other
/// parameters; their values are percent-encoded, then escaped like every other value.
public struct ReportPageFilter: Sendable {
    /// The filter the page's reports went through.
    public var filter: ReportFilter
    /// The day a period ends on (UTC).
    public var today: ReportDay
    /// The values offered as links; nil: the filter is only stated.
    public var choices: Choices?

    /// The values each parameter is offered with: those the unfiltered reports hold.
    public struct Choices: Sendable, Equatable {
        /// In ``ReportedEnvironment``'s order.
        public var environments: [ReportedEnvironment]
        public var stores: [ReportedStore]
        /// The most reported versions (``versionLimit``), newest first.
        public var versions: [String]
        /// Versions the reports hold that are not offered (`version=` still asks for one).
        public var otherVersions: Int
        /// The periods offered, in days.
        public var periods: [Int]
        /// The page's whole span, in days: the period when none is asked for.
        public var defaultDays: Int

        /// Versions offered at most.
        public static let versionLimit = 10

        /// The values of `snapshot` (the reports before any filter), with `periods` of at most `defaultDays`.
        public init(snapshot: ReportSnapshot, periods: [Int], defaultDays: Int) {
            var environments: Set<ReportedEnvironment> = []
            var stores: Set<ReportedStore> = []
            var reports: [String: Int64] = [:]
            for row in snapshot.tallies {
                environments.insert(row.dimensions.environment)
                stores.insert(row.dimensions.store)
                reports[row.dimensions.appVersion, default: 0].saturatingAdd(max(row.reports, 0))
            }
            for row in snapshot.missing {
                environments.insert(row.dimensions.environment)
                stores.insert(row.dimensions.store)
                if reports[row.dimensions.appVersion] == nil { reports[row.dimensions.appVersion] = 0 }
            }
            self.environments = ReportedEnvironment.allCases.filter(environments.contains)
            self.stores = ReportedStore.allCases.filter(stores.contains)
            let newestFirst = { (a: String, b: String) in AppVersionOrder.precedes(b, a) }
            let mostReported = reports.sorted { $0.value != $1.value ? $0.value > $1.value : newestFirst($0.key, $1.key) }
            versions = mostReported.prefix(Self.versionLimit).map(\.key).sorted(by: newestFirst)
            otherVersions = reports.count - versions.count
            self.periods = periods.filter { (1...defaultDays).contains($0) }
            self.defaultDays = defaultDays
        }
    }

    /// The filter `filter`, its period ending on `today`, with links to `choices` when given.
    public init(filter: ReportFilter, today: ReportDay, choices: Choices? = nil) {
        self.filter = filter
        self.today = today
        self.choices = choices
    }

    /// The days the page's summary and chart span: the period's, else those of `data`.
    func days(data: ClosedRange<ReportDay>?) -> ClosedRange<ReportDay>? {
        filter.days(today: today, data: data) ?? data
    }

    /// Whether reports exist that the filter left out, as far as the page knows: on the server,
    /// any report in its span; in a file, any filter at all.
    var leavesReportsOut: Bool {
        guard let choices else { return filter != ReportFilter() }
        return !choices.environments.isEmpty
    }

    /// The filter as HTML: a `<nav>` of links with choices, else a line saying what was kept ("" for none).
    func html() -> String {
        guard let choices else {
            let parts = stated(clearing: nil)
            return parts.isEmpty ? "" : "<p class=\"filter\">Showing " + parts.joined(separator: ", ") + ".</p>\n"
        }
        var out = "<nav class=\"filters\" aria-label=\"Filter the reports\">\n"
        let environments = Self.with(filter.environment, choices.environments)
        out += facet("Environment", all: "all", current: filter.environment?.rawValue, values: environments.map(\.rawValue)) {
            var changed = filter
            changed.environment = $0.flatMap(ReportedEnvironment.init(rawValue:))
            return changed
        }
        out += facet("Store", all: "both", current: filter.store?.rawValue, values: Self.with(filter.store, choices.stores).map(\.rawValue))
        {
            var changed = filter
            changed.store = $0.flatMap(ReportedStore.init(rawValue:))
            return changed
        }
        var versions = choices.versions
        if let version = filter.appVersion, !versions.contains(version) { versions.append(version) }
        out += facet(
            "Version", all: "all", current: filter.appVersion, values: versions,
            note: choices.otherVersions > 0 ? "\(choices.otherVersions) more (version=…)" : nil
        ) {
            var changed = filter
            changed.appVersion = $0
            return changed
        }
        let days = choices.periods + [choices.defaultDays]
        var periods = Array(Set(days)).sorted()
        if case .lastDays(let current)? = filter.period, !periods.contains(current) { periods = (periods + [current]).sorted() }
        out += facet("Period", all: nil, current: filter.period?.text, values: periods.map { "\($0)d" }) {
            var changed = filter
            changed.period = $0.flatMap { ReportFilter.Period($0) }
            return changed
        }
        let parts = stated(clearing: choices.defaultDays)
        if parts.isEmpty {
            out += "<p class=\"current\">Showing every report of the last \(choices.defaultDays) days.</p>\n"
        } else {
            out +=
                "<p class=\"current\">Showing " + parts.joined(separator: ", ")
                + ". <a href=\"\(href(ReportFilter(period: .lastDays(choices.defaultDays))))\">Clear all</a></p>\n"
        }
        return out + "</nav>\n"
    }

    /// `current` first among `values` when the reports do not hold it.
    private static func with<T: Equatable>(_ current: T?, _ values: [T]) -> [T] {
        guard let current, !values.contains(current) else { return values }
        return [current] + values
    }

    /// One row of links: the parameter's name, `all` (no value), then each value; the current one in bold.
    private func facet(
        _ name: String, all: String?, current: String?, values: [String], note: String? = nil,
        _ choosing: (String?) -> ReportFilter
    ) -> String {
        var items: [String] = []
        if let all {
            items.append(current == nil ? "<strong aria-current=\"true\">\(all)</strong>" : link(choosing(nil), all))
        }
        for value in values {
            items.append(
                value == current ? "<strong aria-current=\"true\">\(ReportPage.html(value))</strong>" : link(choosing(value), value))
        }
        if let note { items.append("<span class=\"more\">\(ReportPage.html(note))</span>") }
        return "<p class=\"facet\"><span class=\"name\">\(name)</span> " + items.joined(separator: " ") + "</p>\n"
    }

    /// Each part of the filter as text (`environment <strong>production</strong>`), with a link
    /// that clears it when `defaultDays` is given (a period of that many days is no filter then).
    private func stated(clearing defaultDays: Int?) -> [String] {
        var parts: [String] = []
        func add(_ text: String, _ cleared: ReportFilter) {
            parts.append(defaultDays == nil ? text : text + " (\(link(cleared, "clear")))")
        }
        if let environment = filter.environment {
            var cleared = filter
            cleared.environment = nil
            add("environment <strong>\(environment.rawValue)</strong>", cleared)
        }
        if let store = filter.store {
            var cleared = filter
            cleared.store = nil
            add("store <strong>\(store.rawValue)</strong>", cleared)
        }
        if let version = filter.appVersion {
            var cleared = filter
            cleared.appVersion = nil
            add("version <strong>\(ReportPage.html(version))</strong>", cleared)
        }
        if let period = filter.period, period != defaultDays.map(ReportFilter.Period.lastDays) {
            var cleared = filter
            cleared.period = defaultDays.map(ReportFilter.Period.lastDays)
            switch period {
            case .lastDays(let days): add("the last <strong>\(days == 1 ? "day" : "\(days) days")</strong>", cleared)
            case .since(let day): add("since <strong>\(day)</strong>", cleared)
            }
        }
        return parts
    }

    private func link(_ target: ReportFilter, _ text: String) -> String {
        "<a href=\"\(href(target))\">\(ReportPage.html(text))</a>"
    }

    private func href(_ target: ReportFilter) -> String {
        HTMLText.escape(ReportPageQuery.string(target, defaultDays: choices?.defaultDays ?? 0))
    }
}
