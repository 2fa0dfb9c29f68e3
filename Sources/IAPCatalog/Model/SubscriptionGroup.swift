/// A group of auto-renewable subscriptions a customer can hold only one of at a time.
public struct SubscriptionGroup: Sendable, Equatable {
    /// Catalog-local key that products refer to.
    public var id: String
    /// Nil only when the catalog's value is missing or unreadable (already diagnosed).
    public var referenceName: String?
    /// The group's name per locale, as the App Store shows it.
    public var localizations: [GroupLocalization]
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var referenceName: SourcePosition?
        package var localizations: SourcePosition?
        package init() {}
    }

    /// Creates a group with catalog key `id`, its reference name and its localizations (none by default).
    public init(id: String, referenceName: String?, localizations: [GroupLocalization] = []) {
        self.id = id
        self.referenceName = referenceName
        self.localizations = localizations
    }
}

/// A subscription group's name in one locale, as the App Store shows it.
public struct GroupLocalization: Sendable, Equatable {
    /// The App Store locale code (`en-US`).
    public var locale: String
    /// Nil only when the catalog's value could not be read (already diagnosed).
    public var name: String?
    /// The app name shown with the subscription, when it differs from the app's own.
    public var appName: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var locale: SourcePosition?
        package var name: SourcePosition?
        package var appName: SourcePosition?
        package init() {}
    }

    /// Creates the group's name in `locale`, with an app name only when it differs from the app's own.
    public init(locale: String, name: String?, appName: String? = nil) {
        self.locale = locale
        self.name = name
        self.appName = appName
    }
}

extension SubscriptionGroup {
    /// A catalog group key from a group's name (importers, `asc pull`): lower case, runs of other
    /// characters as `-`.
    package static func key(fromName name: String) -> String {
        var result = ""
        for character in name.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == ".") {
                result.append(character)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        while result.hasPrefix("-") { result.removeFirst() }
        return result.isEmpty ? "group" : result
    }
}
