import Crypto
import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat asc` as a user runs it: the built binary against the fake App Store Connect on loopback.
@Suite(.serialized) struct ASCCommandTests {
    struct Setup {
        let fake: FakeAppStoreConnect
        let directory: String
        let environment: [String: String]

        static func start() async throws -> Setup {
            let key = P256.Signing.PrivateKey()
            let fake = try await FakeAppStoreConnect.start(keys: [FakeAPIKey(keyID: "KEY1", issuerID: "ISSUER", publicKey: key.publicKey)])
            fake.addApp(id: "1234567890", bundleID: "com.example.cosmicquest")
            let directory = NSTemporaryDirectory() + "iapcat-asc-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/example.yaml", toPath: directory + "/catalog.yaml")
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/screenshots", toPath: directory + "/screenshots")
            let keyPath = directory + "/AuthKey_KEY1.p8"
            _ = FileManager.default.createFile(
                atPath: keyPath, contents: Data(key.pemRepresentation.utf8), attributes: [.posixPermissions: 0o600])
            return Setup(
                fake: fake, directory: directory,
                environment: [
                    "ASC_KEY_ID": "KEY1", "ASC_ISSUER_ID": "ISSUER", "ASC_PRIVATE_KEY_PATH": keyPath, "ASC_API_URL": fake.baseURL,
                ])
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> IAPCatRun {
            try IAPCat.run(arguments, in: directory, timeout: 120, environment: environment.merging(extra) { $1 })
        }

        func stop() async throws {
            try await fake.shutdown()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test func planApplyPlanPullOnAnEmptyApp() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let plan = try setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode"])
        #expect(plan.status == 2)
        #expect(plan.stdout.hasPrefix("+ create subscription group premium \"Cosmic Premium\"\n"))
        #expect(plan.stdout.contains("+ create in-app purchase com.example.cosmicquest.coins.small (CONSUMABLE) \"Coins (small pouch)\"\n"))
        #expect(plan.stderr == "")

        let refused = try setup.run(["asc", "apply", "--catalog", "catalog.yaml"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("iapcat: error: not a terminal: pass --yes to apply without confirmation\n"))
        #expect(setup.fake.state(app: "1234567890").inAppPurchases == 0)

        let apply = try setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes", "--verbose"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[1/"))
        #expect(apply.stdout.hasSuffix(" changes.\n"))
        #expect(apply.stderr.contains("POST /v2/inAppPurchases → 201 [rate limit "))
        #expect(!apply.stderr.contains("Bearer") && !apply.stdout.contains("eyJ"))

        let again = try setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode", "--format", "json"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("\"changes\" : [\n\n  ]") || again.stdout.contains("\"changes\" : []"))

        let pull = try setup.run(["asc", "pull", "--app", "1234567890", "-o", "pulled.yaml"])
        #expect(pull.status == 0, "\(pull.stderr)")
        let lint = try setup.run(["lint", "--catalog", "pulled.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    @Test func applyCarriesOutStepsThatReachCustomersOnlyWithAllowImpact() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(try setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        let path = setup.directory + "/catalog.yaml"
        let catalog = try String(contentsOfFile: path, encoding: .utf8)
        let raised = catalog.replacingOccurrences(
            of: #"storefronts: { USA: "0.99", JPN: "160", DEU: "0.99" }"#, with: #"storefronts: { USA: "1.99", JPN: "160", DEU: "0.99" }"#)
        #expect(raised != catalog)
        try raised.write(toFile: path, atomically: true, encoding: .utf8)

        let plan = try setup.run(["asc", "plan", "--catalog", "catalog.yaml"])
        #expect(
            plan.stdout.hasPrefix("! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"),
            "\(plan.stdout)")
        #expect(plan.stdout.contains("Plan: 1 change. 1 marked - or ! needs apply --allow-impact."))
        // The CI recipe's pull-request comment.
        let comment = try setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--format", "markdown", "--detailed-exitcode"])
        #expect(comment.status == 2)
        #expect(comment.stdout.hasPrefix("### iapcat asc plan\n"), "\(comment.stdout)")
        #expect(comment.stdout.contains("--allow-impact"))
        setup.fake.resetRequestLog()
        let refused = try setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasSuffix(
                "iapcat: error: 1 step marked - or ! changes what customers pay or where products are sold; nothing was applied. "
                    + "Review the plan and pass --allow-impact to apply it\n"), "\(refused.stderr)")
        #expect(setup.fake.requests.filter { $0.method != "GET" }.count == 0)

        let apply = try setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes", "--allow-impact"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[1/1] ! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"))
        #expect(
            apply.stdout.hasSuffix("Read back 1 resource: App Store Connect holds every change.\nApplied 1 change.\n"), "\(apply.stdout)")
        let again = try setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode"])
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test func credentialsAndRefusedTokensAreClearErrorsWithoutSecrets() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let noKey = try setup.run(["asc", "plan", "--catalog", "catalog.yaml"], environment: ["ASC_KEY_ID": ""])
        #expect(noKey.status == 2)
        #expect(noKey.stderr == "iapcat: error: no API key id: pass --key-id or set ASC_KEY_ID\n")

        let wrongKey = try setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--key-id", "UNKNOWN"])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stderr.hasPrefix("iapcat: error: App Store Connect: GET /v1/territories answered HTTP 401 NOT_AUTHORIZED"))
        #expect(!wrongKey.stderr.contains("eyJ"))

        let keyPath = setup.environment["ASC_PRIVATE_KEY_PATH"]!
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyPath)
        let readable = try setup.run(["asc", "plan", "--catalog", "catalog.yaml"])
        #expect(readable.status == 0)
        #expect(readable.stderr.contains("the API key is readable by other users (mode 644); chmod 600 it"))
        let key = try String(contentsOfFile: keyPath, encoding: .utf8)
        let body = key.split(separator: "\n").dropFirst().first.map(String.init) ?? "-"
        #expect(!readable.stderr.contains(body) && !readable.stdout.contains(body))
    }

    /// A port above 65535 at an IP literal stopped the process (SIGILL) inside the HTTP client; the
    /// URL is refused before any connection, wherever it came from.
    @Test func anAPIURLWithAPortOutOfRangeIsAUsageError() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let flag = try setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--api-url", "http://127.0.0.1:65536"])
        #expect(flag.status == 2)
        #expect(
            flag.stderr
                == "iapcat: error: --api-url 'http://127.0.0.1:65536' is refused: its port '65536' is not a number from 1 to 65535\n")
        let variable = try setup.run(["asc", "plan", "--catalog", "catalog.yaml"], environment: ["ASC_API_URL": "https://127.0.0.1:0/v1"])
        #expect(variable.status == 2)
        #expect(
            variable.stderr
                == "iapcat: error: ASC_API_URL 'https://127.0.0.1:0/v1' is refused: its port '0' is not a number from 1 to 65535\n")
        #expect(setup.fake.requests.isEmpty)
    }
}
