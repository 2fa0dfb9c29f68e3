/// Every endpoint the fake serves, with the query parameters the 4.4.1 spec allows on it.
extension Router {
    static let appStoreConnect = Router(
        routes: catalog + inAppPurchases + inAppPurchasePrices + screenshots + groups + subscriptions + subscriptionPrices + offers
            + promotedPurchases + images + reviewSubmissions + inAppPurchaseOfferCodes)

    private static let catalog: [Route] = [
        Route("GET", "/v1/territories", .list(), CatalogHandlers.territories),
        Route("GET", "/v1/apps/{id}", .one(), CatalogHandlers.app),
    ]

    // MARK: In-app purchases

    private static let inAppPurchaseIncludes = [
        "inAppPurchaseLocalizations", "content", "appStoreReviewScreenshot", "promotedPurchase", "iapPriceSchedule",
        "inAppPurchaseAvailability", "images", "offerCodes", "versions",
    ]

    private static let inAppPurchases: [Route] = [
        Route(
            "GET", "/v1/apps/{id}/inAppPurchasesV2",
            .list(
                filters: [
                    "productId": nil, "name": nil, "state": InAppPurchaseHandlers.states, "inAppPurchaseType": InAppPurchaseHandlers.types,
                ],
                includes: inAppPurchaseIncludes,
                includeLimits: QueryRules.fifty("inAppPurchaseLocalizations", "images", "offerCodes", "versions"),
                sorts: ["name", "-name", "inAppPurchaseType", "-inAppPurchaseType"]),
            InAppPurchaseHandlers.list),
        Route("POST", "/v2/inAppPurchases", .none, InAppPurchaseHandlers.create),
        Route(
            "GET", "/v2/inAppPurchases/{id}",
            .one(
                includes: inAppPurchaseIncludes + ["pricePoints"],
                includeLimits: QueryRules.fifty("images", "inAppPurchaseLocalizations", "offerCodes", "versions").merging(
                    ["pricePoints": 8000], uniquingKeysWith: { $1 })),
            InAppPurchaseHandlers.get),
        Route("PATCH", "/v2/inAppPurchases/{id}", .none, InAppPurchaseHandlers.update),
        Route("DELETE", "/v2/inAppPurchases/{id}", .none, InAppPurchaseHandlers.delete),
        Route(
            "GET", "/v2/inAppPurchases/{id}/versions",
            .list(
                filters: ["state": VersionHandlers.states], includes: ["inAppPurchase", "image", "images", "localizations"],
                includeLimits: QueryRules.fifty("images", "localizations")),
            VersionHandlers.ownerVersions(.inAppPurchase)),
        Route(
            "GET", "/v2/inAppPurchases/{id}/inAppPurchaseLocalizations", .list(includes: ["inAppPurchaseV2"]),
            VersionHandlers.ownerLocalizations(.inAppPurchase)),
        Route(
            "GET", "/v2/inAppPurchases/{id}/pricePoints", .list(max: 8000, filters: ["territory": nil], includes: ["territory"]),
            InAppPurchaseHandlers.pricePoints),
        Route(
            "GET", "/v2/inAppPurchases/{id}/iapPriceSchedule",
            .one(
                includes: ["baseTerritory", "manualPrices", "automaticPrices"],
                includeLimits: QueryRules.fifty("manualPrices", "automaticPrices")),
            InAppPurchaseHandlers.priceSchedule),
        Route(
            "GET", "/v2/inAppPurchases/{id}/inAppPurchaseAvailability",
            .one(includes: ["availableTerritories"], includeLimits: QueryRules.fifty("availableTerritories")),
            InAppPurchaseHandlers.availability),
        Route(
            "GET", "/v2/inAppPurchases/{id}/appStoreReviewScreenshot", .one(includes: ["inAppPurchaseV2"]),
            InAppPurchaseHandlers.screenshot),

        Route("POST", "/v1/inAppPurchaseVersions", .none, VersionHandlers.create(.inAppPurchase)),
        Route(
            "GET", "/v1/inAppPurchaseVersions/{id}",
            .one(
                includes: ["inAppPurchase", "image", "images", "localizations"], includeLimits: QueryRules.fifty("images", "localizations")),
            VersionHandlers.get(.inAppPurchase)),
        Route(
            "GET", "/v1/inAppPurchaseVersions/{id}/localizations", .list(includes: ["version"]),
            VersionHandlers.localizations(.inAppPurchase)),

        Route("POST", "/v2/inAppPurchaseLocalizations", .none, VersionHandlers.createLocalization(.inAppPurchase)),
        Route(
            "GET", "/v2/inAppPurchaseLocalizations/{id}", .one(includes: ["version"]), VersionHandlers.getLocalization(.inAppPurchase)),
        Route("PATCH", "/v2/inAppPurchaseLocalizations/{id}", .none, VersionHandlers.updateLocalization(.inAppPurchase)),
        Route("DELETE", "/v2/inAppPurchaseLocalizations/{id}", .none, VersionHandlers.deleteLocalization(.inAppPurchase)),

        Route("POST", "/v1/inAppPurchaseAvailabilities", .none, AvailabilityHandlers.createInAppPurchaseAvailability),
        Route(
            "GET", "/v1/inAppPurchaseAvailabilities/{id}",
            .one(includes: ["availableTerritories"], includeLimits: QueryRules.fifty("availableTerritories")),
            AvailabilityHandlers.getInAppPurchaseAvailability),
        Route("GET", "/v1/inAppPurchaseAvailabilities/{id}/availableTerritories", .list(), AvailabilityHandlers.inAppPurchaseTerritories),
    ]

