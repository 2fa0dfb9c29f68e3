/// MD5 (RFC 1321), which bulk-XML packages use to checksum review screenshots. Not for security.
package struct MD5 {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// `floor(abs(sin(i + 1)) * 2^32)`, as the RFC tabulates it.
    private static let constants: [UInt32] = [
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
        0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
        0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
        0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
        0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
        0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
        0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
        0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
    ]

    package init() {}

    /// Adds `bytes` to the digest, a 64-byte block at a time (a sequence not stored contiguously
    /// is copied into an array first).
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        guard done == nil else { return }
        Array(bytes).withUnsafeBytes { update($0) }
    }

    private mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard pending.count == 64 else { return }
            processPending()
        }
        while bytes.count - offset >= 64 {
            process(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
            offset += 64
        }
        pending.append(contentsOf: bytes[offset...])
    }

    /// The digest as 32 lower-case hex digits.
    public consuming func finalize() -> String {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { tail in
            for start in stride(from: 0, to: tail.count, by: 64) { process(UnsafeRawBufferPointer(rebasing: tail[start..<start + 64])) }
        }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3] {
            for shift in stride(from: 0, to: 32, by: 8) {
                let byte = UInt8(truncatingIfNeeded: word >> UInt32(shift))
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    package static func hex(_ bytes: [UInt8]) -> String {
        var md5 = MD5()
        md5.update(bytes)
        return md5.finalize()
    }

    private mutating func processPending() {
        let block = pending
        block.withUnsafeBytes { process($0) }
        pending.removeAll(keepingCapacity: true)
    }

    /// One 64-byte block.
    private mutating func process(_ block: UnsafeRawBufferPointer) {
        var (a, b, c, d) = state
        Self.constants.withUnsafeBufferPointer { constants in
            Self.shifts.withUnsafeBufferPointer { shifts in
                for index in 0..<64 {
                    var f: UInt32
                    let g: Int
                    switch index {
                    case 0..<16: (f, g) = ((b & c) | (~b & d), index)
                    case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * index + 1) % 16)
                    case 32..<48: (f, g) = (b ^ c ^ d, (3 * index + 5) % 16)
                    default: (f, g) = (c ^ (b | ~d), (7 * index) % 16)
                    }
                    let word = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: g * 4, as: UInt32.self))
                    f = f &+ a &+ constants[index] &+ word
                    a = d
                    d = c
                    c = b
                    let shift = shifts[index]
                    b = b &+ (f << shift | f >> (32 - shift))
                }
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
