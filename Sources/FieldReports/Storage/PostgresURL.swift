import IAPCatalog
import PostgresNIO

/// A PostgreSQL URL as libpq writes it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…&sslrootcert=…&host=/socket/folder&connect_timeout=S]`
/// (`postgresql://` too; user, password and database percent-encoded). Its ``redacted`` form,
/// `postgres://USER@HOST:PORT/DATABASE`, is what errors and logs show: never the password. A URL
/// without a password gets one as libpq finds it (``PostgresEnvironment``).
///
/// `sslmode` is libpq's (``tls(defaultRootCertificate:)``): `disable`; `allow` and `prefer` (the
/// default) use TLS when the server offers it, without checking its certificate; `require` insists
/// on TLS, and checks the certificate's chain when there is a root certificate file (`sslrootcert`,
/// else `~/.postgresql/root.crt` when it exists), as `verify-ca` does; `verify-ca` checks the chain
/// against that file (or the system's roots); `verify-full` also checks the host name.
/// `host=/folder` connects to the Unix socket `/folder/.s.PGSQL.PORT` instead of TCP (never TLS).
struct PostgresURL: Sendable, Equatable {
    enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    var user: String
    var password: String?
    var host: String
    var port: Int
    var database: String
    var sslMode: SSLMode = .prefer
    var rootCertificate: String?
    var socketFolder: String?
    var connectTimeout: Duration = .seconds(10)

    static let parameters = ["sslmode", "sslrootcert", "host", "connect_timeout"]

    /// Whether `location` names PostgreSQL rather than a SQLite file.
    static func isPostgres(_ location: String) -> Bool {
        let lowered = location.prefix(13).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    init(_ text: String) throws(ReportDatabaseError) {
        let redacted = Self.redact(text)
        func invalid(_ reason: String) -> ReportDatabaseError { .invalidURL(url: redacted, reason: reason) }
        guard Self.isPostgres(text), let schemeEnd = text.range(of: "://") else { throw invalid("not a postgres:// URL") }
        var rest = Substring(text[schemeEnd.upperBound...])
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        let path = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""

        guard let at = authority.lastIndex(of: "@") else { throw invalid("no user name (postgres://USER@HOST/DATABASE)") }
        let userInfo = authority[..<at]
        authority = authority[authority.index(after: at)...]
        if let colon = userInfo.firstIndex(of: ":") {
            user = try Self.decoded(userInfo[..<colon], invalid)
            password = try Self.decoded(userInfo[userInfo.index(after: colon)...], invalid)
        } else {
            user = try Self.decoded(userInfo, invalid)
        }
        guard !user.isEmpty else { throw invalid("no user name (postgres://USER@HOST/DATABASE)") }

        var portText: Substring = ""
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid("an IPv6 address without its closing ]") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw invalid("unexpected text after the host")
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        if portText.isEmpty {
            port = 5432
        } else {
            guard let number = Int(portText), (1...65_535).contains(number) else { throw invalid("port \(portText) is not 1–65535") }
            port = number
        }
        database = try Self.decoded(path, invalid)
        if database.isEmpty { database = user }

        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]), value = try Self.decoded(parts.count > 1 ? parts[1] : "", invalid)
            switch name {
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else {
                    throw invalid("sslmode \(value) is not one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                sslMode = mode
            case "sslrootcert": rootCertificate = value
            case "host":
                guard value.hasPrefix("/") else { throw invalid("host= takes a Unix socket folder (an absolute path)") }
                socketFolder = value
            case "connect_timeout":
                guard let seconds = Int(value), seconds > 0 else {
                    throw invalid("connect_timeout \(value) is not a positive number of seconds")
                }
                connectTimeout = .seconds(seconds)
            default:
                throw invalid("unknown parameter \(name) (known: \(Self.parameters.joined(separator: ", ")))")
            }
        }
        guard !host.isEmpty || socketFolder != nil else { throw invalid("no host (postgres://USER@HOST/DATABASE)") }
    }

    /// `postgres://USER@HOST:PORT/DATABASE`: no password, no parameters.
    var redacted: String {
        let shownHost = socketFolder.map { "[\($0)]" } ?? (host.contains(":") ? "[\(host)]" : host)
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }

