/// Line and column arithmetic over UTF-8 bytes.
enum TextPositions {
    /// The 1-based line and character column of byte `offset`.
    static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SourcePosition(line: line, column: characterCount(bytes, from: lineStart, to: end) + 1)
    }

    /// Number of characters (UTF-8 lead bytes) in `bytes[from..<to]`.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var count = 0
        for index in from..<to where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
