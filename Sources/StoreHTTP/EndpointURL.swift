/// A URL iapcat may connect to, checked before any connection is made, wherever a URL enters: a
/// flag or environment variable (`--api-url`), a key file (`token_uri`), a server's answer (an
/// upload operation).
///
/// - `https://` with a host; plain `http://` only to the loopback address (`127.0.0.1`, `[::1]`,
///   `localhost`: the fakes of the tests); no other scheme (`file:`, `http+unix:`, …).
/// - No user information (`user:password@`), no control characters, spaces or non-ASCII in the
///   authority.
/// - A port, when given, is decimal digits naming 1–65535: the HTTP client turns the number into a
///   16-bit one and stops the process on anything larger.
package struct EndpointURL: Sendable, Equatable {
    /// `https` or `http`, lowercased.
    package let scheme: String
    /// The host as written (an IPv6 literal with its brackets), lowercased.
    package let host: String
    /// The port when the URL names one.
    package let port: Int?

    /// Why a URL is not one iapcat connects to.
    package enum Refusal: Error, Sendable, Equatable {
        /// Not `https://` (nor `http://`).
        case scheme
        /// No host, user information, or characters that have no place in a host.
        case host(String)
        /// Plain `http://` to a host that is not the loopback address.
        case plainHTTP(host: String)
        /// A port that is not decimal 1–65535.
        case port(String)

        /// The reason in a few words, naming what was refused through `quoted` (which escapes and caps
        /// text that came from outside).
        package func reason(quoting quoted: (String) -> String) -> String {
            switch self {
            case .scheme: "it is not an https URL"
            case .host(let authority): "it has no plain host (\(quoted(authority)))"
            case .plainHTTP(let host): "it is plain http to \(quoted(host)); plain http goes to the loopback address only"
            case .port(let port): "its port \(quoted(port)) is not a number from 1 to 65535"
            }
        }
    }

    /// The loopback hosts plain http may reach.
    package static let loopbackHosts: Set<String> = ["127.0.0.1", "[::1]", "localhost"]

    /// `text` checked by the rules above.
    package init(checking text: String) throws(Refusal) {
        let lowered = text.lowercased()
        guard let scheme = ["https", "http"].first(where: { lowered.hasPrefix($0 + "://") }) else { throw .scheme }
        let rest = text.unicodeScalars.dropFirst(scheme.count + 3)
        let authority = String(String.UnicodeScalarView(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }))
        guard !authority.isEmpty, !authority.contains("@"),
            authority.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { throw .host(authority) }
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .host(authority) }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw .host(authority) }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority[...]
            portText = nil
        }
        guard !host.isEmpty, host != "[]" else { throw .host(authority) }
        var port: Int?
        if let portText {
            // At most five digits: a longer run of digits could overflow before the range check.
            guard (1...5).contains(portText.count), portText.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(portText),
                (1...65_535).contains(number)
            else { throw .port(String(portText)) }
            port = number
        }
        let lowerHost = host.lowercased()
        if scheme == "http", !Self.loopbackHosts.contains(lowerHost) { throw .plainHTTP(host: lowerHost) }
        self.scheme = scheme
        self.host = lowerHost
        self.port = port
    }
}
