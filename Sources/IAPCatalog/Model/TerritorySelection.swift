/// A set of territories written compactly: every territory but some, or a list. What "every
/// territory" means is the store's current list (``AppStoreStorefronts/codes`` for lint, the
/// territories App Store Connect answers for a plan), so `all` grows when the store adds one.
public enum TerritorySelection: Sendable, Equatable {
    /// Every territory except these (none by default).
    case all(except: [String])
    /// Exactly these territories (none: nowhere).
    case only([String])

    /// Every territory.
    public static let everywhere = TerritorySelection.all(except: [])
    /// No territory.
    public static let nowhere = TerritorySelection.only([])

    /// The territories of `universe` this selection names, sorted; for `only`, its territories
    /// (those outside `universe` included: they are lint's business), sorted and without repeats.
    public func resolved(in universe: [String]) -> [String] {
        switch self {
        case .all(let except):
            let excluded = Set(except)
            return universe.filter { !excluded.contains($0) }.sorted()
        case .only(let territories):
            return Array(Set(territories)).sorted()
        }
    }

    /// The shortest selection naming exactly `territories` within `universe`: `all` (with the few
    /// territories missing) when that is shorter than the list.
    public static func compact(_ territories: [String], in universe: [String]) -> TerritorySelection {
        let chosen = Set(territories)
        let outside = chosen.subtracting(universe)
        let missing = universe.filter { !chosen.contains($0) }.sorted()
        guard outside.isEmpty, !chosen.isEmpty, missing.count < chosen.count else { return .only(chosen.sorted()) }
        return .all(except: missing)
    }

    /// Whether the selection names no territory at all (an empty list).
    public var isNowhere: Bool { self == .only([]) }

    /// The codes written in the selection (the list, or the exceptions), for lint.
    public var writtenCodes: [String] {
        switch self {
        case .all(let except): except
        case .only(let territories): territories
        }
    }
}
