import Foundation

/// Offer codes of one-time in-app purchases (`inAppPurchaseOfferCodes`, API 4.2) with their prices,
/// custom codes and batches of one-time use codes: rendering, adding (through the API or a test
/// hook), what a product's deletion forgets, and what tests read back.
extension FakeState {
    // MARK: Rendering

    /// The attributes of an in-app purchase offer code, offer price, custom code or one-time use
    /// code batch; nil when there is none.
    func inAppPurchaseOfferAttributes(of ref: Ref) -> [String: JSON]? {
        switch ref.kind {
        case .inAppPurchaseOfferCode:
            guard let record = inAppPurchaseOfferCodes[ref.id] else { return nil }
            return [
                "name": .string(record.name), "customerEligibilities": .array(record.customerEligibilities.map(JSON.string)),
                "productionCodeCount": .int(record.productionCodeCount), "sandboxCodeCount": .int(record.sandboxCodeCount),
                "active": .bool(record.active),
            ]
        case .inAppPurchaseOfferPrice:
            // The document's `InAppPurchaseOfferPrice` has relationships only.
            return inAppPurchaseOfferPricePoint(ref) == nil ? nil : [:]
        case .inAppPurchaseOfferCodeCustomCode:
            guard let record = inAppPurchaseCustomCodes[ref.id] else { return nil }
            return [
                "customCode": .string(record.customCode), "numberOfCodes": .int(record.numberOfCodes),
                "createdDate": .string(record.createdDate), "expirationDate": .optional(record.expirationDate),
                "active": .bool(record.active),
            ]
        case .inAppPurchaseOfferCodeOneTimeUseCode:
            guard let record = inAppPurchaseOneTimeUseCodes[ref.id] else { return nil }
            return [
                "numberOfCodes": .int(record.numberOfCodes), "createdDate": .string(record.createdDate),
                "expirationDate": .string(record.expirationDate), "active": .bool(record.active),
                "environment": .string(record.environment),
            ]
        default:
            return nil
        }
    }

    /// The linkage of relationship `name` of an in-app purchase (its offer codes), an offer code or
    /// an offer price.
    func inAppPurchaseOfferRelated(_ ref: Ref, _ name: String) -> Related? {
        switch (ref.kind, name) {
        case (.inAppPurchase, "offerCodes"):
            return .many((inAppPurchases[ref.id]?.offerCodeIDs ?? []).map { Ref(.inAppPurchaseOfferCode, $0) })
        case (.inAppPurchaseOfferCode, "prices"):
            return .many(inAppPurchaseOfferPriceRefs(offerCodeID: ref.id))
        case (.inAppPurchaseOfferCode, "customCodes"):
            return .many((inAppPurchaseOfferCodes[ref.id]?.customCodeIDs ?? []).map { Ref(.inAppPurchaseOfferCodeCustomCode, $0) })
        case (.inAppPurchaseOfferCode, "oneTimeUseCodes"):
            return .many(
                (inAppPurchaseOfferCodes[ref.id]?.oneTimeUseCodeIDs ?? []).map { Ref(.inAppPurchaseOfferCodeOneTimeUseCode, $0) })
        case (.inAppPurchaseOfferPrice, "territory"):
            return .one(inAppPurchaseOfferPricePoint(ref).map { Ref(.territory, $0.territory) })
        case (.inAppPurchaseOfferPrice, "pricePoint"):
            return .one(inAppPurchaseOfferPricePoint(ref).map { Ref(.inAppPurchasePricePoint, $0.id) })
        default:
            switch ref.kind.relationships.first(where: { $0.name == name })?.cardinality {
            case .one: return .one(nil)
            case .many: return .many([])
            case .linksOnly, nil: return nil
            }
        }
    }

    /// The price resources of an offer code, one per territory (id `offer code id_territory`),
    /// those of `territories` only when given.
    func inAppPurchaseOfferPriceRefs(offerCodeID: String, territories: [String]? = nil) -> [Ref] {
        (inAppPurchaseOfferCodes[offerCodeID]?.points ?? []).map(\.territory).filter { territories?.contains($0) ?? true }.map {
            Ref(.inAppPurchaseOfferPrice, "\(offerCodeID)_\($0)")
        }
    }

