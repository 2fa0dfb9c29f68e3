import Foundation
import Testing

/// What a run of the `iapcat` binary printed, and how it ended.
public struct IAPCatRun: Sendable {
    /// The exit status, or the signal's number when `signalled`.
    public var status: Int32
    /// Whether a signal ended the process (a limit, a crash, the wall-clock `timeout`).
    public var signalled = false
    public var stdout: String
    public var stderr: String

    public init(status: Int32, signalled: Bool = false, stdout: String, stderr: String) {
        (self.status, self.signalled, self.stdout, self.stderr) = (status, signalled, stdout, stderr)
    }
}

/// Runs the built `iapcat` binary, as a user would.
public enum IAPCat {
    /// The package root.
    public static var packageRoot: String { IAPCatTestSupport.packageRoot }

    /// `iapcat` beside the test bundle, where SwiftPM builds it for the test target.
    public static let executable: String = {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent().path
        for candidate in [Bundle.main.bundleURL.path, bundleDirectory] {
            let path = candidate + "/iapcat"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return packageRoot + "/.build/debug/iapcat"
    }()

    /// Runs `iapcat arguments…` in `directory` (default: the package root). With
    /// `addressSpaceKiB`, the process runs under that `ulimit -v`; with `cpuSeconds`, under that
    /// `ulimit -t` (killed by SIGXCPU past it, however loaded the machine is); with `timeout`, it is
    /// killed when it runs longer by the wall clock; `environment` adds variables to the inherited ones.
    /// The calling task waits off Swift concurrency's threads (``ChildProcess``).
    public static func run(
        _ arguments: [String], in directory: String? = nil, addressSpaceKiB: Int? = nil, cpuSeconds: Int? = nil,
        timeout: Double? = nil, environment: [String: String] = [:]
    ) async throws -> IAPCatRun {
        try await ProcessSlots.run {
            try await offThePool {
                try runWaiting(
                    arguments, in: directory, addressSpaceKiB: addressSpaceKiB, cpuSeconds: cpuSeconds, timeout: timeout,
                    environment: environment)
            }
        }
    }

    /// ``run(_:in:addressSpaceKiB:cpuSeconds:timeout:environment:)`` on the calling thread, which it
    /// blocks until the process ends: only where no test is running yet (finding a test's arguments).
    public static func runWaiting(
        _ arguments: [String], in directory: String? = nil, addressSpaceKiB: Int? = nil, cpuSeconds: Int? = nil,
        timeout: Double? = nil, environment: [String: String] = [:]
    ) throws -> IAPCatRun {
        let limits = [addressSpaceKiB.map { "ulimit -v \($0)" }, cpuSeconds.map { "ulimit -t \($0)" }].compactMap { $0 }
        let executable: String, commandLine: [String]
        if !limits.isEmpty {
            executable = "/bin/sh"
            commandLine = ["-c", (limits + ["exec \"$0\" \"$@\""]).joined(separator: " && "), Self.executable] + arguments
        } else {
            (executable, commandLine) = (Self.executable, arguments)
        }
        return try ChildProcess.runWaiting(
            executable, commandLine, in: directory ?? packageRoot, timeout: timeout,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }
}

/// A child process run to its end with its output collected.
public enum ChildProcess {
    /// Runs `executable arguments…` in `directory` with `environment` (nil: this process's), stdin
    /// empty; with `timeout`, it is killed (SIGKILL) when it runs longer. The process is started
    /// and waited for on a thread of its own (``offThePool(_:)``): the calling task suspends, and
    /// Swift concurrency's threads stay free for other tests meanwhile. It waits for a free slot
    /// first (``ProcessSlots``).
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String, timeout: Double? = nil, environment: [String: String]? = nil
    ) async throws -> IAPCatRun {
        try await ProcessSlots.run {
            try await offThePool { try runWaiting(executable, arguments, in: directory, timeout: timeout, environment: environment) }
        }
    }

    /// ``run(_:_:in:timeout:environment:)`` on the calling thread, which it blocks until the
    /// process ends: only for code that is already off the pool (a fixture's start-up).
    public static func runWaiting(
        _ executable: String, _ arguments: [String], in directory: String, timeout: Double? = nil, environment: [String: String]? = nil
    ) throws -> IAPCatRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exit = try ProcessExit.launch(process)
        // The timer holds the pid and a flag, not the process: a process object (and its pipes'
        // descriptors) kept alive until a long timeout fired made hundreds of runs hold over a
        // thousand descriptors, and launching then waited on ProcessExit's descriptor guard.
        let finished = FinishedFlag()
        if let timeout {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if !finished.isSet { kill(pid, SIGKILL) } }
        }
        // Drain stdout on another thread while reading stderr here, so neither pipe can fill up
        // and stall the child.
        let collected = OutputBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collected.data = output.fileHandleForReading.readAllRetryingInterrupts()
            group.leave()
        }
        let errData = errors.fileHandleForReading.readAllRetryingInterrupts()
        group.wait()
        exit.wait()
        finished.set()
        try? output.fileHandleForReading.close()
        try? errors.fileHandleForReading.close()
        return IAPCatRun(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: collected.data, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

private final class OutputBox: @unchecked Sendable {
    var data = Data()
}

/// Set once a child process has ended: its timeout's timer then kills nothing.
private final class FinishedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