    private static let inAppPurchasePrices: [Route] = [
        Route("POST", "/v1/inAppPurchasePriceSchedules", .none, PriceScheduleHandlers.create),
        Route(
            "GET", "/v1/inAppPurchasePriceSchedules/{id}",
            .one(
                includes: ["baseTerritory", "manualPrices", "automaticPrices"],
                includeLimits: QueryRules.fifty("manualPrices", "automaticPrices")),
            PriceScheduleHandlers.get),
        Route("GET", "/v1/inAppPurchasePriceSchedules/{id}/baseTerritory", .one(), PriceScheduleHandlers.baseTerritory),
        Route(
            "GET", "/v1/inAppPurchasePriceSchedules/{id}/manualPrices",
            .list(filters: ["territory": nil], includes: ["inAppPurchasePricePoint", "territory"]), PriceScheduleHandlers.manualPrices),
        Route(
            "GET", "/v1/inAppPurchasePriceSchedules/{id}/automaticPrices",
            .list(filters: ["territory": nil], includes: ["inAppPurchasePricePoint", "territory"]), PriceScheduleHandlers.automaticPrices),
        Route(
            "GET", "/v1/inAppPurchasePricePoints/{id}/equalizations",
            .list(max: 8000, filters: ["territory": nil, "inAppPurchaseV2": nil], includes: ["territory"]),
            PriceScheduleHandlers.equalizations(.inAppPurchasePricePoint, productFilter: "inAppPurchaseV2")),
    ]

    // MARK: Review screenshots

