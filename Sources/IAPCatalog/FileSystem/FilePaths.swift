/// Path arithmetic on the strings users type, so reports show paths the way they were given.
package enum FilePaths {
    /// The directory part of `path` ("" for a bare file name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory`, without a leading "./".
    package static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return relative }
        var relative = Substring(relative)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// `path` without leading "./" segments, for comparing paths given in different spellings.
    static func normalized(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `path` made absolute against `base` (an absolute directory), with `.` and `..` resolved lexically.
    package static func absolute(_ path: String, base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The relative path from directory `from` to directory `to` (both absolute); "" when equal.
    package static func relative(from: String, to: String) -> String {
        let source = from.split(separator: "/"), target = to.split(separator: "/")
        var common = 0
        while common < min(source.count, target.count), source[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: source.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
