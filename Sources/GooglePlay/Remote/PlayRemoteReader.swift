import IAPCatalog

/// Reads the app's one-time products, subscriptions and offers, page by page (`pageToken`),
/// with the limits every list has: a page token seen before ends the list, and so do 10,000 pages.
package struct PlayRemoteReader: Sendable {
    /// The most pages one list may have (1,000 items a page).
    package static let pageLimit = 10_000

    private let api: any PlayTransport

    /// A reader through `api`.
    package init(api: any PlayTransport) {
        self.api = api
    }

    /// The whole state.
    package func read() async throws(PlayAPIError) -> PlayRemoteState {
        PlayRemoteState(
            oneTimeProducts: try await list(["oneTimeProducts"], key: "oneTimeProducts"),
            subscriptions: try await list(["subscriptions"], key: "subscriptions"),
            offers: try await list(["subscriptions", "-", "basePlans", "-", "offers"], key: "subscriptionOffers"))
    }

    /// The regions version Play prices by today (`pricing:convertRegionPrices` of one US dollar
    /// answers it): what writes send when the catalog names none.
    package func currentRegionsVersion() async throws(PlayAPIError) -> String {
        let price: JSONValue = .object([("currencyCode", .string("USD")), ("units", .string("1")), ("nanos", .int(0))])
        let request = PlayRequest(.post, ["pricing"], verb: "convertRegionPrices", body: .object([("price", price)]))
        guard let version = try await api.send(request)["regionVersion"]?["version"]?.string, !version.isEmpty else {
            throw .malformed(request: request.summary, message: "the answer has no regionVersion.version")
        }
        return version
    }

    /// Every item of the list at `segments`, whose pages hold them under `key`.
    package func list(_ segments: [String], key: String) async throws(PlayAPIError) -> [JSONValue] {
        var items: [JSONValue] = []
        var token: String?
        var seen: Set<String> = []
        var pages = 0
        repeat {
            var query = [(name: "pageSize", value: "1000")]
            if let token { query.append((name: "pageToken", value: token)) }
            let request = PlayRequest(.get, segments, query: query)
            let page = try await api.send(request)
            pages += 1
            items += page[key]?.items ?? []
            token = page["nextPageToken"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            if let next = token {
                guard seen.insert(next).inserted else {
                    throw .malformed(
                        request: request.summary, message: "the server sent a page token it sent before; the list does not end")
                }
                guard pages < Self.pageLimit else {
                    throw .malformed(request: request.summary, message: "more than \(Self.pageLimit) pages; iapcat stops there")
                }
            }
        } while token != nil
        return items
    }
}
