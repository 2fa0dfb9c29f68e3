import Foundation

/// A rendered relationship's linkage.
enum Related {
    case one(Ref?)
    case many([Ref])
}

/// How a relationship appears in a resource: `data` is a resource identifier (to-one) or an array
/// (to-many) when included; `linksOnly` relationships never carry data.
enum Cardinality {
    case one
    case many
    case linksOnly
}

extension Kind {
    /// The relationships of a resource of this kind, as in the spec's resource schema.
    var relationships: [(name: String, cardinality: Cardinality)] {
        switch self {
        case .app: [("inAppPurchasesV2", .linksOnly), ("subscriptionGroups", .linksOnly)]
        case .territory: []
        case .inAppPurchase:
            [
                ("inAppPurchaseLocalizations", .many), ("pricePoints", .many), ("content", .one), ("appStoreReviewScreenshot", .one),
                ("promotedPurchase", .one), ("iapPriceSchedule", .one), ("inAppPurchaseAvailability", .one), ("images", .many),
                ("offerCodes", .many), ("versions", .many),
            ]
        case .inAppPurchaseVersion: [("inAppPurchase", .one), ("image", .one), ("images", .many), ("localizations", .many)]
        case .inAppPurchaseLocalization, .groupLocalization, .subscriptionLocalization: [("version", .one)]
        case .inAppPurchaseLocalizationV1: [("inAppPurchaseV2", .one)]
        case .inAppPurchasePricePoint: [("territory", .one), ("equalizations", .linksOnly)]
        case .inAppPurchasePriceSchedule: [("baseTerritory", .one), ("manualPrices", .many), ("automaticPrices", .many)]
        case .inAppPurchasePrice: [("inAppPurchasePricePoint", .one), ("territory", .one)]
        case .inAppPurchaseAvailability, .planAvailability, .subscriptionAvailability: [("availableTerritories", .many)]
        case .inAppPurchaseScreenshot: [("inAppPurchaseV2", .one)]
        case .group: [("subscriptions", .many), ("subscriptionGroupLocalizations", .many), ("versions", .many)]
        case .groupVersion: [("subscriptionGroup", .one), ("localizations", .many)]
        case .groupLocalizationV1: [("subscriptionGroup", .one)]
        case .subscription:
            [
                ("subscriptionLocalizations", .many), ("appStoreReviewScreenshot", .one), ("group", .one), ("introductoryOffers", .many),
                ("promotionalOffers", .many), ("offerCodes", .many), ("prices", .many), ("pricePoints", .linksOnly),
                ("promotedPurchase", .one), ("subscriptionAvailability", .one), ("winBackOffers", .many), ("images", .many),
                ("planAvailabilities", .many), ("versions", .many),
            ]
        case .subscriptionVersion: [("subscription", .one), ("image", .one), ("images", .many), ("localizations", .many)]
        case .subscriptionLocalizationV1: [("subscription", .one)]
        case .subscriptionPrice: [("territory", .one), ("subscriptionPricePoint", .one)]
        case .subscriptionPricePoint: [("territory", .one), ("equalizations", .linksOnly), ("adjustedEqualizations", .linksOnly)]
        case .introductoryOffer: [("subscription", .one), ("territory", .one), ("subscriptionPricePoint", .one)]
        case .subscriptionScreenshot: [("subscription", .one)]
        case .promotionalOffer: [("subscription", .one), ("prices", .many)]
        case .offerCode: [("subscription", .one), ("oneTimeUseCodes", .many), ("customCodes", .many), ("prices", .many)]
        case .winBackOffer: [("prices", .many)]
        case .promotionalOfferPrice, .offerCodePrice, .winBackOfferPrice: [("territory", .one), ("subscriptionPricePoint", .one)]
        case .promotedPurchase: [("inAppPurchaseV2", .one), ("subscription", .one)]
        // The document's `InAppPurchaseOfferCode` has no relationship to its in-app purchase.
        case .inAppPurchaseOfferCode: [("oneTimeUseCodes", .many), ("customCodes", .many), ("prices", .many)]
        case .inAppPurchaseOfferPrice: [("territory", .one), ("pricePoint", .one)]
        // `createdByActor` and `deactivatedByActor` are left out: the fake has no actors.
        case .inAppPurchaseOfferCodeCustomCode: []
        case .inAppPurchaseOfferCodeOneTimeUseCode: [("values", .linksOnly)]
        case .inAppPurchaseImage: [("inAppPurchase", .one)]
        case .subscriptionImage: [("subscription", .one)]
        case .appStoreVersion: [("app", .one)]
        case .reviewSubmission: [("app", .one), ("items", .many), ("appStoreVersionForReview", .one)]
        case .reviewSubmissionItem:
            [("appStoreVersion", .one), ("inAppPurchaseVersion", .one), ("subscriptionVersion", .one), ("subscriptionGroupVersion", .one)]
        }
    }
}

