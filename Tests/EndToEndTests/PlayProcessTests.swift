import FakeGooglePlay
import Foundation
import IAPCatTestSupport
import Testing
import _CryptoExtras

/// What only the `iapcat play` process shows, against the fake Play Developer API on loopback: a
/// saved plan names its catalog relative to the working directory it was made in, and `apply PLAN`
/// reads it there. The rest of play's tests run in process (IAPCatCLITests' PlayCommandTests).
@Suite(.serialized) struct PlayProcessTests {
    static let email = "iapcat@example-project.iam.gserviceaccount.com"
    static let privateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// The binary's runs in a ``StoreCommandFolder``, with the fake's service account.
    struct Setup {
        let fake: FakeGooglePlay
        let folder: StoreCommandFolder
        let environment: [String: String]
        var directory: String { folder.path }

        static func start() async throws -> Setup {
            let fake = try await FakeGooglePlay.start(accounts: [PlayProcessTests.email: PlayProcessTests.privateKey.publicKey])
            fake.addApp(packageName: "com.example.cosmicquest")
            let folder = try StoreCommandFolder("play", with: ["screenshots", "example"])
            let environment = try folder.playEnvironment(
                email: PlayProcessTests.email, privateKeyPEM: PlayProcessTests.privateKey.pkcs8PEMRepresentation, tokenURL: fake.tokenURL,
                apiURL: fake.baseURL)
            return Setup(fake: fake, folder: folder, environment: environment)
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> IAPCatRun {
            try await IAPCat.run(arguments, in: directory, timeout: 300, environment: environment.merging(extra) { $1 })
        }

        func stop() async throws {
            try await fake.stop()
            folder.remove()
        }
    }

    /// `play plan -o`, `play show`, `play apply PLAN`: the saved steps, or a refusal naming what
    /// moved on Play since.
    @Test func aSavedPlanIsAppliedExactlyOrRefusedNamingWhatMoved() async throws {
        let setup = try await Setup.start()
        await #expect(try setup.run(["play", "apply", "--catalog", "catalog.yaml", "--yes"]).status == 0)
        let path = setup.directory + "/catalog.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let raised = text.replacingOccurrences(
            of: #"regions: { US: "0.99", JP: "160", DE: "0.99" }"#, with: #"regions: { US: "1.29", JP: "160", DE: "0.99" }"#)
        #expect(raised != text)
        try raised.write(toFile: path, atomically: true, encoding: .utf8)
        let plan = try await setup.run(["play", "plan", "--catalog", "catalog.yaml", "-o", "plan.json"])
        #expect(plan.status == 0, "\(plan.stderr)")
        await #expect(try setup.run(["play", "show", "plan.json"]).stdout == plan.stdout)

        // Someone renames the product on Play: the plan's row moved.
        try raised.replacingOccurrences(of: "display_name: 100 Coins,", with: "display_name: 100 Gold Coins,")
            .write(toFile: setup.directory + "/other.yaml", atomically: true, encoding: .utf8)
        await #expect(try setup.run(["play", "apply", "--catalog", "other.yaml", "--yes", "--allow-impact"]).status == 0)
        let moved = try await setup.run(["play", "apply", "plan.json", "--yes", "--allow-impact"])
        #expect(moved.status == 1)
        #expect(moved.stderr.hasPrefix("iapcat: error: Google Play changed since the plan was made ("), "\(moved.stderr)")
        #expect(moved.stderr.contains("\n  product com.example.cosmicquest.coins.small:\n"), "\(moved.stderr)")
        #expect(moved.stderr.contains("\"100 Coins\" → \"100 Gold Coins\""), "\(moved.stderr)")

        // Planned again and applied: only that product is read again.
        await #expect(try setup.run(["play", "plan", "--catalog", "catalog.yaml", "-o", "plan.json"]).status == 0)
        let writes = setup.fake.writeLog.count
        let apply = try await setup.run(["play", "apply", "plan.json", "--yes", "--allow-impact"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.hasSuffix("Read back 1 product: Google Play holds every change.\nApplied 1 change.\n"), "\(apply.stdout)")
        #expect(setup.fake.writeLog.count == writes + 1)
        try await setup.stop()
    }
}
