import FakeGooglePlay
import Foundation
import IAPCatTestSupport
import Testing
import _CryptoExtras

/// `iapcat play`, run in process (``CLI``) against the fake Play Developer API on loopback, with the
/// scratch folder's absolute paths. A plan saved and applied, which names its catalog relative to
/// the working directory, is in PlayProcessTests.
@Suite(.serialized) struct PlayCommandTests {
    static let email = "iapcat@example-project.iam.gserviceaccount.com"
    static let privateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    struct Setup {
        let fake: FakeGooglePlay
        let folder: StoreCommandFolder
        let environment: [String: String]
        var directory: String { folder.path }
        var catalog: String { folder.catalog }

        static func start() async throws -> Setup {
            let fake = try await FakeGooglePlay.start(accounts: [PlayCommandTests.email: PlayCommandTests.privateKey.publicKey])
            fake.addApp(packageName: "com.example.cosmicquest")
            let folder = try StoreCommandFolder("play", with: ["screenshots", "example"])
            let environment = try folder.playEnvironment(
                email: PlayCommandTests.email, privateKeyPEM: PlayCommandTests.privateKey.pkcs8PEMRepresentation, tokenURL: fake.tokenURL,
                apiURL: fake.baseURL)
            return Setup(fake: fake, folder: folder, environment: environment)
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) async -> IAPCatRun {
            await CLI.run(arguments, environment: environment.merging(extra) { $1 })
        }

        func stop() async throws {
            try await fake.stop()
            folder.remove()
        }
    }

    @Test func planApplyPlanPullOnAnEmptyApp() async throws {
        let setup = try await Setup.start()

        let plan = await setup.run(["play", "plan", "--catalog", setup.catalog, "--detailed-exitcode"])
        #expect(plan.status == 2, "\(plan.stderr)")
        #expect(plan.stderr == "")
        #expect(
            plan.stdout.hasPrefix(
                "+ create one-time product com.example.cosmicquest.coins.small: buy (buy) in DE 0.99 EUR, JP 160 JPY, US 0.99 USD\n"))