    private static let screenshots: [Route] = [
        Route("POST", "/v1/inAppPurchaseAppStoreReviewScreenshots", .none, ScreenshotHandlers.create(.inAppPurchase)),
        Route(
            "GET", "/v1/inAppPurchaseAppStoreReviewScreenshots/{id}", .one(includes: ["inAppPurchaseV2"]),
            ScreenshotHandlers.get(.inAppPurchase)),
        Route("PATCH", "/v1/inAppPurchaseAppStoreReviewScreenshots/{id}", .none, ScreenshotHandlers.update(.inAppPurchase)),
        Route("DELETE", "/v1/inAppPurchaseAppStoreReviewScreenshots/{id}", .none, ScreenshotHandlers.delete(.inAppPurchase)),
        Route("POST", "/v1/subscriptionAppStoreReviewScreenshots", .none, ScreenshotHandlers.create(.subscription)),
        Route(
            "GET", "/v1/subscriptionAppStoreReviewScreenshots/{id}", .one(includes: ["subscription"]),
            ScreenshotHandlers.get(.subscription)),
        Route("PATCH", "/v1/subscriptionAppStoreReviewScreenshots/{id}", .none, ScreenshotHandlers.update(.subscription)),
        Route("DELETE", "/v1/subscriptionAppStoreReviewScreenshots/{id}", .none, ScreenshotHandlers.delete(.subscription)),
        Route(
            "GET", "/v1/subscriptions/{id}/appStoreReviewScreenshot", .one(includes: ["subscription"]), SubscriptionHandlers.screenshot),
    ]

    // MARK: Subscription groups

    private static let groupIncludes = ["subscriptions", "subscriptionGroupLocalizations", "versions"]

    private static let groups: [Route] = [
        Route(
            "GET", "/v1/apps/{id}/subscriptionGroups",
            .list(
                filters: ["referenceName": nil, "subscriptions.state": SubscriptionHandlers.states], includes: groupIncludes,
                includeLimits: QueryRules.fifty("subscriptions", "subscriptionGroupLocalizations", "versions"),
                sorts: ["referenceName", "-referenceName"]),
            SubscriptionGroupHandlers.list),
        Route("POST", "/v1/subscriptionGroups", .none, SubscriptionGroupHandlers.create),
        Route(
            "GET", "/v1/subscriptionGroups/{id}",
            .one(includes: groupIncludes, includeLimits: QueryRules.fifty("subscriptions", "subscriptionGroupLocalizations", "versions")),
            SubscriptionGroupHandlers.get),
        Route("PATCH", "/v1/subscriptionGroups/{id}", .none, SubscriptionGroupHandlers.update),
        Route("DELETE", "/v1/subscriptionGroups/{id}", .none, SubscriptionGroupHandlers.delete),
        Route(
            "GET", "/v1/subscriptionGroups/{id}/versions",
            .list(
                filters: ["state": VersionHandlers.states], includes: ["subscriptionGroup", "localizations"],
                includeLimits: QueryRules.fifty("localizations")),
            VersionHandlers.ownerVersions(.group)),
        Route(
            "GET", "/v1/subscriptionGroups/{id}/subscriptionGroupLocalizations", .list(includes: ["subscriptionGroup"]),
            VersionHandlers.ownerLocalizations(.group)),

        Route("POST", "/v1/subscriptionGroupVersions", .none, VersionHandlers.create(.group)),
        Route(
            "GET", "/v1/subscriptionGroupVersions/{id}",
            .one(includes: ["subscriptionGroup", "localizations"], includeLimits: QueryRules.fifty("localizations")),
            VersionHandlers.get(.group)),
        Route(
            "GET", "/v1/subscriptionGroupVersions/{id}/localizations", .list(includes: ["version"]), VersionHandlers.localizations(.group)),

        Route("POST", "/v2/subscriptionGroupLocalizations", .none, VersionHandlers.createLocalization(.group)),
        Route("GET", "/v2/subscriptionGroupLocalizations/{id}", .one(includes: ["version"]), VersionHandlers.getLocalization(.group)),
        Route("PATCH", "/v2/subscriptionGroupLocalizations/{id}", .none, VersionHandlers.updateLocalization(.group)),
        Route("DELETE", "/v2/subscriptionGroupLocalizations/{id}", .none, VersionHandlers.deleteLocalization(.group)),
    ]

    // MARK: Subscriptions

    private static let subscriptionIncludes = [
        "subscriptionLocalizations", "appStoreReviewScreenshot", "group", "introductoryOffers", "promotionalOffers", "offerCodes", "prices",
        "promotedPurchase", "subscriptionAvailability", "winBackOffers", "images", "planAvailabilities", "versions",
    ]
    private static let subscriptionIncludeLimits = QueryRules.fifty(
        "subscriptionLocalizations", "introductoryOffers", "promotionalOffers", "offerCodes", "prices", "winBackOffers", "images",
        "planAvailabilities", "versions")

