/// What an input file is, recognised by its content: a binary or XML plist, a JSON list
/// (array → v1, object → v2), an Xcode StoreKit configuration (an object with `productID`s or
/// `subscriptionGroups`, or any object in a `.storekit` file), a Unity IAP catalog (an object with
/// Unity's `storeIDs`, `defaultDescription`, `applePriceTier` or `appleSKU`, or any object in an
/// `IAPProductCatalog.json`), a JSON catalog (an object with `format_version`), or otherwise a YAML catalog. A file with no content to go by (empty or
/// blank) is judged by its name.
package enum InputKind: Equatable, Sendable {
    case catalog
    case plist
    case jsonList
    case storeKit
    case unity

    package static func detect(_ bytes: [UInt8], path: String) -> InputKind {
        if bytes.starts(with: Array("bplist".utf8)) { return .plist }
        // UTF-16 and UTF-32 text (a byte order mark, or a zero byte up front) is not looked into:
        // the reader its name implies says what is wrong with it.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0) {
            return byName(path)
        }
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return byName(path) }
        switch bytes[index] {
        case UInt8(ascii: "<"): return .plist
        case UInt8(ascii: "["): return .jsonList
        case UInt8(ascii: "{"):
            // A file Unity names is a Unity catalog, whatever its texts say; a catalog has the key
            // "format_version" (quoted: a product's text may mention the word).
            if ProductListFormat.implied(byFileName: path) == .unity { return .unity }
            let flow = bytes[(index + 1)...].drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if hasFormatVersionKey(bytes) || flow.starts(with: Array("format_version".utf8)) { return .catalog }
            // The markers stand near the top of every StoreKit configuration (its keys are sorted,
            // and the first product has a productID): only the start is searched, so that reading
            // a 35 MB products_v2.json does not first scan it three times for keys it lacks.
            let head = Array(bytes.prefix(Self.storeKitMarkerWindow))
            if Self.unityMarkers.contains(where: { contains(head, $0) }) {
                return .unity
            }
            if path.lowercased().hasSuffix(".storekit") || Self.storeKitMarkers.contains(where: { contains(head, $0) }) {
                return .storeKit
            }
            return .jsonList
        default: return .catalog
        }
    }

    /// What a file with no content to go by is, from its name.
    private static func byName(_ path: String) -> InputKind {
        let name = path.lowercased()
        if name.hasSuffix(".plist") { return .plist }
        if name.hasSuffix(".storekit") { return .storeKit }
        if ProductListFormat.implied(byFileName: path) == .unity { return .unity }
        if name.hasSuffix(".json") { return .jsonList }
        return .catalog
    }

    /// Keys only StoreKit configurations have (v2 lists spell theirs `id` and `subscription_groups`).
    private static let storeKitMarkers = ["\"productID\"", "\"subscriptionGroups\"", "\"nonRenewingSubscriptions\""]
    /// Keys only Unity IAP catalogs have (its products' `id` and `type` say nothing alone).
    private static let unityMarkers = ["\"storeIDs\"", "\"defaultDescription\"", "\"applePriceTier\"", "\"appleSKU\""]
    /// How much of a file is searched for the markers.
    private static let storeKitMarkerWindow = 64 * 1024

    /// Whether the text contains `word` (`format_version`: only catalogs have that key). A JSON
    /// list is searched whole, so not a byte at a time (see ``UnsafeRawBufferPointer/firstOffset(of:)``).
    /// Whether `"format_version"` stands in `bytes` as a key (a colon after it), not as a value.
    /// The search is for `format_version"` (its first byte is rare in a list, where a quote is
    /// everywhere), then the quote before it and the colon after are checked.
    private static func hasFormatVersionKey(_ bytes: [UInt8]) -> Bool {
        let key = Array("format_version\"".utf8)
        return bytes.withUnsafeBytes { raw in
            key.withUnsafeBytes { needle in
                var start = 0
                while start < raw.count, let offset = UnsafeRawBufferPointer(rebasing: raw[start...]).firstOffset(of: needle) {
                    let found = start + offset
                    var next = found + needle.count
                    while next < raw.count, [0x20, 0x09, 0x0A, 0x0D].contains(raw[next]) { next += 1 }
                    if found > 0, raw[found - 1] == UInt8(ascii: "\""), next < raw.count, raw[next] == UInt8(ascii: ":") { return true }
                    start = found + 1
                }
                return false
            }
        }
    }

    private static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        bytes.firstOffset(of: word) != nil
    }
}
