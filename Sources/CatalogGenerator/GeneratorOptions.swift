/// What `iapcat generate` is asked for: how many products, from which seed, and whether to add
/// a big production list.
package struct GeneratorOptions: Sendable, Equatable {
    /// The number of products, tombstones included (at least 1).
    package var products: Int
    /// The seed of the random draws: the same options always give the same bytes.
    package var seed: UInt64
    /// With a value: also write `big_ids.plist`, that many distinct approved, cleared identifiers.
    package var listIDs: Int?

    package init(products: Int, seed: UInt64 = 1, listIDs: Int? = nil) {
        self.products = products
        self.seed = seed
        self.listIDs = listIDs
    }

    /// Refuses a product count below 1 or a negative list size.
    package func check() throws(GenerationError) {
        guard products >= 1 else { throw .invalidOption("--products must be at least 1") }
        if let listIDs, listIDs < 0 { throw .invalidOption("--list-ids must not be negative") }
    }
}
