#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path that a file we did not write names (a catalog's review screenshot or image, a bulk
/// package's `file_name`), and the folder it must stay inside. An absolute path, a `..` that
/// climbs out, or a symbolic link that leads out would let a catalog or package make iapcat read
/// (and copy into a package, or upload) any file the user can read; those are refused unless the
/// user allows them (`--allow-outside-paths`).
package enum ReferencedPath {
    /// How a path leads outside its folder.
    package enum Escape: Error, Equatable, Sendable {
        case absolute
        case climbsOut
        case linksOut(to: String)

        /// The reason, completed by the folder's name: "is an absolute path, outside the catalog's folder".
        package func reason(folder: String) -> String {
            switch self {
            case .absolute: "is an absolute path, outside \(folder)"
            case .climbsOut: "climbs out of \(folder) with '..'"
            case .linksOut(let target): "leads through a symbolic link to \(target), outside \(folder)"
            }
        }

        /// A catalog path's `path_outside_folder` message: "review screenshot 'x' of 'y' is an absolute path, …".
        package func message(_ subject: String) -> String {
            "\(subject) \(reason(folder: "the catalog's folder")); iapcat reads files there only (--allow-outside-paths reads it anyway)"
        }
    }

    /// `relative` joined to `folder` ("" for the working directory), when it stays inside: written
    /// as relative, without `..` above the folder, and (when it exists) with every symbolic link
    /// on the way resolving inside the folder too. With `allowingOutside`, any path is joined.
    package static func resolve(_ relative: String, in folder: String, allowingOutside: Bool) -> Result<String, Escape> {
        let joined = FilePaths.join(folder, relative)
        if allowingOutside { return .success(joined) }
        if relative.hasPrefix("/") { return .failure(.absolute) }
        var depth = 0
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            depth += part == ".." ? -1 : 1
            if depth < 0 { return .failure(.climbsOut) }
        }
        // A missing file cannot lead anywhere; whoever reads it reports it missing.
        guard let target = realPath(joined), let base = realPath(folder.isEmpty ? "." : folder) else { return .success(joined) }
        let inside = base == "/" || target == base || target.hasPrefix(base + "/")
        return inside ? .success(joined) : .failure(.linksOut(to: target))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
