/// The page's filter as a URL query, both ways: `?environment=production&store=google_play&version=3.2&period=7d`.
///
/// A query is untrusted: it is read strictly, and whatever it breaks gets a ``Problem`` (the page
/// answers 400) whose text names only this page's parameters, never what was sent. The rules:
/// at most ``maximumBytes`` bytes; `name=value` pairs joined by `&` (empty pairs are skipped),
/// percent-encoded as forms are (`+` is a space); only the names of ``names``, each at most once;
/// `environment` one of `production`, `sandbox`, `xcode`, `unknown`; `store` `app_store` or
/// `google_play`; `version` 1–64 printable ASCII characters (as the report contract bounds an app
/// version); `period` `Nd`, 1 to the days the page holds, written without leading zeros.
public enum ReportPageQuery {
    /// The parameters, in the order links write them.
    public static let names = ["environment", "store", "version", "period"]
    /// The longest query read.
    public static let maximumBytes = 1_024
    /// The longest app version, as the report contract allows.
    static let maximumVersionLength = 64

    /// Why a query is refused.
    public enum Problem: Error, Equatable, Sendable {
        case tooLong
        case notNameAndValue
        case badEncoding
        case unknownName
        case repeated(String)
        case invalidValue(String)

        /// What is wrong, in the page's words only.
        public var detail: String {
            switch self {
            case .tooLong: "the query is longer than \(ReportPageQuery.maximumBytes) bytes"
            case .notNameAndValue: "each parameter must be name=value"
            case .badEncoding: "a % must be followed by two hexadecimal digits, and the result must be UTF-8"
            case .unknownName: "the parameters are \(ReportPageQuery.names.joined(separator: ", ")); no other is taken"
            case .repeated(let name): "\(name) is given more than once"
            case .invalidValue("environment"):
                "environment must be \(ReportedEnvironment.allCases.map(\.rawValue).joined(separator: ", "))"
            case .invalidValue("store"): "store must be \(ReportedStore.allCases.map(\.rawValue).joined(separator: " or "))"
            case .invalidValue("version"): "version must be 1 to \(ReportPageQuery.maximumVersionLength) printable ASCII characters"
            case .invalidValue(let name): "\(name) must be a number of days followed by d (7d), from 1d to the days the page holds"
            }
        }
    }

    /// The filter `query` (the part after `?`, nil when there is none) names. A period absent is
    /// `lastDays(defaultDays)`, the page's whole span, as is a period of exactly that many days: one
    /// filter, one page, whichever way it was asked for.
    public static func parse(_ query: Substring?, defaultDays: Int) -> Result<ReportFilter, Problem> {
        var filter = ReportFilter(period: .lastDays(defaultDays))
        guard let query else { return .success(filter) }
        guard query.utf8.count <= maximumBytes else { return .failure(.tooLong) }
        var seen: Set<String> = []
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return .failure(.notNameAndValue) }
            guard let name = decoded(pair[..<equals]), let value = decoded(pair[pair.index(after: equals)...]) else {
                return .failure(.badEncoding)
            }
            guard names.contains(name) else { return .failure(.unknownName) }
            guard seen.insert(name).inserted else { return .failure(.repeated(name)) }
            switch name {
            case "environment":
                guard let environment = ReportedEnvironment(rawValue: value) else { return .failure(.invalidValue(name)) }
                filter.environment = environment
            case "store":
                guard let store = ReportedStore(rawValue: value) else { return .failure(.invalidValue(name)) }
                filter.store = store
            case "version":
                guard (1...maximumVersionLength).contains(value.utf8.count), value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                    return .failure(.invalidValue(name))
                }
                filter.appVersion = value
            default:
                guard value.hasSuffix("d"), let days = Int(value.dropLast()), (1...defaultDays).contains(days), "\(days)d" == value else {
                    return .failure(.invalidValue(name))
                }
                filter.period = .lastDays(days)
            }
        }
        return .success(filter)
    }

    /// The query that asks for `filter`, `?` included, parameters in ``names``' order; a period of
    /// `defaultDays` is left out (it is the page's default). `?` alone for no parameter.
    public static func string(_ filter: ReportFilter, defaultDays: Int) -> String {
        var pairs: [String] = []
        if let environment = filter.environment { pairs.append("environment=" + environment.rawValue) }
        if let store = filter.store { pairs.append("store=" + store.rawValue) }
        if let version = filter.appVersion { pairs.append("version=" + encoded(version)) }
        if let period = filter.period, period != .lastDays(defaultDays) { pairs.append("period=" + encoded(period.text)) }
        return "?" + pairs.joined(separator: "&")
    }

    /// `text` percent-encoded but for the unreserved characters (`A-Z a-z 0-9 - . _ ~`).
    static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// `bytes` percent-decoded as a form's (`+` a space); nil for a `%` without two hex digits, or
    /// bytes that are not UTF-8.
    static func decoded(_ bytes: Substring.UTF8View.SubSequence) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high < bytes.endIndex, bytes.index(after: high) < bytes.endIndex, let h = hex(bytes[high]),
                    let l = hex(bytes[bytes.index(after: high)])
                else { return nil }
                out.append(h << 4 | l)
                index = bytes.index(high, offsetBy: 2)
            } else {
                out.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = bytes.index(after: index)
            }
        }
        let text = String(decoding: out, as: UTF8.self)
        return Array(text.utf8) == out ? text : nil
    }
}
