import Testing

@testable import FieldReports

/// ``ReportFilter``: the one selection of reports `iapcat reports` and the page both apply, and
/// the page's query that names it (``ReportPageQuery``).
@Suite struct ReportFilterTests {
    typealias F = ReportFixtures

    /// 2026-11-22: two days after the fixtures' first.
    static let today = ReportDay(F.day.value + 2)

    /// One row of each kind in each store, version and environment, over three days.
    static let snapshot = F.memorySnapshot([
        F.missing("com.example.shop.gems", 3, F.dimensions()),
        F.missing("com.example.shop.gems", 2, F.dimensions(.sandbox), days: 1),
        F.missing("com.example.shop.pass", 1, F.dimensions("2.1"), days: 2),
        F.missing("coins", 4, F.dimensions(store: .googlePlay, storefront: "FR"), days: 2),
    ])

    static func kept(_ filter: ReportFilter) -> [String] {
        let kept = filter.apply(to: snapshot, today: today)
        #expect(kept.tallies.allSatisfy { tally in kept.missing.contains { $0.day == tally.day && $0.dimensions == tally.dimensions } })
        return kept.missing.map { "\($0.productID) \($0.dimensions.appVersion) \($0.dimensions.environment) \($0.day)" }
    }

    @Test func eachPartKeepsOnlyTheRowsItNamesTalliesAndMissingIdsAlike() {
        #expect(Self.kept(ReportFilter()).count == 4)
        #expect(Self.kept(ReportFilter(environment: .sandbox)) == ["com.example.shop.gems 2.0 sandbox 2026-11-21"])
        #expect(Self.kept(ReportFilter(store: .googlePlay)) == ["coins 2.0 production 2026-11-22"])
        #expect(Self.kept(ReportFilter(appVersion: "2.1")) == ["com.example.shop.pass 2.1 production 2026-11-22"])
        #expect(Self.kept(ReportFilter(appVersion: "2")) == [])
        #expect(
            Self.kept(ReportFilter(period: .lastDays(2)))
                == [
                    "com.example.shop.gems 2.0 sandbox 2026-11-21", "com.example.shop.pass 2.1 production 2026-11-22",
                    "coins 2.0 production 2026-11-22",
                ])
        #expect(Self.kept(ReportFilter(period: .since(Self.today))).count == 2)
        #expect(
            Self.kept(ReportFilter(environment: .production, store: .appStore, appVersion: "2.0", period: .lastDays(3))) == [
                "com.example.shop.gems 2.0 production 2026-11-20"
            ])
        #expect(ReportFilter(environment: .production, store: .appStore).apply(to: Self.snapshot, today: Self.today).tallies.count == 2)
    }

    @Test func theDatabaseIsAskedOnlyForTheDaysAndTheEnvironment() {
        #expect(ReportFilter().query(today: Self.today) == ReportQuery())
        #expect(
            ReportFilter(environment: .xcode, store: .googlePlay, appVersion: "3", period: .lastDays(7)).query(today: Self.today)
                == ReportQuery(since: ReportDay(Self.today.value - 6), environment: .xcode))
        #expect(ReportFilter(period: .since(F.day)).query(today: Self.today) == ReportQuery(since: F.day))
    }

    @Test func aPeriodSpansItsFirstDayToTodayOrToALaterReport() {
        #expect(ReportFilter().days(today: Self.today) == nil)
        #expect(ReportFilter(period: .lastDays(1)).days(today: Self.today) == Self.today...Self.today)
        #expect(ReportFilter(period: .lastDays(3)).days(today: Self.today) == F.day...Self.today)
        let later = ReportDay(Self.today.value + 5)
        #expect(ReportFilter(period: .lastDays(3)).days(today: Self.today, data: F.day...later) == F.day...later)
        // A first day after today spans that day alone.
        #expect(ReportFilter(period: .since(later)).days(today: Self.today) == later...later)
    }

    @Test func aPeriodIsWrittenAsSinceTakesIt() {
        #expect(ReportFilter.Period("7d") == .lastDays(7))
        #expect(ReportFilter.Period("07d") == .lastDays(7))
        #expect(ReportFilter.Period("100000d") == .lastDays(100_000))
        #expect(ReportFilter.Period("2026-11-20") == .since(F.day))
        for bad in ["0d", "-3d", "+3d", "d", "7", "100001d", "2026-02-30", "2026-1-01", "yesterday", ""] {
            #expect(ReportFilter.Period(bad) == nil, "\(bad)")
        }
        #expect(ReportFilter.Period.lastDays(7).text == "7d")
        #expect(ReportFilter.Period.since(F.day).text == "2026-11-20")
    }

    // MARK: The page's query

    static func parse(_ query: String?) -> Result<ReportFilter, ReportPageQuery.Problem> {
        ReportPageQuery.parse(query.map { Substring($0) }, defaultDays: 30)
    }

    @Test func aQueryNamesTheFilterAndNoPeriodIsThePagesWholeSpan() {
        let whole = ReportFilter(period: .lastDays(30))
        for same in [nil, "", "&", "&&", "period=30d"] { #expect(Self.parse(same) == .success(whole), "\(same ?? "nil")") }
        #expect(
            Self.parse("environment=production&store=google_play&version=3.2&period=7d")
                == .success(ReportFilter(environment: .production, store: .googlePlay, appVersion: "3.2", period: .lastDays(7))))
        // In any order; percent-encoded as forms are, `+` a space.
        #expect(Self.parse("period=1d&version=2.4.1+(381)") == .success(ReportFilter(appVersion: "2.4.1 (381)", period: .lastDays(1))))
        #expect(Self.parse("version=2.4.1%20%28381%29%2B") == .success(ReportFilter(appVersion: "2.4.1 (381)+", period: .lastDays(30))))
        #expect(Self.parse("ver%73ion=1") == .success(ReportFilter(appVersion: "1", period: .lastDays(30))))
        #expect(Self.parse("version=" + String(repeating: "9", count: 64)).map(\.appVersion?.count) == .success(64))
    }

    @Test func aQueryThatBreaksARuleIsRefusedNamingOnlyThePagesOwnWords() {
        let refused: [(String, ReportPageQuery.Problem)] = [
            (String(repeating: "a", count: 1_025), .tooLong),
            ("environment", .notNameAndValue),
            ("store=app_store&period", .notNameAndValue),
            ("version=%4", .badEncoding), ("version=%G0", .badEncoding), ("version=%E9", .badEncoding),
            ("env=production", .unknownName), ("Environment=production", .unknownName), ("<script>=1", .unknownName),
            ("store=app_store&store=app_store", .repeated("store")), ("period=7d&period=30d", .repeated("period")),
            ("environment=Production", .invalidValue("environment")), ("environment=", .invalidValue("environment")),
            ("store=appstore", .invalidValue("store")), ("version=", .invalidValue("version")),
            ("version=" + String(repeating: "9", count: 65), .invalidValue("version")), ("version=%0A", .invalidValue("version")),
            ("version=%C3%A9", .invalidValue("version")), ("period=0d", .invalidValue("period")), ("period=31d", .invalidValue("period")),
            ("period=07d", .invalidValue("period")), ("period=7", .invalidValue("period")), ("period=2026-11-20", .invalidValue("period")),
            ("period=%2B7d", .invalidValue("period")),
        ]
        for (query, problem) in refused { #expect(Self.parse(query) == .failure(problem), "\(query)") }
        #expect(
            refused.map(\.1.detail) == [
                "the query is longer than 1024 bytes", "each parameter must be name=value", "each parameter must be name=value",
                "a % must be followed by two hexadecimal digits, and the result must be UTF-8",
                "a % must be followed by two hexadecimal digits, and the result must be UTF-8",
                "a % must be followed by two hexadecimal digits, and the result must be UTF-8",
                "the parameters are environment, store, version, period; no other is taken",
                "the parameters are environment, store, version, period; no other is taken",
                "the parameters are environment, store, version, period; no other is taken", "store is given more than once",
                "period is given more than once", "environment must be production, sandbox, xcode, unknown",
                "environment must be production, sandbox, xcode, unknown", "store must be app_store or google_play",
                "version must be 1 to 64 printable ASCII characters", "version must be 1 to 64 printable ASCII characters",
                "version must be 1 to 64 printable ASCII characters", "version must be 1 to 64 printable ASCII characters",
                "period must be a number of days followed by d (7d), from 1d to the days the page holds",
                "period must be a number of days followed by d (7d), from 1d to the days the page holds",
                "period must be a number of days followed by d (7d), from 1d to the days the page holds",
                "period must be a number of days followed by d (7d), from 1d to the days the page holds",
                "period must be a number of days followed by d (7d), from 1d to the days the page holds",
                "period must be a number of days followed by d (7d), from 1d to the days the page holds",
            ])
    }

    @Test func aLinkAsksForItsFilterExactlyWhateverTheVersionHolds() {
        #expect(ReportPageQuery.string(ReportFilter(period: .lastDays(30)), defaultDays: 30) == "?")
        #expect(
            ReportPageQuery.string(
                ReportFilter(environment: .sandbox, store: .appStore, appVersion: "2.4.1 (381)", period: .lastDays(7)), defaultDays: 30)
                == "?environment=sandbox&store=app_store&version=2.4.1%20%28381%29&period=7d")
        for version in ["1.0 &<>\"'+%=#?", "~-._", "(other)", String(repeating: "z", count: 64)] {
            let filter = ReportFilter(appVersion: version, period: .lastDays(1))
            let query = ReportPageQuery.string(filter, defaultDays: 30)
            #expect(query.allSatisfy { $0.isLetter || $0.isNumber || "?=&%-._~".contains($0) }, "\(query)")
            #expect(Self.parse(String(query.dropFirst())) == .success(filter), "\(version)")
        }
    }
}
