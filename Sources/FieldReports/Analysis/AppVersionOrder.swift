/// The order app versions are listed in: numerically part by part (`2.9` before `2.10`), a part
/// that is not a number after those that are and by its text, a shorter version first when one is
/// the start of the other (`2` before `2.0`).
public enum AppVersionOrder {
    /// Whether `lhs` comes before `rhs`.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.split(separator: ".", omittingEmptySubsequences: false)
        let right = rhs.split(separator: ".", omittingEmptySubsequences: false)
        for (a, b) in zip(left, right) where a != b {
            switch (number(a), number(b)) {
            case (let x?, let y?): if x != y { return x < y }
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): break
            }
            return a < b
        }
        return left.count != right.count ? left.count < right.count : lhs < rhs
    }

    /// The part as a number when it is one of at most 18 digits (no overflow).
    private static func number(_ part: Substring) -> Int? {
        guard !part.isEmpty, part.count <= 18, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(part)
    }
}
