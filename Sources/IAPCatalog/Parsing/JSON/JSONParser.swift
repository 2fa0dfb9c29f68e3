/// Parses JSON (RFC 8259, UTF-8) into a ``SourceDocument`` with line and column on every node.
///
/// Strict: no comments, trailing commas, single quotes, leading zeros, lone surrogates, control
/// characters in strings, or invalid UTF-8. Strings become quoted scalars; numbers, `true`,
/// `false` and `null` become plain scalars, so ``ScalarValue`` types them as JSON does.
package struct JSONParser: Sendable {
    package var limits: DocumentLimits

    package init(limits: DocumentLimits = .default) {
        self.limits = limits
    }

    package func parse(_ bytes: [UInt8]) throws(DocumentSyntaxError) -> ParsedDocument {
        try parse(bytes, itemStream: nil)
    }

    /// Parses `bytes`, handing the items of one top-level list to `itemStream` as they complete
    /// (and, if it says so, dropping them from the document: see ``ItemStream``).
    func parse(_ bytes: [UInt8], itemStream: ItemStream?) throws(DocumentSyntaxError) -> ParsedDocument {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentSyntaxError) -> ParsedDocument in
            var reader = JSONReader(bytes: buffer, limits: limits, itemStream: itemStream)
            try reader.parseDocument()
            return reader.builder.build()
        }
    }
}

private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var builder: SourceDocumentBuilder
    var offset = 0
    var line = 1
    var lineStart = 0
    // Column cache: characters counted up to `columnOffset` on the current line.
    var columnOffset = 0
    var column = 1

    init(bytes: UnsafeBufferPointer<UInt8>, limits: DocumentLimits, itemStream: ItemStream?) {
        self.bytes = bytes
        self.builder = SourceDocumentBuilder(
            limits: limits, resolvesMergeKeys: false, estimatedBytes: itemStream == nil ? bytes.count : 0, itemStream: itemStream)
    }

    mutating func parseDocument() throws(DocumentSyntaxError) {
        // A UTF-8 byte order mark is tolerated, as most JSON readers do.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
            columnOffset = 3
        }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw DocumentSyntaxError("the file is UTF-16; JSON lists must be UTF-8", at: .start)
        }
        skipWhitespace()
        guard offset < bytes.count else { throw error("the file is empty; expected a JSON value") }
        try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected \(describeCurrent()) after the JSON value") }
    }

    // MARK: Positions

    mutating func position(at target: Int) -> SourcePosition {
        if target < columnOffset {
            columnOffset = lineStart
            column = 1
        }
        column += TextPositions.characterCount(bytes, from: columnOffset, to: target)
        columnOffset = target
        return SourcePosition(line: line, column: column)
    }

    mutating func error(_ message: String, at target: Int? = nil) -> DocumentSyntaxError {
        DocumentSyntaxError(message, at: position(at: target ?? offset))
    }

    func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "'") { return "\"'\"" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
                columnOffset = offset
                column = 1
            default:
                return
            }
        }
    }

    // MARK: Values

    mutating func parseValue() throws(DocumentSyntaxError) {
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = position(at: offset)
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            try parseObject(at: start)
        case UInt8(ascii: "["):
            try parseArray(at: start)
        case UInt8(ascii: "\""):
            try parseString(at: start)
        case UInt8(ascii: "t"):
            try literal("true", at: start)
        case UInt8(ascii: "f"):
            try literal("false", at: start)
        case UInt8(ascii: "n"):
            try literal("null", at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber(at: start)
        default:
            throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    mutating func literal(_ word: StaticString, at start: SourcePosition) throws(DocumentSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches =
            offset + count <= bytes.count
            && (0..<count).allSatisfy { bytes[offset + $0] == word.utf8Start[$0] }
        guard matches else { throw error("unexpected \(describeCurrent()); expected a value") }
        offset += count
        let scalar = word.withUTF8Buffer { buffer in
            Result { () throws(DocumentSyntaxError) in try builder.scalar(buffer, isPlain: true, at: start) }
        }
        _ = try scalar.get()
    }

    mutating func parseObject(at start: SourcePosition) throws(DocumentSyntaxError) {
        _ = try builder.begin(.mapping, at: start)
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            try builder.end()
            return
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a string key")
            }
            let keyPosition = position(at: offset)
            try parseString(at: keyPosition)
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the key")
            }
            offset += 1
            skipWhitespace()
            try parseValue()
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard bytes[offset] == UInt8(ascii: "}") else {
                throw error("unexpected \(describeCurrent()); expected ',' or '}'")
            }
            offset += 1
            try builder.end()
            return
        }
    }

    mutating func parseArray(at start: SourcePosition) throws(DocumentSyntaxError) {
        _ = try builder.begin(.sequence, at: start)
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            try builder.end()
            return
        }
        while true {
            skipWhitespace()
            try parseValue()
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    throw error("trailing comma before ']'")
                }
                continue
            }
            guard bytes[offset] == UInt8(ascii: "]") else {
                throw error("unexpected \(describeCurrent()); expected ',' or ']'")
            }
            offset += 1
            try builder.end()
            return
        }
    }

    mutating func parseNumber(at start: SourcePosition) throws(DocumentSyntaxError) {
        let begin = offset
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs digits") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("a number may not have a leading zero", at: begin) }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs digits after '.'") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs digits in its exponent") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        try builder.scalar(UnsafeBufferPointer(rebasing: bytes[begin..<offset]), isPlain: true, at: start)
    }

    /// Reads a string starting at the opening quote into the document as a quoted scalar (its
    /// bytes go straight to the document's text, no `String` is made); leaves `offset` after the
    /// closing quote.
    mutating func parseString(at start: SourcePosition) throws(DocumentSyntaxError) {
        let quote = offset
        offset += 1
        let contentStart = offset
        // Fast path: no escapes.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<offset])
                offset += 1
                try validate(slice, at: contentStart)
                try builder.scalar(slice, isPlain: false, at: start)
                return
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(controlCharacterMessage(byte)) }
            offset += 1
        }
        guard offset < bytes.count else { throw error("unterminated string", at: quote) }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                try utf8.withUnsafeBufferPointer { buffer throws(DocumentSyntaxError) in
                    try validate(buffer, at: contentStart)
                    try builder.scalar(buffer, isPlain: false, at: start)
                }
                return
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error(controlCharacterMessage(byte))
            default:
                utf8.append(byte)
                offset += 1
            }
        }
        throw error("unterminated string", at: quote)
    }

    func controlCharacterMessage(_ byte: UInt8) -> String {
        byte == UInt8(ascii: "\n")
            ? "unterminated string (a raw line break in a string)"
            : "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string; escape it"
    }

    mutating func parseEscape(into utf8: inout [UInt8]) throws(DocumentSyntaxError) {
        let escapeStart = offset
        offset += 1
        guard offset < bytes.count else { throw error("unterminated string") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                }
                offset += 2
                let low = try hexQuad(escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("invalid surrogate pair", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
            }
            utf8.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: escapeStart)
        }
    }

    mutating func hexQuad(_ escapeStart: Int) throws(DocumentSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("\\u needs four hex digits", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
            default: throw error("\\u needs four hex digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    mutating func validate(_ utf8: UnsafeBufferPointer<UInt8>, at contentStart: Int) throws(DocumentSyntaxError) {
        if let invalid = UTF8Validation.firstInvalidOffset(utf8) {
            throw error("invalid UTF-8 in a string", at: min(contentStart + invalid, bytes.count))
        }
    }
}
