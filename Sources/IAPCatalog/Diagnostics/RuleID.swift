/// The stable identifier of every rule iapcat checks. Identifiers never change meaning; new rules
/// get new identifiers. `iapcat rules` prints this table, and docs/rules.md is its output.
public enum RuleID: String, Sendable, CaseIterable, Hashable {
    // Reading inputs
    case fileUnreadable = "file_unreadable"
    case yamlSyntax = "yaml_syntax"
    case jsonSyntax = "json_syntax"
    case plistSyntax = "plist_syntax"
    case xmlSyntax = "xml_syntax"
    case xmlEntities = "xml_entities"
    case duplicateKey = "duplicate_key"
    case unknownKey = "unknown_key"
    case invalidValue = "invalid_value"
    case missingField = "missing_field"
    case unsupportedFormatVersion = "unsupported_format_version"

    // The catalog
    case duplicateProductID = "duplicate_product_id"
    case invalidProductID = "invalid_product_id"
    case reusedRemovedID = "reused_removed_id"
    case subscriptionFields = "subscription_fields"
    case typeSpecificField = "type_specific_field"
    case deprecatedType = "deprecated_type"
    case unknownSubscriptionGroup = "unknown_subscription_group"
    case duplicateSubscriptionGroup = "duplicate_subscription_group"
    case duplicateSubscriptionRank = "duplicate_subscription_rank"
    case unusedSubscriptionGroup = "unused_subscription_group"
    case multiseatUnsaid = "multiseat_unsaid"
    case multiseatFamilySharing = "multiseat_family_sharing"
    case purchaseOfferCode = "purchase_offer_code"
    case lengthLimit = "length_limit"
    case lengthAdvisory = "length_advisory"
    case unknownLocale = "unknown_locale"
    case missingDefaultLocale = "missing_default_locale"
    case missingMetadata = "missing_metadata"
    case invalidPriceTier = "invalid_price_tier"
    case unknownStorefront = "unknown_storefront"
    case invalidPrice = "invalid_price"
    case missingPrice = "missing_price"
    case priceSchedule = "price_schedule"
    case availability = "availability"
    case subscriptionOffer = "subscription_offer"
    case duplicatePromotionOrder = "duplicate_promotion_order"
    case promotionLimit = "promotion_limit"
    case screenshotNotFound = "screenshot_not_found"
    case pathOutsideFolder = "path_outside_folder"
    case imageFormat = "image_format"
    case imageSize = "image_size"
    case playIdentifier = "play_identifier"
    case playLanguage = "play_language"
    case playLength = "play_length"
    case playRegion = "play_region"
    case playPrice = "play_price"
    case playMissingPrice = "play_missing_price"
    case playFields = "play_fields"
    case playPriceDifference = "play_price_difference"
    case missingReviewScreenshot = "missing_review_screenshot"
    case productLimit = "product_limit"
    case listNotFound = "list_not_found"
    case duplicateListPath = "duplicate_list_path"

    // Product-ID lists
    case unknownProductID = "unknown_product_id"
    case duplicateListEntry = "duplicate_list_entry"
    case removedProductInList = "removed_product_in_list"
    case unapprovedInProduction = "unapproved_in_production"
    case notClearedForSale = "not_cleared_for_sale"
    case malformedEntry = "malformed_entry"
    case invalidListStructure = "invalid_list_structure"
    case listVersionMismatch = "list_version_mismatch"
    case staleList = "stale_list"
    case unlistedProduct = "unlisted_product"

    // StoreKit configurations (.storekit) against the catalog
    case storeKitMissingProduct = "storekit_missing_product"
    case storeKitType = "storekit_type"
    case storeKitSubscriptionGroup = "storekit_subscription_group"
    case storeKitSubscriptionLevel = "storekit_subscription_level"
    case storeKitPeriod = "storekit_period"
    case storeKitFamilySharing = "storekit_family_sharing"
    case storeKitReferenceName = "storekit_reference_name"
    case storeKitMissingLocalization = "storekit_missing_localization"
    case storeKitExtraLocalization = "storekit_extra_localization"
    case storeKitDisplayName = "storekit_display_name"
    case storeKitDescription = "storekit_description"
    case storeKitPrice = "storekit_price"
    case storeKitIntroductoryOffer = "storekit_introductory_offer"
    case storeKitPromotionalOffer = "storekit_promotional_offer"
    case storeKitOfferCode = "storekit_offer_code"
    case storeKitPrivateKey = "storekit_private_key"
    case storeKitUnknownKey = "storekit_unknown_key"

