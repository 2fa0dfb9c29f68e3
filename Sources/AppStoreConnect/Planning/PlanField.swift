/// A product attribute a plan updates, named as the API names it.
package enum ProductField: String, Sendable, Hashable, CaseIterable {
    /// The reference name.
    case name
    /// Notes for App Review.
    case reviewNote
    /// Family Sharing (only ever turned on).
    case familySharable
    /// A subscription's billing period.
    case subscriptionPeriod
    /// A subscription's level in its group.
    case groupLevel
    /// A subscription's group: never changed (reported as not done).
    case group
}

/// A localization attribute a plan updates, named as the API names it.
package enum LocalizationField: String, Sendable, Hashable, CaseIterable {
    /// The display name (a group's name).
    case name
    /// The description (products).
    case description
    /// The custom app name (groups).
    case customAppName
}

extension Array where Element: RawRepresentable, Element.RawValue == String {
    /// `name, reviewNote`: the fields as a plan line names them.
    var names: String { map(\.rawValue).joined(separator: ", ") }
}
