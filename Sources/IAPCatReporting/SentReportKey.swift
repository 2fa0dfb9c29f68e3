/// What makes a report "the same" for once-a-day sending: the app version, the list and its ETag,
/// and the UTC day. Nothing personal: no user, device or address.
public struct SentReportKey: Sendable, Hashable {
    /// The app version the report was about.
    public var appVersion: String
    /// The list the ids came from.
    public var list: String
    /// Nil for a list without one (a bundled list).
    public var listETag: String?
    /// The UTC day, as days since 1970-01-01.
    public var day: Int

    /// The key of a report.
    public init(appVersion: String, list: String, listETag: String?, day: Int) {
        self.appVersion = appVersion
        self.list = list
        self.listETag = listETag
        self.day = day
    }
}
