/// What an input file is, recognised by its content: a binary or XML plist, a JSON list
/// (array → v1, object → v2), a JSON catalog (an object with `format_version`), or otherwise a
/// YAML catalog. A file with no content to go by (empty or blank) is judged by its name.
package enum InputKind: Equatable, Sendable {
    case catalog
    case plist
    case jsonList

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
        case UInt8(ascii: "{"): return containsFormatVersionKey(bytes) ? .catalog : .jsonList
        default: return .catalog
        }
    }

    /// What a file with no content to go by is, from its name.
    private static func byName(_ path: String) -> InputKind {
        let name = path.lowercased()
        if name.hasSuffix(".plist") { return .plist }
        if name.hasSuffix(".json") || name.hasSuffix(".storekit") { return .jsonList }
        return .catalog
    }

    /// Whether the text mentions `"format_version"` or `format_version:` — only catalogs do.
    private static func containsFormatVersionKey(_ bytes: [UInt8]) -> Bool {
        let needle = Array("format_version".utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}
