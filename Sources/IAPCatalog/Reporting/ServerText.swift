/// Text iapcat prints that it did not write — error details, ids, names from a store's API or
/// from a catalog — made safe for a terminal and a CI log: control characters escaped (so no
/// line starts inside it: no `::error` workflow command, no ANSI sequence), `::` broken up, bearer
/// tokens, JWTs and private keys redacted, and the length capped.
package enum ServerText {
    /// Characters of one server text shown at most.
    static let limit = 1_000

    /// `text` ready to print: redacted, capped, escaped, `::` broken up.
    package static func shown(_ text: String, limit: Int = limit) -> String {
        var text = redacted(text)
        if text.count > limit { text = String(text.prefix(limit)) + "… (\(text.count - limit) more characters)" }
        return printable(text).split(separator: "::", omittingEmptySubsequences: false).joined(separator: ": :")
    }

    /// `line` with every control character (C0, DEL, C1, line and paragraph separators) as `\u{…}`.
    package static func printable(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: isControl) else { return line }
        var out = ""
        for scalar in line.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `text` with credentials replaced: `Bearer …`, anything shaped like a JWT, PEM private keys.
    static func redacted(_ text: String) -> String {
        guard text.contains("Bearer") || text.contains("eyJ") || text.contains("-----BEGIN") else { return text }
        var text = text
        text.replace(#/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/#, with: "[redacted private key]")
        text.replace(#/(?i:bearer)\s+[A-Za-z0-9._~+\/=-]+/#, with: "Bearer [redacted]")
        text.replace(#/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/#, with: "[redacted token]")
        return text
    }
}
