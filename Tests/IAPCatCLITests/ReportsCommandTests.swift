import FieldReports
import Foundation
import IAPCatTestSupport
import IAPCatalog
import IAPCatalogServer
import Logging
import Testing

/// `iapcat reports`, run in process (``CLI``): reports written into a SQLite database as the server
/// writes them, the shop catalog of the report tests and its pulled states, the command's output and
/// status.
@Suite struct ReportsCommandTests {
    /// The shop: a product for each cause, relative to the package root (the working directory).
    static let shop = "Tests/FieldReportsTests/Fixtures/shop"
    static let golden = IAPCat.packageRoot + "/" + IAPCat.fixture("golden/reports")

    /// One report: `missing` of the ids asked for, `days` after 2026-11-20 at 08:00 UTC.
    static func report(
        _ missing: [String], version: String = "2.0", store: ReportedStore = .appStore, _ environment: ReportedEnvironment = .production,
        storefront: String = "USA", list: String = "products_v1.json", status: String? = nil, allMissing: Bool = false, days: Int = 0,
        minute: Int = 0
    ) -> ReportRecord {
        let alpha2 = ["USA": "US", "CAN": "CA", "FRA": "FR", "DEU": "DE"]
        return ReportRecord(
            reportID: UUID().uuidString, receivedAt: Int64(20_777 + days) * 86_400 + 8 * 3_600 + Int64(minute) * 60,
            dimensions: ReportDimensions(
                appVersion: version, store: store, environment: environment, storefront: alpha2[storefront] ?? storefront,
                storefrontRaw: storefront, list: list),
            allMissing: allMissing, missing: missing.map { MissingProduct(id: $0, status: status) })
    }

    /// `count` copies of a report, a minute apart.
    static func reports(_ count: Int, _ make: (Int) -> ReportRecord) -> [ReportRecord] { (0..<count).map(make) }

    /// Reports of several causes over three days: a draft in production, a typo, a removed
    /// product, a product the store removed from sale, storefronts outside the availability, a
    /// Play product without an active option, an app version with every id missing, a sandbox-only id.
    static let mixed: [ReportRecord] =
        reports(4) { report(["com.example.shop.gems"], days: $0 % 2, minute: $0) }
        + reports(3) { report(["com.example.shop.Coins"], version: "2.1", minute: $0) }
        + reports(2) { report(["com.example.shop.starter"], version: "1.0", list: "bundle", days: 1, minute: $0) }
        + reports(2) { report(["com.example.shop.vip"], storefront: "CAN", days: 2, minute: $0) }
        + reports(3) { report(["com.example.shop.pass"], storefront: "FRA", days: 2, minute: $0) }
        + reports(2) { report(["film"], store: .googlePlay, storefront: "US", status: "4", days: 1, minute: $0) }
        + reports(5) { report(["com.example.shop.coins", "com.example.shop.boost"], version: "1.9", allMissing: true, minute: $0) }
        + reports(1) { _ in report(["com.example.shop.bundle"], .sandbox, days: 2) }

    /// A folder with `records` in `reports.sqlite`, removed by `body`'s end.
    static func withDatabase<T>(_ records: [ReportRecord], _ body: (String) async throws -> T) async throws -> T {
        let folder = NSTemporaryDirectory() + "iapcat-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try await ReportDatabases.open(
            folder + "/reports.sqlite", logger: Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        _ = try await database.write(records)
        await database.close()
        return try await body(folder + "/reports.sqlite")
    }

    /// `iapcat reports --db DB ARGS…` with the shop's catalog.
    static func run(_ database: String, _ arguments: [String]) async -> IAPCatRun {
        await CLI.run(["reports", "--db", database, "--catalog", shop + "/catalog.yaml"] + arguments)
    }

    /// `name` in the shop's folder.
    static func inShop(_ name: String) -> String { shop + "/" + name }