// MARK: Attributes

extension FakeState {
    /// The attributes of the resource `ref`; nil when there is no such resource.
    func attributes(of ref: Ref) -> [String: JSON]? {
        let id = ref.id
        switch ref.kind {
        case .app:
            guard let app = apps[id] else { return nil }
            return [
                "name": .string(app.bundleID.split(separator: ".").last.map(String.init) ?? app.bundleID),
                "bundleId": .string(app.bundleID),
                "sku": .string(app.bundleID.uppercased()), "primaryLocale": "en-US",
            ]
        case .territory:
            return isTerritory(id) ? ["currency": .string(PricePointLadder.currency(of: id))] : nil
        case .inAppPurchase:
            guard let record = inAppPurchases[id] else { return nil }
            return [
                "name": .string(record.name), "productId": .string(record.productID), "inAppPurchaseType": .string(record.type),
                "state": .string(record.state), "reviewNote": .optional(record.reviewNote), "familySharable": .bool(record.familySharable),
                "contentHosting": .bool(record.contentHosting),
            ]
        case .inAppPurchaseVersion, .subscriptionVersion, .groupVersion:
            guard let record = versions[id], VersionFamily.of(record.owner).versionKind == ref.kind else { return nil }
            return ["version": .int(record.number), "state": .string(record.state)]
        case .inAppPurchaseLocalization, .inAppPurchaseLocalizationV1, .subscriptionLocalization, .subscriptionLocalizationV1,
            .groupLocalization, .groupLocalizationV1:
            return localizationAttributes(ref)
        case .inAppPurchasePricePoint, .subscriptionPricePoint:
            guard let point = pricePoint(ref) else { return nil }
            var attributes: [String: JSON] = [
                "customerPrice": .string(point.customerPrice),
                "proceeds": .string(PricePointLadder.proceeds(territory: point.territory, index: point.index)),
            ]
            if ref.kind == .subscriptionPricePoint {
                attributes["proceedsYear2"] = .string(
                    PricePointLadder.proceeds(territory: point.territory, index: point.index, share: 0.85))
            }
            return attributes
        case .inAppPurchasePriceSchedule:
            return inAppPurchases[id]?.schedule == nil ? nil : [:]
        case .inAppPurchasePrice:
            if let price = manualPrice(id) {
                return ["startDate": .optional(price.startDate), "endDate": .optional(price.endDate), "manual": true]
            }
            return automaticPrice(id) == nil ? nil : ["startDate": .null, "endDate": .null, "manual": false]
        case .inAppPurchaseAvailability:
            guard let availability = inAppPurchases[id]?.availability else { return nil }
            return ["availableInNewTerritories": .bool(availability.availableInNewTerritories)]
        case .planAvailability:
            guard let availability = planAvailability(id) else { return nil }
            return [
                "availableInNewTerritories": .bool(availability.availableInNewTerritories), "planType": .optional(availability.planType),
            ]
        case .subscriptionAvailability:
            guard let availability = subscriptions[id]?.legacyAvailability else { return nil }
            return ["availableInNewTerritories": .bool(availability.availableInNewTerritories)]
        case .inAppPurchaseScreenshot, .subscriptionScreenshot:
            guard let record = screenshots[id], Self.screenshotKind(record.owner) == ref.kind else { return nil }
            return screenshotAttributes(record)
        case .group:
            return groups[id].map { ["referenceName": .string($0.referenceName)] }
        case .subscription:
            guard let record = subscriptions[id] else { return nil }
            return [
                "name": .string(record.name), "productId": .string(record.productID), "familySharable": .bool(record.familySharable),
                "state": .string(record.state), "subscriptionPeriod": .optional(record.subscriptionPeriod),
                "reviewNote": .optional(record.reviewNote), "groupLevel": .int(record.groupLevel),
                "multiSeatStatus": .string(record.multiSeatStatus), "marketSettings": .array(record.marketSettings.map(JSON.string)),
            ]
        case .subscriptionPrice:
            guard let record = subscriptionPrices[id] else { return nil }
            return ["startDate": .optional(record.startDate), "preserved": .bool(record.preserved), "planType": .optional(record.planType)]
        case .promotionalOffer, .promotionalOfferPrice, .offerCode, .offerCodePrice, .winBackOffer, .winBackOfferPrice, .promotedPurchase:
            return offerAttributes(of: ref)
        case .appStoreVersion, .reviewSubmission, .reviewSubmissionItem:
            return reviewAttributes(of: ref)
        case .inAppPurchaseOfferCode, .inAppPurchaseOfferPrice, .inAppPurchaseOfferCodeCustomCode, .inAppPurchaseOfferCodeOneTimeUseCode:
            return inAppPurchaseOfferAttributes(of: ref)
        case .inAppPurchaseImage, .subscriptionImage:
            guard let record = images[id] else { return nil }
            return [
                "fileSize": .int(record.fileSize), "fileName": .string(record.fileName),
                "sourceFileChecksum": .string(record.sourceFileChecksum), "state": .string(record.state),
            ]
        case .introductoryOffer:
            guard let record = introductoryOffers[id] else { return nil }
            return [
                "startDate": .optional(record.startDate), "endDate": .optional(record.endDate), "duration": .string(record.duration),
                "offerMode": .string(record.offerMode), "numberOfPeriods": .int(record.numberOfPeriods),
                "targetSubscriptionPlanType": .optional(record.targetSubscriptionPlanType),
            ]
        }
    }

