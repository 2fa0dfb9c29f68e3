/// Where a product is sold: its territories, and whether territories the store adds later join
/// them (App Store Connect's `availableInNewTerritories`).
public struct Availability: Sendable, Equatable {
    /// The territories the product is sold in.
    public var territories: TerritorySelection
    /// Whether territories the store adds later are added to the product too.
    public var availableInNewTerritories: Bool
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var territories: SourcePosition?
        package var except: SourcePosition?
        package var newTerritories: SourcePosition?
        package init() {}
    }

    /// Creates an availability in `territories`, with new territories joining unless told otherwise
    /// only when the selection is `all`.
    public init(territories: TerritorySelection, availableInNewTerritories: Bool? = nil) {
        self.territories = territories
        if let availableInNewTerritories {
            self.availableInNewTerritories = availableInNewTerritories
        } else if case .all = territories {
            self.availableInNewTerritories = true
        } else {
            self.availableInNewTerritories = false
        }
    }

    /// Every territory, and new ones: what `cleared_for_sale: true` means.
    public static let everywhere = Availability(territories: .everywhere, availableInNewTerritories: true)
    /// No territory, and no new ones: what `cleared_for_sale: false` means.
    public static let nowhere = Availability(territories: .nowhere, availableInNewTerritories: false)

    /// Whether the product is sold nowhere.
    public var isNowhere: Bool { territories.isNowhere }
}
