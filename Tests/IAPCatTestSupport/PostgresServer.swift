import Foundation
import Testing

/// A real PostgreSQL for the tests, from the system's `postgresql` package (Debian puts its
/// programs in `/usr/lib/postgresql/VERSION/bin`): its own cluster in a temporary folder,
/// listening on 127.0.0.1 at a free port and on a socket in that folder, trust authentication
/// (loopback only), user `postgres`; a server of a test's own may also ask for passwords, speak
/// TLS and log each connection (``Options``). Tests that need one are skipped with
/// ``skipReason`` when it is not installed.
///
/// - Fast: `initdb` runs once into a template cluster kept in the temporary folder (one per
///   PostgreSQL version and user); each server starts from a copy. ``shared()`` is one server
///   for the whole test process; a test that stops and restarts its server starts its own.
/// - PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user
///   (`runuser`), and its folders belong to it.
/// - Never left behind: a watchdog process stops the server and removes its folder when the test
///   process ends, however it ends.
public final class PostgresServer: @unchecked Sendable {
    /// The folder that holds the cluster (`data`), its log and its socket.
    public let folder: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    private let options: Options
    private let lock = NSLock()
    private var nextDatabase = 0

    /// The folder of PostgreSQL's programs, or nil when it is not installed.
    public static let binaries: String? = {
        let fixed = ["/usr/lib/postgresql"]
        for root in fixed {
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
                let folder = root + "/" + version + "/bin"
                if FileManager.default.isExecutableFile(atPath: folder + "/initdb") { return folder }
            }
        }
        // Elsewhere (Homebrew, a source build): initdb and pg_ctl on the PATH.
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        where FileManager.default.isExecutableFile(atPath: folder + "/initdb")
            && FileManager.default.isExecutableFile(atPath: folder + "/pg_ctl")
        {
            return folder
        }
        return nil
    }()

    /// Whether PostgreSQL is installed.
    public static var isInstalled: Bool { binaries != nil }

    /// Why a test that needs PostgreSQL is skipped.
    public static let skipReason: Comment = "postgresql is not installed (scripts/bootstrap --tests installs it)"

    /// One server for the whole test process, started on first use.
    public static func shared() async throws -> PostgresServer { try await sharedServer.value }

    private static let sharedServer = Task { try await offThePool { try PostgresServer.startWaiting(Options()) } }

    /// How a server of its own is set up; the defaults are the shared server's.
    public struct Options: Sendable {
        /// PostgreSQL's defaults (fsync, synchronous commits), for figures; otherwise they are
        /// off, which tests do not need.
        public var durable = false
        /// Every role but `postgres` logs in over TCP with a password (`scram-sha-256`);
        /// `postgres`, and every role on the Unix socket, still need none.
        public var passwords = false
        /// TLS (`ssl=on`) with this certificate and key, PEM files copied into the server's folder.
        public var tls: (certificate: String, key: String)?
        /// `log_connections`: each attempt and its outcome in ``log()``.
        public var logConnections = false
        public var maxConnections = 50

        public init(
            durable: Bool = false, passwords: Bool = false, tls: (certificate: String, key: String)? = nil,
            logConnections: Bool = false, maxConnections: Int = 50
        ) {
            (self.durable, self.passwords, self.tls) = (durable, passwords, tls)
            (self.logConnections, self.maxConnections) = (logConnections, maxConnections)
        }
    }

    /// A new server of its own. `durable` keeps PostgreSQL's defaults (fsync, synchronous
    /// commits), for figures; otherwise they are off, which tests do not need.
    public static func start(durable: Bool = false) async throws -> PostgresServer {
        try await start(Options(durable: durable))
    }

    /// A new server of its own, set up as `options` say.
    public static func start(_ options: Options) async throws -> PostgresServer {
        try await offThePool { try startWaiting(options) }
    }

    private init(folder: String, port: Int, options: Options) {
        self.folder = folder
        self.port = port
        self.options = options
    }

    /// What the server logged so far.
    public func log() async -> String {
        let folder = folder
        return await offThePool { (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "" }
    }

    /// `postgres://postgres@127.0.0.1:PORT/DATABASE?sslmode=disable`.
    public func url(database: String) -> String {
        "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// A new, empty database; its URL.
    public func createDatabase() async throws -> String {
        let name = lock.withLock {
            nextDatabase += 1
            return "test_\(getpid())_\(nextDatabase)"
        }
        let (folder, port) = (folder, port)
        _ = try await offThePool {
            try Self.runChecked(Self.binaries! + "/createdb", ["-h", folder, "-p", "\(port)", "-U", "postgres", name])
        }
        return url(database: name)
    }

    /// Runs `sql` with psql in `database`; what it printed (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String, database: String) async throws -> String {
        let (folder, port) = (folder, port)
        return try await offThePool {
            try Self.runChecked(
                Self.binaries! + "/psql",
                ["-h", folder, "-p", "\(port)", "-U", "postgres", "-d", database, "-XAtq", "-v", "ON_ERROR_STOP=1", "-c", sql])
        }
    }

    /// Stops the server (fast shutdown: connections are closed); ``restart()`` starts it again on
    /// the same port.
    public func stop() async throws {
        let folder = folder
        _ = try await offThePool {
            try Self.runChecked(Self.binaries! + "/pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "stop"], asServer: true)
        }
    }

    /// Starts the server again after ``stop()``.
    public func restart() async throws {
        try await offThePool { try self.startWaiting() }
    }

    /// Stops the server for good and removes its folder.
    public func destroy() async {
        let folder = folder
        await offThePool {
            _ = try? Self.run(Self.binaries! + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"], asServer: true)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    // MARK: - Blocking work, each on a thread of its own

    private static func startWaiting(_ options: Options) throws -> PostgresServer {
        guard let binaries else { throw FixtureError("postgresql is not installed") }
        let template = try makeTemplate(binaries)
        var made = [CChar]("/tmp/iapcat-postgres.XXXXXX".utf8CString)
        guard mkdtemp(&made) != nil else { throw FixtureError("mkdtemp: \(String(cString: strerror(errno)))") }
        let folder = String(decoding: made.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        watch(folder)
        try runChecked("/bin/cp", ["-a", template, folder + "/data"])
        if options.passwords {
            try """
            local all all trust
            host all postgres 127.0.0.1/32 trust
            host all postgres ::1/128 trust
            host all all 127.0.0.1/32 scram-sha-256
            host all all ::1/128 scram-sha-256

            """.write(toFile: folder + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
        }
        if let tls = options.tls {
            try runChecked("/bin/cp", [tls.certificate, folder + "/server.crt"])
            try runChecked("/bin/cp", [tls.key, folder + "/server.key"])
            chmod(folder + "/server.key", 0o600)
        }
        try giveToServer(folder)
        var lastError: Error = FixtureError("no free port")
        for _ in 0..<3 {
            guard let (descriptor, port) = TestSockets.listenOnLoopback(backlog: 1) else { continue }
            close(descriptor)
            let server = PostgresServer(folder: folder, port: Int(port), options: options)
            do {
                try server.startWaiting()
                return server
            } catch {
                lastError = error
            }
        }
        try? FileManager.default.removeItem(atPath: folder)
        throw lastError
    }

    private func startWaiting() throws {
        var settings = "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=\(options.maxConnections)"
        if options.maxConnections < 10 { settings += " -c superuser_reserved_connections=1" }
        if !options.durable { settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off" }
        if options.logConnections { settings += " -c log_connections=on" }
        if options.tls != nil {
            settings += " -c ssl=on -c ssl_cert_file=\(folder)/server.crt -c ssl_key_file=\(folder)/server.key"
        }
        let line = Self.command(
            Self.binaries! + "/pg_ctl", ["-D", folder + "/data", "-l", folder + "/log", "-w", "-t", "60", "-o", settings, "start"],
            asServer: true)
        let (status, output) = try Self.spawnAlone(line, output: folder + "/pg_ctl.out", wait: true)
        guard status == 0 else {
            let log = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? ""
            throw FixtureError("pg_ctl start exited \(status): \(output)\n\(log.suffix(2_000))")
        }
    }

    /// A process that waits for this one to end, then stops the server in `folder` (if any) and
    /// removes the folder.
    private static func watch(_ folder: String) {
        let stop = command(binaries! + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"], asServer: true)
        let script =
            "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
            + stop.map(quoted).joined(separator: " ") + " >/dev/null 2>&1; rm -rf \(quoted(folder))"
        // Its own session: an interrupt at the terminal must not take the watchdog first.
        let setsid = "/usr/bin/setsid"
        let line = FileManager.default.isExecutableFile(atPath: setsid) ? [setsid, "/bin/sh", "-c", script] : ["/bin/sh", "-c", script]
        _ = try? spawnAlone(line, output: "/dev/null", wait: false)
    }

    /// Starts `line` with none of this process's descriptors but standard input (/dev/null),
    /// output and errors (both to `output`), and, with `wait`, waits for it: its status and what
    /// it printed.
    ///
    /// Not Foundation's `Process`, for what outlives the call (the server pg_ctl starts, the
    /// watchdog): on Linux, `Process` learns that a child ended when a socket it gave the child
    /// closes, and a daemon that inherits it keeps it open; any test waiting for a process of its
    /// own that started meanwhile would then wait for the server to stop. A shell closes every
    /// descriptor above 2 it inherited (those of processes other tests start at that moment)
    /// before it runs `line`.
    private static func spawnAlone(_ line: [String], output: String, wait: Bool) throws -> (status: Int32, output: String) {
        let closeInherited = #"for fd in $(ls /proc/$$/fd 2>/dev/null); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@""#
        let arguments = ["/bin/bash", "-c", closeInherited, "bash"] + line
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = argv.withUnsafeBufferPointer { argv in
            environment.withUnsafeBufferPointer { posix_spawn(&pid, "/bin/bash", &actions, nil, argv.baseAddress!, $0.baseAddress!) }
        }
        guard spawned == 0 else { throw FixtureError("posix_spawn \(line[0]): \(String(cString: strerror(spawned)))") }
        guard wait else { return (0, "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), printed)
    }

    private static var isRoot: Bool { geteuid() == 0 }

    /// initdb, once per PostgreSQL version and user: later servers copy it.
    private static func makeTemplate(_ binaries: String) throws -> String {
        let version = binaries.split(separator: "/").dropLast().last.map(String.init) ?? "pg"
        let template = "/tmp/iapcat-postgres-template-\(version)-\(geteuid())"
        var info = stat()
        if lstat(template + "/PG_VERSION", &info) == 0 && info.st_uid == serverUID { return template }
        var made = [CChar]("/tmp/iapcat-postgres-initdb.XXXXXX".utf8CString)
        guard mkdtemp(&made) != nil else { throw FixtureError("mkdtemp: \(String(cString: strerror(errno)))") }
        let work = String(decoding: made.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { try? FileManager.default.removeItem(atPath: work) }
        try giveToServer(work)
        try runChecked(
            binaries + "/initdb",
            ["-D", work + "/data", "-U", "postgres", "-A", "trust", "--no-sync", "--no-instructions", "-E", "UTF8", "--locale=C"],
            asServer: true)
        // Another test process may have made it meanwhile: the first rename wins.
        if rename(work + "/data", template) != 0, lstat(template + "/PG_VERSION", &info) != 0 {
            throw FixtureError("cannot make \(template): \(String(cString: strerror(errno)))")
        }
        return template
    }

    /// The uid PostgreSQL runs as: `postgres` under root, else this user.
    private static let serverUID: uid_t = {
        guard isRoot, let entry = getpwnam("postgres") else { return geteuid() }
        return entry.pointee.pw_uid
    }()

    private static func giveToServer(_ folder: String) throws {
        chmod(folder, 0o700)
        if isRoot { try runChecked("/bin/chown", ["-R", "postgres:", folder]) }
    }

    private static func command(_ executable: String, _ arguments: [String], asServer: Bool) -> [String] {
        asServer && isRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments : [executable] + arguments
    }

    private static func run(_ executable: String, _ arguments: [String], asServer: Bool = false) throws -> IAPCatRun {
        let line = command(executable, arguments, asServer: asServer)
        return try ChildProcess.runWaiting(line[0], Array(line.dropFirst()), in: "/tmp", timeout: 300)
    }

    @discardableResult
    private static func runChecked(_ executable: String, _ arguments: [String], asServer: Bool = false) throws -> String {
        let result = try run(executable, arguments, asServer: asServer)
        guard result.status == 0 else {
            throw FixtureError(
                "\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)\(result.stdout)")
        }
        return result.stdout
    }

    private static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
