import Testing

@testable import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct MemoryFileTests {
    @Test(arguments: [0, 1, 70_000, 3_000_001])
    func holdsExactlyTheBytesAndNothingCanChangeThem(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let descriptor = try #require(MemoryFile.make(holding: bytes))
        defer { close(descriptor) }
        var info = stat()
        #expect(fstat(descriptor, &info) == 0)
        #expect(Int(info.st_size) == count)
        var read = [UInt8](repeating: 0, count: count + 1)
        let got = read.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, 0) }
        #expect(got == count)
        #expect(Array(read.prefix(count)) == bytes)
        // Not inherited by child processes.
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #if os(Linux)
            // Sealed: no writes, no growing, no shrinking.
            var byte: UInt8 = 0
            #expect(pwrite(descriptor, &byte, 1, 0) == -1 && errno == EPERM)
            #expect(ftruncate(descriptor, off_t(count + 1)) == -1 && errno == EPERM)
            let link = try #require(readlinkText("/proc/self/fd/\(descriptor)"))
            #expect(link.hasPrefix("/memfd:iapcat-body"))
        #endif
    }

    #if os(Linux)
        private func readlinkText(_ path: String) -> String? {
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return nil }
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    #endif
}
