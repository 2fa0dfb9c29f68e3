#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One `POST` of a report, as a ``ReportTransport`` sends it.
public struct ReportHTTPRequest: Sendable, Hashable {
    /// The server's `/v1/reports`.
    public var url: URL
    /// `Content-Type: application/json` and `Accept: application/json`; nothing that names the user or device.
    public var headers: [String: String]
    /// The report's JSON.
    public var body: [UInt8]

    /// A request to `url` with `body`.
    public init(url: URL, headers: [String: String] = ["Content-Type": "application/json", "Accept": "application/json"], body: [UInt8]) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}
