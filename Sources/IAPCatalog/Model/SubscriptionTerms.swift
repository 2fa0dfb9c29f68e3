/// The subscription part of an auto-renewable product.
public struct SubscriptionTerms: Sendable, Equatable {
    /// The id of a ``SubscriptionGroup``.
    public var group: String
    /// The renewal period (`P1W` to `P1Y`).
    public var duration: SubscriptionPeriod
    /// Level of service within the group, 1 highest.
    public var rank: Int?
    /// The introductory offer new subscribers get (a free trial or a discount); nil when there is none.
    public var introductoryOffer: SubscriptionOffer?
    /// Promotional offers the app can present, each with its offer identifier.
    public var promotionalOffers: [SubscriptionOffer] = []
    /// Offer codes customers can redeem.
    public var offerCodes: [SubscriptionOffer] = []
    /// A bonus period added to the first period; nil when there is none.
    public var bonusDuration: SubscriptionPeriod?
    /// Introductory offers as rows (`introductory_offers`), where they differ by territory, date
    /// or plan; the catalog gives this or ``introductoryOffer``, not both.
    public var introductoryOffers: [SubscriptionOffer] = []
    /// Win-back offers.
    public var winBackOffers: [WinBackOffer] = []
    /// The monthly billing plan over a 12-month commitment, when the subscription has one.
    public var monthlyBilling: BillingPlanTerms?
    /// Whether organizations may buy it in seats, and where (App Store only); nil when the catalog
    /// leaves it as App Store Connect has it.
    public var multiseat: Multiseat?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var group: SourcePosition?
        package var duration: SourcePosition?
        package var rank: SourcePosition?
        package var introductoryOffers: SourcePosition?
        package init() {}
    }

    /// Creates terms in `group` renewing every `duration`, without rank, trial or bonus unless given.
    public init(
        group: String, duration: SubscriptionPeriod, rank: Int? = nil,
        freeTrialDuration: SubscriptionPeriod? = nil, bonusDuration: SubscriptionPeriod? = nil
    ) {
        self.group = group
        self.duration = duration
        self.rank = rank
        self.introductoryOffer = freeTrialDuration.map { SubscriptionOffer(mode: .freeTrial, duration: $0) }
        self.bonusDuration = bonusDuration
    }

    /// The introductory offer when it is a plain free trial of one period (what bulk XML and
    /// `free_trial_duration` express); setting it replaces the introductory offer.
    public var freeTrialDuration: SubscriptionPeriod? {
        get {
            guard let offer = introductoryOffer, offer.mode == .freeTrial, offer.periods == 1 else { return nil }
            return offer.duration
        }
        set { introductoryOffer = newValue.map { SubscriptionOffer(mode: .freeTrial, duration: $0) } }
    }
}
