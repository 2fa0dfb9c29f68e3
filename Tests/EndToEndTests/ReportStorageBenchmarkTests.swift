import Foundation
import IAPCatTestSupport
import Logging
import ReportStorageChecks
import Testing

@testable import FieldReports

/// `Benchmarks/reports-storage.sh`: reports through ``ReportWriter`` into SQLite and into
/// PostgreSQL (a server of the test's own, durable settings), as fast as the writer takes them:
/// sustained reports/s, CPU per 100,000 reports (this process; for PostgreSQL also the server's
/// processes), and the database's size afterwards. Runs only with IAPCAT_REPORTS_BENCHMARK=1 (not
/// in `swift test`); IAPCAT_REPORTS=N sets the number of reports (default 1,000,000).
///
/// The mix, one app over ten days (100,000 reports a day): 5 app versions, both stores,
/// production 80 %, sandbox 15 %, xcode 5 %, 40 storefronts (a few large, a long tail), 3
/// lists, 1–3 ids missing of 30 known (Play reports with status 3 or 4), 1 report in 50 with
/// every id missing, 1 in 100 a retry of an earlier report id.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["IAPCAT_REPORTS_BENCHMARK"] == "1"), .serialized)
struct ReportStorageBenchmarkTests {
    static let reports = Int(ProcessInfo.processInfo.environment["IAPCAT_REPORTS"] ?? "") ?? 1_000_000
    let logger = StorageFixtures.logger

    /// A deterministic generator of the mix (splitmix64).
    struct Mix {
        var state: UInt64 = 0x1A9C_A7
        let count: Int
        let perDay: Int
        let storefronts: [(normalized: String, raw: String)]

        init(count: Int) {
            self.count = count
            perDay = max(1, count / 10)
            let codes = [
                "US", "GB", "DE", "FR", "JP", "CN", "BR", "IN", "CA", "AU", "IT", "ES", "KR", "MX", "NL", "SE", "CH", "PL", "TR", "RU",
                "ID", "TH", "VN", "PH", "MY", "SG", "AR", "CL", "CO", "PE", "ZA", "EG", "SA", "AE", "IL", "NO", "DK", "FI", "AT", "BE",
            ]
            storefronts = codes.map { ($0, $0 + "X") }
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func record(_ index: Int) -> ReportRecord {
            // 1 in 100 repeats the report id of a report sent a little earlier.
            let idIndex = index > 1_000 && below(100) == 0 ? index - 1 - below(1_000) : index
            let id =
                String(idIndex, radix: 16).leftPadded(to: 12) + "-4a1b-9c2d-"
                + String(UInt64(idIndex) &* 2_654_435_761 % 1_000_000_007, radix: 16).leftPadded(to: 12)
            let store: ReportedStore = below(2) == 0 ? .appStore : .googlePlay
            let environmentRoll = below(100)
            let environment: ReportedEnvironment = environmentRoll < 80 ? .production : environmentRoll < 95 ? .sandbox : .xcode
            // A few large storefronts, then a long tail.
            let storefrontIndex = below(4) == 0 ? below(5) : below(storefronts.count)
            let storefront = storefronts[storefrontIndex]
            let dimensions = ReportDimensions(
                appVersion: ["3.2.0", "3.2.1", "3.3.0", "3.4.0", "4.0.0"][below(5)], store: store, environment: environment,
                storefront: storefront.normalized, storefrontRaw: store == .appStore ? storefront.raw : storefront.normalized,
                list: ["products_v2.json", "products_v1.json", "bundle"][below(3)])
            let allMissing = below(50) == 0
            var missing: [MissingProduct] = []
            for _ in 0..<(allMissing ? 4 : 1 + below(3)) {
                let id = "com.example.app.product\(below(30))"
                guard !missing.contains(where: { $0.id == id }) else { continue }
                missing.append(MissingProduct(id: id, status: store == .googlePlay ? ["3", "4"][below(2)] : nil))
            }
            let start = Int64(StorageFixtures.day0.value) * 86_400
            let receivedAt = start + Int64(index / perDay) * 86_400 + Int64(index % perDay) * 86_400 / Int64(perDay)
            return ReportRecord(reportID: id, receivedAt: receivedAt, dimensions: dimensions, allMissing: allMissing, missing: missing)
        }
    }

