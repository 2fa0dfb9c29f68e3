/// One step of a price schedule: a tier from a start date, until an end date or the next step.
/// Bulk XML writes a schedule as `<intervals>`; App Store Connect requires the steps not to overlap.
public struct PriceInterval: Sendable, Equatable {
    public var tier: Int
    /// `YYYY-MM-DD`; nil for "from now on" (only the first step may omit it).
    public var startDate: CalendarDate?
    public var endDate: CalendarDate?
    public var position: SourcePosition?

    public init(tier: Int, startDate: CalendarDate? = nil, endDate: CalendarDate? = nil, position: SourcePosition? = nil) {
        self.tier = tier
        self.startDate = startDate
        self.endDate = endDate
        self.position = position
    }
}
