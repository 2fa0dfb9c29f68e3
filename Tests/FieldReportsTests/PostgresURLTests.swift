import Foundation
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

    /// libpq's sslmode: `require` checks the chain as `verify-ca` when a root certificate file is
    /// given or `~/.postgresql/root.crt` exists (it checked nothing); `verify-full` adds the host.
    @Test func sslModesCheckWhatLibpqChecks() throws {
        func policy(_ query: String, home root: String? = nil) throws -> PostgresURL.TLSPolicy {
            try PostgresURL("postgres://u@db.example.com/d?" + query).tls(defaultRootCertificate: root)
        }
        typealias P = PostgresURL.TLSPolicy
        #expect(try policy("sslmode=disable") == P(use: .disable, check: .none))
        #expect(try policy("sslmode=allow", home: "/h/root.crt") == P(use: .prefer, check: .none))
        #expect(try policy("") == P(use: .prefer, check: .none))
        #expect(try policy("sslmode=prefer&sslrootcert=/ca.pem") == P(use: .prefer, check: .none))
        #expect(try policy("sslmode=require") == P(use: .require, check: .none))
        #expect(try policy("sslmode=require&sslrootcert=/ca.pem") == P(use: .require, check: .chain, roots: "/ca.pem"))
        #expect(try policy("sslmode=require", home: "/h/root.crt") == P(use: .require, check: .chain, roots: "/h/root.crt"))
        #expect(try policy("sslmode=require&sslrootcert=/ca.pem", home: "/h/root.crt") == P(use: .require, check: .chain, roots: "/ca.pem"))
        #expect(try policy("sslmode=verify-ca") == P(use: .require, check: .chain))
        #expect(try policy("sslmode=verify-ca&sslrootcert=/ca.pem") == P(use: .require, check: .chain, roots: "/ca.pem"))
        #expect(try policy("sslmode=verify-full", home: "/h/root.crt") == P(use: .require, check: .chainAndHost, roots: "/h/root.crt"))
        // A root certificate file that is named but missing is an error (libpq would check nothing).
        let missing = #expect(throws: ReportDatabaseError.self) {
            try PostgresURL("postgres://u:hunter22@h/d?sslmode=require&sslrootcert=/no/such/ca.pem").configuration(
                defaultRootCertificate: nil)
        }
        #expect(missing?.description == "invalid PostgreSQL URL postgres://u@h:5432/d: sslrootcert /no/such/ca.pem: no such file")
    }

    /// libpq's pass file: the first line whose host, port, database and user match (each may be
    /// `*`), `\:` and `\\` escaped, comments and lines of too few fields skipped.
    @Test func passFileLinesMatchAsLibpqMatchesThem() {
        let file = #"""
            # a comment:5432:reports:writer:not-this
            db.example.com:5432:reports
            other.example.com:*:*:*:other
            db.example.com:6432:reports:writer:wrong-port
            db.example.com:5432:reports:reader:wrong-user
            db.example.com:5432:reports:writer:p\:ss\\w:rd
            *:*:*:writer:any-writer
            \*:*:*:*:escaped-star
            """#
        func password(_ host: String = "db.example.com", _ port: Int = 5432, _ database: String = "reports", _ user: String = "writer")
            -> String?
        {
            PostgresPassFile.password(in: file, host: host, port: port, database: database, user: user)
        }
        #expect(password() == #"p:ss\w"#)
        #expect(password("other.example.com") == "other")
        #expect(password("db.example.com", 6432) == "wrong-port")
        #expect(password("db.example.com", 7000) == "any-writer")
        #expect(password("db.example.com", 5432, "reports", "reader") == "wrong-user")
        #expect(password("db.example.com", 5432, "reports", "admin") == nil)
        #expect(password("*", 5432, "reports", "admin") == "escaped-star")
        #expect(PostgresPassFile.password(in: "h:5432:d:u:pw\r\n", host: "h", port: 5432, database: "d", user: "u") == "pw")
        #expect(PostgresPassFile.password(in: "h:5432:d:u:\n*:*:*:*:second", host: "h", port: 5432, database: "d", user: "u") == nil)
    }

    /// The password: the URL's, else iapcat's password file, else PGPASSWORD, else the pass file
    /// (PGPASSFILE, else ~/.pgpass), which is ignored, with a warning, when others may read it.
    @Test func thePasswordComesFromTheURLThenTheFileThenPGPASSWORDThenThePassFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-pgpass-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ name: String, _ text: String, mode: Int) throws -> String {
            let path = folder + "/" + name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            return path
        }
        let passwordFile = try write("password", "from-file\r\nsecond line\n", mode: 0o600)
        let pgpass = try write("pgpass", "h:5432:d:u:from-pgpass\n", mode: 0o600)
        try FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: true)
        _ = try write("home/.pgpass", "*:*:*:*:from-home\n", mode: 0o600)
        let withPassword = try PostgresURL("postgres://u:from-url@h/d")
        let without = try PostgresURL("postgres://u@h/d")
        func found(_ url: PostgresURL, _ variables: [String: String], file: String? = nil) throws -> String? {
            let environment = PostgresEnvironment(variables: ["HOME": folder + "/nowhere"].merging(variables) { $1 }, passwordFile: file)
            let (found, warnings) = try environment.password(for: url)
            #expect(warnings == [])
            return found?.password
        }
        let all = ["PGPASSWORD": "from-variable", "PGPASSFILE": pgpass]
        #expect(try found(withPassword, all, file: passwordFile) == "from-url")
        #expect(try found(without, all, file: passwordFile) == "from-file")
        #expect(try found(without, all) == "from-variable")
        #expect(try found(without, ["PGPASSWORD": "", "PGPASSFILE": pgpass]) == "from-pgpass")
        #expect(try found(try PostgresURL("postgres://u:@h/d"), ["PGPASSFILE": pgpass]) == "from-pgpass")
        #expect(try found(without, ["HOME": folder + "/home"]) == "from-home")
        #expect(try found(without, [:]) == nil)
        #expect(try found(try PostgresURL("postgres://u@h:5433/d"), ["PGPASSFILE": pgpass]) == nil)

        // Others may read the pass file: ignored, as libpq does, and said.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: pgpass)
        let open = try PostgresEnvironment(variables: ["PGPASSFILE": pgpass]).password(for: without)
        #expect(open.found == nil)
        #expect(
            open.warnings == [
                "password file \"\(pgpass)\" has group or world access (mode 640); it is ignored, as libpq ignores it: permissions should be u=rw (0600) or less"
            ])
        let folderAsFile = try PostgresEnvironment(variables: ["PGPASSFILE": folder]).password(for: without)
        #expect(folderAsFile.found == nil)
        #expect(folderAsFile.warnings == ["password file \"\(folder)\" is not a plain file; it is ignored"])

        // iapcat's own file: read whatever its mode (a warning when others may read it); missing or empty is an error.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwordFile)
        let readable = try PostgresEnvironment(variables: [:], passwordFile: passwordFile).password(for: without)
        #expect(readable.found?.password == "from-file")
        #expect(readable.warnings == ["\(passwordFile): the reports database password is readable by other users (mode 644); chmod 600 it"])
        let missing = #expect(throws: ReportDatabaseError.self) {
            try PostgresEnvironment(variables: [:], passwordFile: folder + "/none").password(for: without)
        }
        #expect(missing?.description == "reports database password file \(folder)/none: does not exist")
        let empty = try write("empty", "\nsecret on the second line\n", mode: 0o600)
        let emptyError = #expect(throws: ReportDatabaseError.self) {
            try PostgresEnvironment(variables: [:], passwordFile: empty).password(for: without)
        }
        #expect(emptyError?.description == "reports database password file \(empty): its first line is empty")
    }
}
