/// Checks a product-ID list against the catalog as StoreKit would judge it: every identifier
/// must exist, and a production list may name only what StoreKit returns in production.
public struct ProductListValidator: Sendable {
    /// "Did you mean" is computed for this many unknown identifiers per list; past that (a list
    /// checked against the wrong catalog) only exact case-insensitive matches are suggested.
    public static let suggestionBudget = 200

    private let products: [Product]
    /// Index into `products` of the first product with each identifier.
    private let indexByID: [String: Int]
    private let unreadableIDs: Set<String>
    /// Built on first use: most lists have no unknown identifiers.
    private let lowercasedIDs: LazyIndex

    /// Creates a validator for lists checked against `catalog`.
    public init(catalog: Catalog) {
        products = catalog.products
        var byID: [String: Int] = [:]
        byID.reserveCapacity(products.count)
        for (index, product) in products.enumerated() where byID[product.id] == nil {
            byID[product.id] = index
        }
        indexByID = byID
        unreadableIDs = catalog.unreadableProductIDs
        lowercasedIDs = LazyIndex(products: products)
    }

    /// Lower-cased identifiers → identifier, and the live identifiers for suggestions.
    private final class LazyIndex: @unchecked Sendable {
        private let products: [Product]
        private var built: (lowercased: [String: String], live: [String])?

        init(products: [Product]) { self.products = products }

        var value: (lowercased: [String: String], live: [String]) {
            if let built { return built }
            var lowercased: [String: String] = [:]
            for product in products where lowercased[product.id.lowercased()] == nil {
                lowercased[product.id.lowercased()] = product.id
            }
            let value = (lowercased, products.filter { $0.status != .removed }.map(\.id))
            built = value
            return value
        }
    }

    /// The findings for `list`, served in `environment`. Rules that `isEnabled` turns off are
    /// not evaluated at all (a list of 100,000 unknown identifiers costs nothing to ignore).
    public func validate(
        _ list: ProductList, environment: StoreEnvironment, isEnabled: (RuleID) -> Bool = { _ in true }
    ) -> [Diagnostic] {
        validate(list, environment: environment, isEnabled: isEnabled) { _ in }
    }

    /// The index in the catalog's products of the first product with `id`, if there is one.
    package func productIndex(of id: String) -> Int? { indexByID[id] }

    /// ``validate(_:environment:isEnabled:)``, calling `markListed` with the ``productIndex(of:)``
    /// of every catalog product the list names.
    package func validate(
        _ list: ProductList, environment: StoreEnvironment, isEnabled: (RuleID) -> Bool, markListed: (Int) -> Void
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Index of each identifier's first entry (an Int, not a location: no string to retain).
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(list.entries.count)
        var suggestionsLeft = Self.suggestionBudget
        // Asked once: rules are looked up by name, which costs a hash of it.
        let reportsUnknown = isEnabled(.unknownProductID)
        // Entries are read in place, and a location is copied only for a finding.
        func location(_ offset: Int) -> SourceLocation { list.entries[offset].location }
        for offset in list.entries.indices {
            let id: String
            switch list.entries[offset].value {
            case .notAString(let found):
                diagnostics.append(Diagnostic(.malformedEntry, "expected an identifier string, found \(found)", at: location(offset)))
                continue
            case .identifier(let text):
                id = text
            }
            if id.isEmpty {
                diagnostics.append(Diagnostic(.malformedEntry, "empty identifier", at: location(offset)))
                continue
            }
            if Self.hasSurroundingWhitespace(id) {
                let trimmed = id.trimmingWhitespace()
                diagnostics.append(
                    Diagnostic(
                        .malformedEntry, "identifier '\(id)' has surrounding whitespace; StoreKit would not find '\(trimmed)' through it",
                        at: location(offset)))
                continue
            }
            // One hash lookup finds an earlier entry or records this one as the first.
            let earlier: Int? = Self.insertIfAbsent(&firstIndex[id], offset)
            if let first = earlier {
                let firstLocation = list.entries[first].location
                diagnostics.append(
                    Diagnostic(
                        .duplicateListEntry, "'\(id)' is listed twice (first at \(Self.describe(firstLocation)))", at: location(offset)))
                continue
            }
            guard let productIndex = indexByID[id] else {
                if !reportsUnknown || unreadableIDs.contains(id) { continue }
                let message = "'\(id)' is not in the catalog: StoreKit would report it as an invalid product identifier"
                let index = lowercasedIDs.value
                var hint: String?
                if let caseMatch = index.lowercased[id.lowercased()] {
                    hint = "did you mean '\(caseMatch)'? (identifiers are case-sensitive)"
                } else if suggestionsLeft > 0 {
                    suggestionsLeft -= 1
                    hint = Suggestion.hint(for: id, in: index.live)
                }
                diagnostics.append(Diagnostic(.unknownProductID, message, at: location(offset), hint: hint))
                continue
            }
            markListed(productIndex)
            let status = products[productIndex].status
            if !products[productIndex].isSold(on: .appStore) {
                diagnostics.append(
                    Diagnostic(
                        .unknownProductID, "'\(id)' is sold on Google Play only: StoreKit reports it as invalid", at: location(offset)))
            } else if status == .removed {
                diagnostics.append(
                    Diagnostic(
                        .removedProductInList, "'\(id)' was removed from the App Store; StoreKit reports it as invalid",
                        at: location(offset)))
            } else if environment == .production && status != .approved {
                diagnostics.append(
                    Diagnostic(
                        .unapprovedInProduction,
                        "'\(id)' is \(status.rawValue), not approved: StoreKit reports it as invalid in production", at: location(offset)))
            } else if environment == .production && !products[productIndex].clearedForSale {
                diagnostics.append(
                    Diagnostic(
                        .notClearedForSale, "'\(id)' is not cleared for sale: StoreKit reports it as invalid in production",
                        at: location(offset)))
            } else if environment == .production, let state = products[productIndex].appStore.storeState, state.isRemovedFromSale {
                diagnostics.append(
                    Diagnostic(
                        .notClearedForSale, "'\(id)' is \(state) in App Store Connect: StoreKit reports it as invalid in production",
                        at: location(offset)))
            }
        }
        return diagnostics
    }

    /// Whether `id` starts or ends with whitespace; looks at bytes, and at characters only when
    /// an end is not ASCII.
    static func hasSurroundingWhitespace(_ id: String) -> Bool {
        func isWhitespace(_ byte: UInt8?, _ character: () -> Character?) -> Bool {
            guard let byte else { return false }
            if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
            return character()?.isWhitespace ?? false
        }
        return isWhitespace(id.utf8.first, { id.first }) || isWhitespace(id.utf8.last, { id.last })
    }

    /// The value in `slot`, or nil after storing `value` there.
    private static func insertIfAbsent(_ slot: inout Int?, _ value: Int) -> Int? {
        if let existing = slot { return existing }
        slot = value
        return nil
    }

    static func describe(_ location: SourceLocation) -> String {
        if let line = location.line { return "line \(line)" }
        if let index = location.index { return "index \(index)" }
        return location.file
    }
}