    private func localizationAttributes(_ ref: Ref) -> [String: JSON]? {
        guard let record = localizations[ref.id] else { return nil }
        let family = VersionFamily.of(record.owner)
        guard ref.kind == family.localizationKind || ref.kind == family.localizationV1Kind else { return nil }
        var attributes: [String: JSON] = ["name": .string(record.name), "locale": .string(record.locale)]
        if case .group = record.owner {
            attributes["customAppName"] = .optional(record.customAppName)
        } else {
            attributes["description"] = .optional(record.description)
        }
        if ref.kind == family.localizationV1Kind { attributes["state"] = .string(record.state) }
        return attributes
    }

    private func screenshotAttributes(_ record: ScreenshotRecord) -> [String: JSON] {
        let operations: JSON =
            record.committed
            ? .null
            : .array(
                record.parts.enumerated().map { index, part in
                    [
                        "method": "PUT", "url": .string("\(baseURL)/upload/\(record.uploadToken)/\(index)"), "offset": .int(part.offset),
                        "length": .int(part.length),
                        "requestHeaders": [["name": "Content-Type", "value": .string(record.contentType)]],
                    ]
                })
        let imageAsset: JSON =
            record.deliveryState == "COMPLETE"
            ? ["templateUrl": .string("\(baseURL)/assets/\(record.id)/{w}x{h}bb.{f}"), "width": 1242, "height": 2688] : .null
        return [
            "fileName": .string(record.fileName), "fileSize": .int(record.fileSize),
            "sourceFileChecksum": .optional(record.sourceFileChecksum),
            "imageAsset": imageAsset, "assetToken": .string("PurpleSource/v4/\(record.id)/\(record.fileName)"), "assetType": "SCREENSHOT",
            "uploadOperations": operations,
            "assetDeliveryState": [
                "state": .string(record.deliveryState),
                "errors": .array(record.deliveryErrors.map { ["code": .string($0.code), "description": .string($0.description)] }),
                "warnings": [],
            ],
        ]
    }

