import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure `iapcat-fakes` prints as `Error: …` (exit status 1).
struct FakesFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `DIR/pid`: the number of the process serving the fakes of DIR. `serve` writes it owner-only and
/// holds a lock on it for its whole life; `start` and `stop` trust the number only when the file is
/// a regular file of ours (never a symbolic link), its lock is held, and the process it names is
/// ours and is `iapcat-fakes serve` of that same folder — so no file anyone left there can make
/// `stop` signal another process.
enum PidFile {
    /// What the pid file says.
    enum State {
        /// No fakes run: no file, or one whose lock nobody holds (left by a run that was killed).
        case none
        /// The fakes run as `pid`; `descriptor` is the pid file, open (close it when done), so that
        /// `stop` can tell when their lock goes.
        case running(pid: pid_t, descriptor: Int32)
        /// The file is there but not to be trusted; the reason, as printed.
        case untrusted(String)
    }

    /// Reads DIR/pid of `options`, as above.
    static func read(_ options: FakeStoresOptions) -> State {
        let path = options.pidFile
        // O_NOFOLLOW: a symbolic link is refused, not followed; O_NONBLOCK: a FIFO does not hang us.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .none }
            if errno == ELOOP { return .untrusted("\(path) is not a regular file of yours (a symbolic link); not trusted") }
            return .untrusted("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var keep = false
        defer { if !keep { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .untrusted("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .untrusted("\(path) is not a regular file; not trusted") }
        // A lock nobody holds: the fakes that wrote the file are gone (our own lock goes with the descriptor).
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return .none }
        guard errno == EWOULDBLOCK else { return .untrusted("cannot lock \(path): \(String(cString: strerror(errno)))") }
        // Held: by the fakes only if the file is as they write it, ours alone.
        let problem: String? =
            if info.st_uid != geteuid() {
                "owned by uid \(info.st_uid)"
            } else if info.st_mode & 0o077 != 0 {
                "mode \(String(info.st_mode & 0o777, radix: 8)), not 600"
            } else if info.st_nlink != 1 {
                "\(info.st_nlink) links to it"
            } else {
                nil
            }
        if let problem { return .untrusted("\(path) is not a regular file of yours (\(problem)); not trusted") }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text), pid > 1, pid != getpid() else { return .untrusted("\(path) holds no process number; not trusted") }
        guard FakesProcess.serves(pid, directory: options.absoluteDirectory) else {
            return .untrusted("\(path) names pid \(pid), which is not iapcat-fakes serving \(options.absoluteDirectory); not trusted")
        }
        keep = true
        return .running(pid: pid, descriptor: descriptor)
    }

    /// Whether the lock on the open pid file `descriptor` is free: the fakes holding it have ended.
    static func isReleased(_ descriptor: Int32) -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}

/// Whether a process is `iapcat-fakes serve` of a folder, run by us.
enum FakesProcess {
    /// Whether `pid` runs as our user, is this program (by name) and was started as `serve` with
    /// `--dir` naming `directory` (after symbolic links, relative to its working directory).
    static func serves(_ pid: pid_t, directory: String) -> Bool {
        guard let process = ProcessFacts.of(pid), process.uid == geteuid() else { return false }
        let ownName = Bundle.main.executableURL?.lastPathComponent ?? "iapcat-fakes"
        guard process.programName == ownName, process.arguments.count >= 2, process.arguments[1] == "serve" else { return false }
        // `--dir X` or `--dir=X`, the last one given; the default when none is.
        var named = FakeStoresOptions.defaultDirectory
        var arguments = process.arguments.dropFirst(2)[...]
        while let argument = arguments.popFirst() {
            if argument == "--dir", let value = arguments.popFirst() {
                named = value
            } else if argument.hasPrefix("--dir=") {
                named = String(argument.dropFirst("--dir=".count))
            }
        }
        let absolute: String
        if named.hasPrefix("/") {
            absolute = named
        } else if let workingDirectory = process.workingDirectory {
            absolute = workingDirectory + "/" + named
        } else {
            return false
        }
        guard let named = realPath(absolute), let wanted = realPath(directory) else { return false }
        return named == wanted
    }

    /// `path` with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// What the system says about a process: its user, the name of its program, its arguments, its
/// working directory (nil where it cannot be read).
struct ProcessFacts {
    var uid: uid_t
    var programName: String
    var arguments: [String]
    var workingDirectory: String?

    #if os(Linux)
        /// From /proc/PID: the owner of the folder (the process's effective user), `exe` (a rebuilt
        /// program reads `NAME (deleted)`), `cmdline` and `cwd`.
        static func of(_ pid: pid_t) -> ProcessFacts? {
            var info = stat()
            guard stat("/proc/\(pid)", &info) == 0,
                let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !commandLine.isEmpty
            else { return nil }
            let arguments = commandLine.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            var program = link("/proc/\(pid)/exe") ?? arguments[0]
            if program.hasSuffix(" (deleted)") { program = String(program.dropLast(" (deleted)".count)) }
            return ProcessFacts(
                uid: info.st_uid, programName: URL(fileURLWithPath: program).lastPathComponent,
                arguments: commandLine.last == 0 ? Array(arguments.dropLast()) : arguments, workingDirectory: link("/proc/\(pid)/cwd"))
        }

        private static func link(_ path: String) -> String? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    #elseif canImport(Darwin)
        /// From sysctl: the process's user (`kinfo_proc`) and its executable path and arguments
        /// (`KERN_PROCARGS2`). The working directory is not read: a relative `--dir` is not
        /// trusted on macOS (`start` always passes an absolute one).
        static func of(_ pid: pid_t) -> ProcessFacts? {
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
            guard sysctl(&name, u_int(name.count), &info, &size, nil, 0) == 0, size > 0 else { return nil }
            var argumentsName: [Int32] = [CTL_KERN, KERN_PROCARGS2, pid]
            var length = 0
            guard sysctl(&argumentsName, u_int(argumentsName.count), nil, &length, nil, 0) == 0, length > 4 else { return nil }
            var buffer = [UInt8](repeating: 0, count: length)
            guard sysctl(&argumentsName, u_int(argumentsName.count), &buffer, &length, nil, 0) == 0, length > 4 else { return nil }
            // argc, the executable's path, NUL padding, then argc arguments.
            let count = Int(buffer.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) })
            let fields = buffer[4..<length].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let executable = fields.first, fields.count > count else { return nil }
            return ProcessFacts(
                uid: info.kp_eproc.e_ucred.cr_uid, programName: URL(fileURLWithPath: executable).lastPathComponent,
                arguments: Array(fields.dropFirst().prefix(count)), workingDirectory: nil)
        }
    #endif
}

/// Files only their owner may read, from the first byte: created 0600 under a private temporary
/// name in the same folder (never through a symbolic link, never an existing file), written,
/// flushed, then renamed into place.
enum PrivateFile {
    /// Writes `text` to `path` so.
    static func write(_ text: String, to path: String) throws {
        let (descriptor, temporary) = try create(beside: path)
        defer { close(descriptor) }
        do {
            try writeAll(Array(text.utf8), to: descriptor, path: path)
            try place(temporary, at: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// A new, empty file, mode 0600, open for writing, under a temporary name beside `path`.
    static func create(beside path: String) throws -> (descriptor: Int32, temporary: String) {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw FakesFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        // The umask can only narrow 0600; this makes it exactly 0600 before a byte is written.
        guard fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            throw FakesFailure("cannot write \(path): \(reason)")
        }
        return (descriptor, temporary)
    }

    /// Writes every byte of `bytes` and flushes them to disk.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FakesFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw FakesFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// Renames `temporary` over `path` (a symbolic link at `path` is replaced, not followed).
    static func place(_ temporary: String, at path: String) throws {
        guard rename(temporary, path) == 0 else { throw FakesFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// `path` as a folder: made 0700 (parents as `mkdir -p`) when it does not exist; an existing
    /// folder is left as it is.
    static func makeFolder(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw FakesFailure("cannot make \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// write(2), which `write(_:to:)` hides.
    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.write(descriptor, buffer, count)
        #elseif canImport(Darwin)
            return Darwin.write(descriptor, buffer, count)
        #endif
    }
}
