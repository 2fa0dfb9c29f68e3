/// One step of a price schedule: a tier from a start date, until an end date or the next step.
/// Bulk XML writes a schedule as `<intervals>`; App Store Connect requires the steps not to overlap.
public struct PriceInterval: Sendable, Equatable {
    /// The legacy App Store price tier of this step, 0 = free.
    public var tier: Int
    /// `YYYY-MM-DD`; nil for "from now on" (only the first step may omit it).
    public var startDate: CalendarDate?
    /// `YYYY-MM-DD` of the step's end; nil when it lasts until the next step starts, or for good.
    public var endDate: CalendarDate?
    /// Where the step stands in the catalog, for diagnostics; nil when it was not read from one.
    public var position: SourcePosition?

    /// Creates a step at `tier`, from `startDate` (nil: from now on) until `endDate` (nil: open-ended).
    public init(tier: Int, startDate: CalendarDate? = nil, endDate: CalendarDate? = nil, position: SourcePosition? = nil) {
        self.tier = tier
        self.startDate = startDate
        self.endDate = endDate
        self.position = position
    }
}
