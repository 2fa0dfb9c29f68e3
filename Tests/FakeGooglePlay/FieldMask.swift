/// How a masked patch changes a stored resource, and how what was written is stored.
enum FieldMask {
    /// `stored` with each top-level field of `mask` replaced by the body's, or removed when the body
    /// has none (`null` included): Google's FieldMask rule, under which a named list is replaced as a
    /// whole and every field not named keeps its stored value.
    static func apply(_ mask: [String], from body: [String: PlayJSON], to stored: [String: PlayJSON]) -> [String: PlayJSON] {
        var result = stored
        for field in mask { result[field] = body[field] }
        return result
    }

    /// `resource` with the fields `written` as Google answers them after storing (defaults left out,
    /// see ``PlayJSON/omittingDefaults``); a field left with only defaults is removed.
    static func storing(_ written: Set<String>, of resource: [String: PlayJSON]) -> [String: PlayJSON] {
        var result = resource
        var fields: [String: PlayJSON] = [:]
        for field in written {
            result[field] = nil
            fields[field] = resource[field]
        }
        for (field, value) in PlayJSON.object(fields).omittingDefaults.object ?? [:] { result[field] = value }
        return result
    }
}
