/// The three families of versioned metadata (4.4.1): in-app purchases, subscriptions and
/// subscription groups each have versions, and localizations belong to a version. The handlers are
/// shared; this says which kinds, relationship names and request schemas a family uses.
struct VersionFamily: Sendable {
    var versionKind: Kind
    var localizationKind: Kind
    var localizationV1Kind: Kind
    var ownerKind: Kind
    /// The version's relationship to its owner in a create request.
    var ownerRelationship: String
    var versionCreate: BodySchema
    var localizationCreate: BodySchema
    var localizationUpdate: BodySchema
    var makeOwner: @Sendable (String) -> Owner

    static let inAppPurchase = VersionFamily(
        versionKind: .inAppPurchaseVersion, localizationKind: .inAppPurchaseLocalization, localizationV1Kind: .inAppPurchaseLocalizationV1,
        ownerKind: .inAppPurchase, ownerRelationship: "inAppPurchase", versionCreate: .inAppPurchaseVersionCreate,
        localizationCreate: .inAppPurchaseLocalizationCreate, localizationUpdate: .inAppPurchaseLocalizationUpdate,
        makeOwner: Owner.inAppPurchase)

    static let subscription = VersionFamily(
        versionKind: .subscriptionVersion, localizationKind: .subscriptionLocalization, localizationV1Kind: .subscriptionLocalizationV1,
        ownerKind: .subscription, ownerRelationship: "subscription", versionCreate: .subscriptionVersionCreate,
        localizationCreate: .subscriptionLocalizationCreate, localizationUpdate: .subscriptionLocalizationUpdate,
        makeOwner: Owner.subscription)

    static let group = VersionFamily(
        versionKind: .groupVersion, localizationKind: .groupLocalization, localizationV1Kind: .groupLocalizationV1, ownerKind: .group,
        ownerRelationship: "subscriptionGroup", versionCreate: .subscriptionGroupVersionCreate,
        localizationCreate: .subscriptionGroupLocalizationCreate, localizationUpdate: .subscriptionGroupLocalizationUpdate,
        makeOwner: Owner.group)

    static func of(_ owner: Owner) -> VersionFamily {
        switch owner {
        case .inAppPurchase: .inAppPurchase
        case .subscription: .subscription
        case .group: .group
        }
    }

    func owns(_ owner: Owner) -> Bool {
        Self.of(owner).versionKind == versionKind
    }
}