    /// The price point an offer price (`offer code id_territory`) stands for; nil when there is no such price.
    func inAppPurchaseOfferPricePoint(_ ref: Ref) -> PricePoint? {
        guard let separator = ref.id.lastIndex(of: "_") else { return nil }
        let territory = String(ref.id[ref.id.index(after: separator)...])
        return inAppPurchaseOfferCodes[String(ref.id[..<separator])]?.points.first { $0.territory == territory }
    }

    // MARK: Adding

    /// The price points of `product` whose customer price in each territory is exactly the one
    /// given (the ladder is the same for in-app purchases and subscriptions); nil when a territory
    /// is unknown or has no such price point.
    func offerPoints(product: String, prices: [String: String]) -> [PricePoint]? {
        offerPoints(subscriptionID: product, prices: prices)
    }

    /// Adds an offer code to its in-app purchase.
    func addInAppPurchaseOfferCode(_ record: InAppPurchaseOfferCodeRecord) {
        inAppPurchaseOfferCodes[record.id] = record
        inAppPurchases[record.inAppPurchaseID]?.offerCodeIDs.append(record.id)
    }

    /// Adds a custom code to its offer code.
    func addInAppPurchaseCustomCode(_ record: InAppPurchaseCustomCodeRecord) {
        inAppPurchaseCustomCodes[record.id] = record
        inAppPurchaseOfferCodes[record.offerCodeID]?.customCodeIDs.append(record.id)
    }

    /// Adds a batch of one-time use codes to its offer code, counted in its environment.
    func addInAppPurchaseOneTimeUseCodes(_ record: InAppPurchaseOneTimeUseCodeRecord) {
        inAppPurchaseOneTimeUseCodes[record.id] = record
        inAppPurchaseOfferCodes[record.offerCodeID]?.oneTimeUseCodeIDs.append(record.id)
        if record.environment == "SANDBOX" {
            inAppPurchaseOfferCodes[record.offerCodeID]?.sandboxCodeCount += record.numberOfCodes
        } else {
            inAppPurchaseOfferCodes[record.offerCodeID]?.productionCodeCount += record.numberOfCodes
        }
    }

    /// Deactivates an offer code, and with it every custom code and one-time use code batch it has
    /// (codes of an inactive offer cannot be redeemed; the fake shows them inactive too).
    func deactivateInAppPurchaseOfferCode(_ id: String) {
        guard let record = inAppPurchaseOfferCodes[id] else { return }
        inAppPurchaseOfferCodes[id]?.active = false
        for codeID in record.customCodeIDs { inAppPurchaseCustomCodes[codeID]?.active = false }
        for batchID in record.oneTimeUseCodeIDs { inAppPurchaseOneTimeUseCodes[batchID]?.active = false }
    }

    /// The characters of generated one-time use codes: uppercase letters and digits.
    static let codeAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// `count` new one-time use codes of 12 random uppercase letters and digits (the length is
    /// modelled: Apple does not document it), none generated before.
    func newOneTimeUseCodes(_ count: Int) -> [String] {
        var codes: [String] = []
        codes.reserveCapacity(count)
        var generator = SystemRandomNumberGenerator()
        while codes.count < count {
            let code = String((0..<12).map { _ in Self.codeAlphabet.randomElement(using: &generator)! })
            if generatedOfferCodes.insert(code).inserted { codes.append(code) }
        }
        return codes
    }

    /// Now, as App Store Connect writes a `createdDate` (ISO 8601, UTC).
    static func now() -> String {
        ISO8601DateFormatter().string(from: Date())
    }

    /// The custom codes of every offer code of the in-app purchases of `appID` (deactivated ones too).
    func customCodes(app appID: String) -> [InAppPurchaseCustomCodeRecord] {
        let offerIDs = (apps[appID]?.inAppPurchaseIDs ?? []).flatMap { inAppPurchases[$0]?.offerCodeIDs ?? [] }
        return offerIDs.flatMap { inAppPurchaseOfferCodes[$0]?.customCodeIDs ?? [] }.compactMap { inAppPurchaseCustomCodes[$0] }
    }

