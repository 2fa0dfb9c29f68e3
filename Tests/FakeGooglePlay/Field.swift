/// Typed reads of a request body's fields, refusing a value of the wrong JSON type as Google's JSON
/// parser does (400). `null` reads as absent. `path` names the field in messages
/// (`purchaseOptions[0].buyOption`).
enum Field {
    static func object(_ value: PlayJSON?, at path: String) throws(PlayError) -> [String: PlayJSON]? {
        guard let value, value != .null else { return nil }
        guard let object = value.object else { throw .invalidValue(path, expected: "an object") }
        return object
    }

    static func objects(_ value: PlayJSON?, at path: String) throws(PlayError) -> [[String: PlayJSON]] {
        var objects: [[String: PlayJSON]] = []
        for (index, element) in try array(value, at: path).enumerated() {
            guard let object = element.object else { throw .invalidValue("\(path)[\(index)]", expected: "an object") }
            objects.append(object)
        }
        return objects
    }

    static func array(_ value: PlayJSON?, at path: String) throws(PlayError) -> [PlayJSON] {
        guard let value, value != .null else { return [] }
        guard let array = value.array else { throw .invalidValue(path, expected: "a list") }
        return array
    }

    static func string(_ value: PlayJSON?, at path: String) throws(PlayError) -> String? {
        guard let value, value != .null else { return nil }
        guard let string = value.string else { throw .invalidValue(path, expected: "a string") }
        return string
    }

    /// A string that must be present and not empty.
    static func required(_ value: PlayJSON?, at path: String) throws(PlayError) -> String {
        guard let string = try string(value, at: path), !string.isEmpty else { throw .invalid("\(path) is required.") }
        return string
    }

    static func strings(_ value: PlayJSON?, at path: String) throws(PlayError) -> [String] {
        var strings: [String] = []
        for (index, element) in try array(value, at: path).enumerated() {
            guard let string = element.string else { throw .invalidValue("\(path)[\(index)]", expected: "a string") }
            strings.append(string)
        }
        return strings
    }

    /// A boolean; false when absent.
    static func bool(_ value: PlayJSON?, at path: String) throws(PlayError) -> Bool {
        guard let value, value != .null else { return false }
        guard let bool = value.bool else { throw .invalidValue(path, expected: "true or false") }
        return bool
    }

    /// An id in the body that must, when given, be the one the URL names.
    static func matching(_ value: PlayJSON?, at path: String, expected: String) throws(PlayError) {
        guard let given = try string(value, at: path), !given.isEmpty else { return }
        guard given == expected else {
            throw .invalid("\(path) in the request body (\(given)) does not match the one in the URL (\(expected)).")
        }
    }
}
