// The request entities of the endpoints the fake serves, transcribed from the App Store Connect
// OpenAPI document 4.5.1 (types, attributes, enumerations, nullability, what is required). The
// spec has no length limits: those (names 64, review notes 4000, localized names 30, descriptions
// 45…) are the documented App Store Connect limits.

extension BodySchema {
    /// `InAppPurchaseV2CreateRequest`.
    static let inAppPurchaseCreate = BodySchema(
        type: "inAppPurchases",
        attributes: [
            .init("name", .string, required: true, maxLength: 64),
            .init("productId", .string, required: true),
            .init("inAppPurchaseType", .oneOf(["CONSUMABLE", "NON_CONSUMABLE", "NON_RENEWING_SUBSCRIPTION"]), required: true),
            .init("reviewNote", .string, nullable: true, maxLength: 4000),
            .init("familySharable", .boolean, nullable: true),
        ],
        relationships: [
            .init("app", type: "apps", required: true)
        ]
    )
    /// `InAppPurchaseV2UpdateRequest`.
    static let inAppPurchaseUpdate = BodySchema(
        type: "inAppPurchases",
        requiresID: true,
        attributes: [
            .init("name", .string, nullable: true, maxLength: 64),
            .init("reviewNote", .string, nullable: true, maxLength: 4000),
            .init("familySharable", .boolean, nullable: true),
        ]
    )
    /// `InAppPurchaseVersionCreateRequest`.
    static let inAppPurchaseVersionCreate = BodySchema(
        type: "inAppPurchaseVersions",
        relationships: [
            .init("inAppPurchase", type: "inAppPurchases", required: true)
        ]
    )
    /// `InAppPurchaseLocalizationV2CreateRequest`.
    static let inAppPurchaseLocalizationCreate = BodySchema(
        type: "inAppPurchaseLocalizations",
        attributes: [
            .init("name", .string, required: true, maxLength: 30),
            .init("locale", .string, required: true),
            .init("description", .string, nullable: true, maxLength: 45),
        ],
        relationships: [
            .init("version", type: "inAppPurchaseVersions", required: true)
        ]
    )
    /// `InAppPurchaseLocalizationV2UpdateRequest`.
    static let inAppPurchaseLocalizationUpdate = BodySchema(
        type: "inAppPurchaseLocalizations",
        requiresID: true,
        attributes: [
            .init("name", .string, nullable: true, maxLength: 30),
            .init("description", .string, nullable: true, maxLength: 45),
        ]
    )
    /// `InAppPurchasePriceScheduleCreateRequest`.
    static let inAppPurchasePriceScheduleCreate = BodySchema(
        type: "inAppPurchasePriceSchedules",
        relationships: [
            .init("inAppPurchase", type: "inAppPurchases", required: true),
            .init("baseTerritory", type: "territories", required: true),
            .init("manualPrices", type: "inAppPurchasePrices", toMany: true, required: true),
        ],
        included: [inAppPurchasePriceInline, territoryInline]
    )
    /// `InAppPurchasePriceInlineCreate`.
    static let inAppPurchasePriceInline = BodySchema(
        type: "inAppPurchasePrices",
        attributes: [
            .init("startDate", .date, nullable: true),
            .init("endDate", .date, nullable: true),
        ],
        relationships: [
            .init("inAppPurchaseV2", type: "inAppPurchases"),
            .init("inAppPurchasePricePoint", type: "inAppPurchasePricePoints"),
        ]
    )
    /// `TerritoryInlineCreate`.
    static let territoryInline = BodySchema(
        type: "territories"
    )
    /// `InAppPurchaseAvailabilityCreateRequest`.
    static let inAppPurchaseAvailabilityCreate = BodySchema(
        type: "inAppPurchaseAvailabilities",
        attributes: [
            .init("availableInNewTerritories", .boolean, required: true)
        ],
        relationships: [
            .init("inAppPurchase", type: "inAppPurchases", required: true),
            .init("availableTerritories", type: "territories", toMany: true, required: true),
        ]
    )
    /// `InAppPurchaseAppStoreReviewScreenshotCreateRequest`.
    static let inAppPurchaseScreenshotCreate = BodySchema(
        type: "inAppPurchaseAppStoreReviewScreenshots",
        attributes: [
            .init("fileSize", .integer, required: true),
            .init("fileName", .string, required: true),
        ],
        relationships: [
            .init("inAppPurchaseV2", type: "inAppPurchases", required: true)
        ]
    )
    /// `InAppPurchaseAppStoreReviewScreenshotUpdateRequest`.
    static let inAppPurchaseScreenshotUpdate = BodySchema(
        type: "inAppPurchaseAppStoreReviewScreenshots",
        requiresID: true,
        attributes: [
            .init("sourceFileChecksum", .string, nullable: true),
            .init("uploaded", .boolean, nullable: true),
        ]
    )
    /// `SubscriptionGroupCreateRequest`.
    static let subscriptionGroupCreate = BodySchema(
        type: "subscriptionGroups",
        attributes: [
            .init("referenceName", .string, required: true, maxLength: 64)
        ],
        relationships: [
            .init("app", type: "apps", required: true)
        ]
    )
    /// `SubscriptionGroupUpdateRequest`.
    static let subscriptionGroupUpdate = BodySchema(
        type: "subscriptionGroups",
        requiresID: true,
        attributes: [
            .init("referenceName", .string, nullable: true, maxLength: 64)
        ]
    )
    /// `SubscriptionGroupVersionCreateRequest`.
    static let subscriptionGroupVersionCreate = BodySchema(
        type: "subscriptionGroupVersions",
        relationships: [
            .init("subscriptionGroup", type: "subscriptionGroups", required: true)
        ]
    )
    /// `SubscriptionGroupLocalizationV2CreateRequest`.
    static let subscriptionGroupLocalizationCreate = BodySchema(
        type: "subscriptionGroupLocalizations",
        attributes: [
            .init("name", .string, required: true, maxLength: 75),
            .init("customAppName", .string, nullable: true, maxLength: 30),
            .init("locale", .string, required: true),
        ],
        relationships: [
            .init("version", type: "subscriptionGroupVersions", required: true)
        ]
    )
    /// `SubscriptionGroupLocalizationV2UpdateRequest`.
    static let subscriptionGroupLocalizationUpdate = BodySchema(
        type: "subscriptionGroupLocalizations",
        requiresID: true,
        attributes: [
            .init("name", .string, nullable: true, maxLength: 75),
            .init("customAppName", .string, nullable: true, maxLength: 30),
        ]
    )
    /// `SubscriptionCreateRequest`.
    static let subscriptionCreate = BodySchema(
        type: "subscriptions",
        attributes: [
            .init("name", .string, required: true, maxLength: 64),
            .init("productId", .string, required: true),
            .init("familySharable", .boolean, nullable: true),
            .init(
                "subscriptionPeriod", .oneOf(["ONE_WEEK", "ONE_MONTH", "TWO_MONTHS", "THREE_MONTHS", "SIX_MONTHS", "ONE_YEAR"]),
                nullable: true),
            .init("reviewNote", .string, nullable: true, maxLength: 4000),
            .init("groupLevel", .integer, nullable: true),
        ],
        relationships: [
            .init("group", type: "subscriptionGroups", required: true)
        ]
    )
    /// `SubscriptionUpdateRequest`.
    static let subscriptionUpdate = BodySchema(
        type: "subscriptions",
        requiresID: true,
        attributes: [
            .init("name", .string, nullable: true, maxLength: 64),
            .init("familySharable", .boolean, nullable: true),
            .init(
                "subscriptionPeriod", .oneOf(["ONE_WEEK", "ONE_MONTH", "TWO_MONTHS", "THREE_MONTHS", "SIX_MONTHS", "ONE_YEAR"]),
                nullable: true),
            .init("reviewNote", .string, nullable: true, maxLength: 4000),
            .init("groupLevel", .integer, nullable: true),
            // API 4.5.
            .init("multiSeatStatus", .oneOf(["ENABLED", "DISABLED"]), nullable: true),
            .init("marketSettings", .arrayOf(SubscriptionRecord.allMarkets), nullable: true),
        ],
        relationships: [
            .init("introductoryOffers", type: "subscriptionIntroductoryOffers", toMany: true),
            .init("promotionalOffers", type: "subscriptionPromotionalOffers", toMany: true),
            .init("prices", type: "subscriptionPrices", toMany: true),
        ],
        included: [subscriptionPriceInline, subscriptionIntroductoryOfferInline]
    )
    /// `SubscriptionPriceInlineCreate`.
    static let subscriptionPriceInline = BodySchema(
        type: "subscriptionPrices",
        attributes: [
            .init("startDate", .date, nullable: true),
            .init("preserveCurrentPrice", .boolean, nullable: true),
            .init("planType", .oneOf(["MONTHLY", "UPFRONT"]), nullable: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions"),
            .init("territory", type: "territories"),
            .init("subscriptionPricePoint", type: "subscriptionPricePoints"),
        ]
    )
    /// `SubscriptionIntroductoryOfferInlineCreate`.
    static let subscriptionIntroductoryOfferInline = BodySchema(
        type: "subscriptionIntroductoryOffers",
        attributes: [
            .init("startDate", .date, nullable: true),
            .init("endDate", .date, nullable: true),
            .init(
                "duration",
                .oneOf(["THREE_DAYS", "ONE_WEEK", "TWO_WEEKS", "ONE_MONTH", "TWO_MONTHS", "THREE_MONTHS", "SIX_MONTHS", "ONE_YEAR"]),
                required: true),
            .init("offerMode", .oneOf(["PAY_AS_YOU_GO", "PAY_UP_FRONT", "FREE_TRIAL"]), required: true),
            .init("numberOfPeriods", .integer, required: true),
            .init("targetSubscriptionPlanType", .oneOf(["MONTHLY", "UPFRONT"]), nullable: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions"),
            .init("territory", type: "territories"),
            .init("subscriptionPricePoint", type: "subscriptionPricePoints"),
        ]
    )
    /// `SubscriptionPriceCreateRequest`.
    static let subscriptionPriceCreate = BodySchema(
        type: "subscriptionPrices",
        attributes: [
            .init("startDate", .date, nullable: true),
            .init("preserveCurrentPrice", .boolean, nullable: true),
            .init("planType", .oneOf(["MONTHLY", "UPFRONT"]), nullable: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions", required: true),
            .init("territory", type: "territories"),
            .init("subscriptionPricePoint", type: "subscriptionPricePoints", required: true),
        ]
    )
    /// `SubscriptionVersionCreateRequest`.
    static let subscriptionVersionCreate = BodySchema(
        type: "subscriptionVersions",
        relationships: [
            .init("subscription", type: "subscriptions", required: true)
        ]
    )
    /// `SubscriptionLocalizationV2CreateRequest`.
    static let subscriptionLocalizationCreate = BodySchema(
        type: "subscriptionLocalizations",
        attributes: [
            .init("name", .string, required: true, maxLength: 30),
            .init("locale", .string, required: true),
            .init("description", .string, nullable: true, maxLength: 45),
        ],
        relationships: [
            .init("version", type: "subscriptionVersions", required: true)
        ]
    )
    /// `SubscriptionLocalizationV2UpdateRequest`.
    static let subscriptionLocalizationUpdate = BodySchema(
        type: "subscriptionLocalizations",
        requiresID: true,
        attributes: [
            .init("name", .string, nullable: true, maxLength: 30),
            .init("description", .string, nullable: true, maxLength: 45),
        ]
    )
    /// `SubscriptionIntroductoryOfferCreateRequest`.
    static let subscriptionIntroductoryOfferCreate = BodySchema(
        type: "subscriptionIntroductoryOffers",
        attributes: [
            .init("startDate", .date, nullable: true),
            .init("endDate", .date, nullable: true),
            .init(
                "duration",
                .oneOf(["THREE_DAYS", "ONE_WEEK", "TWO_WEEKS", "ONE_MONTH", "TWO_MONTHS", "THREE_MONTHS", "SIX_MONTHS", "ONE_YEAR"]),
                required: true),
            .init("offerMode", .oneOf(["PAY_AS_YOU_GO", "PAY_UP_FRONT", "FREE_TRIAL"]), required: true),
            .init("numberOfPeriods", .integer, required: true),
            .init("targetSubscriptionPlanType", .oneOf(["MONTHLY", "UPFRONT"]), nullable: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions", required: true),
            .init("territory", type: "territories"),
            .init("subscriptionPricePoint", type: "subscriptionPricePoints"),
        ],
        included: [subscriptionPricePointInline]
    )
    /// `SubscriptionIntroductoryOfferUpdateRequest`.
    static let subscriptionIntroductoryOfferUpdate = BodySchema(
        type: "subscriptionIntroductoryOffers",
        requiresID: true,
        attributes: [
            .init("endDate", .date, nullable: true)
        ]
    )
    /// `SubscriptionPricePointInlineCreate`.
    static let subscriptionPricePointInline = BodySchema(
        type: "subscriptionPricePoints"
    )
    /// `SubscriptionPlanAvailabilityCreateRequest`.
    static let subscriptionPlanAvailabilityCreate = BodySchema(
        type: "subscriptionPlanAvailabilities",
        attributes: [
            .init("availableInNewTerritories", .boolean, nullable: true),
            .init("planType", .oneOf(["MONTHLY", "UPFRONT"]), required: true),
        ],
        relationships: [
            .init("availableTerritories", type: "territories", toMany: true, required: true),
            .init("subscription", type: "subscriptions", required: true),
        ]
    )
    /// `SubscriptionPlanAvailabilityUpdateRequest`.
    static let subscriptionPlanAvailabilityUpdate = BodySchema(
        type: "subscriptionPlanAvailabilities",
        requiresID: true,
        attributes: [
            .init("availableInNewTerritories", .boolean, nullable: true)
        ],
        relationships: [
            .init("availableTerritories", type: "territories", toMany: true)
        ]
    )
    /// `SubscriptionAppStoreReviewScreenshotCreateRequest`.
    static let subscriptionScreenshotCreate = BodySchema(
        type: "subscriptionAppStoreReviewScreenshots",
        attributes: [
            .init("fileSize", .integer, required: true),
            .init("fileName", .string, required: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions", required: true)
        ]
    )
    /// `SubscriptionAppStoreReviewScreenshotUpdateRequest`.
    static let subscriptionScreenshotUpdate = BodySchema(
        type: "subscriptionAppStoreReviewScreenshots",
        requiresID: true,
        attributes: [
            .init("sourceFileChecksum", .string, nullable: true),
            .init("uploaded", .boolean, nullable: true),
        ]
    )
    /// `PromotedPurchaseCreateRequest`.
    static let promotedPurchaseCreate = BodySchema(
        type: "promotedPurchases",
        attributes: [
            .init("visibleForAllUsers", .boolean, required: true),
            .init("enabled", .boolean, nullable: true),
        ],
        relationships: [
            .init("app", type: "apps", required: true),
            .init("inAppPurchaseV2", type: "inAppPurchases"),
            .init("subscription", type: "subscriptions"),
        ]
    )
    /// `PromotedPurchaseUpdateRequest`.
    static let promotedPurchaseUpdate = BodySchema(
        type: "promotedPurchases",
        requiresID: true,
        attributes: [
            .init("visibleForAllUsers", .boolean, nullable: true),
            .init("enabled", .boolean, nullable: true),
        ]
    )
    static let offerDurations = [
        "THREE_DAYS", "ONE_WEEK", "TWO_WEEKS", "ONE_MONTH", "TWO_MONTHS", "THREE_MONTHS", "SIX_MONTHS", "ONE_YEAR",
    ]
    static let offerModes = ["PAY_AS_YOU_GO", "PAY_UP_FRONT", "FREE_TRIAL"]
    /// `SubscriptionPromotionalOfferCreateRequest`.
    static let promotionalOfferCreate = BodySchema(
        type: "subscriptionPromotionalOffers",
        attributes: [
            .init("duration", .oneOf(offerDurations), required: true),
            .init("name", .string, required: true, maxLength: 64),
            .init("numberOfPeriods", .integer, required: true),
            .init("offerCode", .string, required: true),
            .init("offerMode", .oneOf(offerModes), required: true),
            .init("targetSubscriptionPlanType", .oneOf(["MONTHLY", "UPFRONT"]), nullable: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions", required: true),
            .init("prices", type: "subscriptionPromotionalOfferPrices", toMany: true, required: true),
        ],
        included: [offerPriceInline("subscriptionPromotionalOfferPrices")]
    )
    /// `SubscriptionOfferCodeCreateRequest`.
    static let offerCodeCreate = BodySchema(
        type: "subscriptionOfferCodes",
        attributes: [
            .init("name", .string, required: true, maxLength: 64),
            .init("customerEligibilities", .arrayOf(["NEW", "EXISTING", "EXPIRED"]), required: true),
            .init("offerEligibility", .oneOf(["STACK_WITH_INTRO_OFFERS", "REPLACE_INTRO_OFFERS"]), required: true),
            .init("duration", .oneOf(offerDurations), required: true),
            .init("offerMode", .oneOf(offerModes), required: true),
            .init("numberOfPeriods", .integer, required: true),
            .init("autoRenewEnabled", .boolean, nullable: true),
            .init("targetSubscriptionPlanType", .oneOf(["MONTHLY", "UPFRONT"]), nullable: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions", required: true),
            .init("prices", type: "subscriptionOfferCodePrices", toMany: true, required: true),
        ],
        included: [offerPriceInline("subscriptionOfferCodePrices")]
    )
    /// `SubscriptionOfferCodeUpdateRequest`.
    static let offerCodeUpdate = BodySchema(
        type: "subscriptionOfferCodes",
        requiresID: true,
        attributes: [
            .init("active", .boolean, nullable: true)
        ]
    )
    /// `WinBackOfferCreateRequest`.
    static let winBackOfferCreate = BodySchema(
        type: "winBackOffers",
        attributes: [
            .init("referenceName", .string, required: true, maxLength: 64),
            .init("offerId", .string, required: true),
            .init("duration", .oneOf(offerDurations), required: true),
            .init("offerMode", .oneOf(offerModes), required: true),
            .init("periodCount", .integer, required: true),
            .init("customerEligibilityPaidSubscriptionDurationInMonths", .integer, required: true),
            .init("customerEligibilityTimeSinceLastSubscribedInMonths", .integerRange, required: true),
            .init("customerEligibilityWaitBetweenOffersInMonths", .integer, nullable: true),
            .init("startDate", .date, required: true),
            .init("endDate", .date, nullable: true),
            .init("priority", .oneOf(["HIGH", "NORMAL"]), required: true),
            .init("promotionIntent", .oneOf(["NOT_PROMOTED", "USE_AUTO_GENERATED_ASSETS"]), nullable: true),
            .init("targetSubscriptionPlanType", .oneOf(["MONTHLY", "UPFRONT"]), nullable: true),
        ],
        relationships: [
            .init("subscription", type: "subscriptions", required: true),
            .init("prices", type: "winBackOfferPrices", toMany: true, required: true),
        ],
        included: [offerPriceInline("winBackOfferPrices")]
    )
    /// `WinBackOfferUpdateRequest`.
    static let winBackOfferUpdate = BodySchema(
        type: "winBackOffers",
        requiresID: true,
        attributes: [
            .init("customerEligibilityPaidSubscriptionDurationInMonths", .integer, nullable: true),
            .init("customerEligibilityTimeSinceLastSubscribedInMonths", .integerRange, nullable: true),
            .init("customerEligibilityWaitBetweenOffersInMonths", .integer, nullable: true),
            .init("startDate", .date, nullable: true),
            .init("endDate", .date, nullable: true),
            .init("priority", .oneOf(["HIGH", "NORMAL"]), nullable: true),
            .init("promotionIntent", .oneOf(["NOT_PROMOTED", "USE_AUTO_GENERATED_ASSETS"]), nullable: true),
        ]
    )
    /// `SubscriptionPromotionalOfferPriceInlineCreate`, `SubscriptionOfferCodePriceInlineCreate`,
    /// `WinBackOfferPriceInlineCreate`: a territory and a price point.
    static func offerPriceInline(_ type: String) -> BodySchema {
        BodySchema(
            type: type,
            relationships: [
                .init("territory", type: "territories", required: type == "winBackOfferPrices"),
                .init("subscriptionPricePoint", type: "subscriptionPricePoints"),
            ])
    }

    static let inAppPurchaseOfferCodeEligibilities = ["NON_SPENDER", "ACTIVE_SPENDER", "CHURNED_SPENDER"]
    /// `InAppPurchaseOfferCodeCreateRequest`.
    static let inAppPurchaseOfferCodeCreate = BodySchema(
        type: "inAppPurchaseOfferCodes",
        attributes: [
            .init("name", .string, required: true),
            .init("customerEligibilities", .arrayOf(inAppPurchaseOfferCodeEligibilities), required: true),
        ],
        relationships: [
            .init("inAppPurchase", type: "inAppPurchases", required: true),
            .init("prices", type: "inAppPurchaseOfferPrices", toMany: true, required: true),
        ],
        included: [inAppPurchaseOfferPriceInline]
    )
    /// `InAppPurchaseOfferPriceInlineCreate`: a territory and a price point of the in-app purchase.
    static let inAppPurchaseOfferPriceInline = BodySchema(
        type: "inAppPurchaseOfferPrices",
        relationships: [
            .init("territory", type: "territories"),
            .init("pricePoint", type: "inAppPurchasePricePoints"),
        ]
    )
    /// `InAppPurchaseOfferCodeUpdateRequest`.
    static let inAppPurchaseOfferCodeUpdate = BodySchema(
        type: "inAppPurchaseOfferCodes",
        requiresID: true,
        attributes: [
            .init("active", .boolean, nullable: true)
        ]
    )
    /// `InAppPurchaseOfferCodeCustomCodeCreateRequest`.
    static let inAppPurchaseCustomCodeCreate = BodySchema(
        type: "inAppPurchaseOfferCodeCustomCodes",
        attributes: [
            .init("customCode", .string, required: true),
            .init("numberOfCodes", .integer, required: true),
            .init("expirationDate", .date, nullable: true),
        ],
        relationships: [
            .init("offerCode", type: "inAppPurchaseOfferCodes", required: true)
        ]
    )
    /// `InAppPurchaseOfferCodeCustomCodeUpdateRequest`.
    static let inAppPurchaseCustomCodeUpdate = BodySchema(
        type: "inAppPurchaseOfferCodeCustomCodes",
        requiresID: true,
        attributes: [
            .init("active", .boolean, nullable: true)
        ]
    )
    /// `InAppPurchaseOfferCodeOneTimeUseCodeCreateRequest`.
    static let inAppPurchaseOneTimeUseCodeCreate = BodySchema(
        type: "inAppPurchaseOfferCodeOneTimeUseCodes",
        attributes: [
            .init("numberOfCodes", .integer, required: true),
            .init("expirationDate", .date, required: true),
            .init("environment", .oneOf(["PRODUCTION", "SANDBOX"]), nullable: true),
        ],
        relationships: [
            .init("offerCode", type: "inAppPurchaseOfferCodes", required: true)
        ]
    )
    /// `InAppPurchaseOfferCodeOneTimeUseCodeUpdateRequest`.
    static let inAppPurchaseOneTimeUseCodeUpdate = BodySchema(
        type: "inAppPurchaseOfferCodeOneTimeUseCodes",
        requiresID: true,
        attributes: [
            .init("active", .boolean, nullable: true)
        ]
    )

    /// `ReviewSubmissionCreateRequest`.
    static let reviewSubmissionCreate = BodySchema(
        type: "reviewSubmissions",
        attributes: [.init("platform", .oneOf(ReviewSubmissionHandlers.platforms), nullable: true)],
        relationships: [.init("app", type: "apps", required: true)]
    )
    /// `ReviewSubmissionUpdateRequest`.
    static let reviewSubmissionUpdate = BodySchema(
        type: "reviewSubmissions",
        requiresID: true,
        attributes: [
            .init("platform", .oneOf(ReviewSubmissionHandlers.platforms), nullable: true),
            .init("submitted", .boolean, nullable: true),
            .init("canceled", .boolean, nullable: true),
        ]
    )
    /// `ReviewSubmissionItemCreateRequest` (the relationships the fake models).
    static let reviewSubmissionItemCreate = BodySchema(
        type: "reviewSubmissionItems",
        relationships: [
            .init("reviewSubmission", type: "reviewSubmissions", required: true),
            .init("appStoreVersion", type: "appStoreVersions"),
            .init("inAppPurchaseVersion", type: "inAppPurchaseVersions"),
            .init("subscriptionVersion", type: "subscriptionVersions"),
            .init("subscriptionGroupVersion", type: "subscriptionGroupVersions"),
        ]
    )
}
