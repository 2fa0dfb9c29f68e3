import IAPCatTestSupport
import IAPCatalog

@testable import FieldReports

/// The shop catalog of the fixtures, and rows written the way storage reads them back.
enum ReportFixtures {
    static let folder = FixtureDirectory(besideFile: #filePath)

    /// The fixture `name` under Fixtures/, loaded and validated: it must have no errors.
    static func catalog(_ name: String) throws -> Catalog {
        let path = folder.path(name)
        let result = try CatalogLoader().loadValidated(path)
        guard let catalog = result.catalog, !result.hasErrors else {
            throw FixtureError("\(name) has errors: \(result.diagnostics.map(\.message))")
        }
        return catalog
    }

    /// The shop, its lists read from their files, and the observed catalogs named.
    static func context(observed: [String] = []) throws -> ReportContext {
        let shop = try catalog("shop/catalog.yaml")
        return ReportContext(
            catalog: shop, catalogName: "shop/catalog.yaml",
            lists: DeclaredLists.read(catalog: shop, catalogFile: folder.path("shop/catalog.yaml")),
            observed: try observed.map { ObservedCatalog(name: "shop/\($0)", catalog: try catalog("shop/\($0)")) })
    }

    /// 2026-11-20.
    static let day = ReportDay(20_777)

    /// Alpha-2 codes of the alpha-3 storefronts the tests use.
    static let alpha2 = ["USA": "US", "CAN": "CA", "FRA": "FR", "DEU": "DE", "GBR": "GB"]

    static func dimensions(
        _ version: String = "2.0", store: ReportedStore = .appStore, _ environment: ReportedEnvironment = .production,
        storefront: String = "USA", list: String = "products_v1.json"
    ) -> ReportDimensions {
        ReportDimensions(
            appVersion: version, store: store, environment: environment, storefront: alpha2[storefront] ?? storefront,
            storefrontRaw: storefront, list: list)
    }

    static func dimensions(_ environment: ReportedEnvironment, storefront: String = "USA") -> ReportDimensions {
        dimensions("2.0", environment, storefront: storefront)
    }

    /// `count` reports naming `id` missing under `dimensions`, `days` after 2026-11-20, seen from 08:00 to 09:30.
    static func missing(_ id: String, _ count: Int64, _ dimensions: ReportDimensions, status: String = "", days: Int = 0) -> MissingRow {
        let day = ReportDay(day.value + days)
        let start = Int64(day.value) * 86_400
        return MissingRow(
            day: day, dimensions: dimensions, productID: id, status: status, count: count, firstSeen: start + 8 * 3_600,
            lastSeen: start + 9 * 3_600 + 1_800)
    }

    /// `reports` reports under `dimensions`, `allMissing` of them with every id missing.
    static func tally(_ reports: Int64, allMissing: Int64 = 0, _ dimensions: ReportDimensions, days: Int = 0) -> TallyRow {
        let day = ReportDay(day.value + days)
        let start = Int64(day.value) * 86_400
        return TallyRow(
            day: day, dimensions: dimensions, reports: reports, allMissing: allMissing, firstSeen: start + 8 * 3_600,
            lastSeen: start + 9 * 3_600 + 1_800)
    }

    /// The rows' snapshot, with a tally per cell counting as many reports as the most reported id of the cell.
    static func snapshot(_ rows: [MissingRow], tallies: [TallyRow]? = nil) -> ReportSnapshot {
        if let tallies { return ReportSnapshot(missing: rows, tallies: tallies) }
        var cells: [String: TallyRow] = [:]
        for row in rows {
            let key = "\(row.day.value)|\(row.dimensions)"
            var tally = cells[key] ?? Self.tally(0, row.dimensions, days: row.day.value - day.value)
            tally.reports = max(tally.reports, row.count)
            cells[key] = tally
        }
        return ReportSnapshot(
            missing: rows, tallies: cells.values.sorted { "\($0.day.value)|\($0.dimensions)" < "\($1.day.value)|\($1.dimensions)" })
    }

    /// The findings of `rows` against the shop (and `observed`).
    static func findings(_ rows: [MissingRow], tallies: [TallyRow]? = nil, observed: [String] = []) throws -> [Finding] {
        ReportAnalyzer(context: try context(observed: observed)).analyze(snapshot(rows, tallies: tallies)).findings
    }

    /// The one finding's text.
    static func text(_ rows: [MissingRow], tallies: [TallyRow]? = nil, observed: [String] = []) throws -> String {
        let findings = try findings(rows, tallies: tallies, observed: observed)
        guard findings.count == 1 else { throw FixtureError("\(findings.count) findings: \(findings.map(\.name))") }
        return ReportTextRenderer().details(findings[0])
    }
}
