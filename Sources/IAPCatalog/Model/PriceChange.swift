/// A dated customer price in one storefront: a sale from one date to another, a change scheduled
/// for a date, the current price until a date, or (for subscriptions) a price existing subscribers
/// are kept on. Dates are `YYYY-MM-DD`, applied by the store in each storefront's time zone.
public struct PriceChange: Sendable, Equatable {
    /// The storefront's ISO 3166-1 alpha-3 code (`USA`).
    public var storefront: String
    /// The customer price as written: a decimal string ("0.49").
    public var amount: String
    /// The first day of the price; nil for "already in effect".
    public var startDate: CalendarDate?
    /// The first day the price no longer applies; nil for "until the next price starts, or for good".
    public var endDate: CalendarDate?
    /// Where the row stands in the catalog, for diagnostics; nil when it was not read from one.
    public var position: SourcePosition?

    /// Creates a row of `amount` in `storefront` from `startDate` (nil: in effect) until `endDate` (nil: open-ended).
    public init(
        storefront: String, amount: String, startDate: CalendarDate? = nil, endDate: CalendarDate? = nil, position: SourcePosition? = nil
    ) {
        self.storefront = storefront
        self.amount = amount
        self.startDate = startDate
        self.endDate = endDate
        self.position = position
    }
}
