/// The two ways iapcat puts an output in place (`FileCallStrategy` in IAPCatalog's `Platform/`):
/// `native` uses Linux's unnamed files and one-step swaps; `portable` uses only what macOS and
/// every POSIX system has (a hidden temporary renamed over the target, a folder moved aside for a
/// swap). Tests that write outputs through the binary run under both.
public enum OutputStrategy: String, CaseIterable, Sendable {
    case native, portable

    /// The environment that makes a run of the binary use this strategy (a test hook).
    public var environment: [String: String] { ["IAPCAT_TEST_FILE_CALLS": rawValue] }
}
