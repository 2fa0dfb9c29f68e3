/// UTF-8 well-formedness (Unicode 15, table 3-7) checked on bytes, without making a string.
enum UTF8Validation {
    /// The offset of the first byte that does not begin a well-formed sequence, or nil when all
    /// of `bytes` is well-formed (no overlong forms, surrogates, or values beyond U+10FFFF).
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 3
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: break
            case 0xED: second = 0x80...0x9F
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
            for continuation in 2..<max(length, 2) where bytes[index + continuation] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
