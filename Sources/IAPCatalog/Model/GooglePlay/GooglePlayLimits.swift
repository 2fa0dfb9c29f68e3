/// What Google Play allows in ids, listings and offers (the Play Developer API's field
/// descriptions; docs/google-play.md cites each). Lint's `play_*` rules check them.
public enum GooglePlayLimits {
    /// Characters of a subscription's product id (Play states 1 to 40); one-time product ids
    /// have no documented maximum.
    public static let subscriptionProductID = 40
    /// Characters of a purchase option, base plan or offer id.
    public static let optionID = 63
    /// Characters of a listing title.
    public static let title = 55
    /// Characters of a listing description.
    public static let description = 200
    /// Benefits a subscription listing may list.
    public static let benefits = 4
    /// Characters of one benefit Play Console shows (not stated by the API: a warning).
    public static let benefitAdvisory = 40
    /// Phases of an offer.
    public static let offerPhases = 1...2
    /// The billing periods a renewing base plan may have, shortest first.
    public static let billingPeriods = ["P1W", "P4W", "P1M", "P2M", "P3M", "P4M", "P6M", "P8M", "P1Y"]

    /// Whether `id` is a Play product id: a lowercase letter or digit, then lowercase letters,
    /// digits, `_` and `.`.
    public static func isProductID(_ id: String) -> Bool {
        guard let first = id.utf8.first, isLowerOrDigit(first) else { return false }
        return id.utf8.allSatisfy { isLowerOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    /// Whether `id` is a purchase option, base plan or offer id: a lowercase letter or digit,
    /// then lowercase letters, digits and `-`, at most 63 characters.
    public static func isOptionID(_ id: String) -> Bool {
        guard let first = id.utf8.first, isLowerOrDigit(first), id.utf8.count <= optionID else { return false }
        return id.utf8.allSatisfy { isLowerOrDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// Whether `name` is an Android package name: two or more dot-separated parts, each a letter
    /// then letters, digits and `_`.
    public static func isPackageName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.utf8.first, isLetter(first) else { return false }
                return part.utf8.allSatisfy {
                    isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
                }
            }
    }

    /// Whether `text` is an ISO 8601 duration of whole days, weeks, months or years (`P3D`, `P1W`, `P1M`, `P1Y`).
    public static func isDuration(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes.first == UInt8(ascii: "P"), let unit = bytes.last, "DWMY".utf8.contains(unit) else { return false }
        let digits = bytes.dropFirst().dropLast()
        return digits.first != UInt8(ascii: "0") && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLowerOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
