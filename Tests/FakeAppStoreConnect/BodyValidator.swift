import Foundation

/// The shape of a request entity (`…CreateRequest`, `…UpdateRequest`, `…InlineCreate` in the
/// spec): its type, attributes and relationships, which are required, and what `included` may hold.
struct BodySchema: Sendable {
    enum AttributeKind: Sendable {
        case string
        /// `YYYY-MM-DD`.
        case date
        case boolean
        case integer
        case oneOf([String])
        /// An array of values from `allowed`.
        case arrayOf([String])
        /// `IntegerRange`: an object of optional integers `minimum` and `maximum`.
        case integerRange
    }

    struct Attribute: Sendable {
        var name: String
        var kind: AttributeKind
        var required: Bool
        var nullable: Bool
        var maxLength: Int?

        init(_ name: String, _ kind: AttributeKind, required: Bool = false, nullable: Bool = false, maxLength: Int? = nil) {
            self.name = name
            self.kind = kind
            self.required = required
            self.nullable = nullable
            self.maxLength = maxLength
        }
    }

    struct Relationship: Sendable {
        var name: String
        var type: String
        var toMany: Bool
        var required: Bool

        init(_ name: String, type: String, toMany: Bool = false, required: Bool = false) {
            self.name = name
            self.type = type
            self.toMany = toMany
            self.required = required
        }
    }

    var type: String
    /// An update request names the resource it changes.
    var requiresID = false
    var attributes: [Attribute] = []
    var relationships: [Relationship] = []
    /// The inline-create schemas `included` may hold.
    var included: [BodySchema] = []
}

/// One validated resource object of a request: the primary `data` or an `included` item.
struct RequestEntity {
    enum Linkage {
        case one(String?)
        case many([String])
    }

    var type: String
    var id: String?
    var attributes: [String: JSON]
    var relationships: [String: Linkage]
    /// `/data` or `/included/N`, for error pointers.
    var pointer: String

    func has(_ attribute: String) -> Bool { attributes[attribute] != nil }
    func string(_ attribute: String) -> String? { attributes[attribute]?.string }
    func bool(_ attribute: String) -> Bool? { attributes[attribute]?.bool }
    func int(_ attribute: String) -> Int? { attributes[attribute]?.int }

    /// The id a to-one relationship points at (nil when absent or null).
    func one(_ relationship: String) -> String? {
        if case .one(let id) = relationships[relationship] { return id }
        return nil
    }

    /// The ids of a to-many relationship (nil when absent).
    func many(_ relationship: String) -> [String]? {
        if case .many(let ids) = relationships[relationship] { return ids }
        return nil
    }

    func attributePointer(_ name: String) -> String { "\(pointer)/attributes/\(name)" }
    func relationshipPointer(_ name: String) -> String { "\(pointer)/relationships/\(name)" }
}

/// A validated request document: `data` and `included`.
struct RequestDocument {
    var data: RequestEntity
    var included: [RequestEntity]

    /// The included item with local id `id` (`${price-1}`) of `type`.
    func included(_ type: String, id: String) -> RequestEntity? {
        included.first { $0.type == type && $0.id == id }
    }
}

