import Foundation

/// One call of the App Store Connect API: method, path, query and body.
package struct ConnectRequest: Sendable {
    /// The HTTP methods the API uses.
    package enum Method: String, Sendable {
        /// Read.
        case get = "GET"
        /// Create.
        case post = "POST"
        /// Update.
        case patch = "PATCH"
        /// Delete.
        case delete = "DELETE"

        /// Whether repeating the request after an unanswered attempt cannot do the work twice.
        package var isIdempotent: Bool { self != .post }
    }

    /// The method.
    package var method: Method
    /// The path below the API's base URL (`/v1/apps/123/inAppPurchasesV2`), or an absolute
    /// `links.next` URL of the same server.
    package var path: String
    /// Query parameters, in order (`include`, `limit`, `filter[territory]`, …).
    package var query: [(name: String, value: String)]
    /// The body's primary resource (creates and updates).
    package var body: Resource?
    /// Inline-created resources sent in the body's `included` (price schedules, subscription prices).
    package var included: [Resource]

    /// A request.
    package init(
        _ method: Method, _ path: String, query: [(name: String, value: String)] = [], body: Resource? = nil, included: [Resource] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.included = included
    }

    /// The request's body as JSON bytes (sorted keys: the same request, the same bytes).
    package func bodyBytes() -> [UInt8]? {
        guard let body else { return nil }
        var document: [String: APIValue] = ["data": body.json]
        if !included.isEmpty { document["included"] = .array(included.map(\.json)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(APIValue.object(document))).map(Array.init) ?? []
    }

    /// `path?query`, percent-encoded, for the URL and for messages (it never holds a secret).
    package var target: String {
        guard !query.isEmpty else { return path }
        let encoded = query.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
        return path + (path.contains("?") ? "&" : "?") + encoded
    }

    /// A short description for progress lines and diagnostics: `POST /v2/inAppPurchases`.
    package var summary: String { "\(method.rawValue) \(Self.pathOnly(path))" }

    /// Whether every segment of a path iapcat built (`/v1/…/{id}`) is one segment: unreserved
    /// characters (letters, digits, `-._~`) and percent escapes, never empty, `.` or `..`. Ids
    /// come from the server and the catalog and are percent-encoded as they go in (`\(id: …)`), so
    /// `../../v2/x` stays one segment; an empty, `.` or `..` id cannot be encoded and is refused.
    package var hasSinglePathSegments: Bool {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst().allSatisfy { segment in
            // Unreserved bytes and `%XX` escapes only; decoded, never empty, `.` or `..` (`%2e%2e`).
            var decoded: [UInt8] = []
            var index = segment.startIndex
            while index < segment.endIndex {
                let byte = segment[index]
                if byte == UInt8(ascii: "%") {
                    let digits = segment[segment.index(after: index)...].prefix(2)
                    guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else { return false }
                    decoded.append(value)
                    index = segment.index(index, offsetBy: 3)
                } else {
                    guard Self.unreserved.contains(byte) else { return false }
                    decoded.append(byte)
                    index = segment.index(after: index)
                }
            }
            return !decoded.isEmpty && decoded != Array(".".utf8) && decoded != Array("..".utf8)
        }
    }

    private static let unreserved: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

    /// `value` percent-encoded as one path segment: every byte but the unreserved ones escaped.
    package static func segment(_ value: String) -> String {
        percentEncoded(value, keeping: unreserved)
    }

    private static let allowed: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,".utf8))

    private static func encode(_ text: String) -> String {
        percentEncoded(text, keeping: allowed)
    }

    private static func percentEncoded(_ text: String, keeping kept: Set<UInt8>) -> String {
        var out = ""
        for byte in text.utf8 {
            if kept.contains(byte) {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    static func pathOnly(_ path: String) -> String {
        var path = Substring(path)
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? "/"
        }
        return String(path.prefix { $0 != "?" })
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension DefaultStringInterpolation {
    /// `"/v1/subscriptions/\(id: id)"`: an id (from the server or the catalog) in a request path,
    /// percent-encoded as one segment.
    package mutating func appendInterpolation(id value: String) {
        appendLiteral(ConnectRequest.segment(value))
    }
}
