import Foundation

/// Offer codes of one-time in-app purchases (`inAppPurchaseOfferCodes`, API 4.2), their prices,
/// custom codes and batches of one-time use codes. The document has no DELETE for any of them: an
/// offer code or a code is deactivated, and never activated again.
///
/// Sources of the rules beyond the document: Apple's App Store Connect Help, "Create offer codes for
/// in-app purchases" (developer.apple.com/help/app-store-connect/manage-in-app-purchases/
/// create-offer-codes-for-in-app-purchases): "a limit of 1 million codes per app, per quarter",
/// one-time-use codes expire "with a maximum of 6 months". Every other limit here is a model, said
/// where it is used.
enum InAppPurchaseOfferCodeHandlers {
    /// The most codes one custom code may be redeemed, and so its `numberOfCodes`: Apple's limit of
    /// 1,000,000 codes per app per quarter (Help, above). The quarterly total is not modelled.
    static let customCodeRedemptions = 1...1_000_000
    /// The codes of one batch of one-time use codes: a model (Apple documents only the quarterly
    /// limit of 1,000,000 per app, which no single batch could pass anyway).
    static let batchSize = 1...100_000
    /// How long a custom code is, in characters: a model (Apple's help names examples such as
    /// SUMMER25 and no rule); with ``customCodeCharacters``.
    static let customCodeLength = 6...64
    /// A custom code's characters: uppercase letters and digits (a model, as the length is).
    static let customCodeCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    /// One-time use codes expire at most this many months after they are made (Help, above).
    static let oneTimeUseMonths = 6

    // MARK: Offer codes

    /// `GET /v2/inAppPurchases/{id}/offerCodes`: oldest first; with `filter[territory]`, the offer
    /// codes priced in one of those territories.
    static func list(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.inAppPurchase(c.id)
        let territories = c.query.filter("territory")
        let ids = record.offerCodeIDs.filter { id in
            territories.map { !c.state.inAppPurchaseOfferPriceRefs(offerCodeID: id, territories: $0).isEmpty } ?? true
        }
        return c.list(ids.map { Ref(.inAppPurchaseOfferCode, $0) })
    }

    /// `GET /v2/inAppPurchases/{id}/relationships/offerCodes`.
    static func offerCodeLinkages(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.inAppPurchase(c.id)
        return c.linkages(record.offerCodeIDs.map { Ref(.inAppPurchaseOfferCode, $0) })
    }

    static func get(_ c: Context) throws(APIError) -> Reply {
        _ = try offerCode(c.id, c)
        return c.one(Ref(.inAppPurchaseOfferCode, c.id))
    }

    /// `POST /v1/inAppPurchaseOfferCodes`: an offer code with one price per territory, each a price
    /// point of that in-app purchase in that territory; its name not used by another offer code of
    /// the in-app purchase. It starts active, without codes.
    static func create(_ c: Context) throws(APIError) -> Reply {
        let document = try c.body(.inAppPurchaseOfferCodeCreate)
        let entity = document.data
        let inAppPurchaseID = entity.one("inAppPurchase")!
        guard let product = c.state.inAppPurchases[inAppPurchaseID] else {
            throw entity.invalidRelationship("inAppPurchase", "There is no in-app purchase with id '\(inAppPurchaseID)'.")
        }
        let eligibilities = entity.attributes["customerEligibilities"]?.array?.compactMap(\.string) ?? []
        guard !eligibilities.isEmpty else {
            throw entity.invalidAttribute("customerEligibilities", "An offer code needs at least one customer eligibility.")
        }
        if let twice = eligibilities.enumerated().first(where: { eligibilities[..<$0.offset].contains($0.element) })?.element {
            throw entity.invalidAttribute("customerEligibilities", "The customer eligibility '\(twice)' is given twice.")
        }
        let name = entity.string("name")!
        if product.offerCodeIDs.contains(where: { c.state.inAppPurchaseOfferCodes[$0]?.name == name }) {
            throw entity.invalidAttribute("name", "The name '\(name)' is already in use by another offer code of this in-app purchase.")
        }
        let points = try checkPrices(document, inAppPurchaseID: inAppPurchaseID, c)
        let record = InAppPurchaseOfferCodeRecord(
            id: c.state.newUUID(), inAppPurchaseID: inAppPurchaseID, name: name, customerEligibilities: eligibilities, points: points)
        c.state.addInAppPurchaseOfferCode(record)
        return c.created(Ref(.inAppPurchaseOfferCode, record.id))
    }