        let refused = await setup.run(["play", "apply", "--catalog", setup.catalog])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("iapcat: error: not a terminal: pass --yes to apply without confirmation\n"))
        #expect(setup.fake.writeLog.isEmpty)

        let apply = await setup.run(["play", "apply", "--catalog", setup.catalog, "--yes"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[9/9] + activate offer free-week of base plan monthly"))
        #expect(apply.stdout.hasSuffix("Read back 3 products: Google Play holds every change.\nApplied 9 changes.\n"))

        let again = await setup.run(["play", "plan", "--catalog", setup.catalog, "--detailed-exitcode"])
        #expect(again.status == 0)
        #expect(again.stdout == "No changes: Google Play matches the catalog.\n")

        let pull = await setup.run(["play", "pull", "--catalog", setup.catalog, "-o", setup.directory + "/pulled.yaml"])
        #expect(pull.status == 0, "\(pull.stderr)")
        #expect(pull.stderr == "wrote \(setup.directory)/pulled.yaml: no value differs on Google Play\n")
        let pulled = try String(contentsOfFile: setup.directory + "/pulled.yaml", encoding: .utf8)
        // The catalog applied and pulled back: the same bytes, every comment and anchor kept.
        #expect(pulled == (try String(contentsOfFile: setup.catalog, encoding: .utf8)))
        let lint = await setup.run(["lint", "--catalog", setup.directory + "/pulled.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(pulled.contains("film.making_of"))
        try await setup.stop()
    }

    @Test func aRegionLeftOutBecomesNoLongerAvailableOnlyWithConsent() async throws {
        let setup = try await Setup.start()
        #expect(await setup.run(["play", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        let path = setup.directory + "/catalog.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: #"regions: { US: "0.99", JP: "160", DE: "0.99" }"#, with: #"regions: { US: "0.99", JP: "160" }"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let plan = await setup.run(["play", "plan", "--catalog", setup.catalog, "--format", "json"])
        #expect(plan.status == 0)
        #expect(plan.stdout.contains(#""impact" : "customers""#))
        let refused = await setup.run(["play", "apply", "--catalog", setup.catalog, "--yes"])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.hasPrefix(
                "! update one-time product com.example.cosmicquest.coins.small: purchase option buy: DE available → no_longer_available\n"))
        #expect(refused.stderr.contains("1 step marked - or ! changes what customers pay or where products are sold; nothing was applied."))
        let writes = setup.fake.writeLog.count
        let applied = await setup.run(["play", "apply", "--catalog", setup.catalog, "--yes", "--allow-impact"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(setup.fake.writeLog.count == writes + 1)
        let snapshot = String(decoding: setup.fake.snapshot(package: "com.example.cosmicquest"), as: UTF8.self)
        #expect(snapshot.contains(#""availability":"NO_LONGER_AVAILABLE""#))
        #expect(await setup.run(["play", "plan", "--catalog", setup.catalog, "--detailed-exitcode"]).status == 0)
        try await setup.stop()
    }

    /// Plan lines and a saved plan's refusal speak money: a region, decimal amounts and their
    /// currency, never Play's `units` and `nanos` or a JSON pointer.
    @Test func aSavedPlanRefusedForDriftNamesTheRegionAndTheAmountsWithTheirCurrency() async throws {
        let setup = try await Setup.start()
        #expect(await setup.run(["play", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        let text = try String(contentsOfFile: setup.catalog, encoding: .utf8)
        func priced(_ us: String) -> String {
            text.replacingOccurrences(
                of: #"regions: { US: "0.99", JP: "160", DE: "0.99" }"#, with: #"regions: { US: "\#(us)", JP: "160", DE: "0.99" }"#)
        }
        try priced("1.49").write(toFile: setup.catalog, atomically: true, encoding: .utf8)
        let file = setup.directory + "/plan.json"
        let plan = await setup.run(["play", "plan", "--catalog", setup.catalog, "-o", file])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(
            plan.stdout.hasPrefix(
                "! update one-time product com.example.cosmicquest.coins.small: purchase option buy: US 0.99 USD → 1.49 USD\n"),
            "\(plan.stdout)")

        // Someone else sets another price on Play: the plan's row moved.
        let other = setup.directory + "/other.yaml"
        try priced("1.29").write(toFile: other, atomically: true, encoding: .utf8)
        #expect(await setup.run(["play", "apply", "--catalog", other, "--yes", "--allow-impact"]).status == 0)
        let moved = await setup.run(["play", "apply", file, "--catalog", setup.catalog, "--yes", "--allow-impact"])
        #expect(moved.status == 1)
        #expect(moved.stderr.hasPrefix("iapcat: error: Google Play changed since the plan was made ("), "\(moved.stderr)")
        #expect(
            moved.stderr.hasSuffix(
                "; nothing was applied. Plan again and review it:\n"
                    + "  product com.example.cosmicquest.coins.small:\n"
                    + "    purchase option buy: US 0.99 USD → 1.29 USD\n"), "\(moved.stderr)")
        try await setup.stop()
    }

    /// A plan file giving `"app"` twice (jq, Python and JavaScript read the second, iapcat's reader kept the first) is
    /// refused by `play apply FILE` and `play show FILE`, at the second place, naming the member and where it was first
    /// given; nothing is sent, no token is asked for.
    @Test func aSavedPlanGivingAMemberTwiceIsRefusedAndNothingIsSent() async throws {
        let setup = try await Setup.start()
        let file = setup.directory + "/plan.json"
        let plan = await setup.run(["play", "plan", "--catalog", setup.catalog, "-o", file])
        #expect(plan.status == 0, "\(plan.stderr)")
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix(#"  "app": "#) })
        lines.insert(#"  "app": "com.example.other","#, at: first + 1)
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)

        let (requests, tokens) = (setup.fake.requestLog.count, setup.fake.tokenRequests.count)
        let refusal =
            "iapcat: error: \(file):\(first + 2):3: not a plan file: \"app\" appears more than once (first at line \(first + 1), column 3)\n"
        for arguments in [["play", "apply", file, "--catalog", setup.catalog, "--yes", "--allow-impact"], ["play", "show", file]] {
            let run = await setup.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == refusal, "\(arguments)")
            #expect(run.stdout == "", "\(arguments)")
        }
        #expect(setup.fake.requestLog.count == requests)
        #expect(setup.fake.tokenRequests.count == tokens)
        try await setup.stop()
    }

    /// An error from Play quoting the access token iapcat sent (of no known shape here) and a
    /// Google access token: stderr says where, never what.
    @Test func anAccessTokenQuotedByPlayIsNeverPrinted() async throws {
        let setup = try await Setup.start()
        setup.fake.tokenPrefix = "opaque-access-token-"
        setup.fake.quoteTokenInErrors(next: 1)
        let pull = await setup.run(["play", "pull", "--package-name", "com.example.cosmicquest"])
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
        let none = await setup.run(["play", "plan", "--catalog", setup.catalog], environment: ["GOOGLE_APPLICATION_CREDENTIALS": ""])
        #expect(none.status == 2)
        #expect(none.stderr == "iapcat: error: no service account: pass --service-account or set GOOGLE_APPLICATION_CREDENTIALS\n")
        let unknown = await setup.run(["play", "pull", "--package-name", "com.example.other"])
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

        let variable = await setup.run(
            ["play", "plan", "--catalog", setup.catalog], environment: ["PLAY_API_URL": "http://127.0.0.1:65536"])
        #expect(variable.status == 2)
        #expect(
            variable.stderr
                == "iapcat: error: PLAY_API_URL 'http://127.0.0.1:65536' is refused: its port '65536' is not a number from 1 to 65535\n")

        let keyPath = setup.environment["GOOGLE_APPLICATION_CREDENTIALS"]!
        var key = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keyPath))) as! [String: String]
        key["token_uri"] = "http://127.0.0.1:65536/token"
        try JSONSerialization.data(withJSONObject: key).write(to: URL(fileURLWithPath: keyPath))
        let keyFile = await setup.run(["play", "plan", "--catalog", setup.catalog])
        #expect(keyFile.status == 1)
        #expect(
            keyFile.stderr.hasSuffix(
                "token_uri 'http://127.0.0.1:65536/token' is refused: its port '65536' is not a number from 1 to 65535\n"),
            "\(keyFile.stderr)")
        #expect(setup.fake.requestLog.isEmpty)
    }
}