    /// Without `--db`, the database `serve` writes into (`IAPCAT_REPORTS_DB`); with neither, a usage error.
    @Test func theDatabaseComesFromIAPCATReportsDBAsServeReadsIt() async throws {
        try await Self.withDatabase(Self.mixed) { database async throws in
            let byOption = await Self.run(database, ["--format", "json"])
            let byVariable = await CLI.run(
                ["reports", "--catalog", Self.inShop("catalog.yaml"), "--format", "json"], environment: ["IAPCAT_REPORTS_DB": database])
            #expect(byVariable.status == 0, "\(byVariable.stderr)")
            #expect(byVariable.stdout == byOption.stdout)
            let neither = await CLI.run(["reports", "--catalog", Self.inShop("catalog.yaml")], environment: ["IAPCAT_REPORTS_DB": ""])
            #expect(neither.status == 2)
            #expect(neither.stderr == "iapcat: error: no reports database: pass --db, or set IAPCAT_REPORTS_DB as for `iapcat serve`\n")
        }
    }

    @Test func theFindingsOfADatabaseAgainstTheCatalogAndThePulledStores() async throws {
        try await Self.withDatabase(Self.mixed) { database async throws in
            let run = await Self.run(
                database, ["--observed", Self.inShop("observed-asc.yaml"), "--observed", Self.inShop("observed-play.yaml")])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr == "")
            try Golden.expect(run.stdout, path: Self.golden + "/mixed.txt")
            let json = await Self.run(database, ["--observed", Self.inShop("observed-asc.yaml"), "--format", "json"])
            try Golden.expect(json.stdout, path: Self.golden + "/mixed.json")
            let markdown = await Self.run(database, ["--format", "markdown", "--environment", "sandbox"])
            try Golden.expect(markdown.stdout, path: Self.golden + "/sandbox.md")
            let page = await Self.run(database, ["--format", "html"])
            #expect(page.stdout.hasPrefix("<!DOCTYPE html>\n"))
            #expect(page.stdout.components(separatedBy: "<section class=\"finding\"").count == 10)
            #expect(page.stdout.components(separatedBy: "<section class=\"incident\"").count == 3)
            #expect(page.stdout.contains("data-cause=\"removed_still_listed\""))
        }
    }

    @Test func failOnProductionFailsOnlyOnAFindingFromProduction() async throws {
        try await Self.withDatabase(Self.mixed) { database async throws in
            #expect(await Self.run(database, ["--fail-on", "production"]).status == 1)
            #expect(await Self.run(database, ["--fail-on", "any"]).status == 1)
            #expect(await Self.run(database, ["--fail-on", "never"]).status == 0)
            #expect(await Self.run(database, []).status == 0)
            #expect(await Self.run(database, ["--environment", "sandbox", "--fail-on", "production"]).status == 0)
            #expect(await Self.run(database, ["--environment", "sandbox", "--fail-on", "any"]).status == 1)
            #expect(await Self.run(database, ["--environment", "xcode", "--fail-on", "any"]).status == 0)
        }
    }

    /// The forgeries docs/field-reports.md names: one report makes a product sold everywhere read
    /// "not sold in the storefronts it was reported from", and fails `--fail-on production`. With an
    /// evidence threshold it is held back (counted in the summary), and only what has the reports and
    /// days behind it is listed and fails.
    @Test func anEvidenceThresholdHoldsBackWhatOneSenderCanForge() async throws {
        let forged = [Self.report(["com.example.shop.gems"], storefront: "DEU", days: 2)]
        try await Self.withDatabase(forged) { database async throws in
            let open = await Self.run(database, ["--fail-on", "production"])
            #expect(open.status == 1)
            let held = await Self.run(database, ["--fail-on", "production", "--min-reports", "2"])
            #expect(held.status == 0, "\(held.stderr)")
            #expect(
                held.stdout
                    == "1 report on 2026-11-22: no missing ids with 2 reports behind them. "
                    + "Held back, with fewer than 2 reports behind each: 1 finding (1 from production, 1 report).\n")
        }
        try await Self.withDatabase(Self.mixed) { database async throws in
            let run = await Self.run(database, ["--min-reports", "3", "--min-days", "2", "--fail-on", "production"])
            #expect(run.status == 1)
            #expect(
                run.stdout.hasPrefix(
                    "22 reports from 2026-11-20 to 2026-11-22: 1 finding, 1 from production. Held back, with fewer than 3 reports or 2 "
                        + "days behind each: 2 incidents and 4 findings (6 from production, 18 reports).\n"), "\(run.stdout)")
            #expect(run.stdout.contains("com.example.shop.gems"))
            #expect(!run.stdout.contains("com.example.shop.pass"))
            let json = await Self.run(database, ["--min-reports", "3", "--min-days", "2", "--format", "json"])
            #expect(
                json.stdout.hasSuffix(
                    """
                      ],
                      "held_back": {
                        "min_reports": 3,
                        "min_days": 2,
                        "min_app_versions": 1,
                        "incidents": 2,
                        "findings": 4,
                        "production": 6,
                        "reports": 18
                      }
                    }

                    """), "\(json.stdout.suffix(300))")
            let versions = await Self.run(database, ["--min-app-versions", "2", "--fail-on", "any"])
            #expect(versions.status == 0)
            #expect(
                versions.stdout
                    == "22 reports from 2026-11-20 to 2026-11-22: no missing ids with 2 app versions behind them. Held back, with fewer "
                    + "than 2 app versions behind each: 2 incidents and 5 findings (7 from production, 22 reports).\n", "\(versions.stdout)"
            )
            let none = await Self.run(database, ["--min-reports", "0"])
            #expect(none.status == 2)
            #expect(none.stderr.contains("--min-reports 0 is not a number of at least 1"), "\(none.stderr)")
        }
    }

    @Test func sinceAndEnvironmentSelectTheRowsRead() async throws {
        try await Self.withDatabase(Self.mixed) { database async throws in
            let lastDay = await Self.run(database, ["--since", "2026-11-22"])
            #expect(lastDay.stdout.hasPrefix("6 reports on 2026-11-22: 1 incident (2 ids) and 1 finding, 2 from production.\n"))
            let sandbox = await Self.run(database, ["--environment", "sandbox"])
            #expect(sandbox.stdout.hasPrefix("1 report on 2026-11-22: 1 finding, 0 from production.\n"))
            let none = await Self.run(database, ["--since", "2026-12-01"])
            #expect(none.stdout == "No reports.\n")
            #expect(none.status == 0)
        }
    }

    @Test func storeAndAppVersionSelectTheReportsAndThePageSaysWhichWereKept() async throws {
        try await Self.withDatabase(Self.mixed) { database async throws in
            let play = await Self.run(database, ["--store", "google_play"])
            #expect(play.stdout.hasPrefix("2 reports on 2026-11-21: 1 finding, 1 from production.\n"), "\(play.stdout)")
            let version = await Self.run(database, ["--app-version", "2.1"])
            #expect(version.stdout.hasPrefix("3 reports on 2026-11-20: 1 finding, 1 from production.\n"), "\(version.stdout)")
            let page = await Self.run(
                database, ["--store", "app_store", "--app-version", "2.1", "--environment", "production", "--format", "html"])
            #expect(
                page.stdout.contains(
                    "<p class=\"filter\">Showing environment <strong>production</strong>, store <strong>app_store</strong>, "
                        + "version <strong>2.1</strong>.</p>"))
            #expect(page.stdout.components(separatedBy: "<section class=\"finding\"").count == 2)
            #expect(await !Self.run(database, ["--format", "html"]).stdout.contains("class=\"filter\""))
            let amazon = await Self.run(database, ["--store", "amazon"])
            #expect(amazon.status == 2)
            #expect(amazon.stderr.contains("--store"))
        }
    }

    @Test func whatCannotBeReadIsExit2() async throws {
        let missing = await Self.run(Self.inShop("no-such.sqlite"), [])
        #expect(missing.status == 2)
        #expect(missing.stderr == "iapcat: error: \(Self.shop)/no-such.sqlite: no such reports database\n")
        #expect(!FileManager.default.fileExists(atPath: IAPCat.packageRoot + "/" + Self.inShop("no-such.sqlite")))
        try await Self.withDatabase([]) { database async throws in
            let text = (database as NSString).deletingLastPathComponent + "/not-a-database.sqlite"
            try "not a database\n".write(toFile: text, atomically: true, encoding: .utf8)
            let notADatabase = await Self.run(text, [])
            #expect(notADatabase.status == 2)
            #expect(notADatabase.stderr.hasPrefix("iapcat: error: "))
            #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a database\n")
            let observed = await Self.run(database, ["--observed", Self.inShop("missing.yaml")])
            #expect(observed.status == 2)
            #expect(observed.stderr.contains("\(Self.shop)/missing.yaml"))
            let empty = await Self.run(database, ["--fail-on", "any"])
            #expect(empty.status == 0)
            #expect(empty.stdout == "No reports.\n")
        }
    }

    @Test func aPulledCatalogThatIsNoCatalogIsRefused() async throws {
        try await Self.withDatabase([]) { database async throws in
            let run = await Self.run(database, ["--observed", Self.inShop("lists/products_v1.json")])
            #expect(run.status == 1)
            #expect(run.stderr.contains("\(Self.shop)/lists/products_v1.json cannot be read as a catalog"))
        }
    }

    /// The page `iapcat serve` shows and `iapcat reports` say the same, finding by finding: one
    /// context (the catalog, its lists as their files hold them, the pulled stores) and one
    /// analysis, over one database. A removed product the bundled list no longer names is where
    /// they used to differ (the page did not read the lists: "could not be read").
    @Test func thePageAndTheCommandAgreeFindingByFinding() async throws {
        let today = ReportDay(secondsSince1970: Int64(Date().timeIntervalSince1970))
        // The mixed reports, moved to the last three days.
        let recent = Self.mixed.map { record in
            var record = record
            record.receivedAt += Int64(today.value - 2 - 20_777) * 86_400
            return record
        }
        try await Self.withDatabase(recent) { path async throws in
            let catalogFile = Self.inShop("catalog.yaml"), observed = [Self.inShop("observed-asc.yaml"), Self.inShop("observed-play.yaml")]
            let command = await Self.run(path, ["--format", "json"] + observed.flatMap { ["--observed", $0] })
            #expect(command.status == 0, "\(command.stderr)")
            let catalog = try #require(try CatalogLoader().loadValidated(catalogFile).catalog)
            let database = try await ReportDatabases.open(path, logger: Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() }))
            let snapshot = try await database.read(ReportPageRoute.unfiltered.query(today: today))
            await database.close()
            let context = ReportContext.load(
                catalog: catalog, catalogFile: catalogFile, observed: try observed.map { try ObservedCatalog.read($0) })
            let page = ReportService.analysis(ReportPageRoute.unfiltered, snapshot: snapshot, today: today, context: context)
            #expect(ReportJSONRenderer().render(page) == command.stdout)
            #expect(page.allFindings.count == 9)
            let html = ReportPage().render(page)
            #expect(html.contains("lists/product_ids.plist no longer names it: version 1.0 was built with an older copy"))
            #expect(!html.contains("could not be read"))
        }
    }

    /// The page's row bound is a number of rows, at least one: anything else is a usage error before
    /// the server starts.
    @Test func thePagesRowBoundIsAtLeastOneRow() async throws {
        for value in ["0", "-5", "100000001"] {
            let run = await CLI.run(["serve", "--catalog", "catalogs/example.yaml", "--port", "0", "--reports-page-rows=\(value)"])
            #expect(run.status == 2)
            #expect(run.stderr.contains("--reports-page-rows must be 1-100000000"), "\(run.stderr)")
        }
    }

    /// `serve --reports-observed` reads its pulled catalogs at start, as `reports --observed` does:
    /// one that cannot be read stops the start (exit 2) before the database is opened (and before
    /// logging is set up, which a process does once).
    @Test func servesPulledCatalogsAreReadAtStart() async throws {
        let folder = NSTemporaryDirectory() + "iapcat-serve-observed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = await CLI.run([
            "serve", "--catalog", "catalogs/example.yaml", "--port", "0", "--reports-db", folder + "/reports.sqlite",
            "--reports-observed", Self.inShop("missing.yaml"),
        ])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("iapcat: error: \(Self.shop)/missing.yaml"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/reports.sqlite"))
    }
}