    /// `PATCH /v1/inAppPurchaseOfferCodes/{id}`: only `active`. Deactivating deactivates the offer
    /// code's custom codes and one-time use codes too; an inactive offer code stays so.
    static func update(_ c: Context) throws(APIError) -> Reply {
        let record = try offerCode(c.id, c)
        let entity = try c.body(.inAppPurchaseOfferCodeUpdate).data
        if let active = entity.bool("active") {
            if active, !record.active { throw .stateError("An offer code cannot be activated again once deactivated.") }
            if !active { c.state.deactivateInAppPurchaseOfferCode(c.id) }
        }
        return c.one(Ref(.inAppPurchaseOfferCode, c.id))
    }

    /// `GET /v1/inAppPurchaseOfferCodes/{id}/prices`: one per territory, by territory.
    static func prices(_ c: Context) throws(APIError) -> Reply {
        _ = try offerCode(c.id, c)
        return c.list(c.state.inAppPurchaseOfferPriceRefs(offerCodeID: c.id, territories: c.query.filter("territory")))
    }

    /// `GET /v1/inAppPurchaseOfferCodes/{id}/relationships/prices`.
    static func priceLinkages(_ c: Context) throws(APIError) -> Reply {
        _ = try offerCode(c.id, c)
        return c.linkages(c.state.inAppPurchaseOfferPriceRefs(offerCodeID: c.id))
    }

    /// `GET /v1/inAppPurchaseOfferCodes/{id}/customCodes`, oldest first.
    static func customCodes(_ c: Context) throws(APIError) -> Reply {
        c.list(try offerCode(c.id, c).customCodeIDs.map { Ref(.inAppPurchaseOfferCodeCustomCode, $0) })
    }

    /// `GET /v1/inAppPurchaseOfferCodes/{id}/relationships/customCodes`.
    static func customCodeLinkages(_ c: Context) throws(APIError) -> Reply {
        c.linkages(try offerCode(c.id, c).customCodeIDs.map { Ref(.inAppPurchaseOfferCodeCustomCode, $0) })
    }

    /// `GET /v1/inAppPurchaseOfferCodes/{id}/oneTimeUseCodes`: the batches, oldest first.
    static func oneTimeUseCodes(_ c: Context) throws(APIError) -> Reply {
        c.list(try offerCode(c.id, c).oneTimeUseCodeIDs.map { Ref(.inAppPurchaseOfferCodeOneTimeUseCode, $0) })
    }

    /// `GET /v1/inAppPurchaseOfferCodes/{id}/relationships/oneTimeUseCodes`.
    static func oneTimeUseCodeLinkages(_ c: Context) throws(APIError) -> Reply {
        c.linkages(try offerCode(c.id, c).oneTimeUseCodeIDs.map { Ref(.inAppPurchaseOfferCodeOneTimeUseCode, $0) })
    }

    // MARK: Custom codes

    /// `POST /v1/inAppPurchaseOfferCodeCustomCodes`: a code of an active offer code, redeemable
    /// `numberOfCodes` times until `expirationDate` (none: no end), never used before by an offer
    /// code of the app's in-app purchases (deactivated codes included).
    static func createCustomCode(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.inAppPurchaseCustomCodeCreate).data
        let offer = try activeOfferCode(entity, c)
        try requireApproved(offer, c, what: "custom codes")
        let code = entity.string("customCode")!
        guard customCodeLength.contains(code.count), code.allSatisfy(customCodeCharacters.contains) else {
            let length = "\(customCodeLength.lowerBound) to \(customCodeLength.upperBound)"
            throw entity.invalidAttribute("customCode", "A custom code is \(length) uppercase letters and digits, not '\(code)'.")
        }
        let count = entity.int("numberOfCodes")!
        guard customCodeRedemptions.contains(count) else {
            throw entity.invalidAttribute(
                "numberOfCodes", "A custom code is redeemable 1 to \(customCodeRedemptions.upperBound) times, not \(count).")
        }
        let expirationDate = entity.string("expirationDate")
        if let expirationDate { try checkNotPast(expirationDate, entity) }
        let appID = c.state.inAppPurchases[offer.inAppPurchaseID]?.appID ?? ""
        if c.state.customCodes(app: appID).contains(where: { $0.customCode == code }) {
            throw entity.invalidAttribute(
                "customCode", "The custom code '\(code)' is already used by an offer code of this app.",
                code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
        }
        let record = InAppPurchaseCustomCodeRecord(
            id: c.state.newUUID(), offerCodeID: offer.id, customCode: code, numberOfCodes: count, expirationDate: expirationDate,
            createdDate: FakeState.now())
        c.state.addInAppPurchaseCustomCode(record)
        return c.created(Ref(.inAppPurchaseOfferCodeCustomCode, record.id))
    }