    struct Figures {
        var seconds: Double
        var processCPU: Double
        var serverCPU: Double?
        var written: Int
        var bytes: Int

        var line: String {
            let perSecond = Double(ReportStorageBenchmarkTests.reports) / seconds
            let cpu = processCPU * 100_000 / Double(ReportStorageBenchmarkTests.reports)
            let server = serverCPU.map { String(format: "%.2f s", $0 * 100_000 / Double(ReportStorageBenchmarkTests.reports)) } ?? "—"
            return String(format: "| %.0f | %.2f s | %@ | %d | %.1f MB |", perSecond, cpu, server, written, Double(bytes) / 1_048_576)
        }
    }

    /// CPU seconds this process has used.
    static func processCPU() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// CPU seconds used by the processes whose command line mentions `folder` (a PostgreSQL
    /// server's), from /proc.
    static func serverCPU(_ folder: String) -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
            guard let command = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8), command.contains(folder),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // Fields after the command: state is 3rd; utime and stime the 14th and 15th.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) { total += (user + system) / ticks }
        }
        return total
    }

    /// Offers the mix as fast as the writer takes it (a refused report is offered again after
    /// a millisecond), then waits for the queue to drain.
    func drive(_ database: any ReportDatabase) async throws -> (seconds: Double, cpu: Double, written: Int) {
        var mix = Mix(count: Self.reports)
        let writer = ReportWriter(database: database, logger: logger)
        let cpu = Self.processCPU()
        let started = ContinuousClock.now
        for index in 0..<Self.reports {
            let record = mix.record(index)
            while !writer.offer(record) { try await Task.sleep(for: .milliseconds(1)) }
        }
        #expect(await writer.shutdown(timeout: .seconds(600)) == 0)
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds, Self.processCPU() - cpu, writer.counts.written)
    }

    /// What generating the mix costs alone, to subtract from the figures.
    func generationCPU() -> Double {
        var mix = Mix(count: Self.reports)
        let cpu = Self.processCPU()
        var total = 0
        for index in 0..<Self.reports { total &+= mix.record(index).missing.count }
        #expect(total > 0)
        return Self.processCPU() - cpu
    }

    @Test func throughputAndSize() async throws {
        var rows: [String] = []
        let generation = generationCPU()

        let path = try StorageFixtures.sqlitePath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let sqlite = try await SQLiteReportDatabase.open(path: path, logger: logger)
        let local = try await drive(sqlite)
        await sqlite.close()
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        rows.append(
            "| SQLite (WAL, synchronous=NORMAL) "
                + Figures(seconds: local.seconds, processCPU: local.cpu - generation, serverCPU: nil, written: local.written, bytes: size)
                .line)

        if PostgresServer.isInstalled {
            let server = try await PostgresServer.start(durable: true)
            let url = try await server.createDatabase()
            let postgres = try await PostgresReportDatabase.open(url: url, logger: logger)
            let serverBefore = Self.serverCPU(server.folder)
            let remote = try await drive(postgres)
            let serverUsed = Self.serverCPU(server.folder) - serverBefore
            await postgres.close()
            let database = String(url.split(separator: "/").last!.split(separator: "?").first!)
            try await server.psql("VACUUM ANALYZE", database: database)
            let bytes =
                Int(
                    try await server.psql(
                        "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c WHERE c.relname IN ('report_counts', 'missing_counts', 'seen_reports')",
                        database: database
                    ).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            rows.append(
                "| PostgreSQL (fsync, synchronous_commit on) "
                    + Figures(
                        seconds: remote.seconds, processCPU: remote.cpu - generation, serverCPU: serverUsed, written: remote.written,
                        bytes: bytes
                    )
                    .line)
            await server.destroy()
        }
        print(
            """
            reports storage benchmark: \(Self.reports) reports through ReportWriter (batches of 1,000), \(ProcessInfo.processInfo.activeProcessorCount) cores
            | database | reports/s | CPU per 100k, iapcat (generation of the mix, \(String(format: "%.2f s", generation * 100_000 / Double(Self.reports))), subtracted) | CPU per 100k, server | counted (retries not) | size |
            |---|---|---|---|---|---|
            \(rows.joined(separator: "\n"))
            | end of reports storage benchmark |
            """)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { count >= length ? self : String(repeating: "0", count: length - count) + self }
}
