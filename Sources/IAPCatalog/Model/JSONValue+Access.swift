extension JSONValue {
    /// The member `key` of an object; nil for a missing key or another kind of value.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, or nil.
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The items of an array; empty for anything else.
    package var items: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }

    /// The boolean, or nil.
    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer (a whole double too), or nil.
    package var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value == value.rounded() && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    /// The number, or nil.
    package var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The object with `key` set to `value`: replaced where it was, appended otherwise; `nil`
    /// removes it. Anything but an object becomes one.
    package func setting(_ key: String, _ value: JSONValue?) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if case .object(let existing) = self { members = existing }
        if let index = members.firstIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
        } else if let value {
            members.append((key, value))
        }
        return .object(members)
    }
}
