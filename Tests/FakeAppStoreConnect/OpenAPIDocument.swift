import Foundation

/// App Store Connect's own machine-readable description of its API — the OpenAPI document 4.4.1
/// (`OpenAPI/app_store_connect_api.json`) with the members 4.5.1 added to what iapcat uses
/// (`OpenAPI/4.5.1.patch.json`; the README beside them says where each comes from) — and the checks the live
/// service makes from it: a query parameter the operation does not declare is
/// `PARAMETER_ERROR.ILLEGAL`, a value its enumeration or maximum does not allow
/// `PARAMETER_ERROR.INVALID`; a request body member its schema does not have, a missing required
/// one, a wrong JSON type or an enumeration value the document lacks are 409 `ENTITY_ERROR…`s with a
/// pointer to the member. Answers are checked too, so that the fake never sends what the service
/// could not. Rules the document cannot express stay in the handlers, each with its source.
struct OpenAPIDocument: @unchecked Sendable {
    /// The document's `info.version`.
    let version: String
    /// `paths` → method → operation.
    private let paths: [String: [String: [String: Any]]]
    private let schemas: [String: [String: Any]]
    /// Resource type → relationship → the members (`data`, `links`, `meta`) a response's resource
    /// object of that type may give it, over every schema of the type.
    private let relationshipMembers: [String: [String: Set<String>]]

