import NIOCore
import Testing

@testable import IAPCatalogServer

@Suite struct RateLimiterTests {
    static let second: UInt64 = 1_000_000_000

    @Test func aBucketRefillsAtTheRateUpToTheBurst() {
        let limiter = RateLimiter(RateLimit(perMinute: 120, burst: 3))  // a token every 0.5 s
        let client = ClientAddress(ipv4: 1)
        for _ in 0..<3 { #expect(limiter.admit(client, now: 10 * Self.second) == .admitted) }
        #expect(limiter.admit(client, now: 10 * Self.second) == .limited(retryAfterSeconds: 1))
        #expect(limiter.admit(client, now: 10 * Self.second + Self.second / 2) == .admitted)
        #expect(limiter.admit(client, now: 10 * Self.second + Self.second / 2) == .limited(retryAfterSeconds: 1))
        // An hour later the bucket holds the burst, no more.
        for _ in 0..<3 { #expect(limiter.admit(client, now: 3_610 * Self.second) == .admitted) }
        #expect(limiter.admit(client, now: 3_610 * Self.second) == .limited(retryAfterSeconds: 1))
        // A clock that goes back gives nothing.
        #expect(limiter.admit(client, now: 0) == .limited(retryAfterSeconds: 1))
    }

    @Test func retryAfterIsTheWholeSecondsUntilTheNextToken() {
        let limiter = RateLimiter(RateLimit(perMinute: 1, burst: 1))
        let client = ClientAddress(ipv4: 1)
        #expect(limiter.admit(client, now: 0) == .admitted)
        #expect(limiter.admit(client, now: 0) == .limited(retryAfterSeconds: 60))
        #expect(limiter.admit(client, now: 59 * Self.second + 1) == .limited(retryAfterSeconds: 1))
        #expect(limiter.admit(client, now: 30 * Self.second) == .limited(retryAfterSeconds: 1))
        #expect(limiter.admit(client, now: 60 * Self.second) == .admitted)
        let huge = RateLimiter(RateLimit(perMinute: 1, burst: Int.max))
        #expect(huge.admit(client, now: 0) == .admitted)
    }

    @Test func theTableIsBoundedAndDropsTheClientThatCameFirst() {
        let limiter = RateLimiter(RateLimit(perMinute: 1, burst: 1), capacity: 3)
        let clients = (1...4).map { ClientAddress(ipv4: UInt32($0)) }
        for client in clients.prefix(3) { #expect(limiter.admit(client, now: 0) == .admitted) }
        #expect(limiter.clients == 3)
        // A fourth client takes the first one's place: the first comes back with a full bucket,
        // and takes the second's place; the third is still remembered, and still limited.
        #expect(limiter.admit(clients[3], now: 0) == .admitted)
        #expect(limiter.clients == 3)
        #expect(limiter.admit(clients[0], now: 0) == .admitted)
        #expect(limiter.admit(clients[2], now: 0) == .limited(retryAfterSeconds: 60))
        #expect(limiter.admit(clients[3], now: 0) == .limited(retryAfterSeconds: 60))
        #expect(limiter.clients == 3)
        for index in 0..<100_000 { _ = limiter.admit(ClientAddress(ipv4: UInt32(1_000 + index)), now: 0) }
        #expect(limiter.clients == 3)
    }

    @Test func clientsAreIPv4AddressesAndIPv6Slash64s() {
        let v6: [UInt8] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 1, 0xaa, 0xbb, 0, 0, 0, 0, 0, 1]
        var sameNetwork = v6
        sameNetwork[15] = 2
        sameNetwork[8] = 0x11
        var otherNetwork = v6
        otherNetwork[7] = 2
        #expect(ClientAddress(ipv6: v6) == ClientAddress(ipv6: sameNetwork))
        #expect(ClientAddress(ipv6: v6) != ClientAddress(ipv6: otherNetwork))
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1]
        var mappedOther = mapped
        mappedOther[15] = 2
        #expect(ClientAddress(ipv6: mapped) == ClientAddress(ipv4: 0x0A00_0001))
        #expect(ClientAddress(ipv6: mappedOther) != ClientAddress(ipv4: 0x0A00_0001))
        #expect(ClientAddress(try! .init(ipAddress: "192.0.2.7", port: 9)) == ClientAddress(ipv4: 0xC000_0207))
        #expect(ClientAddress(try! .init(ipAddress: "2001:db8:0:1:aabb::9", port: 9)) == ClientAddress(ipv6: v6))
        // It never prints an address.
        let address = ClientAddress(ipv4: 0xC000_0207)
        for text in ["\(address)", String(describing: address), String(reflecting: address), "\(Optional(address) as Any)"] {
            #expect(text.contains("ClientAddress(redacted)") && !text.contains("3221226") && !text.contains("c0000207"), "\(text)")
        }
        #expect(Mirror(reflecting: address).children.isEmpty)
    }
}
