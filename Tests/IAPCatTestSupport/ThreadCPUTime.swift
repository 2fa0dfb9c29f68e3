#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processor time the calling thread spends, for tests that bound how much work an input
/// costs. Wall-clock time on a loaded 2-core machine measures the machine (other suites, other
/// processes) as much as the code; the thread's own CPU time does not grow with the load.
public enum ThreadCPUTime {
    /// The CPU time the calling thread spent running `body`.
    public static func measure(_ body: () throws -> Void) rethrows -> Duration {
        let start = now()
        try body()
        return now() - start
    }

    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
