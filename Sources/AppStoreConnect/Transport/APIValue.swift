import IAPCatalog

/// A JSON value as App Store Connect sends and receives it: attributes, error objects, paging.
///
/// Attributes stay untyped at the transport so that a value the spec does not list (a new state,
/// a new type) is carried rather than refused; the `Remote/` readers give them types.
package indirect enum APIValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits an `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([APIValue])
    /// An object (keys unordered: JSON:API gives them no meaning).
    case object([String: APIValue])

    /// Decodes any JSON value.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([APIValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: APIValue].self))
        }
    }

    /// Encodes the value as JSON.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, if this is one.
    package var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The boolean, if this is one.
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The integer, if this is one (or a double without fraction).
    package var int: Int? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }
    /// The array, if this is one.
    package var array: [APIValue]? { if case .array(let value) = self { value } else { nil } }
    /// The object, if this is one.
    package var object: [String: APIValue]? { if case .object(let value) = self { value } else { nil } }

    /// The member `key` of an object (nil for other values).
    package subscript(key: String) -> APIValue? { object?[key] }
}

extension APIValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    /// A string value.
    package init(stringLiteral value: String) { self = .string(value) }
    /// A boolean value.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer value.
    package init(integerLiteral value: Int) { self = .int(value) }
}

extension APIValue {
    /// The value of the JSON document `bytes`, read as Google Play's answers are
    /// (``JSONValueReader``: strict, a member given twice refused, nested at most 256 deep); nil
    /// when it is not one. (`JSONDecoder` into ``APIValue`` tried each type in turn, building an
    /// error with its coding path for every miss.)
    package static func read(_ bytes: [UInt8]) -> APIValue? {
        guard let value = try? JSONValueReader.read(bytes) else { return nil }
        return APIValue(value)
    }

    /// `value`, its objects' key order dropped.
    package init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(APIValue.init))
        case .object(let members):
            var object: [String: APIValue] = [:]
            object.reserveCapacity(members.count)
            for (key, value) in members { object[key] = APIValue(value) }
            self = .object(object)
        }
    }
}