    // Unity IAP catalogs
    case unityType = "unity_type"

    // Bulk XML
    case unsupportedElement = "unsupported_element"
    case uploadRequirement = "upload_requirement"

    /// What the rule checks, its default severity, and whether it runs without being enabled.
    public var descriptor: RuleDescriptor {
        switch self {
        case .fileUnreadable:
            .init(.error, "A list the catalog declares exists but cannot be read: a directory, larger than 256 MiB, or not readable.")
        case .yamlSyntax:
            .init(.error, "The catalog is not well-formed YAML (or not UTF-8, or nested or aliased beyond the limits).")
        case .jsonSyntax:
            .init(.error, "A JSON list is not well-formed JSON (RFC 8259, UTF-8).")
        case .plistSyntax:
            .init(.error, "A property list is not well-formed XML or binary plist.")
        case .xmlSyntax:
            .init(.error, "A bulk-upload metadata.xml is not well-formed XML.")
        case .xmlEntities:
            .init(.error, "A property list or metadata.xml declares XML entities; iapcat never expands or fetches them.")
        case .duplicateKey:
            .init(.error, "A mapping or JSON object has the same key twice.")
        case .unknownKey:
            .init(.error, "A key the format does not define, usually a typo; the message suggests the closest known key.")
        case .invalidValue:
            .init(.error, "A value has the wrong type or is not one of the allowed values.")
        case .missingField:
            .init(.error, "A required field is absent.")
        case .unsupportedFormatVersion:
            .init(.error, "The catalog's `format_version` or a list's `version` is one this iapcat does not know.")
        case .duplicateProductID:
            .init(.error, "Two products have the same identifier.")
        case .invalidProductID:
            .init(.error, "An identifier has characters other than letters, digits, `.`, `-` and `_`, or is longer than 100 characters.")
        case .reusedRemovedID:
            .init(.error, "A product reuses the identifier of a removed product; App Store Connect never accepts an identifier again.")
        case .subscriptionFields:
            .init(.error, "An auto-renewable subscription lacks `subscription` (group, duration), or another type has one.")
        case .typeSpecificField:
            .init(
                .error,
                "A field that the product's type does not allow (e.g. `hosted_content` on a consumable, `preserved` prices on anything but an auto-renewable subscription)."
            )
        case .deprecatedType:
            .init(.warning, "A product type App Store Connect no longer offers (`free-subscription`).")
        case .unknownSubscriptionGroup:
            .init(.error, "A subscription names a group that `subscription_groups` does not define.")
        case .duplicateSubscriptionGroup:
            .init(.error, "Two subscription groups have the same id.")
        case .duplicateSubscriptionRank:
            .init(
                .note,
                "Two subscriptions of one group share a rank (level of service): allowed, customers crossgrade between them (off by default; `--enable duplicate_subscription_rank`).",
                enabledByDefault: false)
        case .unusedSubscriptionGroup:
            .init(.warning, "A subscription group that no product belongs to.")
        case .multiseatUnsaid:
            .init(
                .note,
                "An auto-renewable subscription sold on the App Store, in a catalog with `app.apple_id`, whose `multiseat` is not given: App Store Connect sells it to organizations in seats by default (since 2026-09-16), so the catalog should say whether it does."
            )
        case .multiseatFamilySharing:
            .init(.error, "A subscription with `family_sharing` and `multiseat: { enabled: true }`: Family Sharing turns multiseat off.")
        case .purchaseOfferCode:
            .init(
                .error,
                "An offer code of a one-time purchase App Store Connect would refuse: on a subscription (its codes go under `subscription`), without eligibility or prices, named twice, more than 10 active in the app, or a custom code used twice in the app or redeemable fewer than once."
            )
        case .lengthLimit:
            .init(
                .error,
                "A text is shorter or longer than App Store Connect accepts (reference name 2–64, display name ≥ 2, review notes ≤ 4,000).")
        case .lengthAdvisory:
            .init(
                .warning,
                "A text is longer than the documented limit that some App Store Connect screens still enforce (display name 30, description 45) or shorter than the XML-era minimum (description 10)."
            )
        case .unknownLocale:
            .init(.error, "A locale code App Store Connect does not know; the message gives its spelling (`en_US` → `en-US`).")
        case .missingDefaultLocale:
            .init(.error, "A product or subscription group has no localization for the app's default locale.")
        case .missingMetadata:
            .init(
                .warning,
                "A draft product or a subscription group has no localization yet: App Store Connect creates it as Missing Metadata, and App Review cannot see it until one is added."
            )
        case .invalidPriceTier:
            .init(.error, "A price tier outside 0…87.")
        case .unknownStorefront:
            .init(.error, "A storefront code that is not an App Store territory (ISO 3166-1 alpha-3, e.g. USA).")
        case .invalidPrice:
            .init(.error, "A storefront price that is not a non-negative decimal number.")
        case .missingPrice:
            .init(.error, "An approved product has no price: no tier, schedule or storefront prices.")
        case .priceSchedule:
            .init(
                .error,
                "A price schedule whose steps overlap, are out of date order, end before they start, or omit a start date after the first step; a price with both `tier` and `schedule`; price `changes` of one storefront that overlap or end before they start, a dated change beside a storefront price already in effect, or an `end_date` on a subscription's price."
            )
        case .availability:
            .init(
                .error,
                "An availability that contradicts itself: `cleared_for_sale` that disagrees with `availability`, or a territory listed twice."
            )
        case .subscriptionOffer:
            .init(
                .error,
                "A subscription offer App Store Connect would refuse: a paid offer without prices or a free trial with some, fewer than one period, a promotional offer without id or reference name, an offer id used twice, the introductory offer given twice, introductory rows of one territory and plan that overlap, a win-back offer without reference name, start date, priority or eligibility, or a field the kind of offer does not have."
            )
        case .missingReviewScreenshot:
            .init(.warning, "A draft product has no review screenshot; App Review needs one before the product can be submitted.")
        case .duplicatePromotionOrder:
            .init(.error, "Two promoted products have the same promotion order.")
        case .promotionLimit:
            .init(.error, "More than 20 products are promoted on the App Store product page.")
        case .screenshotNotFound:
            .init(.error, "A review screenshot or image path does not name an existing file.")
        case .pathOutsideFolder:
            .init(
                .error,
                "A path leads outside the folder it must stay in (absolute, '..', or a symbolic link): a catalog's screenshots and images, a package's file names."
            )
        case .imageFormat:
            .init(.error, "A review screenshot or image is not a PNG or JPEG image (by its content).")
        case .playIdentifier:
            .init(
                .error,
                "A Google Play id that Play refuses: a product id (lowercase letters, digits, '_' and '.'; a subscription's at most 40), a purchase option, base plan or offer id (lowercase letters, digits and '-', at most 63), an id used twice, or a package name that is missing or not one."
            )
        case .playLanguage:
            .init(
                .error, "A Play listing in a language Play does not list products in, given twice, or none in the app's default language.")
        case .playLength:
            .init(
                .error,
                "A Play listing text out of Play's limits: a title of 1-55 or a description of 1-200 characters, at most 4 benefits (a benefit over 40 characters is a warning)."
            )
        case .playRegion:
            .init(
                .error,
                "A Play region that is not one (ISO 3166-1 alpha-2 where Play sells), listed twice, or an offer price where the offer does not run."
            )
        case .playPrice:
            .init(
                .error,
                "A Play price that is not a positive amount in the region's currency (with its number of decimals), or a discount that is not a share between 0 and 1."
            )
        case .playMissingPrice:
            .init(
                .error,
                "A product sold on Google Play without a price where it is available, a paid offer phase without prices, or an option sold nowhere."
            )
        case .playFields:
            .init(
                .error,
                "Google Play settings that do not fit the product: purchase options on a subscription or base plans on a one-time product, none of either, a rental without its period, a billing period Play does not offer, more than one legacy-compatible option, offer phases other than 1 or 2, stores that disagree with the google_play part."
            )
        case .playPriceDifference:
            .init(
                .note,
                "The App Store and Google Play prices of a product differ by more than app.google_play.price_tolerance (10 % unless set) in a country where both stores charge the same currency."
            )
        case .imageSize:
            .init(.error, "A review screenshot is smaller than 640x920 pixels, or a promotional image is not 1024x1024.")
        case .productLimit:
            .init(.error, "The catalog has more than 10,000 products, App Store Connect's limit per app.")
        case .listNotFound:
            .init(.error, "A list that the catalog declares does not exist.")
        case .duplicateListPath:
            .init(.error, "The catalog declares the same list file twice.")
        case .unknownProductID:
            .init(.error, "A list names an identifier the catalog does not have: StoreKit would report it as invalid.")
        case .duplicateListEntry:
            .init(.warning, "A list names the same identifier twice.")
        case .removedProductInList:
            .init(.error, "A list names a removed product.")
        case .unapprovedInProduction:
            .init(.error, "A production list names a product that is not approved: StoreKit reports it as invalid in production.")
        case .notClearedForSale:
            .init(.error, "A production list names a product that is not cleared for sale.")
        case .malformedEntry:
            .init(.error, "A list entry that is not a non-empty identifier string without surrounding whitespace.")
        case .invalidListStructure:
            .init(.error, "A list file whose top level is not what its format requires (plist array, v1 array, v2 object).")
        case .listVersionMismatch:
            .init(.warning, "A list's content version differs from the version in its file name or declaration.")
        case .staleList:
            .init(
                .error,
                "A declared plist, v1 or v2 list differs from what `iapcat export --all` would write (in either `--order`); `.storekit` files are compared value by value by the `storekit_*` rules."
            )
        case .unlistedProduct:
            .init(.note, "A product that no list names (off by default; `--enable unlisted_product`).", enabledByDefault: false)
        case .storeKitMissingProduct:
            .init(.error, "A product the catalog offers in the `.storekit` file's environment (sandbox by default) is not in the file.")
        case .storeKitType:
            .init(.error, "A product's type in a `.storekit` file differs from the catalog's.")
        case .storeKitSubscriptionGroup:
            .init(.error, "A subscription sits in a different group in the `.storekit` file (matched by name) than in the catalog.")
        case .storeKitSubscriptionLevel:
            .init(.error, "A subscription's level (`groupNumber`) in a `.storekit` file differs from its rank in the catalog.")
        case .storeKitPeriod:
            .init(.error, "A subscription's renewal period in a `.storekit` file differs from the catalog's duration.")
        case .storeKitFamilySharing:
            .init(.error, "Family Sharing in a `.storekit` file differs from the catalog's `family_sharing`.")
        case .storeKitReferenceName:
            .init(.error, "A product's reference name in a `.storekit` file differs from the catalog's.")
        case .storeKitMissingLocalization:
            .init(.error, "A locale the catalog localizes a product in is missing from the `.storekit` file.")
        case .storeKitExtraLocalization:
            .init(.error, "A `.storekit` file localizes a product in a locale the catalog does not.")
        case .storeKitDisplayName:
            .init(.error, "A product's display name in one locale differs between the `.storekit` file and the catalog.")
        case .storeKitDescription:
            .init(.error, "A product's description in one locale differs between the `.storekit` file and the catalog.")
        case .storeKitPrice:
            .init(
                .error,
                "A `displayPrice` differs from the catalog's price in the file's storefront (a legacy tier counts at its U.S. price).")
        case .storeKitIntroductoryOffer:
            .init(
                .error,
                "A subscription's introductory offer in a `.storekit` file differs from the catalog's (present, mode, period, count, price)."
            )
        case .storeKitPromotionalOffer:
            .init(
                .error,
                "A promotional offer (`adHocOffers`) in a `.storekit` file is missing from the catalog, absent from the file, or differs.")
        case .storeKitOfferCode:
            .init(
                .error, "An offer code (`codeOffers`) in a `.storekit` file is missing from the catalog, absent from the file, or differs.")
        case .storeKitPrivateKey:
            .init(
                .warning,
                "A `.storekit` file holds the private key for signing subscription offers (`subscriptionOffersKeyPair`); keep it out of the repository."
            )
        case .storeKitUnknownKey:
            .init(.note, "A key iapcat does not know in a `.storekit` file (a newer Xcode, or a hand edit); it is ignored.")
        case .unityType:
            .init(
                .error,
                "A product's type in a Unity IAP catalog differs from the catalog's (Subscription stands for either subscription type).")
        case .unsupportedElement:
            .init(
                .warning,
                "`import` met data a catalog does not hold (a bulk-XML element, a `.storekit` win-back offer or a localization without a display name); that data is not in the catalog."
            )
        case .uploadRequirement:
            .init(
                .error,
                "`bulk-xml` cannot express a product in the package: no price tier, no localization with a description, or no SKU for the app."
            )
        }
    }
}

/// What a rule checks and how it reports by default.
public struct RuleDescriptor: Sendable {
    /// The severity the rule's diagnostics have by default.
    public var severity: Severity
    /// One sentence on what the rule finds, as `iapcat rules` and SARIF output show it.
    public var summary: String
    /// Whether the rule runs without `--enable` (false for opt-in rules such as `unlisted_product`).
    public var enabledByDefault: Bool

    init(_ severity: Severity, _ summary: String, enabledByDefault: Bool = true) {
        self.severity = severity
        self.summary = summary
        self.enabledByDefault = enabledByDefault
    }
}
