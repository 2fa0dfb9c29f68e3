import IAPCatalog
import StoreHTTP

/// What iapcat accepts of the upload operations a reservation lists before it sends a byte: the
/// server decides where the parts go, so a hostile or broken answer must not make iapcat reach a
/// host or socket it should not, send headers it did not mean to, crash on an offset, or send the
/// file a thousand times.
///
/// - URLs: `https://host…` only, with a host and without credentials; `http://` only to the
///   loopback address (`127.0.0.1`, `[::1]`, `localhost`: the fake App Store Connect of the tests);
///   a port only from 1 to 65535 (``EndpointURL``).
/// - Methods: `PUT` or `POST`.
/// - Headers: at most 32, names of token characters, values of visible ASCII, spaces and tabs (no
///   line breaks), at most 8 KiB; never `Host`, `Content-Length`, `Transfer-Encoding`, `Connection`,
///   `Upgrade`, `Authorization`, `Cookie` or `Proxy-…`: those are the client's to set.
/// - Parts: offsets and lengths without overflow, inside the file, not overlapping, together the
///   whole file once; at most 1,000 of them.
package enum UploadRules {
    static let maximumOperations = 1_000
    static let maximumHeaders = 32
    static let maximumHeaderValue = 8 << 10
    static let forbiddenHeaders: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "upgrade", "authorization", "cookie", "te", "trailer",
        "keep-alive", "expect",
    ]

    /// Why the operations cannot be carried out.
    package struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// `operations`, checked against a file of `fileSize` bytes, in file order.
    package static func check(_ operations: [UploadOperation], fileSize: Int) throws(Refusal) -> [UploadOperation] {
        guard !operations.isEmpty else { throw Refusal(description: "the reservation listed no upload operations") }
        guard operations.count <= maximumOperations else {
            throw Refusal(
                description: "the reservation listed \(operations.count) upload operations; iapcat sends at most \(maximumOperations)")
        }
        for (index, operation) in operations.enumerated() {
            let which = "upload operation \(index + 1)"
            try checkURL(operation.url, which)
            guard ["PUT", "POST"].contains(operation.method) else {
                throw Refusal(description: "\(which) asks for method \(shown(operation.method)); iapcat uploads with PUT or POST only")
            }
            try checkHeaders(operation.headers, which)
            let (end, overflow) = operation.offset.addingReportingOverflow(operation.length)
            guard operation.offset >= 0, operation.length > 0, !overflow, end <= fileSize else {
                throw Refusal(
                    description:
                        "\(which) lies outside the file of \(fileSize) bytes (offset \(operation.offset), length \(operation.length))")
            }
        }
        let ordered = operations.sorted { $0.offset < $1.offset }
        var covered = 0
        for operation in ordered {
            guard operation.offset == covered else {
                throw Refusal(
                    description: operation.offset < covered
                        ? "the upload operations overlap at byte \(operation.offset)"
                        : "the upload operations leave bytes \(covered)–\(operation.offset - 1) out")
            }
            covered += operation.length
        }
        guard covered == fileSize else { throw Refusal(description: "the upload operations leave bytes \(covered)–\(fileSize - 1) out") }
        return ordered
    }

    private static func checkURL(_ url: String, _ which: String) throws(Refusal) {
        do {
            _ = try EndpointURL(checking: url)
        } catch {
            switch error {
            case .scheme:
                throw Refusal(description: "\(which) points at \(shown(String(url.prefix(40)))): iapcat uploads to https URLs only")
            case .host(let authority):
                throw Refusal(description: "\(which) has no plain host (\(shown(String(authority.prefix(80)))))")
            case .plainHTTP(let host):
                throw Refusal(description: "\(which) points at plain http://\(shown(host)): iapcat uploads to https URLs only")
            case .port(let port):
                throw Refusal(description: "\(which) names port \(shown(port)): iapcat connects to ports 1–65535 only")
            }
        }
    }

    private static func checkHeaders(_ headers: [(name: String, value: String)], _ which: String) throws(Refusal) {
        guard headers.count <= maximumHeaders else {
            throw Refusal(description: "\(which) lists \(headers.count) headers; iapcat sends at most \(maximumHeaders)")
        }
        for header in headers {
            let name = header.name.lowercased()
            let token =
                !name.isEmpty
                && name.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) }
            guard token, !forbiddenHeaders.contains(name), !name.hasPrefix("proxy-") else {
                throw Refusal(description: "\(which) asks for header \(shown(header.name)), which iapcat does not send")
            }
            let value = header.value.unicodeScalars
            guard value.count <= maximumHeaderValue, value.allSatisfy({ $0 == "\t" || (0x20...0x7E).contains($0.value) }) else {
                throw Refusal(description: "\(which) gives header \(shown(header.name)) a value iapcat does not send")
            }
        }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// Server text in a message: control characters escaped, at most 80 characters.
    private static func shown(_ text: String) -> String {
        let cut = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return "\"" + ServerText.printable(cut) + "\""
    }
}