    private static let subscriptions: [Route] = [
        Route(
            "GET", "/v1/subscriptionGroups/{id}/subscriptions",
            .list(
                filters: ["productId": nil, "name": nil, "state": SubscriptionHandlers.states], includes: subscriptionIncludes,
                includeLimits: subscriptionIncludeLimits, sorts: ["name", "-name"]),
            SubscriptionHandlers.list),
        Route("POST", "/v1/subscriptions", .none, SubscriptionHandlers.create),
        Route(
            "GET", "/v1/subscriptions/{id}", .one(includes: subscriptionIncludes, includeLimits: subscriptionIncludeLimits),
            SubscriptionHandlers.get),
        Route("PATCH", "/v1/subscriptions/{id}", .none, SubscriptionHandlers.update),
        Route("DELETE", "/v1/subscriptions/{id}", .none, SubscriptionHandlers.delete),

        Route("POST", "/v1/subscriptionVersions", .none, VersionHandlers.create(.subscription)),
        Route(
            "GET", "/v1/subscriptionVersions/{id}",
            .one(
                includes: ["subscription", "image", "images", "localizations"], includeLimits: QueryRules.fifty("images", "localizations")),
            VersionHandlers.get(.subscription)),
        Route(
            "GET", "/v1/subscriptions/{id}/versions",
            .list(
                filters: ["state": VersionHandlers.states], includes: ["subscription", "image", "images", "localizations"],
                includeLimits: QueryRules.fifty("images", "localizations")),
            VersionHandlers.ownerVersions(.subscription)),
        Route(
            "GET", "/v1/subscriptionVersions/{id}/localizations", .list(includes: ["version"]), VersionHandlers.localizations(.subscription)
        ),
        Route(
            "GET", "/v1/subscriptions/{id}/subscriptionLocalizations", .list(includes: ["subscription"]),
            VersionHandlers.ownerLocalizations(.subscription)),

        Route("POST", "/v2/subscriptionLocalizations", .none, VersionHandlers.createLocalization(.subscription)),
        Route("GET", "/v2/subscriptionLocalizations/{id}", .one(includes: ["version"]), VersionHandlers.getLocalization(.subscription)),
        Route("PATCH", "/v2/subscriptionLocalizations/{id}", .none, VersionHandlers.updateLocalization(.subscription)),
        Route("DELETE", "/v2/subscriptionLocalizations/{id}", .none, VersionHandlers.deleteLocalization(.subscription)),

        Route(
            "GET", "/v1/subscriptions/{id}/introductoryOffers",
            .list(filters: ["territory": nil], includes: ["subscription", "territory", "subscriptionPricePoint"]),
            IntroductoryOfferHandlers.list),
        Route("POST", "/v1/subscriptionIntroductoryOffers", .none, IntroductoryOfferHandlers.create),
        Route("PATCH", "/v1/subscriptionIntroductoryOffers/{id}", .none, IntroductoryOfferHandlers.update),
        Route("DELETE", "/v1/subscriptionIntroductoryOffers/{id}", .none, IntroductoryOfferHandlers.delete),

        Route("POST", "/v1/subscriptionPlanAvailabilities", .none, AvailabilityHandlers.createPlanAvailability),
        Route(
            "GET", "/v1/subscriptionPlanAvailabilities/{id}",
            .one(includes: ["availableTerritories"], includeLimits: QueryRules.fifty("availableTerritories")),
            AvailabilityHandlers.getPlanAvailability),
        Route("PATCH", "/v1/subscriptionPlanAvailabilities/{id}", .none, AvailabilityHandlers.updatePlanAvailability),
        Route(
            "GET", "/v1/subscriptions/{id}/planAvailabilities",
            .list(includes: ["availableTerritories"], includeLimits: QueryRules.fifty("availableTerritories")),
            AvailabilityHandlers.subscriptionPlanAvailabilities),
        Route("GET", "/v1/subscriptionPlanAvailabilities/{id}/availableTerritories", .list(), AvailabilityHandlers.planTerritories),

        Route(
            "GET", "/v1/subscriptions/{id}/subscriptionAvailability",
            .one(includes: ["availableTerritories"], includeLimits: QueryRules.fifty("availableTerritories")),
            AvailabilityHandlers.subscriptionAvailability),
        Route(
            "GET", "/v1/subscriptionAvailabilities/{id}",
            .one(includes: ["availableTerritories"], includeLimits: QueryRules.fifty("availableTerritories")),
            AvailabilityHandlers.getSubscriptionAvailability),
        Route(
            "GET", "/v1/subscriptionAvailabilities/{id}/availableTerritories", .list(),
            AvailabilityHandlers.subscriptionAvailabilityTerritories),
    ]

