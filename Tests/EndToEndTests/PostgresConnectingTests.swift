import Foundation
import IAPCatTestSupport
import Logging
import ReportStorageChecks
import Testing

@testable import FieldReports

/// Logging in to PostgreSQL as a user would, through the built binary where the user sees it:
/// where the password comes from, what a refusal says and how often it is tried, what each
/// sslmode checks of the server's certificate. Against real servers of their own: one that asks
/// for passwords and logs each connection, one that speaks TLS with a certificate made here.
extension PostgresReportDatabaseTests {
    static let writerPassword = "Wr1ter-s3cret-pw"

    /// A server that asks every role but `postgres` for its password over TCP and logs each
    /// connection, with role `writer` and its database `reports`.
    static let passwordServer = Task { () throws -> PostgresServer in
        try await startPasswordServer(maxConnections: 50)
    }

    private static func startPasswordServer(maxConnections: Int) async throws -> PostgresServer {
        let server = try await PostgresServer.start(.init(passwords: true, logConnections: true, maxConnections: maxConnections))
        try await server.psql("CREATE ROLE writer LOGIN PASSWORD '\(writerPassword)'", database: "postgres")
        try await server.psql("CREATE DATABASE reports OWNER writer", database: "postgres")
        // The schema, as the first `serve` makes it: `iapcat reports` never makes one, and the tests
        // that read must not depend on one that serves having run first.
        let database = try await ReportDatabases.open(
            "postgres://writer:\(writerPassword)@127.0.0.1:\(server.port)/reports?sslmode=disable", logger: StorageFixtures.logger)
        await database.close()
        return server
    }

    /// `iapcat reports --db URL` on the example catalog, with `environment` added to a clean one
    /// (HOME an empty folder: no ~/.pgpass; no PGPASSWORD).
    private func reports(_ url: String, _ extra: [String] = [], environment: [String: String] = [:]) async throws -> IAPCatRun {
        try await IAPCat.run(
            ["reports", "--db", url, "--catalog", "catalogs/example.yaml"] + extra, timeout: 120,
            environment: Self.cleanEnvironment.merging(environment) { $1 })
    }

    private static let emptyHome: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-home-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()

    private static var cleanEnvironment: [String: String] {
        ["HOME": emptyHome, "PGPASSWORD": "", "PGPASSFILE": "", "IAPCAT_REPORTS_DB": "", "IAPCAT_REPORTS_DB_PASSWORD_FILE": ""]
    }

    /// A file of `text` with `mode`, in a new folder.
    private func file(_ text: String, mode: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-secret-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/secret"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    /// How often `text` occurs in the server's log after `offset` characters.
    private func count(_ text: String, in server: PostgresServer, after offset: Int) async -> Int {
        let log = await server.log()
        return log.dropFirst(offset).components(separatedBy: text).count - 1
    }

    /// The password stays off the command line: PGPASSWORD, a pass file (PGPASSFILE) or
    /// `--db-password-file` give it; a pass file others may read is ignored, as libpq ignores
    /// it, and said. The password is printed nowhere.
    @Test func thePasswordComesFromPGPASSWORDAPassFileOrAPasswordFile() async throws {
        let server = try await Self.passwordServer.value
        let url = "postgres://writer@127.0.0.1:\(server.port)/reports?sslmode=disable"
        let byVariable = try await reports(url, environment: ["PGPASSWORD": Self.writerPassword])
        #expect(byVariable.status == 0, "\(byVariable.stderr)")
        #expect(byVariable.stderr == "")

        let passFile = try file("# iapcat\n127.0.0.1:\(server.port):reports:writer:\(Self.writerPassword)\n", mode: 0o600)
        let byPassFile = try await reports(url, environment: ["PGPASSFILE": passFile])
        #expect(byPassFile.status == 0, "\(byPassFile.stderr)")
        #expect(byPassFile.stderr == "")

        let passwordFile = try file(Self.writerPassword + "\n", mode: 0o600)
        let byOption = try await reports(url, ["--db-password-file", passwordFile], environment: ["PGPASSWORD": "wrong"])
        #expect(byOption.status == 0, "\(byOption.stderr)")
        let byVariableFile = try await reports(url, environment: ["IAPCAT_REPORTS_DB_PASSWORD_FILE": passwordFile])
        #expect(byVariableFile.status == 0, "\(byVariableFile.stderr)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passFile)
        let readable = try await reports(url, environment: ["PGPASSFILE": passFile])
        #expect(readable.status == 2)
        #expect(
            readable.stderr == """
                iapcat: warning: password file "\(passFile)" has group or world access (mode 644); it is ignored, as libpq ignores it: permissions should be u=rw (0600) or less
                iapcat: error: reports database postgres://writer@127.0.0.1:\(server.port)/reports: the server asks for a password, and there is none (in the URL, --reports-db-password-file, PGPASSWORD, PGPASSFILE or ~/.pgpass)

                """)
        for run in [byVariable, byPassFile, byOption, byVariableFile, readable] {
            #expect(!(run.stdout + run.stderr).contains(Self.writerPassword))
        }
    }

