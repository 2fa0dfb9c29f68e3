extension CatalogValidator.Check {
    /// The characters App Store Connect allows in a product identifier.
    static func isAllowedIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// What the identifier rules remember of earlier products.
    struct IdentifierState {
        var firstByID: [String: Int] = [:]
        var liveCount = 0
    }

    /// `invalid_product_id`, `duplicate_product_id`, `reused_removed_id`, `product_limit`, for
    /// the product at `offset` (removed products included: their identifiers stay taken).
    mutating func identifier(of product: Product, at offset: Int) {
        let id = product.id
        if id.isEmpty {
            report(.invalidProductID, "a product id may not be empty", at: product.positions.id)
        } else if let bad = id.unicodeScalars.first(where: { !$0.isASCII || !Self.isAllowedIdentifierByte(UInt8($0.value)) }) {
            report(
                .invalidProductID,
                "product id '\(id)' contains \(Self.describe(bad)); allowed are letters, digits, '.', '-' and '_'",
                at: product.positions.id)
        } else if id.utf8.count > AppStoreLimits.productIdentifier {
            report(
                .invalidProductID,
                "product id '\(id)' is \(id.utf8.count) characters; App Store Connect allows at most \(AppStoreLimits.productIdentifier)",
                at: product.positions.id)
        }
        if let firstIndex = identifiers.firstByID[id] {
            let first = catalog.products[firstIndex]
            let firstLine = first.positions.id.map { " (line \($0.line))" } ?? ""
            if first.status == .removed || product.status == .removed {
                report(
                    .reusedRemovedID,
                    "product id '\(id)' belongs to a removed product\(firstLine); App Store Connect never accepts a used identifier again",
                    at: product.positions.id)
            } else {
                report(
                    .duplicateProductID, "duplicate product id '\(id)' (first at line \(first.positions.id?.line ?? 0))",
                    at: product.positions.id)
            }
        } else {
            identifiers.firstByID[id] = offset
        }
        if product.status != .removed {
            identifiers.liveCount += 1
            if identifiers.liveCount == AppStoreLimits.products + 1 {
                report(
                    .productLimit,
                    "the catalog has more than \(AppStoreLimits.products) products, App Store Connect's limit per app",
                    at: product.positions.entry)
            }
        }
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case "\t": "a tab"
        default: scalar.isASCII && scalar.value >= 0x20 ? "'\(Character(scalar))'" : "U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
    }
}
