/// A ``SentReportLog`` in memory, for tests and for apps that want no file: forgotten when the
/// process ends.
public actor InMemorySentReportLog: SentReportLog {
    /// The keys recorded so far.
    public private(set) var keys: Set<SentReportKey> = []

    /// An empty log.
    public init() {}

    /// Whether `key` was recorded.
    public func contains(_ key: SentReportKey) -> Bool { keys.contains(key) }

    /// Remembers `key`.
    public func record(_ key: SentReportKey) { keys.insert(key) }
}
