/// Path arithmetic on the strings users type, so reports show paths the way they were given.
enum FilePaths {
    /// The directory part of `path` ("" for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory`, without a leading "./".
    static func join(_ directory: String, _ relative: String) -> String {
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
}
