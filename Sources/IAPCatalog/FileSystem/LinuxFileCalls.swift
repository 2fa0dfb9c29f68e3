internal import CFileSystem

/// Linux calls for outputs that never appear half-written; each fails with errno set (and
/// ENOSYS/EOPNOTSUPP elsewhere) so that callers can fall back.
enum LinuxFileCalls {
    /// An unnamed file in `directory` (O_TMPFILE), or -1.
    static func openUnnamedFile(in directory: String, mode: UInt32) -> Int32 {
        iapcat_open_unnamed(directory, mode)
    }

    /// Swaps two paths in one step (renameat2 RENAME_EXCHANGE); false on failure.
    static func exchange(_ first: String, _ second: String) -> Bool {
        iapcat_exchange(first, second) == 0
    }
}