extension BodySchema {
    /// Validates a request body against the schema, as App Store Connect does: every error is a 409
    /// with an `ENTITY_ERROR…` code and a pointer to the member at fault.
    func validate(_ body: JSON?, pathID: String?) throws(APIError) -> RequestDocument {
        guard let root = body?.object, let data = root["data"]?.object else {
            throw .unprocessable("The request entity is not a JSON:API document with a 'data' object.")
        }
        var errors: [APIError.Entry] = []
        let primary = check(data, pointer: "/data", errors: &errors)
        if requiresID {
            if data["id"]?.string == nil {
                errors.append(APIError.entityEntry("ENTITY_ERROR.INVALID_ID", "/data/id", "The resource id is missing."))
            } else if let pathID, data["id"]?.string != pathID {
                errors.append(
                    APIError.entityEntry(
                        "ENTITY_ERROR.INVALID_ID", "/data/id",
                        "The resource id '\(data["id"]?.string ?? "")' does not match the path id '\(pathID)'."
                    ))
            }
        }
        var included: [RequestEntity] = []
        if let items = root["included"] {
            for (index, item) in (items.array ?? []).enumerated() {
                let pointer = "/included/\(index)"
                guard let object = item.object, let type = object["type"]?.string,
                    let schema = self.included.first(where: { $0.type == type })
                else {
                    errors.append(
                        APIError.entityEntry(
                            "ENTITY_ERROR.INCLUDED.INVALID", "\(pointer)/type", "This request cannot include a resource of this type."))
                    continue
                }
                guard let id = object["id"]?.string, type == "territories" || (id.hasPrefix("${") && id.hasSuffix("}")) else {
                    errors.append(
                        APIError.entityEntry(
                            "ENTITY_ERROR.INCLUDED.INVALID_ID", "\(pointer)/id",
                            "The provided included entity id '\(object["id"]?.string ?? "")' has invalid format"))
                    continue
                }
                included.append(schema.check(object, pointer: pointer, errors: &errors))
            }
        }
        guard errors.isEmpty else { throw APIError(status: 409, entries: errors) }
        return RequestDocument(data: primary, included: included)
    }

    /// Checks one resource object: type, attributes, relationships.
    private func check(_ object: [String: JSON], pointer: String, errors: inout [APIError.Entry]) -> RequestEntity {
        var entity = RequestEntity(type: type, id: object["id"]?.string, attributes: [:], relationships: [:], pointer: pointer)
        if object["type"]?.string != type {
            errors.append(
                APIError.entityEntry(
                    "ENTITY_ERROR", "\(pointer)/type", "The resource type must be '\(type)', not '\(object["type"]?.string ?? "nothing")'.")
            )
        }
        let sentAttributes = object["attributes"]?.object ?? [:]
        for name in sentAttributes.keys.sorted() where !attributes.contains(where: { $0.name == name }) {
            errors.append(
                APIError.entityEntry(
                    "ENTITY_ERROR.ATTRIBUTE.UNKNOWN", entity.attributePointer(name),
                    "'\(name)' is not a valid attribute of '\(type)' in this request."))
        }
        for rule in attributes {
            let value = sentAttributes[rule.name]
            let attributePointer = entity.attributePointer(rule.name)
            guard let value, !(value.isNull && rule.required) else {
                if rule.required {
                    errors.append(
                        APIError.entityEntry(
                            "ENTITY_ERROR.ATTRIBUTE.REQUIRED", attributePointer,
                            "You must provide a value for the attribute '\(rule.name)'."))
                }
                continue
            }
            if let problem = rule.problem(with: value) {
                errors.append(APIError.entityEntry("ENTITY_ERROR.ATTRIBUTE.INVALID", attributePointer, problem))
            } else if let maxLength = rule.maxLength, let text = value.string, text.count > maxLength {
                errors.append(
                    APIError.entityEntry(
                        "ENTITY_ERROR.ATTRIBUTE.INVALID.TOO_LONG", attributePointer,
                        "The provided entity contains a field '\(rule.name)' whose value is too long. It cannot exceed \(maxLength) characters."
                    ))
            } else {
                entity.attributes[rule.name] = value
            }
        }
        let sentRelationships = object["relationships"]?.object ?? [:]
        for name in sentRelationships.keys.sorted() where !relationships.contains(where: { $0.name == name }) {
            errors.append(
                APIError.entityEntry(
                    "ENTITY_ERROR.RELATIONSHIP.UNKNOWN", entity.relationshipPointer(name),
                    "'\(name)' is not a valid relationship of '\(type)' in this request."))
        }
        for rule in relationships {
            let relationshipPointer = entity.relationshipPointer(rule.name)
            guard let sent = sentRelationships[rule.name] else {
                if rule.required {
                    errors.append(
                        APIError.entityEntry(
                            "ENTITY_ERROR.RELATIONSHIP.REQUIRED", relationshipPointer,
                            "You must provide a value for the relationship '\(rule.name)' with this request"
                        ))
                }
                continue
            }
            if let linkage = rule.linkage(of: sent) {
                if rule.required, case .one(nil) = linkage {
                    errors.append(
                        APIError.entityEntry(
                            "ENTITY_ERROR.RELATIONSHIP.REQUIRED", relationshipPointer,
                            "You must provide a value for the relationship '\(rule.name)' with this request"
                        ))
                } else {
                    entity.relationships[rule.name] = linkage
                }
            } else {
                errors.append(
                    APIError.entityEntry(
                        "ENTITY_ERROR.RELATIONSHIP.INVALID", relationshipPointer,
                        "The relationship '\(rule.name)' must be {\"data\": \(rule.toMany ? "[{\"type\": \"\(rule.type)\", \"id\": …}]" : "{\"type\": \"\(rule.type)\", \"id\": …}")}."
                    ))
            }
        }
        return entity
    }
}

