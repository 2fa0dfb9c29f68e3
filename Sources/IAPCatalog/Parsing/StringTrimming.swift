extension String {
    /// The text without the whitespace characters (`Character.isWhitespace`) it starts or ends
    /// with. Text with nothing to trim comes back as it is, ASCII text is trimmed as bytes; only
    /// other text with whitespace at an end goes through every `Character` (which walks grapheme
    /// boundaries both ways, and cost the bulk-XML importer more than parsing the XML).
    func trimmingWhitespace() -> String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return self }
        // A visible ASCII character at each end is a character of its own that is not whitespace
        // (only CR LF joins ASCII into one character, and both are whitespace).
        if Self.isVisibleASCII(first) && Self.isVisibleASCII(last) { return self }
        // Otherwise the first and last characters say whether there is anything to trim (finding
        // them reads a few scalars at each end, not the whole text).
        if self.first?.isWhitespace == false && self.last?.isWhitespace == false { return self }
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        // ASCII: one character per byte (CR LF aside, whitespace either way), and the whitespace
        // characters are tab, line feed, vertical tab, form feed, carriage return and space.
        guard let start = utf8.firstIndex(where: { !Self.isASCIIWhitespace($0) }),
            let end = utf8.lastIndex(where: { !Self.isASCIIWhitespace($0) })
        else { return "" }
        return String(self[start...end])
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
