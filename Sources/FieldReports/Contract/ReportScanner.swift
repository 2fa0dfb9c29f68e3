/// Strict JSON (RFC 8259, UTF-8) read one token at a time, for ``ReportDecoder``, which knows
/// where in the report it is and so can name the field at fault. Nothing is built but what the
/// decoder asks for: a string is its range in the body until its content is needed.
///
/// Strict: no comments, trailing commas, single quotes, leading zeros, lone surrogates, control
/// characters in strings or invalid UTF-8 anywhere; a UTF-8 byte order mark is tolerated. Every
/// value is read once, so the work is linear in the body, and nesting stops at
/// ``ReportRules/maximumDepth``.
struct ReportScanner {
    enum Failure: Error, Equatable {
        /// Not JSON at this byte offset.
        case syntax(Int)
        /// Invalid UTF-8 at this byte offset (inside a string: anywhere else it is a syntax error).
        case invalidUTF8(Int)
        /// Arrays and objects nested deeper than ``ReportRules/maximumDepth``.
        case tooDeep
    }

    enum Kind {
        case object, array, string, number, bool, null

        /// `a number`: what a problem says a value is.
        var noun: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    /// A string's content (between the quotes, escapes unresolved).
    struct Token {
        var range: Range<Int>
        var hasEscapes: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): offset += 1
            default: return
            }
        }
    }

    /// The kind of the value that starts at the next byte that is not whitespace; nil when none can.
    mutating func nextKind() -> Kind? {
        skipWhitespace()
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: return nil
        }
    }

    /// Only whitespace may follow the document's value.
    mutating func end() throws(Failure) {
        skipWhitespace()
        guard offset == bytes.count else { throw .syntax(offset) }
    }

    // MARK: Containers

    /// Reads `{`; false when the object is empty (its `}` read too).
    mutating func openObject() throws(Failure) -> Bool { try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) }

    /// Reads `[`; false when the array is empty (its `]` read too).
    mutating func openArray() throws(Failure) -> Bool { try open(UInt8(ascii: "["), closing: UInt8(ascii: "]")) }

    private mutating func open(_ opening: UInt8, closing: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == opening else { throw .syntax(offset) }
        offset += 1
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == closing else { return true }
        offset += 1
        return false
    }

    /// A member's key and its `:`.
    mutating func key() throws(Failure) -> Token {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw .syntax(offset) }
        let token = try string()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw .syntax(offset) }
        offset += 1
        return token
    }

    /// After a member or an item: true at `,` (another follows), false at `closing`.
    mutating func next(closing: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw .syntax(offset) }
        if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            return true
        }
        guard bytes[offset] == closing else { throw .syntax(offset) }
        offset += 1
        return false
    }

    /// Reads and drops the next value, which opens nesting level `depth` if it is an array or an object.
    mutating func skipValue(depth: Int) throws(Failure) {
        switch nextKind() {
        case .object:
            guard depth <= ReportRules.maximumDepth else { throw .tooDeep }
            guard try openObject() else { return }
            repeat {
                _ = try key()
                try skipValue(depth: depth + 1)
            } while try next(closing: UInt8(ascii: "}"))
        case .array:
            guard depth <= ReportRules.maximumDepth else { throw .tooDeep }
            guard try openArray() else { return }
            repeat { try skipValue(depth: depth + 1) } while try next(closing: UInt8(ascii: "]"))
        case .string: _ = try string()
        case .number: try number()
        case .bool, .null: try literal()
        case nil: throw .syntax(offset)
        }
    }

    // MARK: Scalars

    /// `true`, `false` or `null`.
    mutating func literal() throws(Failure) {
        for word: StaticString in ["true", "false", "null"] {
            let count = word.utf8CodeUnitCount
            guard offset + count <= bytes.count, (0..<count).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] }) else { continue }
            offset += count
            return
        }
        throw .syntax(offset)
    }

    mutating func number() throws(Failure) {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func digits() throws(Failure) {
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw .syntax(offset) }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw .syntax(offset) }
        } else {
            try digits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            try digits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            try digits()
        }
    }

    /// 0x01 in every byte of a word.
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Reads a string from its opening quote; checks its escapes and its UTF-8.
    mutating func string() throws(Failure) -> Token {
        offset += 1
        let start = offset
        var hasEscapes = false
        while offset < bytes.count {
            // Most bytes of a report are printable ASCII other than `"` and `\`: skipped eight at
            // a time while a chunk has none of the others (a chunk that may have one is looked at
            // byte by byte), in a loop of locals the compiler keeps in registers.
            var index = offset
            let count = bytes.count
            let base = UnsafeRawPointer(bytes.baseAddress!)
            while index + 8 <= count {
                let chunk = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let quote = chunk ^ (Self.ones &* 0x22)
                let backslash = chunk ^ (Self.ones &* 0x5C)
                let special =
                    chunk | ((chunk &- Self.ones &* 0x20) & ~chunk) | ((quote &- Self.ones) & ~quote)
                    | ((backslash &- Self.ones) & ~backslash)
                guard special & (Self.ones &* 0x80) == 0 else { break }
                index += 8
            }
            while index < count {
                let byte = bytes[index]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                index += 1
            }
            offset = index
            guard offset < count else { break }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return Token(range: start..<offset - 1, hasEscapes: hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                try escape()
            case 0..<0x20:
                throw .syntax(offset)
            case 0x80...:
                try utf8Sequence()
            default:
                offset += 1
            }
        }
        throw .syntax(offset)
    }

    /// `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` or `\uXXXX` (a surrogate only in a pair).
    private mutating func escape() throws(Failure) {
        let at = offset
        guard offset + 1 < bytes.count else { throw .syntax(at) }
        let letter = bytes[offset + 1]
        offset += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            guard let unit = Self.hexQuad(bytes, at: offset) else { throw .syntax(at) }
            offset += 4
            if (0xDC00...0xDFFF).contains(unit) { throw .syntax(at) }
            guard (0xD800...0xDBFF).contains(unit) else { return }
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u"),
                let low = Self.hexQuad(bytes, at: offset + 2), (0xDC00...0xDFFF).contains(low)
            else { throw .syntax(at) }
            offset += 6
        default:
            throw .syntax(at)
        }
    }

    private static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// One multi-byte UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
    private mutating func utf8Sequence() throws(Failure) {
        let lead = bytes[offset]
        let count: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: (count, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: (count, second) = (3, 0x80...0x9F)
        case 0xF0: (count, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: count = 4
        case 0xF4: (count, second) = (4, 0x80...0x8F)
        default: throw .invalidUTF8(offset)
        }
        guard offset + count <= bytes.count, second.contains(bytes[offset + 1]) else { throw .invalidUTF8(offset) }
        for index in offset + 2..<offset + count where !(0x80...0xBF).contains(bytes[index]) { throw .invalidUTF8(offset) }
        offset += count
    }

    /// Calls `body` with `token`'s content, escapes resolved (as UTF-8).
    func withContent<Result, Failure: Error>(
        _ token: Token, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard token.hasEscapes else { return try body(UnsafeBufferPointer(rebasing: bytes[token.range])) }
        var content: [UInt8] = []
        content.reserveCapacity(token.range.count)
        var index = token.range.lowerBound
        while index < token.range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                content.append(byte)
                index += 1
                continue
            }
            let letter = bytes[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "b"): content.append(0x08)
            case UInt8(ascii: "f"): content.append(0x0C)
            case UInt8(ascii: "n"): content.append(0x0A)
            case UInt8(ascii: "r"): content.append(0x0D)
            case UInt8(ascii: "t"): content.append(0x09)
            case UInt8(ascii: "u"):
                // Checked by `escape()` when the string was read.
                var scalar = Self.hexQuad(bytes, at: index)!
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (Self.hexQuad(bytes, at: index + 2)! - 0xDC00)
                    index += 6
                }
                content.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
            default: content.append(letter)
            }
        }
        return try content.withUnsafeBufferPointer { buffer throws(Failure) in try body(buffer) }
    }
}
