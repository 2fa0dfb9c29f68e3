import Foundation

/// Google's own machine-readable description of the Play Developer API — the androidpublisher v3
/// discovery document, revision 20261026, as google-api-python-client 2.202.0 ships it
/// (`Discovery/androidpublisher.v3.json`, unchanged) — and the checks the live service makes from
/// it: a query parameter the method does not declare, a body member its schema does not have, a
/// value of the wrong JSON type or an enum value the schema lacks are refused with Google's
/// INVALID_ARGUMENT wording. Rules the document cannot express stay in the `*Rules` files.
struct DiscoveryDocument: @unchecked Sendable {
    /// The document's `revision`.
    let revision: String
    private let methods: [String: [String: Any]]
    private let schemas: [String: [String: Any]]
    private let standardParameters: Set<String>

    /// The vendored document, read once.
    static let androidPublisher: DiscoveryDocument = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Discovery/androidpublisher.v3.json")
        guard let data = try? Data(contentsOf: path), let document = DiscoveryDocument(data) else {
            preconditionFailure("the discovery document is missing or unreadable: \(path.path)")
        }
        return document
    }()

    init?(_ data: Data) {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let revision = root["revision"] as? String, let schemas = root["schemas"] as? [String: [String: Any]]
        else { return nil }
        var methods: [String: [String: Any]] = [:]
        func collect(_ resource: [String: Any]) {
            for case let method as [String: Any] in (resource["methods"] as? [String: Any] ?? [:]).values {
                if let id = method["id"] as? String { methods[id] = method }
            }
            for case let child as [String: Any] in (resource["resources"] as? [String: Any] ?? [:]).values { collect(child) }
        }
        collect(root)
        self.revision = revision
        self.methods = methods
        self.schemas = schemas
        standardParameters = Set((root["parameters"] as? [String: Any] ?? [:]).keys)
    }

    /// The query parameters method `id` binds, besides the standard ones every method takes.
    func queryParameters(of id: String) -> Set<String> {
        let parameters = methods[id]?["parameters"] as? [String: [String: Any]] ?? [:]
        return Set(parameters.filter { $0.value["location"] as? String == "query" }.keys)
    }

    /// The standard parameters (`alt`, `fields`, `prettyPrint`, …).
    var standard: Set<String> { standardParameters }

    /// Whether method `id` is in the document.
    func has(_ id: String) -> Bool { methods[id] != nil }

    /// Checks `body` against the request schema of method `id`: members, JSON types and enum
    /// values, at every depth. Paths in errors are the proto field names Google prints
    /// (`subscription.base_plans[0].state`), rooted at the field the body binds to.
    func checkBody(_ body: PlayJSON, method id: String) throws(PlayError) {
        guard let reference = (methods[id]?["request"] as? [String: Any])?["$ref"] as? String else { return }
        // A method whose body is a whole `…Request` binds it to the request itself; one whose body
        // is a resource binds it to the request's field of that name (`subscription`).
        let root = reference.hasSuffix("Request") ? "" : Self.protoName(reference.prefix(1).lowercased() + reference.dropFirst())
        try check(body, against: ["$ref": reference], at: root)
    }

    /// Checks the fake's own answer to method `id` against the method's response schema, so that
    /// it never answers with a member or value the live service could not send.
    func checkAnswer(_ answer: PlayJSON, method id: String) throws(PlayError) {
        guard let reference = (methods[id]?["response"] as? [String: Any])?["$ref"] as? String else { return }
        try check(answer, against: ["$ref": reference], at: "")
    }

    private func check(_ value: PlayJSON, against node: [String: Any], at path: String) throws(PlayError) {
        if value == .null { return }
        if let reference = node["$ref"] as? String {
            guard let schema = schemas[reference] else { return }
            try check(value, against: schema, at: path)
            return
        }
        switch node["type"] as? String {
        case "object":
            guard let members = value.object else { throw Self.wrongType(path, "TYPE_MESSAGE", value) }
            if let properties = node["properties"] as? [String: [String: Any]] {
                for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                    guard let property = properties[name] else {
                        throw PlayError.invalid(
                            "Invalid JSON payload received. Unknown name \"\(name)\"\(path.isEmpty ? "" : " at '\(path)'"): Cannot find field."
                        )
                    }
                    try check(member, against: property, at: Self.join(path, Self.protoName(name)))
                }
            } else if let values = node["additionalProperties"] as? [String: Any] {
                for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                    try check(member, against: values, at: "\(path)[\(key)]")
                }
            }
        case "array":
            guard let items = value.array else { throw Self.wrongType(path, "TYPE_MESSAGE", value) }
            let itemNode = node["items"] as? [String: Any] ?? [:]
            for (index, item) in items.enumerated() { try check(item, against: itemNode, at: "\(path)[\(index)]") }
        case "string":
            // int64 and google-duration values travel as strings too.
            guard let text = value.string else { throw Self.wrongType(path, "TYPE_STRING", value) }
            if let allowed = node["enum"] as? [String], !allowed.contains(text) {
                throw PlayError.invalid("Invalid JSON payload received. Invalid value at '\(path)' (TYPE_ENUM), \"\(text)\"")
            }
        case "integer", "number":
            // proto3 JSON takes numbers as numbers or as decimal strings.
            guard value.number != nil || value.string.flatMap(Double.init) != nil else {
                throw Self.wrongType(path, "TYPE_INT32", value)
            }
        case "boolean":
            guard value.bool != nil else { throw Self.wrongType(path, "TYPE_BOOL", value) }
        default:
            return  // "any": anything
        }
    }

    private static func wrongType(_ path: String, _ type: String, _ value: PlayJSON) -> PlayError {
        .invalid(
            "Invalid JSON payload received. Invalid value at '\(path)' (\(type)), \(String(decoding: value.serialized, as: UTF8.self))")
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }

    /// `basePlanId` → `base_plan_id`, as Google names fields in errors.
    static func protoName(_ name: some StringProtocol) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
