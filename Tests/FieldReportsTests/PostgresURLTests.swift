import Testing

@testable import FieldReports

@Suite struct PostgresURLTests {
    @Test func aFullURLIsRead() throws {
        let url = try PostgresURL(
            "postgresql://app%40eu:p%3Ass%2Fw@db.example.com:6432/reports%20eu?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(url.user == "app@eu")
        #expect(url.password == "p:ss/w")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6432)
        #expect(url.database == "reports eu")
        #expect(url.sslMode == .verifyFull)
        #expect(url.rootCertificate == "/etc/ca.pem")
        #expect(url.redacted == "postgres://app@eu@db.example.com:6432/reports eu")
    }

    @Test func defaultsAreLibpqs() throws {
        let url = try PostgresURL("postgres://writer@localhost")
        #expect(url.port == 5432)
        #expect(url.database == "writer")
        #expect(url.sslMode == .prefer)
        #expect(url.password == nil)
        let socket = try PostgresURL("postgres://writer@/reports?host=/run/postgresql")
        #expect(socket.socketFolder == "/run/postgresql")
        #expect(socket.redacted == "postgres://writer@[/run/postgresql]:5432/reports")
        let ipv6 = try PostgresURL("postgres://writer@[::1]:5433/reports?sslmode=disable")
        #expect(ipv6.host == "::1")
        #expect(ipv6.redacted == "postgres://writer@[::1]:5433/reports")
    }

    @Test func onlyPostgresSchemesArePostgres() {
        #expect(PostgresURL.isPostgres("postgres://u@h/d"))
        #expect(PostgresURL.isPostgres("PostgreSQL://u@h/d"))
        #expect(!PostgresURL.isPostgres("/var/lib/iapcat/reports.sqlite"))
        #expect(!PostgresURL.isPostgres("postgres.sqlite"))
    }

    /// Each error names the problem and shows the URL without its password, even when the URL
    /// is too broken to parse.
    @Test func errorsNeverShowThePassword() {
        let cases: [(String, String)] = [
            ("postgres://u:hunter22@h:99999/d", "invalid PostgreSQL URL postgres://u@h:99999/d: port 99999 is not 1–65535"),
            (
                "postgres://u:hunter22@h/d?sslmode=maybe",
                "invalid PostgreSQL URL postgres://u@h/d: sslmode maybe is not one of disable, allow, prefer, require, verify-ca, verify-full"
            ),
            (
                "postgres://u:hunter22@h/d?password=x",
                "invalid PostgreSQL URL postgres://u@h/d: unknown parameter password (known: sslmode, sslrootcert, host, connect_timeout)"
            ),
            ("postgres://h/d", "invalid PostgreSQL URL postgres://h/d: no user name (postgres://USER@HOST/DATABASE)"),
            ("postgres://u:hun/ter?22@h/d", "invalid PostgreSQL URL postgres://u@h/d: no user name (postgres://USER@HOST/DATABASE)"),
            ("postgres://u:hunter22%zz@h/d", "invalid PostgreSQL URL postgres://u@h/d: a % not followed by two hexadecimal digits"),
            ("postgres://u:hunter22@[::1/d", "invalid PostgreSQL URL postgres://u@[::1/d: an IPv6 address without its closing ]"),
            ("postgres://u:hunter22@/d", "invalid PostgreSQL URL postgres://u@/d: no host (postgres://USER@HOST/DATABASE)"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: ReportDatabaseError.self) { try PostgresURL(text) }
            #expect(error?.description == message)
            #expect(error?.description.contains("hunter") == false)
            #expect(error?.description.contains("ter?22") == false)
        }
    }
}
