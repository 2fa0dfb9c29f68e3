import IAPCatalog

extension OfferMode {
    /// The API's name of the mode (`FREE_TRIAL`).
    package var apiName: String {
        switch self {
        case .freeTrial: "FREE_TRIAL"
        case .payAsYouGo: "PAY_AS_YOU_GO"
        case .payUpFront: "PAY_UP_FRONT"
        }
    }
}

/// An offer's `offerMode` as App Store Connect sent it: a mode iapcat knows, or another one kept
/// as sent (App Store Connect may add modes; such an offer is compared and shown, never rewritten).
/// The API's spelling is read and written only here and in the reader and applier.
package enum APIOfferMode: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral, Encodable {
    /// A mode of the catalog's.
    case known(OfferMode)
    /// A mode iapcat does not know, as sent.
    case unknown(String)

    /// The mode the API names `name`.
    package init(apiName name: String) {
        self = OfferMode.allCases.first { $0.apiName == name }.map(Self.known) ?? .unknown(name)
    }

    /// The mode spelled as the API spells it (in tests).
    package init(stringLiteral name: String) {
        self.init(apiName: name)
    }

    /// The API's name.
    package var apiName: String {
        switch self {
        case .known(let mode): mode.apiName
        case .unknown(let name): name
        }
    }

    /// A free trial: no price, only territories.
    package var isFree: Bool { self == .known(.freeTrial) }

    /// The API's name, as plans show it.
    package var description: String { apiName }

    /// Encoded as the API's name.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(apiName)
    }
}
