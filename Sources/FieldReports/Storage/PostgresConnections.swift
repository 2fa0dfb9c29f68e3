import Logging
import NIOConcurrencyHelpers
import PostgresNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The connections of one ``PostgresReportDatabase``: an operation takes an idle one, or opens a
/// new one, and gives it back when it succeeded (at most ``keptIdle`` are kept); a connection an
/// operation failed on, or gave up on at its deadline, is closed.
///
/// iapcat makes every log-in itself, rather than through postgres-nio's pool, which retries any
/// failed connection in the background and tells the waiting request nothing of why: here a
/// failure the server states (a wrong password, a missing database or role) or a certificate that
/// fails the check is final at once, with the server's message and SQLSTATE, and an
/// authentication failure is never tried again (each try counts towards a lockout policy): every
/// later operation fails with it at once. Only what may pass is tried again, within the
/// operation's deadline: a connection refused, reset or timed out, and the server's
/// `57P03 cannot_connect_now` (starting or stopping) and `53300 too_many_connections`.
final class PostgresConnections: Sendable {
    static let keptIdle = 4

    private struct State {
        var idle: [PostgresConnection] = []
        var nextID = 0
        var closed = false
        /// Whether the database is open (the refusal of a later log-in is logged: at the start it
        /// is the error the start fails with).
        var opened = false
        /// The authentication failure that ended all log-ins.
        var refusal: ReportDatabaseError?
        /// The last failed attempt that is worth trying again, and when it failed.
        var lastFailure: (at: ContinuousClock.Instant, reason: String)?
    }

    private let state = NIOLockedValueBox(State())
    private let configuration: PostgresConnection.Configuration
    private let location: String
    private let logger: Logger
    /// What a refused certificate is said against: the host, and where the roots came from.
    private let tls: TLSNames

    struct TLSNames: Sendable {
        var host: String
        /// `the root certificates in FILE`, `the system's root certificates`.
        var roots: String
    }

    init(configuration: PostgresConnection.Configuration, location: String, tls: TLSNames, logger: Logger) {
        self.configuration = configuration
        self.location = location
        self.tls = tls
        // The driver logs each failed attempt itself; the writer already says why a write failed.
        var background = logger
        background.logLevel = max(logger.logLevel, .warning)
        self.logger = background
    }

