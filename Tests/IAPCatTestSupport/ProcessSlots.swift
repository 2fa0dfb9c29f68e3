import Foundation

/// How many child processes the tests run at once. Swift Testing starts every test together, and
/// a test that waits on a process no longer holds a thread (``offThePool(_:)``), so without a bound
/// every end-to-end test would start its processes at the same moment: measured on two cores, 200
/// and more at once, which starved the machine for four minutes and broke tests whose clients
/// have real deadlines. Each run of ``ChildProcess`` (and so of the `iapcat` binary) takes a slot
/// for as long as its process lives; servers a test keeps for its length (`iapcat serve`, the
/// fakes, PostgreSQL, nginx) take none, so no test can wait for a slot another test holds while
/// it waits for one itself. Two slots per core: a process that waits (on the fakes, on a poll)
/// leaves its core to another.
public actor ProcessSlots {
    /// The slots all tests share.
    public static let shared = ProcessSlots(count: max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    /// Runs `body` once a slot is free, holding it until `body` returns.
    public static func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await shared.acquire()
        do {
            let result = try await body()
            await shared.release()
            return result
        } catch {
            await shared.release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
