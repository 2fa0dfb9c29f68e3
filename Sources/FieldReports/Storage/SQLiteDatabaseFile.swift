#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SQLite file at the user's path, checked before SQLite opens it.
///
/// - Absent: created empty with mode 0600 (SQLite gives its `-wal` and `-shm` files the
///   database's mode). The parent folder must exist.
/// - A regular file, or a symbolic link to one: used as it is (a link the user made to put the
///   database elsewhere is followed; its mode is left alone).
/// - Anything else is refused: a folder, a device, a FIFO, a socket, and a symbolic link that
///   points nowhere (creating the file it names would put the database where the link says,
///   which nobody asked for).
enum SQLiteDatabaseFile {
    /// The existing file at `path`, for reading: a regular file or a link to one; an absent one
    /// is an error (reading never creates a database).
    static func check(_ path: String) throws(ReportDatabaseError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = errno
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                throw .notARegularFile(path: path, kind: "a symbolic link to nothing (\(errorText(error)))")
            }
            throw .cannotOpen(path: path, reason: errorText(error))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path, kind: kind(info.st_mode)) }
    }

    /// SQLite's URI for `path` with `parameters` (`mode=ro`): `file:` and the path, its `%`, `?`
    /// and `#` percent-encoded, relative paths as they are.
    static func uri(_ path: String, _ parameters: String) -> String {
        var encoded = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": encoded += "%25"
            case "?": encoded += "%3f"
            case "#": encoded += "%23"
            default: encoded.unicodeScalars.append(character)
            }
        }
        return "file:" + encoded + "?" + parameters
    }

    static func prepare(_ path: String) throws(ReportDatabaseError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK {
                guard stat(path, &info) == 0 else {
                    throw .notARegularFile(path: path, kind: "a symbolic link to nothing (\(errorText(errno)))")
                }
            }
            guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path, kind: kind(info.st_mode)) }
            return
        }
        guard errno == ENOENT else { throw .cannotOpen(path: path, reason: errorText(errno)) }
        // O_EXCL: never through a link, never over a file made meanwhile.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            let error = errno
            if error == EEXIST { return try prepare(path) }
            throw .cannotOpen(path: path, reason: errorText(error))
        }
        close(descriptor)
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
