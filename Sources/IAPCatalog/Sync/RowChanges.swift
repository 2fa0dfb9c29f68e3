/// How a store's row moved between a saved plan and now, in a few lines a reviewer can read:
/// `/prices/0/customerPrice: "0.99" → "1.49"`. Objects are compared member by member (keys in
/// any order), arrays item by item; at most `limit` places are named, and how many more there are.
package enum RowChanges {
    /// The places where `old` and `new` differ, at most `limit` of them, then `… and N more`.
    package static func describe(from old: JSONValue, to new: JSONValue, limit: Int = 5) -> [String] {
        var places: [String] = []
        var total = 0
        collect(old, new, path: "", into: &places, total: &total, limit: limit)
        if total > places.count { places.append("… and \(Plural.count(total - places.count, "more difference"))") }
        return places
    }

    private static func collect(
        _ old: JSONValue?, _ new: JSONValue?, path: String, into places: inout [String], total: inout Int, limit: Int
    ) {
        switch (old, new) {
        case (.object(let before)?, .object(let after)?):
            var keys = before.map(\.key)
            for key in after.map(\.key) where !keys.contains(key) { keys.append(key) }
            for key in keys.sorted() {
                collect(
                    before.first { $0.key == key }?.value, after.first { $0.key == key }?.value, path: path + "/" + key, into: &places,
                    total: &total, limit: limit)
            }
        case (.array(let before)?, .array(let after)?) where before.count == after.count:
            for index in before.indices {
                collect(before[index], after[index], path: path + "/\(index)", into: &places, total: &total, limit: limit)
            }
        default:
            guard old != new else { return }
            total += 1
            if places.count < limit { places.append("\(path.isEmpty ? "/" : path): \(shown(old)) → \(shown(new))") }
        }
    }

    /// A value in a line: scalars as JSON, an array or object by its size.
    private static func shown(_ value: JSONValue?) -> String {
        switch value {
        case nil: "(none)"
        case .null?: "null"
        case .bool(let flag)?: flag ? "true" : "false"
        case .int(let number)?: String(number)
        case .double(let number)?: String(number)
        case .string(let text)?: "\"" + ServerText.shown(text, limit: 80) + "\""
        case .array(let items)?: "[" + Plural.count(items.count, "item") + "]"
        case .object(let members)?: "{" + Plural.count(members.count, "member") + "}"
        }
    }
}

extension JSONValue {
    /// The value with every object's members sorted by key: what two readings of the same state
    /// compare equal as, whatever order the server sent.
    package var sortingKeys: JSONValue {
        switch self {
        case .array(let items): .array(items.map(\.sortingKeys))
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sortingKeys) })
        default: self
        }
    }
}