    /// The vendored document with the 4.5.1 patch applied, read once.
    static let appStoreConnect: OpenAPIDocument = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("OpenAPI")
        do {
            let base = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("app_store_connect_api.json")))
            let patched = try JSONPatch.apply(Data(contentsOf: folder.appendingPathComponent("4.5.1.patch.json")), to: base)
            guard let document = OpenAPIDocument(root: patched) else {
                preconditionFailure("the OpenAPI document lacks info, paths or schemas")
            }
            return document
        } catch {
            preconditionFailure("the OpenAPI document or its patch is missing or unreadable in \(folder.path): \(error)")
        }
    }()

    init?(_ data: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        self.init(root: root)
    }

    init?(root: Any) {
        guard let root = root as? [String: Any],
            let version = (root["info"] as? [String: Any])?["version"] as? String,
            let paths = root["paths"] as? [String: [String: Any]],
            let schemas = (root["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]]
        else { return nil }
        self.version = version
        self.paths = paths.mapValues { operations in operations.compactMapValues { $0 as? [String: Any] } }
        self.schemas = schemas
        var members: [String: [String: Set<String>]] = [:]
        for schema in schemas.values {
            let properties = schema["properties"] as? [String: [String: Any]]
            guard let type = (properties?["type"]?["enum"] as? [String])?.first, properties?["links"] != nil,
                let relationships = properties?["relationships"]?["properties"] as? [String: [String: Any]]
            else { continue }
            for (name, relationship) in relationships {
                let keys = (relationship["properties"] as? [String: Any])?.keys.map { $0 } ?? []
                members[type, default: [:]][name, default: []].formUnion(keys)
            }
        }
        relationshipMembers = members
    }

    /// Whether a response's `type` resource may give relationship `name` the member `member`
    /// (`links`, `meta`): App Store Connect sends a relationship's links only where it has them.
    func allows(_ member: String, inRelationship name: String, of type: String) -> Bool {
        relationshipMembers[type]?[name]?.contains(member) ?? true
    }

    /// Whether the document has `method` (`GET`, …) on `template` (`/v1/apps/{id}`).
    func has(_ method: String, _ template: String) -> Bool { operation(method, template) != nil }

    private func operation(_ method: String, _ template: String) -> [String: Any]? {
        paths[template]?[method.lowercased()]
    }

    // MARK: Query

    /// Checks a request's query against the operation's declared parameters. `cursor` is taken
    /// where the operation pages (declares `limit`): App Store Connect's `links.next` carries it,
    /// though the document does not declare it.
    func checkQuery(_ items: [(name: String, value: String)], _ method: String, _ template: String) throws(APIError) {
        let declared = operation(method, template)?["parameters"] as? [[String: Any]] ?? []
        var byName: [String: [String: Any]] = [:]
        for parameter in declared where parameter["in"] as? String == "query" {
            if let name = parameter["name"] as? String { byName[name] = parameter["schema"] as? [String: Any] ?? [:] }
        }
        for (name, value) in items {
            if name == "cursor", byName["limit"] != nil { continue }
            guard let schema = byName[name] else { throw .parameterIllegal(name) }
            let resolved = resolve(schema)
            if resolved["type"] as? String == "array" {
                let allowed = resolve(resolved["items"] as? [String: Any] ?? [:])["enum"] as? [String]
                for item in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                    if let allowed, !allowed.contains(item) { throw .parameterInvalid(name, Self.notAllowed(item, parameter: name)) }
                }
            } else if let allowed = resolved["enum"] as? [String], !allowed.contains(value) {
                throw .parameterInvalid(name, Self.notAllowed(value, parameter: name))
            } else if resolved["type"] as? String == "integer" {
                guard let number = Int(value) else { throw .parameterInvalid(name, "The parameter '\(name)' must be an integer.") }
                if let maximum = resolved["maximum"] as? Int, number > maximum {
                    throw .parameterInvalid(name, "The parameter '\(name)' exceeds the maximum allowed value of \(maximum).")
                }
            }
        }
    }

    /// App Store Connect's words for a value a parameter's enumeration lacks.
    private static func notAllowed(_ value: String, parameter: String) -> String {
        if parameter.hasPrefix("fields[") { return "'\(value)' is not a valid field name" }
        if parameter == "include" { return "'\(value)' is not a valid relationship name" }
        return "'\(value)' is not a valid value for the parameter '\(parameter)'"
    }

    // MARK: Bodies

    /// Checks a request body against the operation's request schema; every problem becomes an
    /// `ENTITY_ERROR…` entry of one 409, as App Store Connect answers.
    func checkBody(_ body: JSON, _ method: String, _ template: String) throws(APIError) {
        guard let schema = requestSchema(method, template) else { return }
        var problems: [Problem] = []
        check(body, against: schema, at: [], into: &problems)
        guard !problems.isEmpty else { return }
        throw APIError(status: 409, entries: problems.map(\.entityError))
    }

    /// Checks the fake's own answer with `status` to an operation against the response schema;
    /// the problems, described, or none.
    func answerProblems(_ answer: JSON, status: Int, _ method: String, _ template: String) -> [String] {
        guard let schema = responseSchema(method, template, status: status) else { return [] }
        var problems: [Problem] = []
        check(answer, against: schema, at: [], into: &problems)
        return problems.map(\.description)
    }

    /// The media types (`application/json`, `text/csv`) the document gives an operation's answer
    /// with `status`; none when it does not describe that answer.
    func answerMediaTypes(status: Int, _ method: String, _ template: String) -> [String] {
        let response = (operation(method, template)?["responses"] as? [String: [String: Any]])?[String(status)]
        return (response?["content"] as? [String: Any]).map { Array($0.keys) } ?? []
    }

    private func requestSchema(_ method: String, _ template: String) -> [String: Any]? {
        let body = operation(method, template)?["requestBody"] as? [String: Any]
        let content = body?["content"] as? [String: [String: Any]]
        return content?["application/json"]?["schema"] as? [String: Any]
    }

    private func responseSchema(_ method: String, _ template: String, status: Int) -> [String: Any]? {
        let response = (operation(method, template)?["responses"] as? [String: [String: Any]])?[String(status)]
        let content = response?["content"] as? [String: [String: Any]]
        return content?["application/json"]?["schema"] as? [String: Any]
    }

    /// One way a value does not fit its schema, at a JSON pointer.
    struct Problem: CustomStringConvertible {
        enum Kind {
            case unknownMember
            case missing
            case wrongType(String)
            case notAllowed([String])
        }

        var path: [String]
        var kind: Kind

        var pointer: String { "/" + path.joined(separator: "/") }

        var description: String {
            switch kind {
            case .unknownMember: "\(pointer) is not in the document's schema"
            case .missing: "\(pointer) is required by the document's schema"
            case .wrongType(let type): "\(pointer) must be \(type)"
            case .notAllowed(let allowed): "\(pointer) must be one of \(allowed.joined(separator: ", "))"
            }
        }

        /// The entry App Store Connect answers for it: by where it is (an attribute, a
        /// relationship, an included resource) and what is wrong.
        var entityError: APIError.Entry {
            let name = path.last ?? ""
            let place = path.count >= 3 && (path[0] == "data" || path[0] == "included") ? path[path[0] == "data" ? 1 : 2] : ""
            let within = path.count > (path.first == "data" ? 3 : 4)
            switch (place, kind, within) {
            case ("attributes", .unknownMember, false):
                return APIError.entityEntry(
                    "ENTITY_ERROR.ATTRIBUTE.UNKNOWN", pointer, "'\(name)' is not a valid attribute of this resource in this request.")
            case ("relationships", .unknownMember, false):
                return APIError.entityEntry(
                    "ENTITY_ERROR.RELATIONSHIP.UNKNOWN", pointer, "'\(name)' is not a valid relationship of this resource in this request.")
            case ("attributes", .missing, false):
                return APIError.entityEntry(
                    "ENTITY_ERROR.ATTRIBUTE.REQUIRED", pointer, "You must provide a value for the attribute '\(name)' with this request")
            case ("relationships", .missing, false):
                return APIError.entityEntry(
                    "ENTITY_ERROR.RELATIONSHIP.REQUIRED", pointer,
                    "You must provide a value for the relationship '\(name)' with this request")
            case ("attributes", _, _):
                return APIError.entityEntry(
                    "ENTITY_ERROR.ATTRIBUTE.INVALID", pointer, "The value of '\(pointer)' is invalid: \(description).")
            case ("relationships", _, _):
                return APIError.entityEntry(
                    "ENTITY_ERROR.RELATIONSHIP.INVALID", pointer, "The value of '\(pointer)' is invalid: \(description).")
            default:
                if path.first == "included" {
                    return APIError.entityEntry(
                        "ENTITY_ERROR.INCLUDED.INVALID", pointer, "The included resource is invalid: \(description).")
                }
                return APIError.entityEntry("ENTITY_ERROR", pointer, "The request entity is invalid: \(description).")
            }
        }
    }

    /// `$ref` followed (and `allOf` of one reference).
    private func resolve(_ node: [String: Any]) -> [String: Any] {
        var node = node
        var hops = 0
        while let reference = node["$ref"] as? String, hops < 16, let schema = schemas[String(reference.split(separator: "/").last ?? "")] {
            var merged = schema
            if node["nullable"] as? Bool == true { merged["nullable"] = true }
            node = merged
            hops += 1
        }
        return node
    }

    private func check(_ value: JSON, against node: [String: Any], at path: [String], into problems: inout [Problem]) {
        let schema = resolve(node)
        if value == .null {
            // Apple's document marks optional members nullable only in places; null stands for
            // "none" in both directions, as the service treats it.
            return
        }
        if let alternatives = schema["oneOf"] as? [[String: Any]] {
            // A resource of one of several types: the alternative whose `type` names it.
            let resolved = alternatives.map(resolve)
            guard resolved.contains(where: { Self.typeName($0) != nil }) else {
                // Alternatives without a type (an error's `source`): the first that fits.
                var first: [Problem]?
                for alternative in resolved {
                    var found: [Problem] = []
                    check(value, against: alternative, at: path, into: &found)
                    if found.isEmpty { return }
                    first = first ?? found
                }
                problems += first ?? []
                return
            }
            let type = value.object?["type"]?.string
            let match = resolved.first { alternative in
                let properties = alternative["properties"] as? [String: [String: Any]]
                return (properties?["type"]?["enum"] as? [String])?.contains(type ?? "") ?? false
            }
            guard let match else {
                problems.append(Problem(path: path + ["type"], kind: .notAllowed(alternatives.compactMap { Self.typeName(resolve($0)) })))
                return
            }
            check(value, against: match, at: path, into: &problems)
            return
        }
        switch schema["type"] as? String {
        case "object":
            guard let members = value.object else {
                problems.append(Problem(path: path, kind: .wrongType("an object")))
                return
            }
            let properties = schema["properties"] as? [String: [String: Any]]
            for name in schema["required"] as? [String] ?? [] where members[name] == nil || members[name] == .null {
                // A missing `attributes` or `relationships` object: each member it requires is named.
                let property = resolve(properties?[name] ?? [:])
                if path == ["data"], ["attributes", "relationships"].contains(name), !(property["required"] as? [String] ?? []).isEmpty {
                    check(.object([:]), against: property, at: path + [name], into: &problems)
                } else {
                    problems.append(Problem(path: path + [name], kind: .missing))
                }
            }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties?[name] {
                    check(member, against: property, at: path + [name], into: &problems)
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    check(member, against: additional, at: path + [name], into: &problems)
                } else if properties != nil {
                    problems.append(Problem(path: path + [name], kind: .unknownMember))
                }
            }
        case "array":
            guard let items = value.array else {
                problems.append(Problem(path: path, kind: .wrongType("an array")))
                return
            }
            let itemNode = schema["items"] as? [String: Any] ?? [:]
            for (index, item) in items.enumerated() { check(item, against: itemNode, at: path + [String(index)], into: &problems) }
        case "string":
            guard let text = value.string else {
                problems.append(Problem(path: path, kind: .wrongType("a string")))
                return
            }
            if let allowed = schema["enum"] as? [String], !allowed.contains(text) {
                problems.append(Problem(path: path, kind: .notAllowed(allowed)))
            } else if schema["format"] as? String == "date", !Self.isDate(text) {
                problems.append(Problem(path: path, kind: .wrongType("a date (YYYY-MM-DD)")))
            }
        case "integer":
            if value.int == nil { problems.append(Problem(path: path, kind: .wrongType("an integer"))) }
        case "number":
            switch value {
            case .int, .double: break
            default: problems.append(Problem(path: path, kind: .wrongType("a number")))
            }
        case "boolean":
            if value.bool == nil { problems.append(Problem(path: path, kind: .wrongType("a boolean"))) }
        default:
            return
        }
    }

    private static func typeName(_ schema: [String: Any]) -> String? {
        ((schema["properties"] as? [String: [String: Any]])?["type"]?["enum"] as? [String])?.first
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.map(\.count) == [4, 2, 2] && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
    }
}
