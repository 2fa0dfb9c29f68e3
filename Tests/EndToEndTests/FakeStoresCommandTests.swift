import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `iapcat-fakes` signals only its own server, and its private keys are never readable by others:
/// `stop` refuses a `DIR/pid` that is a symbolic link or that names any process but the fakes
/// serving that folder (the other process survives), and every file the fakes write is 0600 from
/// the moment it exists, whatever the umask.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FakeStoresCommandTests {
    static var fakes: String { URL(fileURLWithPath: IAPCat.executable).deletingLastPathComponent().path + "/iapcat-fakes" }

    /// A scratch folder, removed after `body`.
    static func inScratch(_ body: (String) async throws -> Void) async throws {
        let scratch = NSTemporaryDirectory() + "iapcat-fakes-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try await body(scratch)
    }

    static func run(_ arguments: [String], in directory: String, umask: String? = nil) async throws -> IAPCatRun {
        guard let umask else { return try await ChildProcess.run(fakes, arguments, in: directory, timeout: 60) }
        return try await ChildProcess.run(
            "/bin/sh", ["-c", "umask \(umask) && exec \"$0\" \"$@\"", fakes] + arguments, in: directory, timeout: 60)
    }

    /// A `sleep` child: a process of ours that is not the fakes.
    static func bystander() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["120"]
        try process.run()
        return process
    }

    /// Ends `process` with SIGKILL (a child of the test runner may have SIGTERM blocked); Foundation
    /// reaps it, nothing waits.
    static func end(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
    }

    /// `path` opened and locked as the fakes' server locks its pid file; closing the descriptor unlocks it.
    static func lock(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        return descriptor
    }

    /// Writes `text` to `path`, mode 0600.
    static func writeOwnerOnly(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Whether `pid` runs: it exists and, on Linux, is not a zombie (the fakes' server is nobody's
    /// child once `start` has returned, and whoever adopts it may be slow to reap it).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = status.lastIndex(of: ")")
            else { return false }
            return !status[end...].hasPrefix(") Z")
        #else
            return true
        #endif
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    // MARK: stop signals only the fakes

    @Test func aPidFileNamingAnotherProcessIsRefusedAndTheProcessSurvives() async throws {
        try await Self.inScratch { scratch in
            let folder = scratch + "/fakes"
            #expect(mkdir(folder, 0o700) == 0)
            let sleeper = try Self.bystander()
            defer { Self.end(sleeper) }
            // What a killed run and a recycled pid, or another user, could leave: a locked pid file naming someone else.
            Self.writeOwnerOnly("\(sleeper.processIdentifier)\n", to: folder + "/pid")
            let lock = Self.lock(folder + "/pid")
            defer { close(lock) }
            for command in ["stop", "start"] {
                let run = try await Self.run([command, "--dir", folder], in: scratch)
                #expect(run.status == 1, "\(command): \(run.stdout)\(run.stderr)")
                #expect(
                    run.stderr
                        == "Error: \(folder)/pid names pid \(sleeper.processIdentifier), which is not iapcat-fakes serving \(folder); not trusted\n",
                    "\(command)")
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(sleeper.isRunning && Self.isAlive(sleeper.processIdentifier))
            #expect(FileManager.default.fileExists(atPath: folder + "/pid"))
        }
    }

    @Test func aSymbolicLinkAtThePidFileIsNotFollowed() async throws {
        try await Self.inScratch { scratch in
            let folder = scratch + "/fakes"
            #expect(mkdir(folder, 0o700) == 0)
            let sleeper = try Self.bystander()
            defer { Self.end(sleeper) }
            Self.writeOwnerOnly("\(sleeper.processIdentifier)\n", to: scratch + "/elsewhere")
            let lock = Self.lock(scratch + "/elsewhere")
            defer { close(lock) }
            #expect(symlink(scratch + "/elsewhere", folder + "/pid") == 0)
            let run = try await Self.run(["stop", "--dir", folder], in: scratch)
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr == "Error: \(folder)/pid is not a regular file of yours (a symbolic link); not trusted\n")
            try await Task.sleep(for: .milliseconds(200))
            #expect(sleeper.isRunning && Self.isAlive(sleeper.processIdentifier))
        }
    }

    @Test func theFakesOfAnotherFolderAreNotStoppedThroughItsPid() async throws {
        try await Self.inScratch { scratch in
            let folder = scratch + "/fakes", other = scratch + "/other"
            let started = try await Self.run(["start", "--dir", folder], in: scratch)
            #expect(started.status == 0, "\(started.stdout)\(started.stderr)")
            let pidText = try String(contentsOfFile: folder + "/pid", encoding: .utf8)
            let pid = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
            defer { if Self.isAlive(pid) { kill(pid, SIGKILL) } }
            // A folder the fakes made is the owner's only.
            #expect(Self.mode(folder) == 0o700)
            // Another folder whose locked pid file names these fakes: not theirs to stop.
            #expect(mkdir(other, 0o700) == 0)
            Self.writeOwnerOnly(pidText, to: other + "/pid")
            let lock = Self.lock(other + "/pid")
            let refused = try await Self.run(["stop", "--dir", other], in: scratch)
            close(lock)
            #expect(refused.status == 1 && refused.stderr.hasSuffix("which is not iapcat-fakes serving \(other); not trusted\n"))
            #expect(Self.isAlive(pid))
            let stopped = try await Self.run(["stop", "--dir", folder], in: scratch)
            #expect(stopped.status == 0 && stopped.stdout == "stopped the fakes (pid \(pid))\n", "\(stopped.stdout)\(stopped.stderr)")
            #expect(!Self.isAlive(pid))
            #expect(!FileManager.default.fileExists(atPath: folder + "/pid"))
        }
    }

    // MARK: private files

    /// Under umask 000, in a folder everyone may enter, every file the fakes create is 0600 when
    /// it appears (watched with inotify on Linux) and when they are running.
    @Test func everyFileIsOwnerOnlyFromItsFirstByte() async throws {
        try await Self.inScratch { scratch in
            let folder = scratch + "/fakes"
            #expect(mkdir(folder, 0o755) == 0)
            #if os(Linux)
                let watcher = try CreationWatcher(folder)
            #endif
            let started = try await Self.run(["start", "--dir", folder], in: scratch, umask: "000")
            #expect(started.status == 0, "\(started.stdout)\(started.stderr)")
            #if os(Linux)
                let created = await watcher.stop()
                // Keys, env.sh, pid, log and their temporary files.
                #expect(created.count >= 5, "\(created)")
                for (name, mode) in created { #expect(mode & 0o077 == 0, "\(name) appeared with mode \(String(mode, radix: 8))") }
            #endif
            for name in ["AuthKey_FAKEKEY001.p8", "play-service-account.json", "env.sh", "pid", "log"] {
                #expect(Self.mode(folder + "/" + name) == 0o600, "\(name)")
            }
            let stopped = try await Self.run(["stop", "--dir", folder], in: scratch)
            #expect(stopped.status == 0, "\(stopped.stdout)\(stopped.stderr)")
        }
    }
}

#if os(Linux)
    /// The files created in (or moved into) a folder, each with its mode when the event was read.
    final class CreationWatcher: @unchecked Sendable {
        private let descriptor: Int32
        private let folder: String
        private let lock = NSLock()
        private var running = true
        private var seen: [(String, mode_t)] = []
        private let done = DispatchSemaphore(value: 0)

        init(_ folder: String) throws {
            self.folder = folder
            descriptor = inotify_init1(Int32(IN_CLOEXEC))
            guard descriptor >= 0, inotify_add_watch(descriptor, folder, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) >= 0 else {
                throw POSIXError(.EINVAL)
            }
            Thread.detachNewThread { [self] in
                watch()
                done.signal()
            }
        }

        /// Stops watching; what was seen.
        func stop() async -> [(String, mode_t)] {
            try? await Task.sleep(for: .milliseconds(200))
            lock.withLock { running = false }
            await offThePool { [done] in done.wait() }
            close(descriptor)
            return lock.withLock { seen }
        }

        private func watch() {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while lock.withLock({ running }) {
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, 20) > 0 else { continue }
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { continue }
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while offset + 16 <= count {
                    let length = Int(buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                    let name = String(decoding: buffer[offset + 16..<offset + 16 + length].prefix { $0 != 0 }, as: UTF8.self)
                    offset += 16 + length
                    var info = stat()
                    guard !name.isEmpty, lstat(folder + "/" + name, &info) == 0 else { continue }
                    lock.withLock { seen.append((name, info.st_mode & 0o777)) }
                }
            }
        }
    }
#endif
