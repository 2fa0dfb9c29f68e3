/// Why a report was refused, and the RFC 9457 problem document (`application/problem+json`) the
/// endpoint answers with: `type`, `title`, `status`, `detail`, and `field`, the JSON Pointer of the
/// field at fault when one is. The text is iapcat's own: nothing the client sent is repeated, so
/// an answer can be logged and shown as it is. The same problem always gives the same bytes.
public struct ReportProblem: Error, Sendable, Equatable {
    public var kind: Kind
    /// What went wrong, in a sentence.
    public var detail: String
    /// `/missing/3/id`; nil when the problem is the whole body's.
    public var field: String?

    public init(_ kind: Kind, detail: String, field: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.field = field
    }

    /// The HTTP status the problem is answered with.
    public var status: Int { kind.status }

    public static let contentType = "application/problem+json"

    /// 415 for a body that is not `application/json` (or whose charset is not UTF-8).
    public static let notJSON = ReportProblem(
        .unsupportedMediaType, detail: "Content-Type must be application/json (charset, if given, utf-8).")
    /// 415 for a body encoded otherwise than gzip or identity.
    public static let notGzipOrIdentity = ReportProblem(
        .unsupportedContentEncoding, detail: "Content-Encoding must be gzip or identity, or be absent.")

    /// The kinds of problem, each a `type` URI of its own.
    public enum Kind: String, Sendable, CaseIterable {
        /// 400: not JSON, or a field breaks the contract (`field` says which).
        case invalidReport = "invalid-report"
        /// 405: the method is not POST.
        case methodNotAllowed = "method-not-allowed"
        /// 411: sent with `Transfer-Encoding` rather than `Content-Length`.
        case lengthRequired = "length-required"
        /// 413: larger than ``ReportRules/maximumBodyBytes`` after decompression.
        case contentTooLarge = "content-too-large"
        /// 415: the body is not `application/json`.
        case unsupportedMediaType = "unsupported-media-type"
        /// 415: the body is encoded otherwise than gzip or identity.
        case unsupportedContentEncoding = "unsupported-content-encoding"
        /// 429: past the rate a client may send at.
        case rateLimited = "rate-limited"
        /// 503: storage cannot keep up; try again after `Retry-After`.
        case storageUnavailable = "storage-unavailable"

        public var status: Int {
            switch self {
            case .invalidReport: 400
            case .methodNotAllowed: 405
            case .lengthRequired: 411
            case .contentTooLarge: 413
            case .unsupportedMediaType, .unsupportedContentEncoding: 415
            case .rateLimited: 429
            case .storageUnavailable: 503
            }
        }

        public var title: String {
            switch self {
            case .invalidReport: "The report is not valid"
            case .methodNotAllowed: "Reports are sent with POST"
            case .lengthRequired: "The report must be sent with Content-Length"
            case .contentTooLarge: "The report is too large"
            case .unsupportedMediaType: "The report must be application/json"
            case .unsupportedContentEncoding: "The report must be sent as it is or gzip-encoded"
            case .rateLimited: "Too many reports"
            case .storageUnavailable: "Reports cannot be stored right now"
            }
        }

        /// `https://iapcat.dev/problems/invalid-report` (described in docs/field-reports.md).
        public var type: String { "https://iapcat.dev/problems/" + rawValue }
    }

    /// The problem document: `{"type":…,"title":…,"status":…,"detail":…,"field":…}`, compact,
    /// keys in that order, `field` only when there is one.
    public var body: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + detail.utf8.count)
        func member(_ name: StaticString, _ value: String, first: Bool = false) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: Array("\":".utf8))
            Self.appendJSONString(value, to: &out)
        }
        member("type", kind.type, first: true)
        member("title", kind.title)
        out.append(contentsOf: Array(",\"status\":\(status)".utf8))
        member("detail", detail)
        if let field { member("field", field) }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\u00XX`.
    static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0..<0x20, 0x7F: out.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