    // MARK: Offers and promoted purchases

    private static let offerPrices = QueryRules.list(filters: ["territory": nil], includes: ["territory", "subscriptionPricePoint"])

    private static let offers: [Route] = [
        Route(
            "GET", "/v1/subscriptions/{id}/promotionalOffers",
            .list(filters: ["territory": nil], includes: ["subscription", "prices"], includeLimits: QueryRules.fifty("prices")),
            OfferHandlers.list(.promotionalOffer)),
        Route(
            "GET", "/v1/subscriptionPromotionalOffers/{id}",
            .one(includes: ["subscription", "prices"], includeLimits: QueryRules.fifty("prices")), OfferHandlers.get(.promotionalOffer)),
        Route("GET", "/v1/subscriptionPromotionalOffers/{id}/prices", offerPrices, OfferHandlers.prices(.promotionalOffer)),
        Route(
            "GET", "/v1/subscriptions/{id}/offerCodes",
            .list(
                filters: ["territory": nil], includes: ["subscription", "oneTimeUseCodes", "customCodes", "prices"],
                includeLimits: QueryRules.fifty("oneTimeUseCodes", "customCodes", "prices")),
            OfferHandlers.list(.offerCode)),
        Route(
            "GET", "/v1/subscriptionOfferCodes/{id}",
            .one(
                includes: ["subscription", "oneTimeUseCodes", "customCodes", "prices"],
                includeLimits: QueryRules.fifty("oneTimeUseCodes", "customCodes", "prices")),
            OfferHandlers.get(.offerCode)),
        Route("GET", "/v1/subscriptionOfferCodes/{id}/prices", offerPrices, OfferHandlers.prices(.offerCode)),
        Route(
            "GET", "/v1/subscriptions/{id}/winBackOffers", .list(includes: ["prices"], includeLimits: QueryRules.fifty("prices")),
            OfferHandlers.list(.winBackOffer)),
        Route(
            "GET", "/v1/winBackOffers/{id}", .one(includes: ["prices"], includeLimits: QueryRules.fifty("prices")),
            OfferHandlers.get(.winBackOffer)),
        Route("GET", "/v1/winBackOffers/{id}/prices", offerPrices, OfferHandlers.prices(.winBackOffer)),
        Route("POST", "/v1/subscriptionPromotionalOffers", .none, OfferWriteHandlers.createPromotionalOffer),
        Route("POST", "/v1/subscriptionOfferCodes", .none, OfferWriteHandlers.createOfferCode),
        Route("PATCH", "/v1/subscriptionOfferCodes/{id}", .none, OfferWriteHandlers.updateOfferCode),
        Route("POST", "/v1/winBackOffers", .none, OfferWriteHandlers.createWinBackOffer),
        Route("PATCH", "/v1/winBackOffers/{id}", .none, OfferWriteHandlers.updateWinBackOffer),
    ]

    // MARK: In-app purchase offer codes (API 4.2; the document has no DELETE for any of them)

    private static let inAppPurchaseOfferCodeIncludes = ["oneTimeUseCodes", "customCodes", "prices"]

