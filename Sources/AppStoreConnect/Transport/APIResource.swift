/// The `{type, id}` pair that names a resource in JSON:API.
package struct ResourceIdentifier: Sendable, Hashable {
    /// The resource type (`inAppPurchases`, `territories`, …).
    package var type: String
    /// The resource id, or a local id (`${price-1}`) for an inline create.
    package var id: String

    /// An identifier.
    package init(type: String, id: String) {
        self.type = type
        self.id = id
    }

    var json: APIValue { .object(["type": .string(type), "id": .string(id)]) }
}

/// A relationship of a resource: to one, to many, or links only (not included in the response).
package enum Relationship: Sendable, Hashable {
    /// A to-one relationship (`data` an object, or `null`).
    case one(ResourceIdentifier?)
    /// A to-many relationship (`data` an array).
    case many([ResourceIdentifier])
    /// The relationship was not included: only its links were sent.
    case notIncluded

    /// The single related identifier, if any.
    package var identifier: ResourceIdentifier? {
        switch self {
        case .one(let identifier): identifier
        case .many(let identifiers): identifiers.first
        case .notIncluded: nil
        }
    }

    /// Every related identifier.
    package var identifiers: [ResourceIdentifier] {
        switch self {
        case .one(let identifier): identifier.map { [$0] } ?? []
        case .many(let identifiers): identifiers
        case .notIncluded: []
        }
    }

    var json: APIValue? {
        switch self {
        case .one(let identifier): .object(["data": identifier?.json ?? .null])
        case .many(let identifiers): .object(["data": .array(identifiers.map(\.json))])
        case .notIncluded: nil
        }
    }
}

/// A JSON:API resource object: what App Store Connect returns and what a create or update sends.
package struct Resource: Sendable, Hashable {
    /// The resource type.
    package var type: String
    /// The id (nil in a create request).
    package var id: String?
    /// The attributes, untyped (see ``APIValue``).
    package var attributes: [String: APIValue]
    /// The relationships by name.
    package var relationships: [String: Relationship]

    /// A resource.
    package init(type: String, id: String? = nil, attributes: [String: APIValue] = [:], relationships: [String: Relationship] = [:]) {
        self.type = type
        self.id = id
        self.attributes = attributes
        self.relationships = relationships
    }

    /// The identifier of this resource (empty id when it has none).
    package var identifier: ResourceIdentifier { ResourceIdentifier(type: type, id: id ?? "") }

    /// A string attribute.
    package func string(_ name: String) -> String? { attributes[name]?.string }
    /// A boolean attribute.
    package func bool(_ name: String) -> Bool? { attributes[name]?.bool }
    /// An integer attribute.
    package func int(_ name: String) -> Int? { attributes[name]?.int }
    /// The id of a to-one relationship, if it was included.
    package func related(_ name: String) -> String? { relationships[name]?.identifier?.id }

    /// Reads a resource object; nil when `type` or `id` is missing.
    init?(json: APIValue) {
        guard let object = json.object, let type = object["type"]?.string else { return nil }
        self.type = type
        id = object["id"]?.string
        attributes = object["attributes"]?.object ?? [:]
        var relationships: [String: Relationship] = [:]
        for (name, value) in object["relationships"]?.object ?? [:] {
            guard let data = value["data"] else {
                relationships[name] = .notIncluded
                continue
            }
            switch data {
            case .array(let items): relationships[name] = .many(items.compactMap(Self.identifier))
            case .null: relationships[name] = .one(nil)
            default: relationships[name] = .one(Self.identifier(data))
            }
        }
        self.relationships = relationships
    }

    private static func identifier(_ value: APIValue) -> ResourceIdentifier? {
        guard let type = value["type"]?.string, let id = value["id"]?.string else { return nil }
        return ResourceIdentifier(type: type, id: id)
    }

    var json: APIValue {
        var object: [String: APIValue] = ["type": .string(type)]
        if let id { object["id"] = .string(id) }
        if !attributes.isEmpty { object["attributes"] = .object(attributes) }
        let relationships = self.relationships.compactMapValues(\.json)
        if !relationships.isEmpty { object["relationships"] = .object(relationships) }
        return .object(object)
    }
}
