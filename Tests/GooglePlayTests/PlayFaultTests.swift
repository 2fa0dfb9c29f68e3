import FakeGooglePlay
import Foundation
import IAPCatalog
import StoreHTTP
import Testing

@testable import GooglePlay

/// A write that fails — refused with a 500 before or after Play did the work, or the connection
/// dropped before or after — stops apply; apply run again re-reads Play, plans what is left and
/// ends where an apply without the fault ends, byte for byte.
@Suite struct PlayFaultTests {
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case failBefore, failAfter, dropBefore, dropAfter
        var testDescription: String { rawValue }
    }

    @Test(arguments: Fault.allCases) func aFaultAtEveryWriteThenApplyAgainConverges(_ fault: Fault) async throws {
        let catalog = try TestCatalogs.load("catalogs/example.yaml")
        let clean = try await PlayFixture.start()
        try await clean.apply(catalog)
        let writes = clean.fake.writeLog.count
        let expected = clean.fake.snapshot(package: PlayFixture.packageName)
        try await clean.stop()
        #expect(writes == 9)
        for number in 1...writes {
            // No retries on the first run: every fault stops it.
            let first = try await PlayFixture.start(retry: RetryPolicy(maxAttempts: 1))
            switch fault {
            case .failBefore: first.fake.failWrite(number: number, afterApplying: false)
            case .failAfter: first.fake.failWrite(number: number, afterApplying: true)
            case .dropBefore: first.fake.dropWrite(number: number, afterApplying: false)
            case .dropAfter: first.fake.dropWrite(number: number, afterApplying: true)
            }
            await #expect(throws: PlayApplier.Failure.self, "write \(number)") { try await first.apply(catalog) }
            let second = try PlayFixture.connect(to: first.fake)
            try await second.apply(catalog)
            #expect(try await second.plan(catalog).steps.map(\.summary) == [], "write \(number)")
            #expect(first.fake.snapshot(package: PlayFixture.packageName) == expected, "write \(number)")
            await second.client.shutdown()
            try await first.stop()
        }
    }

    @Test func quotaErrorsAreWaitedOutAndPagesAreFollowed() async throws {
        let fixture = try await PlayFixture.start()
        let catalog = try TestCatalogs.load("catalogs/example.yaml")
        try await fixture.apply(catalog)
        fixture.fake.maximumPageSize = 1
        fixture.fake.throttle(next: 2)
        let state = try await fixture.read()
        #expect(state.oneTimeProducts.compactMap { $0["productId"]?.string } == ["com.example.cosmicquest.coins.small", "film.making_of"])
        #expect(state.subscriptions.count == 1 && state.offers.count == 1)
        let log = fixture.fake.requestLog
        #expect(log.filter { $0.hasSuffix(" 429") }.count == 2)
        #expect(log.filter { $0.hasPrefix("GET /androidpublisher/v3/applications/com.example.cosmicquest/oneTimeProducts ") }.count >= 2)
        try await fixture.stop()
    }
}
