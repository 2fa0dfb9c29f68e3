import Foundation

/// The end of a child process, learnt from Foundation's termination handler.
///
/// Foundation's `Process.waitUntilExit()` must not be used by the tests: on Linux it runs the
/// calling thread's run loop in 50 ms slices until the child has ended, and a thread that is not
/// the main one has nothing in its run loop, so each slice returns at once and the wait spins a
/// core (measured: a test waiting 10 minutes for a server to stop burned 8 minutes of CPU). Here
/// a blocked thread sleeps on a semaphore and a task suspends without any thread.
public final class ProcessExit: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let semaphore = DispatchSemaphore(value: 0)

    /// Starts `process` with a termination handler that reports its end here.
    public static func launch(_ process: Process) throws -> ProcessExit {
        let exit = ProcessExit()
        process.terminationHandler = { _ in exit.end() }
        waitForFewOpenDescriptors()
        try process.run()
        return exit
    }

    /// Foundation's `Process.run()` on Linux reads `/proc/self/fd` copying each entry's whole
    /// 256-byte name, past the end of glibc's 32 KiB directory buffer once about 1,300 descriptors
    /// are open, and crashes now and then (swiftlang/swift-corelibs-foundation#5472, fixed after
    /// the toolchain this project uses; seen here once while a test held 500 connections open).
    /// So a launch waits, up to 30 s, until fewer than 1,200 are open (the crash needs about 1,365: 32 KiB of 24-byte entries).
    private static func waitForFewOpenDescriptors() {
        #if os(Linux)
            let deadline = Date().addingTimeInterval(30)
            while (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0 >= 1_200, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
        #endif
    }

    private func end() {
        let continuations = lock.withLock {
            ended = true
            defer { waiting = [] }
            return waiting
        }
        semaphore.signal()
        for continuation in continuations { continuation.resume() }
    }

    /// Whether the process has ended.
    public var hasEnded: Bool { lock.withLock { ended } }

    /// Blocks the calling thread until the process has ended: only on a thread of the test's own.
    public func wait() {
        guard !hasEnded else { return }
        semaphore.wait()
        semaphore.signal()  // for any later waiter
    }

    /// Suspends the calling task until the process has ended; no thread waits.
    public func exited() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lock.withLock {
                if ended { return true }
                waiting.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
