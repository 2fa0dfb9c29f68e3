import NIOCore

/// Who sent a request, as a rate limit tells clients apart: an IPv4 address whole, an IPv6
/// address by its first 64 bits (one subscriber's network, within which privacy addresses
/// rotate; an IPv4-mapped IPv6 address counts as its IPv4 address). It is for rate limiting
/// only: printed, reflected or interpolated it says `ClientAddress(redacted)`, so it cannot reach
/// a log, and it lives only in the limiter's bounded table in memory.
package struct ClientAddress: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let high: UInt64
    private let low: UInt64

    /// An IPv4 address (`0x7F000001` is 127.0.0.1).
    package init(ipv4: UInt32) {
        self.init(high: 0, low: 0xFFFF_0000_0000 | UInt64(ipv4))
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// An IPv6 address's 16 bytes, in network order.
    package init(ipv6 bytes: [UInt8]) {
        precondition(bytes.count == 16, "an IPv6 address has 16 bytes")
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        if mapped {
            self.init(ipv4: bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
        } else {
            self.init(high: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }, low: 0)
        }
    }

    /// The address of a connection's peer; nil for a Unix domain socket.
    package init?(_ address: SocketAddress) {
        switch address {
        case .v4(let v4): self.init(ipv4: UInt32(bigEndian: v4.address.sin_addr.s_addr))
        case .v6(let v6): self.init(ipv6: withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) })
        case .unixDomainSocket: return nil
        }
    }

    package var description: String { "ClientAddress(redacted)" }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}