    /// What TLS a connection uses, and what it checks of the server's certificate.
    struct TLSPolicy: Equatable {
        enum Use: Equatable { case disable, prefer, require }
        enum Check: Equatable {
            /// Nothing: any certificate will do (the connection is encrypted, not authenticated).
            case none
            /// The chain, up to `roots`.
            case chain
            /// The chain, and that the certificate names the host connected to.
            case chainAndHost
        }
        var use: Use
        var check: Check
        /// The root certificates (a PEM file) the chain is checked against; nil: the system's.
        var roots: String?
    }

    /// libpq's `sslmode`: `require` checks the chain as `verify-ca` does when there is a root
    /// certificate file, the URL's `sslrootcert` or else `defaultRootCertificate`
    /// (`~/.postgresql/root.crt` when it exists). `allow` and `prefer` never check (libpq checks
    /// them too when there is a root file, and then falls back to no TLS when the check fails: no
    /// protection against an active attacker either way).
    func tls(defaultRootCertificate: String?) -> TLSPolicy {
        let roots = rootCertificate ?? defaultRootCertificate
        switch sslMode {
        case .disable: return TLSPolicy(use: .disable, check: .none)
        case .allow, .prefer: return TLSPolicy(use: .prefer, check: .none)
        case .require: return TLSPolicy(use: .require, check: roots == nil ? .none : .chain, roots: roots)
        case .verifyCA: return TLSPolicy(use: .require, check: .chain, roots: roots)
        case .verifyFull: return TLSPolicy(use: .require, check: .chainAndHost, roots: roots)
        }
    }

    /// The configuration of one connection: TLS as ``tls(defaultRootCertificate:)`` says (none on
    /// a Unix socket, as libpq), the root certificate file read now.
    func configuration(defaultRootCertificate: String?) throws(ReportDatabaseError) -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if let socketFolder {
            configuration = .init(
                unixSocketPath: socketFolder + "/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            let policy = tls(defaultRootCertificate: defaultRootCertificate)
            var tls = TLSConfiguration.makeClientConfiguration()
            switch policy.check {
            case .none: tls.certificateVerification = .none
            case .chain: tls.certificateVerification = .noHostnameVerification
            case .chainAndHost: tls.certificateVerification = .fullVerification
            }
            if let roots = policy.roots, policy.check != .none {
                guard InputFile.exists(roots) else {
                    throw .invalidURL(url: redacted, reason: "sslrootcert \(roots): no such file")
                }
                tls.trustRoots = .file(roots)
            }
            let mode: PostgresConnection.Configuration.TLS
            do {
                switch policy.use {
                case .disable: mode = .disable
                case .prefer: mode = .prefer(try NIOSSLContext(configuration: tls))
                case .require: mode = .require(try NIOSSLContext(configuration: tls))
                }
            } catch {
                throw .invalidURL(
                    url: redacted, reason: "sslrootcert \(policy.roots ?? "(the system's)") cannot be used: \(error)")
            }
            configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: mode)
        }
        configuration.options.connectTimeout = .nanoseconds(
            connectTimeout.components.seconds * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000)
        return configuration
    }

    /// `text` with the password and the parameters taken out, for errors about a URL that could
    /// not be parsed: whatever lies between the scheme's `//` and the last `@` is the user part,
    /// of which only what comes before a `:` is kept (a password with an unencoded `/`, `?` or
    /// `@` still does not show).
    static func redact(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return "(not a URL)" }
        let rest = text[schemeEnd.upperBound...]
        func withoutParameters(_ text: Substring) -> Substring { text.prefix { $0 != "?" && $0 != "#" } }
        let scheme = String(text[..<schemeEnd.upperBound])
        guard let at = rest.lastIndex(of: "@") else { return scheme + withoutParameters(rest) }
        let user = rest[..<at].prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        return scheme + user + withoutParameters(rest[at...])
    }

    private static func decoded(_ text: Substring, _ invalid: (String) -> ReportDatabaseError) throws(ReportDatabaseError) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
                    let value = UInt8(String(decoding: utf8[high...utf8.index(after: high)], as: UTF8.self), radix: 16)
                else { throw invalid("a % not followed by two hexadecimal digits") }
                bytes.append(value)
                index = utf8.index(high, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard Array(decoded.utf8) == bytes else { throw invalid("percent-encoded bytes that are not UTF-8") }
        return decoded
    }
}
