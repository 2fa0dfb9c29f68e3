/// One in-app purchase.
public struct Product: Sendable, Equatable {
    /// The product identifier StoreKit asks for; case-sensitive, never reusable.
    public var id: String
    public var type: ProductType
    /// The internal name App Store Connect shows; optional only for removed products.
    public var referenceName: String?
    public var status: ProductStatus
    public var clearedForSale: Bool
    public var familySharing: Bool
    /// Content hosted by Apple (non-consumables only).
    public var hostedContent: Bool
    public var price: Price?
    public var localizations: [Localization]
    public var review: ReviewInfo?
    public var promotion: Promotion?
    public var subscription: SubscriptionTerms?
    public var clientData: JSONValue?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var type: SourcePosition?
        package var referenceName: SourcePosition?
        package var status: SourcePosition?
        package var hostedContent: SourcePosition?
        package var familySharing: SourcePosition?
        package var localizations: SourcePosition?
        package var subscription: SourcePosition?
        package init() {}
    }

    public init(
        id: String, type: ProductType, referenceName: String? = nil, status: ProductStatus = .draft,
        clearedForSale: Bool = true, familySharing: Bool = false, hostedContent: Bool = false,
        price: Price? = nil, localizations: [Localization] = [], review: ReviewInfo? = nil,
        promotion: Promotion? = nil, subscription: SubscriptionTerms? = nil, clientData: JSONValue? = nil
    ) {
        self.id = id
        self.type = type
        self.referenceName = referenceName
        self.status = status
        self.clearedForSale = clearedForSale
        self.familySharing = familySharing
        self.hostedContent = hostedContent
        self.price = price
        self.localizations = localizations
        self.review = review
        self.promotion = promotion
        self.subscription = subscription
        self.clientData = clientData
    }

    /// Whether StoreKit returns the product in `environment`.
    public func isAvailable(in environment: StoreEnvironment) -> Bool {
        switch environment {
        case .production: status == .approved && clearedForSale
        case .sandbox: status != .removed
        }
    }
}
