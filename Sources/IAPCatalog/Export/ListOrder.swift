/// The order of products in exported lists.
public enum ListOrder: String, Sendable, CaseIterable {
    /// The order of `products` in the catalog.
    case catalog
    /// By `client_data.sort_key`: numbers ascending, then strings, then products without one;
    /// ties keep the catalog's order.
    case sortKey = "sort-key"

    func arrange(_ products: [Product]) -> [Product] {
        guard self == .sortKey else { return products }
        func rank(_ product: Product) -> (Int, Double, String) {
            guard case .object(let members)? = product.clientData, let key = members.first(where: { $0.key == "sort_key" })?.value
            else { return (2, 0, "") }
            switch key {
            case .int(let value): return (0, Double(value), "")
            case .double(let value): return (0, value, "")
            case .string(let value): return (1, 0, value)
            default: return (2, 0, "")
            }
        }
        return products.enumerated().sorted { lhs, rhs in
            let (a, b) = (rank(lhs.element), rank(rhs.element))
            if a.0 != b.0 { return a.0 < b.0 }
            if a.1 != b.1 { return a.1 < b.1 }
            if a.2 != b.2 { return a.2 < b.2 }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
