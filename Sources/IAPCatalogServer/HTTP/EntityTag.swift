/// An entity tag (RFC 9110 §8.8.3): an opaque quoted string, weak when prefixed `W/`.
package struct EntityTag: Hashable, Sendable, CustomStringConvertible {
    package var opaque: String
    package var isWeak: Bool

    package init(_ opaque: String, weak: Bool = false) {
        self.opaque = opaque
        self.isWeak = weak
    }

    /// `"opaque"` or `W/"opaque"`.
    package var description: String { (isWeak ? "W/" : "") + "\"" + opaque + "\"" }

    /// Weak comparison (§8.8.3.2): the opaque tags match, weak or not — what `If-None-Match` uses.
    package func matchesWeakly(_ other: EntityTag) -> Bool { opaque == other.opaque }

    /// Strong comparison: both strong and identical — what `If-Match` uses.
    package func matchesStrongly(_ other: EntityTag) -> Bool { !isWeak && !other.isWeak && opaque == other.opaque }
}

/// The value of `If-None-Match` or `If-Match`: `*`, or a list of entity tags.
package enum EntityTagCondition: Equatable, Sendable {
    case any
    case tags([EntityTag])

    /// Parses `*` or `"a", W/"b"`; nil when the value is malformed (the header is then ignored).
    package static func parse(_ value: some StringProtocol) -> EntityTagCondition? {
        let trimmed = value.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.hasPrefix("*") {
            return trimmed.dropFirst().allSatisfy({ $0 == " " || $0 == "\t" }) ? .any : nil
        }
        var tags: [EntityTag] = []
        var rest = Substring(trimmed)
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "," })
            if rest.isEmpty { break }
            var weak = false
            if rest.hasPrefix("W/") {
                weak = true
                rest = rest.dropFirst(2)
            }
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            let opaque = rest[rest.index(after: rest.startIndex)..<close]
            // etagc = %x21 / %x23-7E / obs-text
            guard opaque.unicodeScalars.allSatisfy({ $0 == "!" || ($0.value >= 0x23 && $0.value != 0x7F) }) else { return nil }
            tags.append(EntityTag(String(opaque), weak: weak))
            rest = rest[rest.index(after: close)...]
            let separator = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard separator.isEmpty || separator.first == "," else { return nil }
            rest = separator
        }
        return tags.isEmpty ? nil : .tags(tags)
    }
}
