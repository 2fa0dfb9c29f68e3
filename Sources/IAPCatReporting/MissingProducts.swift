/// What the store left out of an answer: the ids asked for, each once in the order asked, and
/// those of them the store did not return, in the same order, each with what the SDK said of it.
/// A failed request (StoreKit threw, Play's `BillingResult` was not OK) is not an answer: make
/// nothing from it.
public struct MissingProducts: Sendable, Hashable {
    /// One id the store did not return.
    public struct Entry: Sendable, Hashable {
        /// The product id, as requested.
        public var id: String
        /// What the SDK said of it: Play Billing 8's `UnfetchedProduct.getStatusCode()` as a string
        /// (`"3"`), or a StoreKit error kind (`"notAvailableInStorefront"`); nil when it said nothing.
        public var status: String?

        /// An id, with what the SDK said of it.
        public init(id: String, status: String? = nil) {
            self.id = id
            self.status = status
        }
    }

    /// The ids asked for, each once, in the order first asked.
    public let requested: [String]
    /// The requested ids the store did not return, in ``requested``'s order.
    public let missing: [Entry]

    /// Requested minus returned (StoreKit 2's `Product.products(for:)`, which leaves an id out
    /// silently; Play Billing before 8). `statuses` gives an id's status, when the SDK gave one.
    public init(requested: [String], returned: some Sequence<String>, statuses: [String: String] = [:]) {
        let found = Set(returned)
        let asked = Self.once(requested)
        self.requested = asked
        missing = asked.filter { !found.contains($0) }.map { Entry(id: $0, status: statuses[$0]) }
    }

    /// The ids the SDK named as not fetched (Play Billing 8's `UnfetchedProduct`s, StoreKit 1's
    /// `invalidProductIdentifiers`): each kept once, in ``requested``'s order, with its first
    /// status; an id that was not requested is dropped (the server would refuse the report).
    public init(requested: [String], unfetched: [Entry]) {
        let asked = Self.once(requested)
        var statuses: [String: String?] = [:]
        for entry in unfetched where statuses[entry.id] == nil { statuses[entry.id] = .some(entry.status) }
        self.requested = asked
        missing = asked.compactMap { id in statuses[id].map { Entry(id: id, status: $0) } }
    }

    /// Whether the store returned every id: then there is nothing to report.
    public var isEmpty: Bool { missing.isEmpty }

    private static func once(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
