/// A price in App Store legacy tiers (`tier`, or a `schedule` of tiers by date): what bulk XML
/// can express, and what older catalogs say. Tiers exist on the App Store only; the store-neutral
/// part of ``Price`` is its prices per storefront and their dated changes.
public struct LegacyTierPrice: Sendable, Equatable {
    /// The legacy App Store price tier (`wholesale_price_tier`), 0 = free.
    public var tier: Int?
    /// Tiers by date (bulk XML's `<intervals>`), instead of a single `tier`.
    public var schedule: [PriceInterval]

    /// Creates a tier price: one tier, or a schedule of them (neither by default).
    public init(tier: Int? = nil, schedule: [PriceInterval] = []) {
        self.tier = tier
        self.schedule = schedule
    }

    /// Whether a tier is given, alone or as a schedule.
    public var isEmpty: Bool { tier == nil && schedule.isEmpty }

    /// The tier from now on: the single tier, else the schedule's first step.
    public var currentTier: Int? { tier ?? schedule.first?.tier }
}