    /// Forgets the offer codes of an in-app purchase being deleted, with their codes.
    func deleteInAppPurchaseOfferCodes(of inAppPurchaseID: String) {
        for offerID in inAppPurchases[inAppPurchaseID]?.offerCodeIDs ?? [] {
            guard let offer = inAppPurchaseOfferCodes[offerID] else { continue }
            for codeID in offer.customCodeIDs { inAppPurchaseCustomCodes[codeID] = nil }
            for batchID in offer.oneTimeUseCodeIDs { inAppPurchaseOneTimeUseCodes[batchID] = nil }
            inAppPurchaseOfferCodes[offerID] = nil
        }
    }

    // MARK: Reading back

    /// The offer codes of an in-app purchase, oldest first, as tests read them.
    func fakeInAppPurchaseOfferCodes(of inAppPurchaseID: String) -> [FakeInAppPurchaseOfferCode] {
        (inAppPurchases[inAppPurchaseID]?.offerCodeIDs ?? []).compactMap { inAppPurchaseOfferCodes[$0] }.map { offer in
            FakeInAppPurchaseOfferCode(
                id: offer.id, name: offer.name, customerEligibilities: offer.customerEligibilities, active: offer.active,
                prices: Dictionary(uniqueKeysWithValues: offer.points.map { ($0.territory, $0.customerPrice) }),
                customCodes: offer.customCodeIDs.compactMap { inAppPurchaseCustomCodes[$0] }.map {
                    FakeCustomCode(
                        id: $0.id, code: $0.customCode, numberOfCodes: $0.numberOfCodes, expirationDate: $0.expirationDate,
                        active: $0.active)
                },
                oneTimeUseBatches: offer.oneTimeUseCodeIDs.compactMap { inAppPurchaseOneTimeUseCodes[$0] }.map {
                    FakeOneTimeUseBatch(
                        id: $0.id, numberOfCodes: $0.numberOfCodes, expirationDate: $0.expirationDate, environment: $0.environment,
                        active: $0.active, codes: $0.codes)
                })
        }
    }

    /// The offer codes of the in-app purchases of `appID` as a round trip compares them: without
    /// resource ids or generated codes, in a fixed order (product id, name; custom codes by code;
    /// batches by environment, expiration date, size).
    func inAppPurchaseOfferCodeSummaries(app appID: String) -> [FakeAppSummary.InAppPurchaseOfferCode] {
        let entries = (apps[appID]?.inAppPurchaseIDs ?? []).flatMap { productID -> [FakeAppSummary.InAppPurchaseOfferCode] in
            guard let product = inAppPurchases[productID] else { return [] }
            return fakeInAppPurchaseOfferCodes(of: productID).map { offer in
                FakeAppSummary.InAppPurchaseOfferCode(
                    productID: product.productID, name: offer.name, customerEligibilities: offer.customerEligibilities.sorted(),
                    active: offer.active, prices: offer.prices,
                    customCodes: offer.customCodes.map {
                        FakeAppSummary.InAppPurchaseOfferCode.CustomCode(
                            code: $0.code, numberOfCodes: $0.numberOfCodes, expirationDate: $0.expirationDate, active: $0.active)
                    }.sorted { $0.code < $1.code },
                    oneTimeUseBatches: offer.oneTimeUseBatches.map {
                        FakeAppSummary.InAppPurchaseOfferCode.OneTimeUseBatch(
                            numberOfCodes: $0.numberOfCodes, expirationDate: $0.expirationDate, environment: $0.environment,
                            active: $0.active)
                    }.sorted {
                        ($0.environment, $0.expirationDate, $0.numberOfCodes, $0.active ? 1 : 0)
                            < ($1.environment, $1.expirationDate, $1.numberOfCodes, $1.active ? 1 : 0)
                    })
            }
        }
        return entries.sorted { ($0.productID, $0.name) < ($1.productID, $1.name) }
    }
}
