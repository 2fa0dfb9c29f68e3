import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a PostgreSQL connection takes from outside its URL, as libpq takes it, so that the
/// password need not be in the URL (where `ps` and `/proc/PID/cmdline` show it to every user):
///
/// - The password, when the URL holds none (an empty one counts as none), from the first of:
///   iapcat's own password file (``passwordFile``: `--reports-db-password-file`, one line, the
///   password alone); `PGPASSWORD`; the pass file, `PGPASSFILE` or else `~/.pgpass`, in libpq's
///   format. libpq's order is the URL, then `PGPASSWORD`, then the pass file; iapcat's file is
///   named for iapcat alone, so it comes before the variables every libpq program reads.
/// - `~/.postgresql/root.crt`, the root certificates `sslmode=require` checks the server's chain
///   against when the URL names no `sslrootcert` (``PostgresURL/tls(defaultRootCertificate:)``).
///
/// `~` is `HOME`, else the user's home folder in the password database.
public struct PostgresEnvironment: Sendable {
    /// The variables: `PGPASSWORD`, `PGPASSFILE`, `HOME`.
    public var variables: [String: String]
    /// iapcat's password file: the password alone (the first line; its line ending is not part of it).
    public var passwordFile: String?

    /// Nothing from outside: the URL alone (tests, and callers that pass every setting).
    public static let none = PostgresEnvironment(variables: [:])

    public init(variables: [String: String], passwordFile: String? = nil) {
        self.variables = variables
        self.passwordFile = passwordFile
    }

    /// Where the password was found.
    enum Source: Equatable {
        case url, passwordFile(String), environment, passFile(String)
    }

    /// The password for `url` and where it came from (nil when there is none), and what to warn
    /// about: a pass file ignored because others may read it, iapcat's password file that others
    /// may read. An unreadable iapcat password file is an error; an unreadable pass file is
    /// ignored, as libpq ignores it.
    func password(for url: PostgresURL) throws(ReportDatabaseError) -> (found: (password: String, source: Source)?, warnings: [String]) {
        var warnings: [String] = []
        if let password = url.password, !password.isEmpty { return ((password, .url), warnings) }
        if let passwordFile {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(passwordFile, sizeLimit: 4_096)
            } catch {
                throw .cannotReadPassword(path: passwordFile, reason: error.reason)
            }
            // "\r\n" is one Character: a line ends at either.
            let text = String(decoding: bytes, as: UTF8.self)
            let password = String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
            guard !password.isEmpty else { throw .cannotReadPassword(path: passwordFile, reason: "its first line is empty") }
            if let mode = Self.mode(passwordFile), mode & 0o077 != 0 {
                warnings.append(
                    "\(ServerText.printable(passwordFile)): the reports database password is readable by other users (mode \(String(mode & 0o777, radix: 8))); chmod 600 it"
                )
            }
            return ((password, .passwordFile(passwordFile)), warnings)
        }
        if let password = variables["PGPASSWORD"], !password.isEmpty { return ((password, .environment), warnings) }
        guard let passFile = passFilePath else { return (nil, warnings) }
        var info = stat()
        guard stat(passFile, &info) == 0 else { return (nil, warnings) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            warnings.append("password file \"\(ServerText.printable(passFile))\" is not a plain file; it is ignored")
            return (nil, warnings)
        }
        guard info.st_mode & 0o077 == 0 else {
            warnings.append(
                "password file \"\(ServerText.printable(passFile))\" has group or world access (mode \(String(info.st_mode & 0o777, radix: 8))); it is ignored, as libpq ignores it: permissions should be u=rw (0600) or less"
            )
            return (nil, warnings)
        }
        guard let bytes = try? InputFile.read(passFile, sizeLimit: 1 << 20),
            let password = PostgresPassFile.password(
                in: String(decoding: bytes, as: UTF8.self), host: url.passFileHost, port: url.port, database: url.database,
                user: url.user)
        else { return (nil, warnings) }
        return ((password, .passFile(passFile)), warnings)
    }

    /// `PGPASSFILE`, else `~/.pgpass`.
    var passFilePath: String? {
        if let path = variables["PGPASSFILE"], !path.isEmpty { return path }
        return home.map { $0 + "/.pgpass" }
    }

    /// `~/.postgresql/root.crt` when it exists.
    var defaultRootCertificate: String? {
        guard let path = home.map({ $0 + "/.postgresql/root.crt" }), InputFile.exists(path) else { return nil }
        return path
    }

    private var home: String? {
        if let home = variables["HOME"], !home.isEmpty { return home }
        guard let entry = getpwuid(geteuid()), let folder = entry.pointee.pw_dir else { return nil }
        let home = String(cString: folder)
        return home.isEmpty ? nil : home
    }

    private static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode : nil
    }
}

/// libpq's password file: lines `hostname:port:database:username:password`, each of the first
/// four a value or `*` (any); `\:` and `\\` stand for `:` and `\`; lines starting with `#` are
/// comments; the first line that matches gives the password.
enum PostgresPassFile {
    static func password(in text: String, host: String, port: Int, database: String, user: String) -> String? {
        let wanted = [host, String(port), database, user]
        // "\r\n" is one Character: a line ends at either.
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = Substring(rawLine)
            while line.hasSuffix("\r") { line = line.dropLast() }
            guard !line.hasPrefix("#"), !line.isEmpty else { continue }
            var fields: [String] = []
            var field = "", escaped = false, wildcard: [Bool] = [], fieldEscaped = false
            var rest = line.makeIterator()
            while fields.count < 4, let character = rest.next() {
                if escaped {
                    field.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                    fieldEscaped = true
                } else if character == ":" {
                    fields.append(field)
                    wildcard.append(field == "*" && !fieldEscaped)
                    field = ""
                    fieldEscaped = false
                } else {
                    field.append(character)
                }
            }
            guard fields.count == 4, zip(zip(fields, wildcard), wanted).allSatisfy({ $0.1 || $0.0 == $1 }) else { continue }
            // The password: up to an unescaped `:` (libpq's reading), escapes undone.
            var password = ""
            escaped = false
            while let character = rest.next() {
                if escaped {
                    password.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":" {
                    break
                } else {
                    password.append(character)
                }
            }
            if escaped { password.append("\\") }
            return password.isEmpty ? nil : password
        }
        return nil
    }
}

extension PostgresURL {
    /// The host a pass file's line is matched against: the host name as the URL writes it; for a
    /// Unix socket its folder, or `localhost` when that folder is a default one (`/var/run/postgresql`,
    /// `/run/postgresql`, `/tmp`), as libpq matches its default socket folder.
    var passFileHost: String {
        guard let socketFolder else { return host }
        return ["/var/run/postgresql", "/run/postgresql", "/tmp"].contains(socketFolder) ? "localhost" : socketFolder
    }
}
