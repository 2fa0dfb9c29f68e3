import Foundation

/// Text iapcat prints that it did not write — error details, ids, names from a store's API or
/// from a catalog — made safe for a terminal and a CI log: control characters escaped (so no
/// line starts inside it: no `::error` workflow command, no ANSI sequence), bidirectional
/// controls too (so none reorders what is shown), `::` broken up,
/// credentials redacted, and the length capped. Credentials are found by shape (bearer tokens,
/// JWTs, PEM private keys, Google OAuth access tokens `ya29.…`) and by value: every token iapcat
/// sends is registered here (``mask(_:)``) when it is made, so a server quoting it back, whatever
/// its shape, never gets it printed. This is the one place text is redacted.
package enum ServerText {
    /// Characters of one server text shown at most.
    static let limit = 1_000

    /// `text` ready to print: redacted, capped, escaped, `::` broken up.
    package static func shown(_ text: String, limit: Int = limit) -> String {
        var text = redacted(text)
        if text.count > limit { text = String(text.prefix(limit)) + "… (\(text.count - limit) more characters)" }
        return printable(text).split(separator: "::", omittingEmptySubsequences: false).joined(separator: ": :")
    }

    /// `line` with every control character (C0, DEL, C1, line and paragraph separators) and bidirectional control
    /// (U+202E, …) as `\u{…}` (``EscapedCharacters``).
    package static func printable(_ line: String) -> String {
        guard EscapedCharacters.any(in: line) else { return line }
        var out = ""
        for scalar in line.unicodeScalars {
            if EscapedCharacters.contains(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` with credentials replaced: `Bearer …`, anything shaped like a JWT, PEM private keys,
    /// the secrets registered with ``mask(_:)``, Google OAuth access tokens (`ya29.…`).
    static func redacted(_ text: String) -> String {
        let secrets = Secrets.shared.current.filter { text.contains($0) }
        guard
            !secrets.isEmpty || text.contains("ya29.") || text.contains("Bearer") || text.contains("eyJ") || text.contains("-----BEGIN")
        else { return text }
        var text = text
        text.replace(#/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/#, with: "[redacted private key]")
        text.replace(#/(?i:bearer)\s+[A-Za-z0-9._~+\/=-]+/#, with: "Bearer [redacted]")
        text.replace(#/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/#, with: "[redacted token]")
        for secret in secrets { text.replace(secret, with: "[redacted]") }
        text.replace(#/ya29\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*/#, with: "[redacted]")
        return text
    }

    /// The shortest secret ``mask(_:)`` takes: a shorter one could be part of any text.
    package static let shortestSecret = 8

    /// Registers `secret` — an access token iapcat sends, say — to be replaced by `[redacted]` in
    /// every text made safe from now on, whatever its shape (a secret shorter than
    /// ``shortestSecret`` is ignored). The last ``Secrets/kept`` secrets are kept.
    package static func mask(_ secret: String) {
        guard secret.count >= shortestSecret else { return }
        Secrets.shared.add(secret)
    }

    /// The secrets registered with ``mask(_:)``, newest last, behind a lock (tokens are made on
    /// any thread).
    final class Secrets: @unchecked Sendable {
        /// How many secrets are kept: a run fetches a token an hour at most.
        static let kept = 32
        static let shared = Secrets()

        private let lock = NSLock()
        private var secrets: [String] = []

        var current: [String] { lock.withLock { secrets } }

        func add(_ secret: String) {
            lock.withLock {
                guard !secrets.contains(secret) else { return }
                secrets.append(secret)
                if secrets.count > Self.kept { secrets.removeFirst(secrets.count - Self.kept) }
            }
        }
    }
}
