import FieldReports
import Foundation
import IAPCatTestSupport
import Logging
import Testing

/// `catalogs/example/reports.sqlite`, the reports docs/reports.md and `iapcat reports --help` read:
/// it holds exactly the reports below, as the server writes them. `IAPCAT_RECORD_GOLDENS=1`
/// writes it again.
@Suite struct ExampleReportsDatabaseTests {
    static let path = IAPCat.packageRoot + "/catalogs/example/reports.sqlite"

    /// `count` reports against the example catalog, on 2026-11-20 plus `day`, a minute apart from 08:00 UTC.
    static func reports(
        _ count: Int, _ missing: [String], version: String, store: ReportedStore = .appStore,
        _ environment: ReportedEnvironment = .production,
        storefront: String = "USA", list: String, status: String? = nil, allMissing: Bool = false, day: Int
    ) -> [ReportRecord] {
        let alpha2 = ["USA": "US", "DEU": "DE", "JPN": "JP"]
        return (0..<count).map { index in
            ReportRecord(
                reportID: "example-\(day)-\(version)-\(environment)-\(storefront)-\(missing.first ?? "")-\(index)",
                receivedAt: Int64(20_777 + day) * 86_400 + 8 * 3_600 + Int64(index) * 60,
                dimensions: ReportDimensions(
                    appVersion: version, store: store, environment: environment, storefront: alpha2[storefront] ?? storefront,
                    storefrontRaw: storefront, list: list),
                allMissing: allMissing, missing: missing.map { MissingProduct(id: $0, status: status) })
        }
    }

    /// Three days of an app whose production 3.0 reads the sandbox list, with a typo in 2.4, a
    /// removed product bundled in 1.9, a Play product asked for where it is not sold, a 2.2 that
    /// gets nothing, a 3.3 shipping three ids the catalog does not know, an Android 4.0 asking
    /// for one subscription at a time with a typo in its id (Play says 3), Xcode's StoreKit
    /// testing and a sandbox miss nothing explains.
    static let records: [ReportRecord] =
        (0..<3).flatMap { day in
            reports(1, ["com.example.cosmicquest.premium.yearly"], version: "3.0", storefront: "DEU", list: "products_v2.json", day: day)
                + reports(1, ["com.example.cosmicquest.premium.yearly"], version: "3.0", list: "products_v2.json", day: day)
        }
        + reports(3, ["com.example.cosmicquest.Coins.small"], version: "2.4", list: "products_v1.json", day: 1)
        + reports(2, ["com.example.cosmicquest.coins.huge"], version: "1.9", storefront: "JPN", list: "bundle", day: 0)
        + reports(
            2, ["film.making_of"], version: "3.0", store: .googlePlay, storefront: "FR", list: "products_v2.json", status: "4", day: 2)
        + reports(
            4, ["com.example.cosmicquest.coins.small", "com.example.cosmicquest.level.nebula", "com.example.cosmicquest.season_pass.2026"],
            version: "2.2", list: "products_v1.json", allMissing: true, day: 2)
        + reports(
            2, ["com.example.cosmicquest.gems.small", "com.example.cosmicquest.gems.medium", "com.example.cosmicquest.gems.large"],
            version: "3.3", list: "products_v2.json", day: 2)
        + reports(
            3, ["com.example.cosmicquest.premium.montly"], version: "4.0", store: .googlePlay, storefront: "US", list: "products_v2.json",
            status: "3", allMissing: true, day: 2)
        + reports(1, ["com.example.cosmicquest.premium.monthly"], version: "3.1", .xcode, list: "bundle", day: 1)
        + reports(1, ["com.example.cosmicquest.season_pass.2026"], version: "3.1", .sandbox, list: "products_v2.json", day: 2)

    static func snapshot(of path: String) async throws -> ReportSnapshot {
        let database = try await ReportDatabases.open(path, logger: Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        let snapshot = try await database.read(ReportQuery())
        await database.close()
        return snapshot
    }

    @Test func theExampleDatabaseHoldsTheExampleReports() async throws {
        let folder = NSTemporaryDirectory() + "iapcat-example-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fresh = folder + "/fresh.sqlite"
        let database = try await ReportDatabases.open(fresh, logger: Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        #expect(try await database.write(Self.records) == Self.records.count)
        await database.close()
        if Golden.isRecording {
            try? FileManager.default.removeItem(atPath: Self.path)
            try FileManager.default.copyItem(atPath: fresh, toPath: Self.path)
        }
        // A copy is read: opening a database may write to it.
        let copy = folder + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: Self.path, toPath: copy)
        let expected = try await Self.snapshot(of: fresh)
        #expect(try await Self.snapshot(of: copy) == expected)
        #expect(expected.tallies.reduce(0) { $0 + $1.reports } == 24)
    }
}
