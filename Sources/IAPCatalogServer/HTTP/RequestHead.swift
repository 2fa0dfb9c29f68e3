#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts of an HTTP/1.1 request head the server uses, parsed straight from the bytes.
///
/// Strict on purpose (RFC 9112): request line `token SP target SP HTTP/1.x CRLF`, header lines
/// `token ":" OWS value OWS CRLF`, no obsolete line folding, no bare LF, exactly one `Host` on
/// HTTP/1.1, `Content-Length` digits only and the same value each time it is sent. Requests with a
/// body (`Content-Length` > 0 or any `Transfer-Encoding`) are flagged: the connection reads a body
/// only for a route that takes one, and closes after answering any other.
///
/// Nothing is copied: the path and the header values the server reads are ranges of the bytes
/// parsed (values without their surrounding whitespace), read in place while those bytes are at
/// hand. A field sent twice keeps its last value.
struct RequestHead: Equatable {
    typealias Method = HTTPMethod

    var method: Method
    /// The path, without the query.
    var path: Range<Int>
    /// The query: what follows the first `?` of the target (nil without one).
    var query: Range<Int>?
    var isHTTP11: Bool
    var keepAlive: Bool
    /// `Content-Length`, when sent (a value too large for `Int` reads as `Int.max`).
    var contentLength: Int?
    /// Any `Transfer-Encoding` was sent (`chunked`, say): the body's length is not known in advance.
    var hasTransferEncoding = false
    /// `Expect: 100-continue` on HTTP/1.1 (RFC 9110 §10.1.1: HTTP/1.0's is ignored).
    var expectsContinue = false
    var acceptEncoding: Range<Int>?
    var ifMatch: Range<Int>?
    var ifUnmodifiedSince: Range<Int>?
    var ifNoneMatch: Range<Int>?
    var ifModifiedSince: Range<Int>?
    var contentType: Range<Int>?
    var contentEncoding: Range<Int>?
    var authorization: Range<Int>?

    /// The request has a body: a `Content-Length` above 0 or a `Transfer-Encoding`.
    var hasBody: Bool { hasTransferEncoding || (contentLength ?? 0) > 0 }

