import Foundation
import IAPCatTestSupport
import Testing

/// What `iapcat serve` says at start about reports: once, before it says where it listens, where
/// they go (a PostgreSQL URL without its password) and whether the page is served.
@Suite(.serialized) struct ReportStartLogTests {
    /// The log of a server started with `arguments`, from start to stop.
    static func log(_ arguments: [String]) async throws -> String {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml", extraArguments: arguments)
        let stopped = await server.stop()
        #expect(stopped.status == 0, "\(stopped.log)")
        return stopped.log
    }

    /// Whether `log` holds `line` exactly once, before `listening on`.
    static func saysOnceBeforeListening(_ log: String, _ line: String) -> Bool {
        guard let said = log.range(of: line), let listening = log.range(of: "listening on ") else { return false }
        return log.components(separatedBy: line).count == 2 && said.lowerBound < listening.lowerBound
    }

    @Test func theServerSaysOnceWhereReportsGoAndWhetherThePageIsServed() async throws {
        let folder = FileManager.default.temporaryDirectory.path + "/iapcat-start-log-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/reports.sqlite", tokenFile = folder + "/token"
        try "start-log-test-token-0123456789".write(toFile: tokenFile, atomically: true, encoding: .utf8)

        let withPage = try await Self.log(["--reports-db", database, "--reports-token-file", tokenFile])
        #expect(
            Self.saysOnceBeforeListening(
                withPage, "reports on: POST /v1/reports into \(database); the page at /reports for the token in \(tokenFile)\n"),
            "\(withPage)")
        #expect(!withPage.contains("start-log-test-token"))

        let withoutPage = try await Self.log(["--reports-db", database])
        #expect(
            Self.saysOnceBeforeListening(
                withoutPage, "reports on: POST /v1/reports into \(database); no page at /reports (no --reports-token-file)\n"),
            "\(withoutPage)")

        let off = try await Self.log([])
        #expect(!off.contains("reports on") && off.contains("listening on "), "\(off)")

        // On an address other machines reach, the page's token travels in clear: said once.
        let warning = "the reports page at /reports is served on 0.0.0.0, which other machines reach"
        #expect(!withPage.contains(warning))
        let everywhere = try await Self.log(["--reports-db", database, "--reports-token-file", tokenFile, "--host", "0.0.0.0"])
        #expect(everywhere.components(separatedBy: warning).count == 2, "\(everywhere)")
        let everywhereWithoutPage = try await Self.log(["--reports-db", database, "--host", "0.0.0.0"])
        #expect(!everywhereWithoutPage.contains(warning))
    }

    @Test(.enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func aPostgreSQLPasswordAndTheURLsParametersAreNeverLogged() async throws {
        let postgres = try await PostgresServer.shared()
        let url = try await postgres.createDatabase()
        // Trust authentication: the password is sent and ignored.
        let withPassword = url.replacing("postgres://postgres@", with: "postgres://postgres:s3cret-p%40ss@")
        #expect(withPassword != url)
        let log = try await Self.log(["--reports-db", withPassword])
        let database = String(url.split(separator: "/").last!.prefix { $0 != "?" })
        #expect(
            Self.saysOnceBeforeListening(
                log,
                "reports on: POST /v1/reports into postgres://postgres@127.0.0.1:\(postgres.port)/\(database); "
                    + "no page at /reports (no --reports-token-file)\n"), "\(log)")
        #expect(!log.contains("s3cret") && !log.contains("sslmode"), "\(log)")
    }
}
