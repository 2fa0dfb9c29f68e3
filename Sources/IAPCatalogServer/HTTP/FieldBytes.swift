#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading header fields in place, from the bytes of a request head: comparisons, trimming and
/// case folding for ASCII, with no `String` made. Callers that meet non-ASCII bytes hand the field
/// to their `String` implementation instead, which decides such fields by Unicode rules.
enum FieldBytes {
    /// Whether `bytes` are exactly `expected`.
    @inline(__always)
    static func equal(_ bytes: UnsafeRawBufferPointer, _ expected: [UInt8]) -> Bool {
        guard bytes.count == expected.count else { return false }
        guard let base = bytes.baseAddress else { return true }
        return expected.withUnsafeBytes { memcmp(base, $0.baseAddress!, bytes.count) == 0 }
    }

    /// Whether `bytes` are the ASCII `name` (lower case) in any case: letters are compared
    /// without case, every other byte exactly.
    @inline(__always)
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let folded = byte >= 65 && byte <= 90 ? byte | 0x20 : byte
            if folded != expected[index] { return false }
        }
        return true
    }

    /// `bytes` without spaces and horizontal tabs at either end.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
        while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// Whether every byte is ASCII.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// Calls `body` with each non-empty part of `bytes` between `separator` bytes, in order,
    /// until it returns false.
    @inline(__always)
    static func forEachPart(of bytes: UnsafeRawBufferPointer, separatedBy separator: UInt8, _ body: (UnsafeRawBufferPointer) -> Bool) {
        var start = 0
        var index = 0
        let count = bytes.count
        while index <= count {
            if index == count || bytes[index] == separator {
                if index > start, !body(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) { return }
                start = index + 1
            }
            index += 1
        }
    }
}