    private static let inAppPurchaseOfferCodes: [Route] = [
        Route(
            "GET", "/v2/inAppPurchases/{id}/offerCodes",
            .list(
                filters: ["territory": nil], includes: inAppPurchaseOfferCodeIncludes,
                includeLimits: QueryRules.fifty("oneTimeUseCodes", "customCodes", "prices")),
            InAppPurchaseOfferCodeHandlers.list),
        Route("GET", "/v2/inAppPurchases/{id}/relationships/offerCodes", .list(), InAppPurchaseOfferCodeHandlers.offerCodeLinkages),
        Route("POST", "/v1/inAppPurchaseOfferCodes", .none, InAppPurchaseOfferCodeHandlers.create),
        Route(
            "GET", "/v1/inAppPurchaseOfferCodes/{id}",
            .one(
                includes: inAppPurchaseOfferCodeIncludes, includeLimits: QueryRules.fifty("oneTimeUseCodes", "customCodes", "prices")),
            InAppPurchaseOfferCodeHandlers.get),
        Route("PATCH", "/v1/inAppPurchaseOfferCodes/{id}", .none, InAppPurchaseOfferCodeHandlers.update),
        Route(
            "GET", "/v1/inAppPurchaseOfferCodes/{id}/prices", .list(filters: ["territory": nil], includes: ["territory", "pricePoint"]),
            InAppPurchaseOfferCodeHandlers.prices),
        Route("GET", "/v1/inAppPurchaseOfferCodes/{id}/relationships/prices", .list(), InAppPurchaseOfferCodeHandlers.priceLinkages),
        // `include=createdByActor,deactivatedByActor` is not taken on the code lists and codes: the fake has no actors.
        Route("GET", "/v1/inAppPurchaseOfferCodes/{id}/customCodes", .list(), InAppPurchaseOfferCodeHandlers.customCodes),
        Route(
            "GET", "/v1/inAppPurchaseOfferCodes/{id}/relationships/customCodes", .list(),
            InAppPurchaseOfferCodeHandlers.customCodeLinkages),
        Route("GET", "/v1/inAppPurchaseOfferCodes/{id}/oneTimeUseCodes", .list(), InAppPurchaseOfferCodeHandlers.oneTimeUseCodes),
        Route(
            "GET", "/v1/inAppPurchaseOfferCodes/{id}/relationships/oneTimeUseCodes", .list(),
            InAppPurchaseOfferCodeHandlers.oneTimeUseCodeLinkages),
        Route("POST", "/v1/inAppPurchaseOfferCodeCustomCodes", .none, InAppPurchaseOfferCodeHandlers.createCustomCode),
        Route("GET", "/v1/inAppPurchaseOfferCodeCustomCodes/{id}", .one(), InAppPurchaseOfferCodeHandlers.getCustomCode),
        Route("PATCH", "/v1/inAppPurchaseOfferCodeCustomCodes/{id}", .none, InAppPurchaseOfferCodeHandlers.updateCustomCode),
        Route("POST", "/v1/inAppPurchaseOfferCodeOneTimeUseCodes", .none, InAppPurchaseOfferCodeHandlers.createOneTimeUseCodes),
        Route("GET", "/v1/inAppPurchaseOfferCodeOneTimeUseCodes/{id}", .one(), InAppPurchaseOfferCodeHandlers.getOneTimeUseCodes),
        Route("PATCH", "/v1/inAppPurchaseOfferCodeOneTimeUseCodes/{id}", .none, InAppPurchaseOfferCodeHandlers.updateOneTimeUseCodes),
        Route("GET", "/v1/inAppPurchaseOfferCodeOneTimeUseCodes/{id}/values", .none, InAppPurchaseOfferCodeHandlers.values),
    ]

    private static let images: [Route] = [
        Route("GET", "/v2/inAppPurchases/{id}/images", .list(includes: ["inAppPurchase"]), ImageHandlers.list(.inAppPurchase)),
        Route("GET", "/v1/subscriptions/{id}/images", .list(includes: ["subscription"]), ImageHandlers.list(.subscription)),
    ]

