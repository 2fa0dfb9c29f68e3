internal import CFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calls that put outputs in place, which differ between Linux and macOS (``SystemCalls`` has
/// the others that differ). Linux has unnamed files (O_TMPFILE) and swaps folders in one step
/// (renameat2 RENAME_EXCHANGE); macOS has no unnamed files and swaps with renamex_np RENAME_SWAP. Where a call is missing — another system, a file
/// system without it, or the ``FileCallStrategy/portable`` strategy — it fails with errno set and
/// the caller takes the portable path: a hidden temporary renamed over the target, a folder moved
/// aside for the moment of a swap.
enum FileCalls {
    /// An unnamed file in `directory` open for writing (Linux O_TMPFILE), or nil with errno set
    /// where there are none (macOS, some file systems, the portable strategy).
    static func openUnnamedFile(in directory: String, mode: UInt32) -> Int32? {
        guard FileCallStrategy.current == .native else {
            errno = ENOTSUP
            return nil
        }
        let descriptor = iapcat_open_unnamed(directory, mode)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Gives the unnamed file open at `descriptor` the name `path` (which must not exist); false
    /// with errno set on failure.
    static func linkUnnamedFile(_ descriptor: Int32, as path: String) -> Bool {
        #if canImport(Glibc)
            return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
        #elseif canImport(Darwin)
            // Never reached: macOS has no unnamed files to name.
            errno = ENOTSUP
            return false
        #endif
    }

    /// What ``exchange(_:_:)`` did.
    enum Exchange: Equatable {
        /// The two paths were swapped.
        case swapped
        /// This system or file system cannot swap (or the portable strategy is in use); nothing changed.
        case unsupported
        /// The swap failed for another reason, with errno set; nothing changed.
        case failed
    }

    /// Swaps two existing paths in one step (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np RENAME_SWAP).
    static func exchange(_ first: String, _ second: String) -> Exchange {
        guard FileCallStrategy.current == .native else {
            errno = ENOTSUP
            return .unsupported
        }
        if iapcat_exchange(first, second) == 0 { return .swapped }
        // ENOTSUP and EOPNOTSUPP are one number on Linux, two on macOS.
        return [ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP].contains(errno) ? .unsupported : .failed
    }
}