    static func getCustomCode(_ c: Context) throws(APIError) -> Reply {
        guard c.state.inAppPurchaseCustomCodes[c.id] != nil else { throw .resourceNotFound("inAppPurchaseOfferCodeCustomCodes", c.id) }
        return c.one(Ref(.inAppPurchaseOfferCodeCustomCode, c.id))
    }

    /// `PATCH /v1/inAppPurchaseOfferCodeCustomCodes/{id}`: only `active`; never active again.
    static func updateCustomCode(_ c: Context) throws(APIError) -> Reply {
        guard let record = c.state.inAppPurchaseCustomCodes[c.id] else {
            throw .resourceNotFound("inAppPurchaseOfferCodeCustomCodes", c.id)
        }
        let entity = try c.body(.inAppPurchaseCustomCodeUpdate).data
        if let active = entity.bool("active") {
            if active, !record.active { throw .stateError("A custom code cannot be activated again once deactivated.") }
            c.state.inAppPurchaseCustomCodes[c.id]?.active = active
        }
        return c.one(Ref(.inAppPurchaseOfferCodeCustomCode, c.id))
    }

    // MARK: One-time use codes

    /// `POST /v1/inAppPurchaseOfferCodeOneTimeUseCodes`: a batch of `numberOfCodes` new codes of an
    /// active offer code, for `environment` (none: PRODUCTION), expiring on `expirationDate`, from
    /// today to six months from now.
    static func createOneTimeUseCodes(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.inAppPurchaseOneTimeUseCodeCreate).data
        let offer = try activeOfferCode(entity, c)
        if (entity.string("environment") ?? "PRODUCTION") != "SANDBOX" { try requireApproved(offer, c, what: "one-time use codes") }
        let count = entity.int("numberOfCodes")!
        guard batchSize.contains(count) else {
            throw entity.invalidAttribute(
                "numberOfCodes", "A batch of one-time use codes has 1 to \(batchSize.upperBound) codes, not \(count).")
        }
        let expirationDate = entity.string("expirationDate")!
        try checkNotPast(expirationDate, entity)
        let latest = FakeState.today(addingMonths: oneTimeUseMonths)
        if expirationDate > latest {
            throw entity.invalidAttribute(
                "expirationDate",
                "One-time use codes expire at most \(oneTimeUseMonths) months from today (\(latest)), not on \(expirationDate).")
        }
        let record = InAppPurchaseOneTimeUseCodeRecord(
            id: c.state.newUUID(), offerCodeID: offer.id, numberOfCodes: count, expirationDate: expirationDate,
            environment: entity.string("environment") ?? "PRODUCTION", createdDate: FakeState.now(),
            codes: c.state.newOneTimeUseCodes(count))
        c.state.addInAppPurchaseOneTimeUseCodes(record)
        return c.created(Ref(.inAppPurchaseOfferCodeOneTimeUseCode, record.id))
    }

    static func getOneTimeUseCodes(_ c: Context) throws(APIError) -> Reply {
        guard c.state.inAppPurchaseOneTimeUseCodes[c.id] != nil else {
            throw .resourceNotFound("inAppPurchaseOfferCodeOneTimeUseCodes", c.id)
        }
        return c.one(Ref(.inAppPurchaseOfferCodeOneTimeUseCode, c.id))
    }

    /// `PATCH /v1/inAppPurchaseOfferCodeOneTimeUseCodes/{id}`: only `active`; never active again.
    static func updateOneTimeUseCodes(_ c: Context) throws(APIError) -> Reply {
        guard let record = c.state.inAppPurchaseOneTimeUseCodes[c.id] else {
            throw .resourceNotFound("inAppPurchaseOfferCodeOneTimeUseCodes", c.id)
        }
        let entity = try c.body(.inAppPurchaseOneTimeUseCodeUpdate).data
        if let active = entity.bool("active") {
            if active, !record.active { throw .stateError("One-time use codes cannot be activated again once deactivated.") }
            c.state.inAppPurchaseOneTimeUseCodes[c.id]?.active = active
        }
        return c.one(Ref(.inAppPurchaseOfferCodeOneTimeUseCode, c.id))
    }

    /// `GET /v1/inAppPurchaseOfferCodeOneTimeUseCodes/{id}/values`: the document's answer is
    /// `text/csv` (schema `csv`, a string) and Apple describes no columns, so the shape is modelled:
    /// one code per line, each line ending in a newline, no header. (Clients such as
    /// rorkai/App-Store-Connect-CLI read the first column and skip a first line `code` if there is one.)
    static func values(_ c: Context) throws(APIError) -> Reply {
        guard let record = c.state.inAppPurchaseOneTimeUseCodes[c.id] else {
            throw .resourceNotFound("inAppPurchaseOfferCodeOneTimeUseCodes", c.id)
        }
        return .raw(200, contentType: "text/csv", Data(record.codes.map { $0 + "\n" }.joined().utf8))
    }

    // MARK: Rules

    private static func offerCode(_ id: String, _ c: Context) throws(APIError) -> InAppPurchaseOfferCodeRecord {
        guard let record = c.state.inAppPurchaseOfferCodes[id] else { throw .resourceNotFound("inAppPurchaseOfferCodes", id) }
        return record
    }

    /// The offer code the request's `offerCode` relationship names: it exists and is active.
    private static func activeOfferCode(_ entity: RequestEntity, _ c: Context) throws(APIError) -> InAppPurchaseOfferCodeRecord {
        let id = entity.one("offerCode")!
        guard let record = c.state.inAppPurchaseOfferCodes[id] else {
            throw entity.invalidRelationship("offerCode", "There is no in-app purchase offer code with id '\(id)'.")
        }
        guard record.active else { throw .stateError("The offer code '\(record.name)' is inactive: it takes no new codes.") }
        return record
    }

    /// The offer code's in-app purchase is approved: "To generate one-time-use or custom codes,
    /// your app must be Ready for Distribution and the associated In-App Purchase must be
    /// Approved" (App Store Connect Help, "Create offer codes for In-App Purchases"; sandbox codes
    /// are made regardless). The app's own status is not modelled.
    private static func requireApproved(_ offer: InAppPurchaseOfferCodeRecord, _ c: Context, what: String) throws(APIError) {
        let state = c.state.inAppPurchases[offer.inAppPurchaseID]?.state ?? ""
        guard state == "APPROVED" else {
            throw .stateError("The in-app purchase is \(state): \(what) are made only for an approved in-app purchase.")
        }
    }

    /// An expiration date is today or later (UTC).
    private static func checkNotPast(_ date: String, _ entity: RequestEntity) throws(APIError) {
        let today = FakeState.today()
        if date < today {
            throw entity.invalidAttribute("expirationDate", "The expiration date \(date) is in the past (today is \(today)).")
        }
    }

    /// The price points of an offer code create: every `prices` linkage an included
    /// `inAppPurchaseOfferPrices`, each with a price point of the in-app purchase (in its
    /// `territory` when it names one), one per territory, and every included item linked.
    private static func checkPrices(_ document: RequestDocument, inAppPurchaseID: String, _ c: Context) throws(APIError) -> [PricePoint] {
        let entity = document.data
        let ids = entity.many("prices") ?? []
        guard !ids.isEmpty else { throw entity.missingRelationship("prices") }
        var points: [PricePoint] = []
        for id in ids {
            guard let item = document.included("inAppPurchaseOfferPrices", id: id) else {
                throw entity.invalidRelationship("prices", "'\(id)' is not an included inAppPurchaseOfferPrices.")
            }
            guard let pointID = item.one("pricePoint") else { throw item.missingRelationship("pricePoint") }
            guard let point = c.state.pricePoint(Ref(.inAppPurchasePricePoint, pointID)), point.product == inAppPurchaseID else {
                throw item.invalidRelationship("pricePoint", "'\(pointID)' is not a price point of in-app purchase '\(inAppPurchaseID)'.")
            }
            if let territory = item.one("territory"), territory != point.territory {
                throw item.invalidRelationship("pricePoint", "The price point is of \(point.territory), not of \(territory).")
            }
            if points.contains(where: { $0.territory == point.territory }) {
                throw item.invalidRelationship("territory", "Two prices for \(point.territory).")
            }
            points.append(point)
        }
        if let stray = document.included.first(where: { !ids.contains($0.id ?? "") }) {
            throw .entity(
                "ENTITY_ERROR.INCLUDED.INVALID", stray.pointer,
                "The included resource '\(stray.id ?? "")' is not referenced by a relationship.")
        }
        return points.sorted { $0.territory < $1.territory }
    }
}

extension FakeState {
    /// The day `months` months from today in UTC, `YYYY-MM-DD`.
    static func today(addingMonths months: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: .month, value: months, to: Date()) ?? Date()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
