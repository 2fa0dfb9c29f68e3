import FakeGooglePlay
import Foundation
import IAPCatTestSupport
import Testing
import _CryptoExtras

/// `iapcat play` as a user runs it: the built binary against the fake Play Developer API on loopback.
@Suite(.serialized) struct PlayCommandTests {
    static let email = "iapcat@example-project.iam.gserviceaccount.com"
    static let privateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    struct Setup {
        let fake: FakeGooglePlay
        let directory: String
        let environment: [String: String]

        static func start() async throws -> Setup {
            let fake = try await FakeGooglePlay.start(accounts: [PlayCommandTests.email: PlayCommandTests.privateKey.publicKey])
            fake.addApp(packageName: "com.example.cosmicquest")
            let directory = NSTemporaryDirectory() + "iapcat-play-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/example.yaml", toPath: directory + "/catalog.yaml")
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/screenshots", toPath: directory + "/screenshots")
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/example", toPath: directory + "/example")
            let key: [String: String] = [
                "type": "service_account", "project_id": "example-project", "private_key_id": "0123abcd",
                "private_key": PlayCommandTests.privateKey.pkcs8PEMRepresentation, "client_email": PlayCommandTests.email,
                "token_uri": fake.tokenURL,
            ]
            let keyPath = directory + "/play-key.json"
            _ = FileManager.default.createFile(
                atPath: keyPath, contents: try JSONSerialization.data(withJSONObject: key), attributes: [.posixPermissions: 0o600])
            return Setup(
                fake: fake, directory: directory,
                environment: ["GOOGLE_APPLICATION_CREDENTIALS": keyPath, "PLAY_API_URL": fake.baseURL])
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> IAPCatRun {
            try await IAPCat.run(arguments, in: directory, timeout: 300, environment: environment.merging(extra) { $1 })
        }

        func stop() async throws {
            try await fake.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test func planApplyPlanPullOnAnEmptyApp() async throws {
        let setup = try await Setup.start()

        let plan = try await setup.run(["play", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode"])
        #expect(plan.status == 2, "\(plan.stderr)")
        #expect(plan.stderr == "")
        #expect(
            plan.stdout.hasPrefix("+ create one-time product com.example.cosmicquest.coins.small: buy (buy) in DE 0.99, JP 160, US 0.99\n"))

        let refused = try await setup.run(["play", "apply", "--catalog", "catalog.yaml"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("iapcat: error: not a terminal: pass --yes to apply without confirmation\n"))
        #expect(setup.fake.writeLog.isEmpty)

        let apply = try await setup.run(["play", "apply", "--catalog", "catalog.yaml", "--yes"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[9/9] + activate offer free-week of base plan monthly"))
        #expect(apply.stdout.hasSuffix("Read back 3 products: Google Play holds every change.\nApplied 9 changes.\n"))

        let again = try await setup.run(["play", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode"])
        #expect(again.status == 0)
        #expect(again.stdout == "No changes: Google Play matches the catalog.\n")

        let pull = try await setup.run(["play", "pull", "--catalog", "catalog.yaml", "-o", "pulled.yaml"])
        #expect(pull.status == 0, "\(pull.stderr)")
        #expect(pull.stderr == "wrote pulled.yaml: 3 products sold on Google Play\n")
        let pulled = try String(contentsOfFile: setup.directory + "/pulled.yaml", encoding: .utf8)
        let lint = try await setup.run(["lint", "--catalog", "pulled.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(pulled.contains("film.making_of"))
        try await setup.stop()
    }

    @Test func aRegionLeftOutBecomesNoLongerAvailableOnlyWithConsent() async throws {
        let setup = try await Setup.start()
        await #expect(try setup.run(["play", "apply", "--catalog", "catalog.yaml", "--yes"]).status == 0)
        let path = setup.directory + "/catalog.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: #"regions: { US: "0.99", JP: "160", DE: "0.99" }"#, with: #"regions: { US: "0.99", JP: "160" }"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let plan = try await setup.run(["play", "plan", "--catalog", "catalog.yaml", "--format", "json"])
        #expect(plan.status == 0)
        #expect(plan.stdout.contains(#""impact" : "customers""#))
        let refused = try await setup.run(["play", "apply", "--catalog", "catalog.yaml", "--yes"])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.hasPrefix(
                "! update one-time product com.example.cosmicquest.coins.small: purchase option buy: DE available → no_longer_available\n"))
        #expect(refused.stderr.contains("1 step marked - or ! changes what customers pay or where products are sold; nothing was applied."))
        let writes = setup.fake.writeLog.count
        let applied = try await setup.run(["play", "apply", "--catalog", "catalog.yaml", "--yes", "--allow-impact"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(setup.fake.writeLog.count == writes + 1)
        let snapshot = String(decoding: setup.fake.snapshot(package: "com.example.cosmicquest"), as: UTF8.self)
        #expect(snapshot.contains(#""availability":"NO_LONGER_AVAILABLE""#))
        await #expect(try setup.run(["play", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode"]).status == 0)
        try await setup.stop()
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

    /// An error from Play quoting the access token iapcat sent (of no known shape here) and a
    /// Google access token: stderr says where, never what.
    @Test func anAccessTokenQuotedByPlayIsNeverPrinted() async throws {
        let setup = try await Setup.start()
        setup.fake.tokenPrefix = "opaque-access-token-"
        setup.fake.quoteTokenInErrors(next: 1)
        let pull = try await setup.run(["play", "pull", "--package-name", "com.example.cosmicquest"])
        #expect(pull.status == 1)
        #expect(
            pull.stderr
                == "iapcat: error: Google Play: GET oneTimeProducts: HTTP 401 UNAUTHENTICATED: invalid credentials: token [redacted] is not valid for this app; expected [redacted]\n"
        )
        #expect(!pull.stderr.contains("opaque-access-token") && !pull.stderr.contains("ya29"))
        try await setup.stop()
    }

    @Test func missingCredentialsAndAnUnknownAppAreClearErrors() async throws {
        let setup = try await Setup.start()
        let none = try await setup.run(["play", "plan", "--catalog", "catalog.yaml"], environment: ["GOOGLE_APPLICATION_CREDENTIALS": ""])
        #expect(none.status == 2)
        #expect(none.stderr == "iapcat: error: no service account: pass --service-account or set GOOGLE_APPLICATION_CREDENTIALS\n")
        let unknown = try await setup.run(["play", "pull", "--package-name", "com.example.other"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains(
                "iapcat: error: Google Play: GET oneTimeProducts: HTTP 404 NOT_FOUND: Package not found: com.example.other."))
        try await setup.stop()
    }

    /// A port above 65535 at an IP literal stopped the process (SIGILL) inside the HTTP client; the
    /// URL is refused before any connection, from the flag, the environment or the key file.
    @Test func aURLWithAPortOutOfRangeIsRefusedBeforeAnyConnection() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let variable = try await setup.run(
            ["play", "plan", "--catalog", "catalog.yaml"], environment: ["PLAY_API_URL": "http://127.0.0.1:65536"])
        #expect(variable.status == 2)
        #expect(
            variable.stderr
                == "iapcat: error: PLAY_API_URL 'http://127.0.0.1:65536' is refused: its port '65536' is not a number from 1 to 65535\n")

        let keyPath = setup.environment["GOOGLE_APPLICATION_CREDENTIALS"]!
        var key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keyPath))) as! [String: String]
        key["token_uri"] = "http://127.0.0.1:65536/token"
        try JSONSerialization.data(withJSONObject: key).write(to: URL(fileURLWithPath: keyPath))
        let keyFile = try await setup.run(["play", "plan", "--catalog", "catalog.yaml"])
        #expect(keyFile.status == 1)
        #expect(
            keyFile.stderr.hasSuffix(
                "token_uri 'http://127.0.0.1:65536/token' is refused: its port '65536' is not a number from 1 to 65535\n"),
            "\(keyFile.stderr)")
        #expect(setup.fake.requestLog.isEmpty)
    }
}