    /// A password on the command line works, and is warned about once: other users see it in
    /// the process list. The same URL in IAPCAT_REPORTS_DB is not.
    @Test func aPasswordOnTheCommandLineIsWarnedAboutOnce() async throws {
        let server = try await Self.passwordServer.value
        let url = "postgres://writer:\(Self.writerPassword)@127.0.0.1:\(server.port)/reports?sslmode=disable"
        let warning =
            "the --reports-db URL holds a password, which every user of this machine can read in the process list (ps, /proc/PID/cmdline); give it in --reports-db-password-file, PGPASSWORD or PGPASSFILE (~/.pgpass) instead, or the whole URL in IAPCAT_REPORTS_DB"
        let byArgument = try await ServerProcess.start(
            catalog: "catalogs/example.yaml", extraArguments: ["--reports-db", url], environment: Self.cleanEnvironment)
        let argumentLog = await byArgument.stop().log
        #expect(argumentLog.components(separatedBy: warning).count == 2, "\(argumentLog)")
        let byVariable = try await ServerProcess.start(
            catalog: "catalogs/example.yaml", environment: Self.cleanEnvironment.merging(["IAPCAT_REPORTS_DB": url]) { $1 })
        let variableLog = await byVariable.stop().log
        #expect(!variableLog.contains("holds a password"), "\(variableLog)")
        #expect(variableLog.contains("listening on"))

        let reportsRun = try await reports(url)
        #expect(reportsRun.status == 0, "\(reportsRun.stderr)")
        #expect(
            reportsRun.stderr
                == "iapcat: warning: the --db URL holds a password, which every user of this machine can read in the process list (ps, /proc/PID/cmdline); give it in --db-password-file, PGPASSWORD or PGPASSFILE (~/.pgpass) instead, or the whole URL in IAPCAT_REPORTS_DB\n"
        )
        for log in [argumentLog, variableLog, reportsRun.stderr] { #expect(!log.contains(Self.writerPassword)) }
    }

