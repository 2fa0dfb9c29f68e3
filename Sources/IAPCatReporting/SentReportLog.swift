/// Which reports went out today, so a report is sent once per app version × list ETag × UTC day.
/// ``FileSentReportLog`` keeps it across launches; ``InMemorySentReportLog`` is for tests.
public protocol SentReportLog: Sendable {
    /// Whether a report for `key` was sent (or answered for good).
    func contains(_ key: SentReportKey) async -> Bool
    /// Remembers `key`. Keys of earlier days may be forgotten.
    func record(_ key: SentReportKey) async
}
