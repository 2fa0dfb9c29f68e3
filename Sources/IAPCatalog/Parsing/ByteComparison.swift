#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// Whether both buffers hold the same bytes: lengths first, then `memcmp` (the generic
    /// `elementsEqual` walks an iterator a byte at a time, and keys are compared on every mapping).
    @inline(__always)
    func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        return memcmp(baseAddress!, other.baseAddress!, count) == 0
    }
}

extension UnsafeRawBufferPointer {
    /// Where `needle` first occurs in these bytes, or nil: `memchr` to each occurrence of its first
    /// byte, then `memcmp` (whole files are searched, where a byte-at-a-time loop shows in profiles).
    func firstOffset(of needle: UnsafeRawBufferPointer) -> Int? {
        guard let pattern = needle.baseAddress, needle.count > 0 else { return 0 }
        guard let base = baseAddress, count >= needle.count else { return nil }
        let first = Int32(needle[0])
        let lastStart = count - needle.count
        var offset = 0
        while offset <= lastStart {
            guard let hit = memchr(base + offset, first, lastStart - offset + 1) else { return nil }
            let start = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + start, pattern, needle.count) == 0 { return start }
            offset = start + 1
        }
        return nil
    }
}

extension [UInt8] {
    /// Where the UTF-8 of `word` first occurs in these bytes, or nil.
    func firstOffset(of word: String) -> Int? {
        let needle = Array(word.utf8)
        return withUnsafeBytes { haystack in needle.withUnsafeBytes { haystack.firstOffset(of: $0) } }
    }
}
