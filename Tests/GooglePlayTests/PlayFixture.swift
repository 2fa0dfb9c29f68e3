import FakeGooglePlay
import Foundation
import IAPCatTestSupport
import IAPCatalog
import StoreHTTP
import _CryptoExtras

@testable import GooglePlay

/// A fake Play Developer API with one app, a client of it, and the steps every sync test takes:
/// load a catalog, plan it, apply it, pull.
struct PlayFixture {
    static let email = "iapcat@example-project.iam.gserviceaccount.com"
    static let privateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let packageName = "com.example.cosmicquest"

    let fake: FakeGooglePlay
    let client: PlayClient

    /// Starts a fake holding an empty app and a client with short back-off.
    static func start(retry: RetryPolicy = quick) async throws -> PlayFixture {
        let fake = try await FakeGooglePlay.start(accounts: [email: privateKey.publicKey])
        fake.addApp(packageName: packageName)
        return try connect(to: fake, retry: retry)
    }

    /// Runs `body` with a fresh fixture, stopped afterwards whatever happens (a client left running
    /// is a crash when it is freed).
    static func run(_ body: (PlayFixture) async throws -> Void) async throws {
        let fixture = try await start()
        do {
            try await body(fixture)
        } catch {
            try? await fixture.stop()
            throw error
        }
        try await fixture.stop()
    }

    /// Retries with back-off in milliseconds.
    static let quick = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(5), maxDelay: .milliseconds(50))

    /// A fixture with a new client of `fake` (its API at `apiURL` when given).
    static func connect(
        to fake: FakeGooglePlay, retry: RetryPolicy = quick, tokenURL: String? = nil, apiURL: String? = nil,
        deadline: Duration = PlayClient.defaultDeadline, observer: (@Sendable (PlayClient.Exchange) -> Void)? = nil
    ) throws -> PlayFixture {
        let keyFile: [String: String] = [
            "type": "service_account", "project_id": "example-project", "private_key_id": "0123abcd",
            "private_key": privateKey.pkcs8PEMRepresentation, "client_email": email, "token_uri": tokenURL ?? fake.tokenURL,
        ]
        let key = try ServiceAccountKey.parse(
            Array(try JSONSerialization.data(withJSONObject: keyFile, options: [.sortedKeys])), path: "key.json")
        let client = PlayClient(
            baseURL: apiURL ?? fake.baseURL, packageName: packageName, key: key, retry: retry, deadline: deadline, observer: observer)
        return PlayFixture(fake: fake, client: client)
    }

    func stop() async throws {
        await client.shutdown()
        try await fake.stop()
    }

    func read() async throws -> PlayRemoteState {
        try await PlayRemoteReader(api: client).read()
    }

    func plan(_ catalog: Catalog) async throws -> PlayPlan {
        PlayPlanner(regionsVersion: "2022/02").plan(catalog, against: try await read())
    }

    /// Plans and applies `catalog`; returns the plan.
    @discardableResult
    func apply(_ catalog: Catalog) async throws -> PlayPlan {
        let remote = try await read()
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(catalog, against: remote)
        try await PlayApplier(api: client, remote: remote, packageName: Self.packageName).apply(plan)
        return plan
    }

    /// A catalog pulled from the fake (into `base` when given), as YAML.
    func pull(into base: Catalog?) async throws -> (yaml: String, notes: [PlanNote]) {
        let result = PlayCatalogBuilder().build(try await read(), packageName: Self.packageName, base: base)
        return (CatalogYAMLWriter().render(result.catalog), result.notes)
    }
}
