import IAPCatalog

/// One call of the Play Developer API, relative to the app: `GET oneTimeProducts`,
/// `PATCH onetimeproducts/{id}?updateMask=…`. Ids go into the path percent-encoded, one segment
/// each, so no id from a catalog or an answer can reach another resource.
package struct PlayRequest: Sendable {
    /// The HTTP method.
    package enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case patch = "PATCH"

        /// Whether repeating the call after no answer cannot do the work twice: reads and masked
        /// patches (the same body sets the same state); a create or a state change may have happened.
        package var isIdempotent: Bool { self != .post }
    }

    /// The method.
    package var method: Method
    /// The path below `applications/{packageName}/`, each segment as given (encoded when sent).
    package var segments: [String]
    /// A custom method after the last segment (`batchUpdateStates` for `…:batchUpdateStates`).
    package var verb: String?
    /// Query parameters, in order.
    package var query: [(name: String, value: String)]
    /// The JSON body.
    package var body: JSONValue?

    /// A request.
    package init(
        _ method: Method, _ segments: [String], verb: String? = nil, query: [(name: String, value: String)] = [], body: JSONValue? = nil
    ) {
        self.method = method
        self.segments = segments
        self.verb = verb
        self.query = query
        self.body = body
    }

    /// Whether every segment can be one path segment: not empty, `.` or `..`.
    package var hasSinglePathSegments: Bool {
        segments.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The path and query below the API's base URL, for `packageName`.
    package func target(packageName: String) -> String {
        var path = "/androidpublisher/v3/applications/" + Self.encode(packageName)
        for segment in segments { path += "/" + Self.encode(segment) }
        if let verb { path += ":" + verb }
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
    }

    /// `PATCH onetimeproducts/coins.small`: for progress lines and diagnostics (no query, no package).
    package var summary: String {
        "\(method.rawValue) " + segments.joined(separator: "/") + (verb.map { ":" + $0 } ?? "")
    }

    /// `text` with every byte but the unreserved ones (letters, digits, `-._~`) percent-encoded.
    package static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
