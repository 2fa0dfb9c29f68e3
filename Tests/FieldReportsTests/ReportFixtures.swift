import Foundation
import IAPCatTestSupport
import IAPCatalog
import Logging

@testable import FieldReports

/// The shop catalog of the fixtures, and rows as storage reads them back: written as reports into SQLite.
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

    /// The reports behind `rows` — for each day and dimensions, as many reports as the most
    /// reported id's count; report `i` of `n` names the ids reported at least `n - i` times, so every
    /// id is in the last one (09:30) and the first ones came at 08:00 — and `allMissing` of them
    /// (from `tallies`, by cell) said every id was missing, written into a new SQLite database and
    /// read back.
    static func snapshot(_ rows: [MissingRow], tallies: [TallyRow]? = nil) async throws -> ReportSnapshot {
        struct Cell: Hashable {
            var day: ReportDay
            var dimensions: ReportDimensions
        }
        var cells: [Cell: [MissingRow]] = [:]
        for row in rows { cells[Cell(day: row.day, dimensions: row.dimensions), default: []].append(row) }
        var records: [ReportRecord] = []
        for (cell, rows) in cells {
            let reports = Int(rows.map(\.count).max() ?? 0)
            let allMissing = tallies?.first { $0.day == cell.day && $0.dimensions == cell.dimensions }?.allMissing ?? 0
            let start = Int64(cell.day.value) * 86_400
            for index in 0..<reports {
                let missing = rows.filter { Int($0.count) >= reports - index }.map {
                    MissingProduct(id: $0.productID, status: $0.status.isEmpty ? nil : $0.status)
                }
                records.append(
                    ReportRecord(
                        reportID: "r\(records.count)", receivedAt: start + (index == reports - 1 ? 9 * 3_600 + 1_800 : 8 * 3_600),
                        dimensions: cell.dimensions, allMissing: index < allMissing, missing: missing))
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-report-fixtures-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try await ReportDatabases.open(
            folder + "/reports.sqlite", logger: Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        _ = try await database.write(records)
        let snapshot = try await database.read(ReportQuery())
        await database.close()
        return snapshot
    }

    /// The rows as they are, with a tally per cell counting as many reports as the most reported id
    /// of the cell: for what no database would hold (counts near the largest Int64), and for speed.
    static func memorySnapshot(_ rows: [MissingRow]) -> ReportSnapshot {
        var cells: [String: TallyRow] = [:]
        for row in rows {
            let key = "\(row.day.value)|\(row.dimensions)"
            var tally = cells[key] ?? Self.tally(0, row.dimensions, days: row.day.value - day.value)
            tally.reports = max(tally.reports, row.count)
            cells[key] = tally
        }
        return ReportSnapshot(missing: rows, tallies: cells.sorted { $0.key < $1.key }.map(\.value))
    }

    /// The findings of `rows` against the shop (and `observed`).
    static func findings(_ rows: [MissingRow], tallies: [TallyRow]? = nil, observed: [String] = []) async throws -> [Finding] {
        ReportAnalyzer(context: try context(observed: observed)).analyze(try await snapshot(rows, tallies: tallies)).findings
    }

    /// The one finding's text.
    static func text(_ rows: [MissingRow], tallies: [TallyRow]? = nil, observed: [String] = []) async throws -> String {
        let findings = try await findings(rows, tallies: tallies, observed: observed)
        guard findings.count == 1 else { throw FixtureError("\(findings.count) findings: \(findings.map(\.name))") }
        return ReportTextRenderer().details(findings[0])
    }
}
