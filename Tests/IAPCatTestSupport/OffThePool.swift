import Foundation

/// Runs `body`, which blocks (waits for a child process, reads a blocking socket), on a thread of
/// its own and suspends the calling task until it returns. Swift concurrency runs every test on a
/// few cooperative threads (one per core: two on a 2-core machine); a test that blocked one of
/// them would hold every other async test still, and Foundation learns of a child's exit on them,
/// so with all of them waiting nothing would ever end. ``ChildProcess``, ``IAPCat/run(_:in:addressSpaceKiB:cpuSeconds:timeout:environment:)``
/// and every blocking helper of the tests go through here; nothing a test awaits blocks the pool.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// ``offThePool(_:)`` for a body that cannot fail.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
