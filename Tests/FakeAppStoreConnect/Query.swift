import Foundation

/// The query parameters an endpoint accepts (from the spec): anything else is a 400, as App Store
/// Connect answers `PARAMETER_ERROR.ILLEGAL` for a parameter an endpoint does not take.
struct QueryRules: Sendable {
    /// `filter[x]` names, each with its allowed values (nil: any value).
    var filters: [String: [String]?] = [:]
    /// Filters without which the request is a 400.
    var requiredFilters: [String] = []
    /// Allowed `include` values.
    var includes: [String] = []
    /// `limit[x]` names with their maximum.
    var includeLimits: [String: Int] = [:]
    /// The maximum `limit` of a list; nil for a single resource.
    var maxLimit: Int?
    /// Allowed `sort` values.
    var sorts: [String] = []

    /// A list with `limit` up to `max`.
    static func list(
        max: Int = 200, filters: [String: [String]?] = [:], includes: [String] = [], includeLimits: [String: Int] = [:],
        sorts: [String] = []
    ) -> QueryRules {
        QueryRules(filters: filters, includes: includes, includeLimits: includeLimits, maxLimit: max, sorts: sorts)
    }

    /// A single resource.
    static func one(includes: [String] = [], includeLimits: [String: Int] = [:]) -> QueryRules {
        QueryRules(includes: includes, includeLimits: includeLimits)
    }

    /// No parameters but `fields[…]` (writes, deletes, uploads).
    static let none = QueryRules()

    /// `limit[x] ≤ 50` for each of `names`.
    static func fifty(_ names: String...) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, 50) })
    }
}

/// A request's validated query.
struct Query {
    /// The default `limit` of a list, and of an included to-many relationship.
    static let defaultLimit = 50
    static let defaultIncludeLimit = 10

    var items: [(name: String, value: String)] = []
    var include: [String] = []
    var includeLimits: [String: Int] = [:]
    var limit = Query.defaultLimit
    var offset = 0
    var filters: [String: [String]] = [:]
    var sort: String?
    /// `fields[type]` → the attributes and relationships to keep.
    var fields: [String: Set<String>] = [:]

    /// The name–value pairs of `raw` (`a=b&c=d`, percent-encoded), in order.
    static func items(_ raw: String) -> [(name: String, value: String)] {
        raw.split(separator: "&").filter { !$0.isEmpty }.map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Parses and validates `raw` (`a=b&c=d`, percent-encoded) against `rules`.
    init(raw: String, rules: QueryRules) throws(APIError) {
        items = Self.items(raw)
        for (name, value) in items {
            let values = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if name == "limit", let maxLimit = rules.maxLimit {
                limit = try Self.number(value, parameter: name, max: maxLimit)
            } else if name == "cursor", rules.maxLimit != nil {
                guard let offset = Self.offset(cursor: value) else { throw .parameterInvalid(name, "The cursor '\(value)' is not valid.") }
                self.offset = offset
            } else if name == "include", !rules.includes.isEmpty {
                for value in values where !rules.includes.contains(value) {
                    throw .parameterInvalid(
                        name, "'\(value)' is not a valid relationship name; expected one of \(rules.includes.joined(separator: ", ")).")
                }
                include = values
            } else if let inner = Self.bracketed(name, "limit"), let max = rules.includeLimits[inner] {
                includeLimits[inner] = try Self.number(value, parameter: name, max: max)
            } else if let inner = Self.bracketed(name, "filter"), let allowed = rules.filters[inner] {
                if let allowed, let bad = values.first(where: { !allowed.contains($0) }) {
                    throw .parameterInvalid(
                        name, "'\(bad)' is not a valid filter value; expected one of \(allowed.joined(separator: ", ")).")
                }
                filters[inner] = values
            } else if name == "sort", !rules.sorts.isEmpty {
                guard rules.sorts.contains(value) else {
                    throw .parameterInvalid(name, "'\(value)' is not a valid sort; expected one of \(rules.sorts.joined(separator: ", ")).")
                }
                sort = value
            } else if let type = Self.bracketed(name, "fields") {
                fields[type] = Set(values)
            } else {
                throw .parameterIllegal(name)
            }
        }
        for required in rules.requiredFilters where filters[required] == nil {
            throw .parameterRequired("filter[\(required)]")
        }
    }

    /// The values of `filter[name]`, nil when absent.
    func filter(_ name: String) -> [String]? {
        filters[name]
    }

    func includes(_ relationship: String) -> Bool {
        include.contains(relationship)
    }

    /// `name` without `prefix[` and `]`, when it has that form.
    private static func bracketed(_ name: String, _ prefix: String) -> String? {
        guard name.hasPrefix(prefix + "["), name.hasSuffix("]") else { return nil }
        return String(name.dropFirst(prefix.count + 1).dropLast())
    }

    private static func number(_ value: String, parameter: String, max: Int) throws(APIError) -> Int {
        guard let number = Int(value), number >= 1 else {
            throw .parameterInvalid(parameter, "'\(value)' is not a valid value for '\(parameter)': it must be a positive integer.")
        }
        guard number <= max else {
            throw .parameterInvalid(parameter, "The value \(number) of '\(parameter)' exceeds the maximum allowed value of \(max).")
        }
        return number
    }

    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }

    // MARK: Cursors

    /// An opaque cursor for the page starting at `offset`.
    static func cursor(offset: Int) -> String {
        Data("o:\(offset)".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    private static func offset(cursor: String) -> Int? {
        var base64 = cursor
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8), text.hasPrefix("o:"),
            let offset = Int(text.dropFirst(2)), offset >= 0
        else { return nil }
        return offset
    }

    /// The query string of the next page: every parameter as sent, the cursor replaced.
    func nextPageQuery(offset: Int) -> String {
        (items.filter { $0.name != "cursor" } + [("cursor", Self.cursor(offset: offset))])
            .map { Self.encode($0.name) + "=" + Self.encode($0.value) }
            .joined(separator: "&")
    }

    private static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
