/// A report's id: a random UUID (version 4, lower case), made once per report and sent unchanged
/// with every retry, so the server counts the report once.
enum ReportID {
    static func make(_ random: ReportRandom) -> String {
        var bytes: [UInt8] = []
        for _ in 0..<2 {
            let value = random.next()
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 9562 variant
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
