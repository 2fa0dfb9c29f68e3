import IAPCatalog
import StoreHTTP

/// What the readers and the applier need of the API: one call, every page of a list, and the
/// unauthenticated upload of a file part. ``ConnectClient`` is the real one.
package protocol ConnectTransport: Sendable {
    /// Sends one request (repeating it as ``RetryPolicy`` allows) and returns the answer's document
    /// (empty for `204 No Content`).
    func send(_ request: ConnectRequest) async throws(ConnectAPIError) -> APIDocument

    /// Uploads `bytes` as one of a reservation's upload operations (no bearer token: the URL is signed).
    func upload(_ operation: UploadOperation, bytes: ArraySlice<UInt8>) async throws(ConnectAPIError)
}

extension ConnectTransport {
    /// Reads every page of a list, following `links.next` (`limit=200` unless the query sets one),
    /// within ``ListPages``' bounds.
    package func all(_ path: String, query: [(name: String, value: String)] = []) async throws(ConnectAPIError) -> APIDocument {
        var query = query
        if !query.contains(where: { $0.name == "limit" }) { query.append((name: "limit", value: "200")) }
        var document = try await send(ConnectRequest(.get, path, query: query))
        var pages = ListPages()
        var size = document.bodyBytes
        while true {
            if let problem = pages.add(size: size, next: document.next) {
                let message =
                    switch problem {
                    case .tooLarge(let limit): "the list's pages hold more than \(InputFile.describe(bytes: limit))"
                    case .repeatedPage(let page): "page \(page) links back to a page already read"
                    case .tooManyPages: "more than 10,000 pages"
                    }
                throw .malformedResponse(request: "GET \(path)", message: message)
            }
            guard let next = document.next else { return document }
            let page = try await send(ConnectRequest(.get, next))
            size = page.bodyBytes
            document.append(page: page)
        }
    }
}

/// One part of a reserved upload, as the API describes it.
package struct UploadOperation: Sendable, Equatable {
    /// `PUT`, as a rule.
    package var method: String
    /// The signed URL.
    package var url: String
    /// Where the part starts in the file.
    package var offset: Int
    /// The part's length.
    package var length: Int
    /// Headers to send with it (`Content-Type`).
    package var headers: [(name: String, value: String)]

    /// An operation.
    package init(method: String, url: String, offset: Int, length: Int, headers: [(name: String, value: String)]) {
        self.method = method
        self.url = url
        self.offset = offset
        self.length = length
        self.headers = headers
    }

    /// The operations of a reservation's `uploadOperations` attribute.
    package static func list(_ value: APIValue?) -> [UploadOperation] {
        (value?.array ?? []).compactMap { item in
            guard let url = item["url"]?.string, let offset = item["offset"]?.int, let length = item["length"]?.int else { return nil }
            let headers = (item["requestHeaders"]?.array ?? []).compactMap { header -> (name: String, value: String)? in
                guard let name = header["name"]?.string, let value = header["value"]?.string else { return nil }
                return (name, value)
            }
            return UploadOperation(method: item["method"]?.string ?? "PUT", url: url, offset: offset, length: length, headers: headers)
        }
    }

    /// Equal when every field is.
    package static func == (lhs: UploadOperation, rhs: UploadOperation) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.offset == rhs.offset && lhs.length == rhs.length
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}
