import Foundation

/// A JSON value as the fake stores resources and builds answers: request bodies decode to it, and
/// it serialises with sorted keys, so answers and snapshots are reproducible byte for byte.
enum PlayJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([PlayJSON])
    case object([String: PlayJSON])

    /// Parses `data`; nil when it is not JSON.
    static func parse(_ data: Data) -> PlayJSON? {
        try? JSONDecoder().decode(PlayJSON.self, from: data)
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var int: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The value of a number, integer or not.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var object: [String: PlayJSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    var array: [PlayJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    subscript(key: String) -> PlayJSON? {
        guard let value = object?[key], value != .null else { return nil }
        return value
    }

    /// The value as Google answers it after storing it (proto3 JSON): fields at their default —
    /// `false`, `0`, `""`, `[]`, `null`, an enum's `…_UNSPECIFIED`, `Money.units` `"0"` — are left
    /// out at every depth. Objects are kept even when empty (`"free": {}` is a choice, not a default).
    var omittingDefaults: PlayJSON {
        switch self {
        case .array(let values):
            return .array(values.map(\.omittingDefaults))
        case .object(let members):
            var kept: [String: PlayJSON] = [:]
            for (key, value) in members {
                let value = value.omittingDefaults
                if !value.isDefault, !(key == "units" && value == .string("0")) { kept[key] = value }
            }
            return .object(kept)
        default:
            return self
        }
    }

    private var isDefault: Bool {
        switch self {
        case .null: true
        case .bool(let value): !value
        case .int(let value): value == 0
        case .double(let value): value == 0
        case .string(let value): value.isEmpty || value.hasSuffix("_UNSPECIFIED")
        case .array(let values): values.isEmpty
        case .object: false
        }
    }

    /// The compact serialisation (sorted keys, no insignificant whitespace).
    var serialized: Data {
        var out = ""
        write(to: &out)
        return Data(out.utf8)
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension PlayJSON: Decodable {
    init(from decoder: any Decoder) throws {
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
        } else if let value = try? container.decode([PlayJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: PlayJSON].self))
        }
    }
}

extension PlayJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
}
