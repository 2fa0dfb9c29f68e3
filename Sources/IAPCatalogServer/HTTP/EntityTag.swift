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

extension EntityTagCondition {
    /// How a list of entity tags relates to one strong tag, read in place by ``match(_:opaque:)``.
    enum Match: Equatable {
        /// `*`.
        case any
        /// A well-formed list; whether one of its tags matches weakly (`If-None-Match`) and
        /// whether one matches strongly (`If-Match`).
        case tags(matchesWeakly: Bool, matchesStrongly: Bool)
        /// Not a list of entity tags: the field is ignored.
        case malformed
    }

    /// ``parse(_:)`` and the comparisons with a strong tag whose opaque part is `opaque`, on the
    /// bytes of the field value, with no copies. Only for ASCII values (callers hand others to
    /// ``parse(_:)``, which reads them as characters): for ASCII, bytes and characters agree.
    static func match(_ value: UnsafeRawBufferPointer, opaque: [UInt8]) -> Match {
        let count = value.count
        var index = 0
        while index < count, value[index] == 32 || value[index] == 9 { index += 1 }
        if index < count, value[index] == 42 {  // "*"
            index += 1
            while index < count, value[index] == 32 || value[index] == 9 { index += 1 }
            return index == count ? .any : .malformed
        }
        var found = false
        var weakly = false
        var strongly = false
        while true {
            while index < count, value[index] == 32 || value[index] == 9 || value[index] == 44 { index += 1 }
            if index == count { break }
            var weak = false
            if value[index] == 87, index + 1 < count, value[index + 1] == 47 {  // "W/"
                weak = true
                index += 2
            }
            guard index < count, value[index] == 34 else { return .malformed }
            let start = index + 1
            var close = start
            // etagc = %x21 / %x23-7E / obs-text
            while close < count, value[close] != 34 {
                let byte = value[close]
                guard byte == 0x21 || (byte >= 0x23 && byte != 0x7F) else {
                    // Either malformed, or an unterminated tag (also malformed).
                    return .malformed
                }
                close += 1
            }
            guard close < count else { return .malformed }
            found = true
            if FieldBytes.equal(UnsafeRawBufferPointer(rebasing: value[start..<close]), opaque) {
                weakly = true
                if !weak { strongly = true }
            }
            index = close + 1
            while index < count, value[index] == 32 || value[index] == 9 { index += 1 }
            guard index == count || value[index] == 44 else { return .malformed }
        }
        return found ? .tags(matchesWeakly: weakly, matchesStrongly: strongly) : .malformed
    }
}