    enum ParseResult: Equatable {
        /// More bytes are needed.
        case incomplete
        /// A request, and how many bytes its head took.
        case request(RequestHead, consumed: Int)
        /// Answer with this status and close.
        case invalid(status: Int)
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, maximumHeadBytes: Int) -> ParseResult {
        // The end of the head: CRLF CRLF, looked for at each LF.
        let count = bytes.count
        var end = -1
        if let base = bytes.baseAddress {
            var index = 3
            while index < count, let found = memchr(base + index, 10, count - index) {
                index = base.distance(to: UnsafeRawPointer(found))
                if bytes[index - 1] == 13, bytes[index - 2] == 10, bytes[index - 3] == 13 {
                    end = index - 3
                    break
                }
                index += 1
            }
        }
        guard end >= 0 else { return count > maximumHeadBytes ? .invalid(status: 431) : .incomplete }
        guard end + 4 <= maximumHeadBytes else { return .invalid(status: 431) }

        var cursor = 0
        // Request line.
        let methodStart = cursor
        while cursor < end, isTokenByte(bytes[cursor]) { cursor += 1 }
        guard cursor > methodStart, cursor < end, bytes[cursor] == 32 else { return .invalid(status: 400) }
        let method: Method
        switch cursor - methodStart {
        case 3 where bytes[methodStart] == 71 && bytes[methodStart + 1] == 69 && bytes[methodStart + 2] == 84: method = .get
        case 4
        where bytes[methodStart] == 72 && bytes[methodStart + 1] == 69 && bytes[methodStart + 2] == 65 && bytes[methodStart + 3] == 68:
            method = .head
        case 4
        where bytes[methodStart] == 80 && bytes[methodStart + 1] == 79 && bytes[methodStart + 2] == 83 && bytes[methodStart + 3] == 84:
            method = .post
        default: method = .other
        }
        cursor += 1
        let targetStart = cursor
        var queryStart = -1
        while cursor < end, bytes[cursor] > 32, bytes[cursor] != 127 {
            if bytes[cursor] == 63, queryStart < 0 { queryStart = cursor }
            cursor += 1
        }
        guard cursor > targetStart, cursor < end, bytes[cursor] == 32 else { return .invalid(status: 400) }
        let targetEnd = cursor
        let path = targetStart..<(queryStart >= 0 ? queryStart : cursor)
        cursor += 1
        guard cursor + 8 <= end, bytes[cursor] == 72, bytes[cursor + 1] == 84, bytes[cursor + 2] == 84, bytes[cursor + 3] == 80,
            bytes[cursor + 4] == 47, bytes[cursor + 5] == 49, bytes[cursor + 6] == 46, bytes[cursor + 7] == 48 || bytes[cursor + 7] == 49
        else { return .invalid(status: 400) }
        let isHTTP11 = bytes[cursor + 7] == 49
        cursor += 8
        guard cursor == end || (cursor + 1 < end && bytes[cursor] == 13 && bytes[cursor + 1] == 10) else { return .invalid(status: 400) }
        cursor += 2

        var head = RequestHead(method: method, path: path, isHTTP11: isHTTP11, keepAlive: isHTTP11)
        if queryStart >= 0 { head.query = (queryStart + 1)..<(targetEnd) }
        var hosts = 0
        // Header lines, up to the blank line at `end`.
        while cursor < end {
            let nameStart = cursor
            while cursor < end, isTokenByte(bytes[cursor]) { cursor += 1 }
            guard cursor > nameStart, cursor < end, bytes[cursor] == 58 else { return .invalid(status: 400) }
            let nameEnd = cursor
            cursor += 1
            while cursor < end, bytes[cursor] == 32 || bytes[cursor] == 9 { cursor += 1 }
            let valueStart = cursor
            while cursor < end, bytes[cursor] != 13 {
                let byte = bytes[cursor]
                guard byte >= 32 || byte == 9, byte != 127 else { return .invalid(status: 400) }
                cursor += 1
            }
            var valueEnd = cursor
            while valueEnd > valueStart, bytes[valueEnd - 1] == 32 || bytes[valueEnd - 1] == 9 { valueEnd -= 1 }
            if cursor < end {
                guard cursor + 1 < end, bytes[cursor + 1] == 10 else { return .invalid(status: 400) }
                cursor += 2
            }
            let name = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd])
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            switch name.count {
            case 4 where equalsIgnoringCase(name, "host"): hosts += 1
            case 10 where equalsIgnoringCase(name, "connection"): readConnection(value, into: &head)
            case 14 where equalsIgnoringCase(name, "content-length"):
                // Two different lengths would frame the body two ways (RFC 9112 §6.3): refused.
                guard let length = decimal(value), head.contentLength == nil || head.contentLength == length else {
                    return .invalid(status: 400)
                }
                head.contentLength = length
            case 17 where equalsIgnoringCase(name, "transfer-encoding"): head.hasTransferEncoding = true
            case 6 where equalsIgnoringCase(name, "expect"):
                if isHTTP11, FieldBytes.equalsIgnoringCase(value, "100-continue") { head.expectsContinue = true }
            case 12 where equalsIgnoringCase(name, "content-type"): head.contentType = valueStart..<valueEnd
            case 16 where equalsIgnoringCase(name, "content-encoding"): head.contentEncoding = valueStart..<valueEnd
            case 15 where equalsIgnoringCase(name, "accept-encoding"): head.acceptEncoding = valueStart..<valueEnd
            case 13 where equalsIgnoringCase(name, "if-none-match"): head.ifNoneMatch = valueStart..<valueEnd
            case 13 where equalsIgnoringCase(name, "authorization"): head.authorization = valueStart..<valueEnd
            case 17 where equalsIgnoringCase(name, "if-modified-since"): head.ifModifiedSince = valueStart..<valueEnd
            case 8 where equalsIgnoringCase(name, "if-match"): head.ifMatch = valueStart..<valueEnd
            case 19 where equalsIgnoringCase(name, "if-unmodified-since"): head.ifUnmodifiedSince = valueStart..<valueEnd
            default: break
            }
        }
        guard !isHTTP11 || hosts == 1, hosts <= 1 else { return .invalid(status: 400) }
        return .request(head, consumed: end + 4)
    }

    /// The value of a `Content-Length`: one or more digits, saturating at `Int.max`; nil otherwise.
    private static func decimal(_ value: UnsafeRawBufferPointer) -> Int? {
        guard !value.isEmpty else { return nil }
        var result = 0
        for byte in value {
            guard byte >= 48, byte <= 57 else { return nil }
            let (times, overflowTimes) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - 48))
            result = overflowTimes || overflowSum ? Int.max : sum
        }
        return result
    }

    /// `Connection: close` ends a keep-alive connection; `keep-alive` keeps an HTTP/1.0 one open.
    /// Options are compared without case, as bytes when the value is ASCII and otherwise as text
    /// (with Unicode's case folding).
    private static func readConnection(_ value: UnsafeRawBufferPointer, into head: inout RequestHead) {
        guard FieldBytes.isASCII(value) else {
            for token in String(decoding: value, as: UTF8.self).lowercased().split(separator: ",") {
                switch token.trimmingSpaces() {
                case "close": head.keepAlive = false
                case "keep-alive": if !head.isHTTP11 { head.keepAlive = true }
                default: continue
                }
            }
            return
        }
        FieldBytes.forEachPart(of: value, separatedBy: 44) { part in  // ","
            let token = FieldBytes.trimmed(part)
            if FieldBytes.equalsIgnoringCase(token, "close") {
                head.keepAlive = false
            } else if FieldBytes.equalsIgnoringCase(token, "keep-alive"), !head.isHTTP11 {
                head.keepAlive = true
            }
            return true
        }
    }

    /// The bytes of `range`, a field of the head parsed from `bytes` (nil when the field was not sent).
    @inline(__always)
    static func field(_ range: Range<Int>?, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        range.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }
    }

    /// RFC 9110 tchar: `!#$%&'*+-.^_`|~`, digits and letters.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        // Bit n of `low` is byte n (0-63), of `high` byte 64 + n.
        let low: UInt64 = 0x03FF_6CFA_0000_0000
        let high: UInt64 = 0x57FF_FFFF_C7FF_FFFE
        return byte < 64 ? (low >> UInt64(byte)) & 1 == 1 : byte < 128 && (high >> UInt64(byte - 64)) & 1 == 1
    }

    /// Whether `bytes` equal the lower-case ASCII `name`, ignoring case.
    @inline(__always)
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for index in 0..<bytes.count where bytes[index] | 0x20 != expected[index] { return false }
        return true
    }
}
