import Foundation

/// A request's query parameters, percent-decoded (`+` is a space), checked against the names the
/// method binds: Google refuses any other name ("Cannot bind query parameter").
struct PlayQuery {
    /// The system parameters every method accepts (the discovery document's top-level `parameters`).
    static var standard: Set<String> { DiscoveryDocument.androidPublisher.standard }
    /// The values of `latencyTolerance`.
    static let latencyTolerances: Set<String> = [
        "PRODUCT_UPDATE_LATENCY_TOLERANCE_UNSPECIFIED", "PRODUCT_UPDATE_LATENCY_TOLERANCE_LATENCY_SENSITIVE",
        "PRODUCT_UPDATE_LATENCY_TOLERANCE_LATENCY_TOLERANT",
    ]

    private var values: [String: String] = [:]

    /// Parses `raw` (`a=b&c=d`), allowing the names in `allowed` besides the standard ones.
    init(raw: String, allowed: Set<String>) throws(PlayError) {
        for pair in raw.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else {
                throw .invalid("Invalid query string: malformed percent-encoding.")
            }
            guard allowed.contains(name) || Self.standard.contains(name) else {
                throw .invalid(
                    "Invalid JSON payload received. Unknown name \"\(name)\": Cannot bind query parameter. "
                        + "Field '\(name)' could not be found in request message.")
            }
            values[name] = value
        }
        if let tolerance = values["latencyTolerance"], !Self.latencyTolerances.contains(tolerance) {
            throw .invalid("Invalid value at 'latency_tolerance' (type.googleapis.com/ProductUpdateLatencyTolerance), \"\(tolerance)\"")
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// A boolean parameter (`true`/`false`); false when absent.
    func flag(_ name: String, field: String) throws(PlayError) -> Bool {
        switch values[name] {
        case nil, "false": return false
        case "true": return true
        case let value?: throw .invalid("Invalid value at '\(field)' (TYPE_BOOL), \"\(value)\"")
        }
    }

    /// `regionsVersion.version`, which every create and patch needs, and which must be one the fake knows.
    func regionsVersion(known: [String]) throws(PlayError) -> String {
        guard let version = values["regionsVersion.version"], !version.isEmpty else {
            throw .invalid("Regions Version must be specified.")
        }
        guard known.contains(version) else { throw .invalid("Unknown regions version: \(version)") }
        return version
    }

    /// The paths of `updateMask`: at least one, each one of `fields`.
    func updateMask(fields: Set<String>) throws(PlayError) -> [String] {
        let paths = (values["updateMask"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard !paths.isEmpty else { throw .invalid("update_mask must contain at least one path but had: 0.") }
        for path in paths where !fields.contains(path) {
            let allowed = fields.sorted().joined(separator: ", ")
            throw .invalid("Invalid update_mask provided: '\(path)' is not a field that can be updated (allowed: \(allowed)).")
        }
        return paths
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