    /// A wrong password is PostgreSQL's answer, final: `serve` stops at once (exit 2) with the
    /// server's message and SQLSTATE, after one log-in (it used to try about 15 times in 10 s,
    /// then say "no answer within 10.0 seconds (is the server up?)").
    @Test func aWrongPasswordIsFinalAfterOneAttempt() async throws {
        let server = try await Self.passwordServer.value
        let offset = await server.log().count
        let started = ContinuousClock.now
        let run = try await IAPCat.run(
            [
                "serve", "--catalog", "catalogs/example.yaml", "--port", "0", "--reports-db",
                "postgres://writer@127.0.0.1:\(server.port)/reports?sslmode=disable",
            ], timeout: 120, environment: Self.cleanEnvironment.merging(["PGPASSWORD": "not-the-password"]) { $1 })
        let elapsed = ContinuousClock.now - started
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "iapcat: error: reports database postgres://writer@127.0.0.1:\(server.port)/reports: password authentication failed for user \"writer\" (28P01)\n"
        )
        // One log-in is what the server's log proves; the time also holds waiting for a process slot on a busy machine.
        #expect(elapsed < .seconds(60))
        #expect(await count("password authentication failed for user \"writer\"", in: server, after: offset) == 1)
        #expect(!run.stderr.contains("not-the-password"))
    }

    /// A database or a role that does not exist is final at once too, after one attempt.
    @Test func aMissingDatabaseOrRoleIsFinalAfterOneAttempt() async throws {
        let server = try await Self.passwordServer.value
        let offset = await server.log().count
        let database = try await reports(
            "postgres://writer@127.0.0.1:\(server.port)/nope?sslmode=disable", environment: ["PGPASSWORD": Self.writerPassword])
        #expect(database.status == 2)
        #expect(
            database.stderr
                == "iapcat: error: reports database postgres://writer@127.0.0.1:\(server.port)/nope: database \"nope\" does not exist (3D000)\n"
        )
        // On the socket every role is trusted: the server says the role is missing.
        let role = try await reports("postgres://ghost@:\(server.port)/reports?host=\(server.folder)")
        #expect(role.status == 2)
        #expect(
            role.stderr
                == "iapcat: error: reports database postgres://ghost@[\(server.folder)]:\(server.port)/reports: role \"ghost\" does not exist (28000)\n"
        )
        #expect(await count("database \"nope\" does not exist", in: server, after: offset) == 1)
        #expect(await count("role \"ghost\" does not exist", in: server, after: offset) == 1)
    }

    /// A password that stops working while serving (changed on the server, the connections
    /// dropped): the write fails with the server's answer, and iapcat does not log in again: the
    /// next writes fail at once with the same answer, and the server saw one failed log-in.
    @Test func aPasswordThatStopsWorkingIsNotTriedAgain() async throws {
        let server = try await Self.passwordServer.value
        try await server.psql("CREATE ROLE rotated LOGIN PASSWORD 'first-password'", database: "postgres")
        try await server.psql("CREATE DATABASE rotated OWNER rotated", database: "postgres")
        let database = try await PostgresReportDatabase.open(
            url: "postgres://rotated@127.0.0.1:\(server.port)/rotated?sslmode=disable",
            environment: PostgresEnvironment(variables: ["PGPASSWORD": "first-password"]), logger: logger)
        #expect(try await database.write([StorageFixtures.record("a", at: StorageFixtures.start)]) == 1)
        try await server.psql("ALTER ROLE rotated PASSWORD 'second-password'", database: "postgres")
        try await server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'rotated'", database: "postgres")
        let offset = await server.log().count
        let expected =
            "reports database postgres://rotated@127.0.0.1:\(server.port)/rotated: password authentication failed for user \"rotated\" (28P01)"
        // The client sees its idle connection closed (the first write may still find it open and fail on it).
        try await Task.sleep(for: .milliseconds(300))
        var errors: [String] = []
        for _ in 0..<3 {
            let error = await #expect(throws: ReportDatabaseError.self) {
                try await database.write([StorageFixtures.record("b", at: StorageFixtures.start)])
            }
            errors.append(error?.description ?? "")
        }
        #expect(errors.suffix(2) == [expected, expected], "\(errors)")
        #expect(await count("password authentication failed for user \"rotated\"", in: server, after: offset) == 1)
        await database.close()
    }

    /// `53300 too_many_connections` may pass: tried again within the deadline. Every slot is
    /// held by four open databases (each keeps its connection); a fifth waits, and opens once
    /// one of them closes, 1.5 s later.
    @Test func tooManyConnectionsIsTriedAgainWithinTheDeadline() async throws {
        let server = try await Self.startPasswordServer(maxConnections: 5)
        let url = "postgres://writer@127.0.0.1:\(server.port)/reports?sslmode=disable"
        let environment = PostgresEnvironment(variables: ["PGPASSWORD": Self.writerPassword])
        // max_connections 5, one reserved for superusers: 4 for writer.
        var held: [PostgresReportDatabase] = []
        for _ in 0..<4 { held.append(try await PostgresReportDatabase.open(url: url, environment: environment, logger: logger)) }
        let offset = await server.log().count
        let started = ContinuousClock.now
        let fifth = Task {
            try await PostgresReportDatabase.open(url: url, environment: environment, deadline: .seconds(30), logger: logger)
        }
        // Past max_connections less the superusers' slot, PostgreSQL says one or the other (53300).
        func refused() async -> Int {
            await server.log().dropFirst(offset).split(separator: "\n").count {
                $0.contains("remaining connection slots are reserved") || $0.contains("sorry, too many clients already")
            }
        }
        // The slot is freed once the fifth open was refused twice (tried again), however long a busy
        // machine takes to get there.
        let giveUp = ContinuousClock.now + .seconds(25)
        while await refused() < 2, ContinuousClock.now < giveUp { try await Task.sleep(for: .milliseconds(50)) }
        let log = await server.log().dropFirst(offset)
        #expect(await refused() >= 2, "\(log)")
        await held.removeLast().close()
        let database = try await fifth.value
        // It waited for the slot and got it, within its deadline.
        #expect(ContinuousClock.now - started < .seconds(30))
        for database in held + [database] { await database.close() }
        await server.destroy()
    }
}