extension BodySchema.Attribute {
    /// Why `value` does not fit the attribute; nil when it does.
    func problem(with value: JSON) -> String? {
        if value.isNull { return nullable ? nil : "The attribute '\(name)' cannot be null." }
        switch kind {
        case .string:
            return value.string == nil ? "The attribute '\(name)' must be a string." : nil
        case .boolean:
            return value.bool == nil ? "The attribute '\(name)' must be a boolean." : nil
        case .integer:
            return value.int == nil ? "The attribute '\(name)' must be an integer." : nil
        case .date:
            guard let text = value.string, Self.isDate(text) else { return "The attribute '\(name)' must be a date (YYYY-MM-DD)." }
            return nil
        case .oneOf(let allowed):
            guard let text = value.string, allowed.contains(text) else {
                return
                    "'\(value.string ?? value.serialized)' is not a valid value for '\(name)'; expected one of \(allowed.joined(separator: ", "))."
            }
            return nil
        case .arrayOf(let allowed):
            guard let items = value.array, items.allSatisfy({ $0.string.map(allowed.contains) ?? false }) else {
                return "The attribute '\(name)' must be an array of \(allowed.joined(separator: ", "))."
            }
            return nil
        case .integerRange:
            guard let object = value.object, Set(object.keys).isSubset(of: ["minimum", "maximum"]),
                object.values.allSatisfy({ $0.int != nil })
            else { return "The attribute '\(name)' must be an object of the integers 'minimum' and 'maximum'." }
            return nil
        }
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year > 0, (1...12).contains(month),
            (1...31).contains(day)
        else { return false }
        return true
    }
}

extension BodySchema.Relationship {
    /// The linkage of `{"data": …}`; nil when it has the wrong shape or type.
    func linkage(of value: JSON) -> RequestEntity.Linkage? {
        guard let data = value["data"] else { return nil }
        func identifier(_ item: JSON) -> String? {
            guard item["type"]?.string == type, let id = item["id"]?.string, !id.isEmpty else { return nil }
            return id
        }
        if toMany {
            guard let items = data.array else { return nil }
            let ids = items.compactMap(identifier)
            return ids.count == items.count ? .many(ids) : nil
        }
        if data.isNull { return .one(nil) }
        return identifier(data).map { .one($0) }
    }
}

extension RequestEntity {
    /// A 409 `ENTITY_ERROR.RELATIONSHIP.INVALID` about relationship `name`.
    func invalidRelationship(_ name: String, _ detail: String) -> APIError {
        .entity("ENTITY_ERROR.RELATIONSHIP.INVALID", relationshipPointer(name), detail)
    }

    /// A 409 about attribute `name` (`ENTITY_ERROR.ATTRIBUTE.INVALID` unless `code` says otherwise).
    func invalidAttribute(_ name: String, _ detail: String, code: String = "ENTITY_ERROR.ATTRIBUTE.INVALID") -> APIError {
        .entity(code, attributePointer(name), detail)
    }

    /// A 409 `ENTITY_ERROR.RELATIONSHIP.REQUIRED` about relationship `name`.
    func missingRelationship(_ name: String) -> APIError {
        .entity(
            "ENTITY_ERROR.RELATIONSHIP.REQUIRED", relationshipPointer(name),
            "You must provide a value for the relationship '\(name)' with this request")
    }
}