    // MARK: Derived resources

    /// The price point `ref` names, when its product exists and is of the right family.
    func pricePoint(_ ref: Ref) -> PricePoint? {
        guard let point = PricePoint(id: ref.id), isTerritory(point.territory) else { return nil }
        switch ref.kind {
        case .inAppPurchasePricePoint: return inAppPurchases[point.product] == nil ? nil : point
        case .subscriptionPricePoint: return subscriptions[point.product] == nil ? nil : point
        default: return nil
        }
    }

    func manualPrice(_ id: String) -> InAppPurchasePriceRecord? {
        guard let owner = inAppPurchasePriceOwners[id] else { return nil }
        return inAppPurchases[owner]?.schedule?.manualPrices.first { $0.id == id }
    }

    /// The automatic (equalized) prices of an in-app purchase: every territory without a manual
    /// price gets the base territory's current step.
    func automaticPrices(of inAppPurchaseID: String) -> [(id: String, point: PricePoint)] {
        guard let schedule = inAppPurchases[inAppPurchaseID]?.schedule,
            let base = schedule.manualPrices.first(where: { $0.point.territory == schedule.baseTerritory && $0.startDate == nil })
                ?? schedule.manualPrices.first(where: { $0.point.territory == schedule.baseTerritory })
        else { return [] }
        let manual = Set(schedule.manualPrices.map(\.point.territory))
        return territories.filter { !manual.contains($0) }.map { territory in
            (
                Base64URL.encode("a:\(inAppPurchaseID):\(territory)"),
                PricePoint(product: inAppPurchaseID, territory: territory, index: base.point.index)
            )
        }
    }

