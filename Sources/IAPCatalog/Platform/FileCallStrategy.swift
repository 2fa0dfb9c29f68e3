#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which calls ``FileCalls`` puts outputs in place with. Production always runs `native`; the
/// `portable` path is what macOS and file systems without O_TMPFILE or a one-step swap take, and
/// tests select it to exercise that path on Linux.
package enum FileCallStrategy: Sendable, Equatable {
    /// The system's own calls where it has them: unnamed files and one-step swaps on Linux, swaps on macOS.
    case native
    /// Only what every POSIX system has: a hidden temporary file renamed over the target, and a
    /// folder moved aside for the moment of a swap.
    case portable

    /// The environment variable that makes a process use the portable strategy: a test hook
    /// (docs/development.md), set to `portable` by the integration tests; nothing else reads it.
    package static let testHook = "IAPCAT_TEST_FILE_CALLS"

    /// The strategy of the current task: `native`, unless the test hook says `portable` or a test
    /// binds another with `FileCallStrategy.$current.withValue(_:operation:)` (as a run of the
    /// command line in process does from its console's environment).
    @TaskLocal package static var current: FileCallStrategy = fromEnvironment()

    private static func fromEnvironment() -> FileCallStrategy {
        guard let value = getenv(testHook), String(cString: value) == "portable" else { return .native }
        return .portable
    }
}