    private static let promotedPurchases: [Route] = [
        Route(
            "GET", "/v1/apps/{id}/promotedPurchases", .list(includes: ["inAppPurchaseV2", "subscription"]),
            OfferHandlers.promotedPurchases),
        Route("GET", "/v1/promotedPurchases/{id}", .one(includes: ["inAppPurchaseV2", "subscription"]), OfferHandlers.promotedPurchase),
        Route("POST", "/v1/promotedPurchases", .none, PromotedPurchaseHandlers.create),
        Route("PATCH", "/v1/promotedPurchases/{id}", .none, PromotedPurchaseHandlers.update),
    ]

    private static let subscriptionPrices: [Route] = [
        Route("POST", "/v1/subscriptionPrices", .none, SubscriptionPriceHandlers.create),
        Route("DELETE", "/v1/subscriptionPrices/{id}", .none, SubscriptionPriceHandlers.delete),
        Route(
            "GET", "/v1/subscriptions/{id}/prices",
            .list(
                filters: ["planType": ["MONTHLY", "UPFRONT"], "subscriptionPricePoint": nil, "territory": nil],
                includes: ["territory", "subscriptionPricePoint"]),
            SubscriptionPriceHandlers.list),
        Route(
            "GET", "/v1/subscriptions/{id}/pricePoints",
            QueryRules(
                filters: ["territory": nil, "upfrontPricePointId": nil, "planType": nil], requiredFilters: ["territory"],
                includes: ["territory"], maxLimit: 8000),
            SubscriptionPriceHandlers.pricePoints),
        Route("GET", "/v1/subscriptionPricePoints/{id}", .one(includes: ["territory"]), SubscriptionPriceHandlers.pricePoint),
        Route(
            "GET", "/v1/subscriptionPricePoints/{id}/equalizations",
            .list(
                max: 8000, filters: ["territory": nil, "subscription": nil, "upfrontPricePointId": nil, "planType": nil],
                includes: ["territory"]),
            PriceScheduleHandlers.equalizations(.subscriptionPricePoint, productFilter: "subscription")),
    ]

    // MARK: Review submissions

    private static let reviewSubmissions: [Route] = [
        Route(
            "GET", "/v1/reviewSubmissions",
            QueryRules(
                filters: [
                    "app": nil, "platform": ReviewSubmissionHandlers.platforms, "state": ReviewSubmissionRecord.states,
                ], requiredFilters: ["app"], includes: ["app", "items", "appStoreVersionForReview"], includeLimits: ["items": 50],
                maxLimit: 200),
            ReviewSubmissionHandlers.list),
        Route("POST", "/v1/reviewSubmissions", .none, ReviewSubmissionHandlers.create),
        Route(
            "GET", "/v1/reviewSubmissions/{id}",
            .one(includes: ["app", "items", "appStoreVersionForReview"], includeLimits: ["items": 50]), ReviewSubmissionHandlers.get),
        Route("PATCH", "/v1/reviewSubmissions/{id}", .none, ReviewSubmissionHandlers.update),
        Route(
            "GET", "/v1/reviewSubmissions/{id}/items",
            .list(includes: ["appStoreVersion", "inAppPurchaseVersion", "subscriptionVersion", "subscriptionGroupVersion"]),
            ReviewSubmissionHandlers.items),
        Route("POST", "/v1/reviewSubmissionItems", .none, ReviewSubmissionHandlers.createItem),
        Route("DELETE", "/v1/reviewSubmissionItems/{id}", .none, ReviewSubmissionHandlers.deleteItem),
        Route(
            "GET", "/v1/apps/{id}/appStoreVersions",
            .list(filters: ["platform": ReviewSubmissionHandlers.platforms, "versionString": nil, "appVersionState": nil]),
            ReviewSubmissionHandlers.appStoreVersions),
    ]
}