    private func automaticPrice(_ id: String) -> PricePoint? {
        guard let text = Base64URL.decode(id).flatMap({ String(data: $0, encoding: .utf8) }), text.hasPrefix("a:") else { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 3 else { return nil }
        return automaticPrices(of: String(parts[1])).first { $0.id == id }?.point
    }

    func planAvailability(_ id: String) -> AvailabilityRecord? {
        guard let owner = planAvailabilityOwners[id] else { return nil }
        return subscriptions[owner]?.planAvailabilities.first { $0.id == id }
    }

    /// Every price point of a product in `territories` (all the app's territories when nil).
    func pricePoints(of product: String, kind: Kind, in territories: [String]? = nil) -> [Ref] {
        (territories ?? self.territories).filter(isTerritory).flatMap { territory in
            PricePointLadder.indices.map { Ref(kind, PricePoint(product: product, territory: territory, index: $0).id) }
        }
    }
}

// MARK: Relationships

extension FakeState {
    /// The linkage of relationship `name` of `ref`; nil for links-only relationships.
    func related(_ ref: Ref, _ name: String) -> Related? {
        let id = ref.id
        switch (ref.kind, name) {
        case (.inAppPurchase, "inAppPurchaseLocalizations"):
            return .many(currentLocalizationIDs(of: .inAppPurchase(id)).map { Ref(.inAppPurchaseLocalizationV1, $0) })
        case (.inAppPurchase, "pricePoints"):
            return .many(pricePoints(of: id, kind: .inAppPurchasePricePoint))
        case (.inAppPurchase, "appStoreReviewScreenshot"):
            return .one(inAppPurchases[id]?.screenshotID.map { Ref(.inAppPurchaseScreenshot, $0) })
        case (.inAppPurchase, "iapPriceSchedule"):
            return .one(inAppPurchases[id]?.schedule == nil ? nil : Ref(.inAppPurchasePriceSchedule, id))
        case (.inAppPurchase, "inAppPurchaseAvailability"):
            return .one(inAppPurchases[id]?.availability.map { Ref(.inAppPurchaseAvailability, $0.id) })
        case (.inAppPurchase, "versions"), (.subscription, "versions"), (.group, "versions"):
            let owner = ownerOf(ref)
            return .many(versionIDs(of: owner).map { Ref(VersionFamily.of(owner).versionKind, $0) })
        case (.inAppPurchaseVersion, "inAppPurchase"), (.subscriptionVersion, "subscription"), (.groupVersion, "subscriptionGroup"):
            return .one(versions[id].map { Ref(VersionFamily.of($0.owner).ownerKind, $0.owner.id) })
        case (.inAppPurchaseVersion, "localizations"), (.subscriptionVersion, "localizations"), (.groupVersion, "localizations"):
            guard let version = versions[id] else { return .many([]) }
            return .many(version.localizationIDs.map { Ref(VersionFamily.of(version.owner).localizationKind, $0) })
        case (.inAppPurchaseLocalization, "version"), (.subscriptionLocalization, "version"), (.groupLocalization, "version"):
            return .one(localizations[id].map { Ref(VersionFamily.of($0.owner).versionKind, $0.versionID) })
        case (.inAppPurchaseLocalizationV1, "inAppPurchaseV2"), (.subscriptionLocalizationV1, "subscription"),
            (.groupLocalizationV1, "subscriptionGroup"):
            return .one(localizations[id].map { Ref(VersionFamily.of($0.owner).ownerKind, $0.owner.id) })
        case (.inAppPurchasePricePoint, "territory"), (.subscriptionPricePoint, "territory"):
            return .one(PricePoint(id: id).map { Ref(.territory, $0.territory) })
        case (.inAppPurchasePriceSchedule, "baseTerritory"):
            return .one(inAppPurchases[id]?.schedule.map { Ref(.territory, $0.baseTerritory) })
        case (.inAppPurchasePriceSchedule, "manualPrices"):
            return .many((inAppPurchases[id]?.schedule?.manualPrices ?? []).map { Ref(.inAppPurchasePrice, $0.id) })
        case (.inAppPurchasePriceSchedule, "automaticPrices"):
            return .many(automaticPrices(of: id).map { Ref(.inAppPurchasePrice, $0.id) })
        case (.inAppPurchasePrice, "inAppPurchasePricePoint"), (.inAppPurchasePrice, "territory"):
            guard let point = manualPrice(id)?.point ?? automaticPrice(id) else { return .one(nil) }
            return .one(name == "territory" ? Ref(.territory, point.territory) : Ref(.inAppPurchasePricePoint, point.id))
        case (.inAppPurchase, "images"), (.subscription, "images"):
            return .many(imageRefs(of: ownerOf(ref)))
        case (.inAppPurchaseImage, _), (.subscriptionImage, _):
            guard let owner = images[id]?.owner else { return .one(nil) }
            return .one(Ref(VersionFamily.of(owner).ownerKind, owner.id))
        case (.inAppPurchaseAvailability, "availableTerritories"):
            return .many((inAppPurchases[id]?.availability?.territories ?? []).map { Ref(.territory, $0) })
        case (.planAvailability, "availableTerritories"):
            return .many((planAvailability(id)?.territories ?? []).map { Ref(.territory, $0) })
        case (.subscriptionAvailability, "availableTerritories"):
            return .many((subscriptions[id]?.legacyAvailability?.territories ?? []).map { Ref(.territory, $0) })
        case (.inAppPurchaseScreenshot, "inAppPurchaseV2"), (.subscriptionScreenshot, "subscription"):
            return .one(screenshots[id].map { Ref(VersionFamily.of($0.owner).ownerKind, $0.owner.id) })
        case (.group, "subscriptions"):
            return .many((groups[id]?.subscriptionIDs ?? []).map { Ref(.subscription, $0) })
        case (.group, "subscriptionGroupLocalizations"):
            return .many(currentLocalizationIDs(of: .group(id)).map { Ref(.groupLocalizationV1, $0) })
        case (.subscription, "subscriptionLocalizations"):
            return .many(currentLocalizationIDs(of: .subscription(id)).map { Ref(.subscriptionLocalizationV1, $0) })
        case (.subscription, "appStoreReviewScreenshot"):
            return .one(subscriptions[id]?.screenshotID.map { Ref(.subscriptionScreenshot, $0) })
        case (.subscription, "group"):
            return .one(subscriptions[id].map { Ref(.group, $0.groupID) })
        case (.subscription, "introductoryOffers"):
            return .many((subscriptions[id]?.introductoryOfferIDs ?? []).map { Ref(.introductoryOffer, $0) })
        case (.subscription, "prices"):
            return .many((subscriptions[id]?.priceIDs ?? []).map { Ref(.subscriptionPrice, $0) })
        case (.subscription, "planAvailabilities"):
            return .many((subscriptions[id]?.planAvailabilities ?? []).map { Ref(.planAvailability, $0.id) })
        case (.subscription, "subscriptionAvailability"):
            return .one(subscriptions[id]?.legacyAvailability.map { Ref(.subscriptionAvailability, $0.id) })
        case (.subscriptionPrice, "territory"):
            return .one(subscriptionPrices[id].map { Ref(.territory, $0.point.territory) })
        case (.subscriptionPrice, "subscriptionPricePoint"):
            return .one(subscriptionPrices[id].map { Ref(.subscriptionPricePoint, $0.point.id) })
        case (.subscription, "promotionalOffers"), (.subscription, "offerCodes"), (.subscription, "winBackOffers"),
            (.subscription, "promotedPurchase"), (.inAppPurchase, "promotedPurchase"), (.promotionalOffer, _), (.offerCode, _),
            (.winBackOffer, _), (.promotionalOfferPrice, _), (.offerCodePrice, _), (.winBackOfferPrice, _), (.promotedPurchase, _):
            return offerRelated(ref, name)
        case (.appStoreVersion, _), (.reviewSubmission, _), (.reviewSubmissionItem, _):
            return reviewRelated(ref, name)
        case (.inAppPurchase, "offerCodes"), (.inAppPurchaseOfferCode, _), (.inAppPurchaseOfferPrice, _):
            return inAppPurchaseOfferRelated(ref, name)
        case (.introductoryOffer, "subscription"):
            return .one(introductoryOffers[id].map { Ref(.subscription, $0.subscriptionID) })
        case (.introductoryOffer, "territory"):
            return .one(introductoryOffers[id]?.territory.map { Ref(.territory, $0) })
        case (.introductoryOffer, "subscriptionPricePoint"):
            return .one(introductoryOffers[id]?.point.map { Ref(.subscriptionPricePoint, $0.id) })
        default:
            // Relationships the fake does not model (content…) are empty.
            switch ref.kind.relationships.first(where: { $0.name == name })?.cardinality {
            case .one: return .one(nil)
            case .many: return .many([])
            case .linksOnly, nil: return nil
            }
        }
    }

    private func ownerOf(_ ref: Ref) -> Owner {
        switch ref.kind {
        case .subscription: .subscription(ref.id)
        case .group: .group(ref.id)
        default: .inAppPurchase(ref.id)
        }
    }
}
