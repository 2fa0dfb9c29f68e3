/// `Accept-Encoding` negotiation between gzip and identity (RFC 9110 §12.5.3).
enum AcceptEncoding {
    /// Whether the client accepts gzip: `gzip` (or `x-gzip`) with a non-zero weight, or `*` with a
    /// non-zero weight when gzip is not named. Malformed members are skipped.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard = false
        for member in header.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces().lowercased() else { continue }
            let weight =
                parts.dropFirst().lazy.compactMap { parameter -> Double? in
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "q" else { return nil }
                    return Double(pair[1].trimmingSpaces())
                }.first ?? 1
            switch coding {
            case "gzip", "x-gzip": return weight > 0
            case "*": wildcard = weight > 0
            default: continue
            }
        }
        return wildcard
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
