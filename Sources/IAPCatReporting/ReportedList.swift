/// The list the requested ids came from, so the server joins the report with the catalog version
/// the app actually had.
public struct ReportedList: Sendable, Hashable {
    /// A path the server serves lists at (`products_v2.json`, `sandbox/products_v1.json`), or
    /// `bundle` for a list built into the app.
    public var name: String
    /// The list's `ETag` as the server sent it, quotes included; nil for a bundled list.
    public var etag: String?

    /// A served list, with the `ETag` it was served with.
    public init(name: String, etag: String?) {
        self.name = name
        self.etag = etag
    }

    /// A list built into the app (`bundle`, no ETag).
    public static let bundled = ReportedList(name: "bundle", etag: nil)
}
