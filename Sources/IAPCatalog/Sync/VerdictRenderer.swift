import Foundation

/// Prints where products stand (``ProductVerdict``): the end of `apply`, and `plan --readiness`.
public struct VerdictRenderer: Sendable {
    /// The store's name, as the heading says it: `App Store Connect`.
    public var store: String

    /// A renderer for `store`'s verdicts.
    public init(store: String) {
        self.store = store
    }

    /// The heading over the verdicts.
    var heading: String { "Where each product stands in \(store):" }

    /// The heading, then one indented line per product (``ProductVerdict/line``), control
    /// characters shown escaped; nothing for no verdicts.
    public func text(_ verdicts: [ProductVerdict]) -> String {
        guard !verdicts.isEmpty else { return "" }
        return heading + "\n" + verdicts.map { "  " + ServerText.printable($0.line) + "\n" }.joined()
    }

    /// The verdicts as the JSON outputs hold them: `product`, `standing` (`on-sale`, …),
    /// `store_state` (null when the store holds no product) and `reasons`.
    public static func entries(_ verdicts: [ProductVerdict]) -> [Entry] { verdicts.map(Entry.init) }

    /// One verdict in a JSON output.
    public struct Entry: Encodable, Sendable {
        var product, standing: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var store_state: String?
        var reasons: [String]

        init(_ verdict: ProductVerdict) {
            (product, standing, store_state, reasons) = (verdict.product, verdict.standing.rawValue, verdict.storeState, verdict.reasons)
        }

        /// Every key on every entry: `store_state` is null, not left out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(product, forKey: .product)
            try container.encode(reasons, forKey: .reasons)
            try container.encode(standing, forKey: .standing)
            try container.encode(store_state, forKey: .store_state)
        }

        private enum CodingKeys: String, CodingKey {
            case product, reasons, standing, store_state
        }
    }

    /// `apply --format json`'s document: how many changes were applied, what the read-back
    /// covered, and the verdicts; every control character escaped (``EscapedCharacters``).
    public func applyJSON(applied: Int, readBack: String?, verdicts: [ProductVerdict]) -> String {
        struct Document: Encodable {
            var applied: Int
            // swift-format-ignore: AlwaysUseLowerCamelCase
            var read_back: String?
            var store: String
            var verdicts: [Entry]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(applied, forKey: .applied)
                try container.encode(read_back, forKey: .read_back)
                try container.encode(store, forKey: .store)
                try container.encode(verdicts, forKey: .verdicts)
            }

            private enum CodingKeys: String, CodingKey {
                case applied, read_back, store, verdicts
            }
        }
        let document = Document(applied: applied, read_back: readBack, store: store, verdicts: Self.entries(verdicts))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return EscapedCharacters.escapingJSON(String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self)) + "\n"
    }
}
