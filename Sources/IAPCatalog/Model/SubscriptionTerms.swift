/// The subscription part of an auto-renewable product.
public struct SubscriptionTerms: Sendable, Equatable {
    /// The id of a ``SubscriptionGroup``.
    public var group: String
    /// The renewal period (`P1W` to `P1Y`).
    public var duration: SubscriptionPeriod
    /// Level of service within the group, 1 highest.
    public var rank: Int?
    /// An introductory free trial; nil when there is none.
    public var freeTrialDuration: SubscriptionPeriod?
    /// A bonus period added to the first period; nil when there is none.
    public var bonusDuration: SubscriptionPeriod?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var group: SourcePosition?
        package var duration: SourcePosition?
        package var rank: SourcePosition?
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
        self.freeTrialDuration = freeTrialDuration
        self.bonusDuration = bonusDuration
    }
}
