/// Counts in English, said right: "1 error", "2 errors", "1 territory", "3 territories". Every
/// message that counts something goes through here, so none says "1 subscription groups".
package enum Plural {
    /// `count` and the noun: `singular` for exactly one, else `plural` (default: `singular` + "s").
    package static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + word(count, singular, plural ?? singular + "s")
    }

    /// `one` for exactly one, else `other`: a noun or verb that agrees with a count said elsewhere
    /// ("1 step still differs", "2 steps still differ").
    package static func word(_ count: Int, _ one: String, _ other: String) -> String {
        count == 1 ? one : other
    }
}