/// What each sslmode checks, against a server whose certificate (for `localhost`) is signed by
/// one test CA, with another CA as the wrong root.
@Suite(
    .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason),
    .enabled(if: ExternalTool.openssl.isInstalled, ExternalTool.openssl.skipReason))
struct PostgresTLSTests {
    let logger = StorageFixtures.logger

    /// The certificates, and a server that uses them (TLS on, trust authentication).
    struct Fixture: Sendable {
        let server: PostgresServer
        let folder: String
        var rightRoot: String { folder + "/ca.crt" }
        var wrongRoot: String { folder + "/other-ca.crt" }
    }

    static let fixture = Task { () throws -> Fixture in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let openssl = ExternalTool.openssl.path!
        func run(_ arguments: [String]) async throws {
            let result = try await ChildProcess.run(openssl, arguments, in: folder, timeout: 60)
            guard result.status == 0 else { throw FixtureFailure("openssl \(arguments.joined(separator: " ")): \(result.stderr)") }
        }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for ca in ["ca", "other-ca"] {
            try await run(
                ["req", "-x509"] + key + [
                    "-keyout", "\(ca).key", "-out", "\(ca).crt", "-days", "2", "-subj", "/CN=iapcat test \(ca)",
                    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                ])
        }
        try await run(["req", "-new"] + key + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"])
        try "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".write(
            toFile: folder + "/server.ext", atomically: false, encoding: .utf8)
        try await run([
            "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.crt", "-days",
            "2", "-extfile", "server.ext",
        ])
        let server = try await PostgresServer.start(
            .init(tls: (folder + "/server.crt", folder + "/server.key"), logConnections: true))
        try await server.psql("CREATE DATABASE tls", database: "postgres")
        // A home whose ~/.postgresql/root.crt is the wrong root.
        try FileManager.default.createDirectory(atPath: folder + "/home/.postgresql", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/other-ca.crt", toPath: folder + "/home/.postgresql/root.crt")
        try FileManager.default.createDirectory(atPath: folder + "/empty-home", withIntermediateDirectories: true)
        return Fixture(server: server, folder: folder)
    }

    private func open(_ host: String, _ query: String, home: String) async throws(ReportDatabaseError) -> PostgresReportDatabase {
        let fixture = try! await Self.fixture.value
        return try await PostgresReportDatabase.open(
            url: "postgres://postgres@\(host):\(fixture.server.port)/tls?\(query)",
            environment: PostgresEnvironment(variables: ["HOME": home]), deadline: .seconds(20), logger: logger)
    }

    /// nil when the database opens, else what the error says.
    private func refusal(_ host: String, _ query: String, home: String? = nil) async throws -> String? {
        let fixture = try await Self.fixture.value
        do {
            let database = try await open(host, query, home: home ?? fixture.folder + "/empty-home")
            await database.close()
            return nil
        } catch {
            return error.description
        }
    }

    /// `require` with a root certificate checks the chain (it checked nothing): the wrong root,
    /// given or in ~/.postgresql/root.crt, is refused; without one the connection is encrypted
    /// and unchecked, as libpq's. `verify-full` checks the host name too.
    @Test func eachSSLModeChecksWhatLibpqChecks() async throws {
        let fixture = try await Self.fixture.value
        let (right, wrong, port) = (fixture.rightRoot, fixture.wrongRoot, fixture.server.port)
        let prefix = "reports database postgres://postgres@127.0.0.1:\(port)/tls: TLS: the server's certificate "
        let untrusted = prefix + "is not signed by the root certificates in \(wrong) (CERTIFICATE_VERIFY_FAILED)"
        let untrustedHome =
            prefix + "is not signed by the root certificates in \(fixture.folder)/home/.postgresql/root.crt (CERTIFICATE_VERIFY_FAILED)"
        let otherHost = prefix + "does not name 127.0.0.1, the host connected to (sslmode=verify-full)"
        let outcomes = [
            try await refusal("127.0.0.1", "sslmode=require&sslrootcert=\(wrong)"),
            try await refusal("127.0.0.1", "sslmode=require", home: fixture.folder + "/home"),
            try await refusal("127.0.0.1", "sslmode=require"),
            try await refusal("127.0.0.1", "sslmode=require&sslrootcert=\(right)"),
            try await refusal("127.0.0.1", "sslmode=verify-ca&sslrootcert=\(wrong)"),
            try await refusal("127.0.0.1", "sslmode=verify-ca&sslrootcert=\(right)"),
            try await refusal("127.0.0.1", "sslmode=verify-full&sslrootcert=\(right)"),
            try await refusal("localhost", "sslmode=verify-full&sslrootcert=\(right)"),
            try await refusal("localhost", "sslmode=verify-full&sslrootcert=\(wrong)"),
        ]
        #expect(outcomes[0] == untrusted)
        #expect(outcomes[1] == untrustedHome)
        #expect(outcomes[2] == nil)
        #expect(outcomes[3] == nil)
        #expect(outcomes[4] == untrusted)
        #expect(outcomes[5] == nil)
        #expect(outcomes[6] == otherHost)
        #expect(outcomes[7] == nil)
        #expect(outcomes[8] == untrusted.replacingOccurrences(of: "127.0.0.1", with: "localhost"))
        // What was accepted was encrypted.
        let accepted = await fixture.server.log().split(separator: "\n").filter {
            $0.contains("connection authorized: user=postgres database=tls")
        }
        #expect(accepted.count >= 4)
        #expect(accepted.allSatisfy { $0.contains("SSL enabled") })
    }

    /// What a user sees: `require` with a root that did not sign the server's certificate is one
    /// line, exit 2, at once (a certificate does not change by waiting; it used to connect).
    @Test func aCertificateNotUnderTheRootIsRefusedAtOnce() async throws {
        let fixture = try await Self.fixture.value
        let url = "postgres://postgres@127.0.0.1:\(fixture.server.port)/tls"
        let started = ContinuousClock.now
        let run = try await IAPCat.run(
            ["reports", "--db", "\(url)?sslmode=require&sslrootcert=\(fixture.wrongRoot)", "--catalog", "catalogs/example.yaml"],
            timeout: 120, environment: ["HOME": fixture.folder + "/empty-home"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "iapcat: error: reports database postgres://postgres@127.0.0.1:\(fixture.server.port)/tls: TLS: the server's certificate is not signed by the root certificates in \(fixture.wrongRoot) (CERTIFICATE_VERIFY_FAILED)\n"
        )
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
