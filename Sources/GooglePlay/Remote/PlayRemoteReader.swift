import IAPCatalog
import StoreHTTP

/// Reads the app's one-time products, subscriptions and offers, page by page (`pageToken`),
/// within the bounds every list has (``ListPages``: a page token seen before, 10,000 pages, or
/// pages holding more than 256 MiB end the list). Every price in what it reads is one Play can
/// hold, or the read fails naming it (``PlayMoneyCheck``): none is dropped on the way.
package struct PlayRemoteReader: Sendable {
    private let api: any PlayTransport
    private let byteLimit: Int

    /// A reader through `api`; `listByteLimit` is smaller in tests.
    package init(api: any PlayTransport, listByteLimit: Int = ListPages.byteLimit) {
        self.api = api
        self.byteLimit = listByteLimit
    }

    /// Products read one by one at most; more are read with the lists (1,000 a page) and kept.
    package static let byIDLimit = 10

    /// The requests ``read(productIDs:)`` sends for products that are subscriptions (true) or
    /// one-time products (false), counting each list as one page: a plan's estimate of its read-back.
    package static func requests(reading subscriptions: [Bool]) -> Int {
        guard subscriptions.count <= byIDLimit else { return 3 }
        return subscriptions.reduce(0) { $0 + ($1 ? 3 : 2) }
    }

    /// The whole state; with `productIDs`, only those products (Play ids). Up to ``byIDLimit``
    /// products are each read by id as a one-time product and as a subscription (a product's type
    /// is Play's to say; 404 is "not there"), with a subscription's offers — two or three requests
    /// a product, whatever the app's size; more are read with the lists and the rest left out.
    package func read(productIDs: Set<String>? = nil) async throws(PlayAPIError) -> PlayRemoteState {
        guard let productIDs else { return try await readAll() }
        guard productIDs.count <= Self.byIDLimit else { return try await readAll().only(productIDs) }
        var state = PlayRemoteState()
        for id in productIDs.sorted() {
            if let product = try await one(["oneTimeProducts", id], key: "oneTimeProducts") { state.oneTimeProducts.append(product) }
            if let subscription = try await one(["subscriptions", id], key: "subscriptions") {
                state.subscriptions.append(subscription)
                state.offers += try await list(["subscriptions", id, "basePlans", "-", "offers"], key: "subscriptionOffers")
            }
        }
        return state
    }

    /// The item at `segments`, nil when Play has none (404); every price in it one Play can hold.
    private func one(_ segments: [String], key: String) async throws(PlayAPIError) -> JSONValue? {
        let request = PlayRequest(.get, segments)
        let item: JSONValue
        do {
            item = try await api.send(request)
        } catch {
            if error.status == 404 { return nil }
            throw error
        }
        if let problem = PlayMoneyCheck.problem(in: item, list: key) { throw .malformed(request: request.summary, message: problem) }
        return item
    }

    /// Every list of the app.
    private func readAll() async throws(PlayAPIError) -> PlayRemoteState {
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

    /// Every item of the list at `segments`, whose pages hold them under `key`; every price in
    /// them one Play can hold.
    package func list(_ segments: [String], key: String) async throws(PlayAPIError) -> [JSONValue] {
        var items: [JSONValue] = []
        var token: String?
        var pages = ListPages(byteLimit: byteLimit)
        repeat {
            var query = [(name: "pageSize", value: "1000")]
            if let token { query.append((name: "pageToken", value: token)) }
            let request = PlayRequest(.get, segments, query: query)
            let page = try await api.send(request)
            token = page["nextPageToken"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            switch pages.add(size: Self.size(of: page), next: token) {
            case .tooLarge(let limit)?:
                throw .malformed(
                    request: request.summary,
                    message: "the list of \(Self.name(of: key)) holds more than \(InputFile.describe(bytes: limit)); iapcat stops there")
            case .repeatedPage?:
                throw .malformed(request: request.summary, message: "the server sent a page token it sent before; the list does not end")
            case .tooManyPages(let limit)?:
                throw .malformed(request: request.summary, message: "more than \(limit) pages; iapcat stops there")
            case nil: break
            }
            let found = page[key]?.items ?? []
            if let problem = found.lazy.compactMap({ PlayMoneyCheck.problem(in: $0, list: key) }).first {
                throw .malformed(request: request.summary, message: problem)
            }
            items += found
        } while token != nil
        return items
    }

    /// `one-time products` for `oneTimeProducts`: a list as messages name it.
    static func name(of key: String) -> String {
        switch key {
        case "oneTimeProducts": "one-time products"
        case "subscriptions": "subscriptions"
        case "subscriptionOffers": "subscription offers"
        default: key
        }
    }

    /// The length of `value` written as JSON without whitespace, strings counted in UTF-8 bytes
    /// without their escapes: about what it takes to hold, whatever spacing the server sent.
    static func size(of value: JSONValue) -> Int {
        switch value {
        case .null: 4
        case .bool(let flag): flag ? 4 : 5
        case .int(let number): String(number).utf8.count
        case .double(let number): String(number).utf8.count
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(1 + max(1, items.count)) { $0 + size(of: $1) }
        case .object(let members): members.reduce(1 + max(1, members.count)) { $0 + $1.key.utf8.count + 3 + size(of: $1.value) }
        }
    }
}
