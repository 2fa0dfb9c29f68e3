import IAPCatalog
import NIOCore

/// A large body in a ``MemoryFile``, written to sockets as a `FileRegion`: SwiftNIO sends it with
/// sendfile(2), so its bytes go from the kernel's pages to the socket without being copied through
/// the process. Copying them was a third of the CPU of serving a 250 KB gzip list (perf: the
/// kernel's `_copy_from_iter`), the part nginx, which sends files, never pays.
///
/// Each event loop has its own (``PreparedResponses`` makes it): a `NIOFileHandle` allows one
/// access at a time. The descriptor is closed when the last reference goes, and every write of a
/// region holds one until it is done, so a catalog reload never closes a file still being sent.
final class BodyFile {
    private let handle: NIOFileHandle
    /// The body's length in bytes.
    let count: Int

    /// The file holding `bytes`, or nil when the system cannot make one.
    init?(_ bytes: [UInt8]) {
        guard let descriptor = MemoryFile.make(holding: bytes) else { return nil }
        handle = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor)
        count = bytes.count
    }

    deinit {
        try? handle.close()
    }

    /// The whole body, to write.
    var region: FileRegion {
        FileRegion(fileHandle: handle, readerIndex: 0, endIndex: count)
    }
}