    /// `body` on a connection. A task cancelled meanwhile (its deadline passed) closes the
    /// connection, so that a statement waiting for a server that stopped answering ends.
    func withConnection<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        let connection = try await take()
        do {
            let result = try await withTaskCancellationHandler {
                try await body(connection)
            } onCancel: {
                connection.close().whenComplete { _ in }
            }
            giveBack(connection)
            return result
        } catch {
            _ = try? await connection.close()
            throw error
        }
    }

    /// The database is open: from now on an authentication failure is logged when it happens.
    func markOpened() {
        state.withLockedValue { $0.opened = true }
    }

    /// The reason the last attempt worth repeating failed, when it failed at or after `since`.
    func lastFailure(since: ContinuousClock.Instant) -> String? {
        state.withLockedValue { state in state.lastFailure.flatMap { $0.at >= since ? $0.reason : nil } }
    }

    /// Closes the idle connections; those in use are closed when they come back.
    func close() async {
        let idle = state.withLockedValue { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        for connection in idle { _ = try? await connection.close() }
    }

    private func take() async throws -> PostgresConnection {
        enum Next { case refused(ReportDatabaseError), idle(PostgresConnection), connect(id: Int) }
        while true {
            let next = state.withLockedValue { state -> Next in
                if state.closed { return .refused(.closed(location: location)) }
                if let refusal = state.refusal { return .refused(refusal) }
                if let connection = state.idle.popLast() { return .idle(connection) }
                state.nextID += 1
                return .connect(id: state.nextID)
            }
            switch next {
            case .refused(let error): throw error
            case .idle(let connection):
                if !connection.isClosed { return connection }
                _ = try? await connection.close()
            case .connect(let id): return try await connect(id: id)
            }
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        let kept = state.withLockedValue { state in
            guard !state.closed, !connection.isClosed, state.idle.count < Self.keptIdle else { return false }
            state.idle.append(connection)
            return true
        }
        if !kept { connection.close().whenComplete { _ in } }
    }

    /// Log-in attempts until one succeeds, one fails for good, or the task is cancelled (its
    /// deadline): 0.1 s between the first two, doubling up to 2 s.
    private func connect(id: Int) async throws -> PostgresConnection {
        var delay = Duration.milliseconds(100)
        while true {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
                state.withLockedValue { $0.lastFailure = nil }
                return connection
            } catch {
                try Task.checkCancellation()
                let failure = Self.classify(error, tls)
                switch failure {
                case .final(let reason, let isAuthentication):
                    let error = ReportDatabaseError.cannotConnect(location: location, reason: reason)
                    if isAuthentication {
                        let opened = state.withLockedValue { state in
                            state.refusal = error
                            return state.opened
                        }
                        if opened { logger.error("\(error); iapcat will not log in again until it is restarted") }
                    }
                    throw error
                case .worthRetrying(let reason):
                    state.withLockedValue { $0.lastFailure = (.now, reason) }
                }
            }
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
    }

    enum Failure: Equatable {
        /// Not tried again: the server's message and SQLSTATE, or what failed; whether it is an
        /// authentication failure (SQLSTATE class 28, or no password to give).
        case final(String, isAuthentication: Bool)
        /// Tried again within the deadline.
        case worthRetrying(String)
    }

    /// SQLSTATEs that say to try again later.
    static let retriedStates: Set<String> = ["57P03", "53300"]

    /// What a failed log-in means.
    static func classify(_ error: any Error, _ names: TLSNames) -> Failure {
        guard let error = error as? PSQLError else { return .worthRetrying("\(error)") }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState]
            let reason = message + (state.map { " (\($0))" } ?? "")
            if let state, retriedStates.contains(state) { return .worthRetrying(reason) }
            return .final(reason, isAuthentication: state?.hasPrefix("28") ?? false)
        }
        switch error.code {
        case .authMechanismRequiresPassword:
            return .final(
                "the server asks for a password, and there is none (in the URL, --reports-db-password-file, PGPASSWORD, PGPASSFILE or ~/.pgpass)",
                isAuthentication: true)
        case .unsupportedAuthMechanism, .saslError:
            return .final("authentication failed: \(error.underlying.map { "\($0)" } ?? "\(error.code)")", isAuthentication: true)
        case .sslUnsupported:
            return .final("the server does not accept TLS, which the URL's sslmode requires", isAuthentication: false)
        case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            return .final("TLS could not be set up (\(error.code))", isAuthentication: false)
        default:
            break
        }
        if let underlying = error.underlying {
            if let tls = tlsFailure(underlying, names) { return .final(tls, isAuthentication: false) }
            return .worthRetrying(describe(underlying))
        }
        return .worthRetrying("\(error.code)")
    }

    /// A failed TLS handshake, said plainly, or nil when `error` is not one.
    private static func tlsFailure(_ error: any Error, _ names: TLSNames) -> String? {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return "TLS: the server's certificate does not name \(names.host), the host connected to (sslmode=verify-full)"
        }
        guard error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError else { return nil }
        let text = "\(error)"
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return "TLS: the server's certificate is not signed by \(names.roots) (CERTIFICATE_VERIFY_FAILED)"
        }
        // BoringSSL's reasons are upper-case words; its file paths say nothing to a user.
        let reasons = text.split(whereSeparator: { !$0.isLetter && $0 != "_" }).filter {
            $0.count > 3 && $0.allSatisfy { $0.isUppercase || $0 == "_" }
        }
        return "TLS handshake failed" + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))")
    }

    /// A network failure in a few words (`connection refused`, `connect timeout`).
    private static func describe(_ error: any Error) -> String {
        if let error = error as? ChannelError, case .connectTimeout(let amount) = error {
            return "connect timeout (\(amount.nanoseconds / 1_000_000_000) s)"
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? NIOConnectionError {
            let errors = error.connectionErrors.map { describe($0.error) } + (error.dnsAAAAError.map { [describe($0)] } ?? [])
            return errors.isEmpty ? "\(error)" : Array(Set(errors)).sorted().joined(separator: "; ")
        }
        return "\(error)"
    }
}
