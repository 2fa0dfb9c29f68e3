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

        func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> IAPCatRun {
            try await IAPCat.run(arguments, in: directory, timeout: 300, environment: environment.merging(extra) { $1 })
        }

        /// The catalog's edit most tests plan: the small coins' U.S. price from 0.99 to 1.99; the
        /// catalog's text after it.
        @discardableResult func raiseTheSmallCoinsPrice() throws -> String {
            let path = directory + "/catalog.yaml"
            let catalog = try String(contentsOfFile: path, encoding: .utf8)
            let raised = catalog.replacingOccurrences(
                of: #"storefronts: { USA: "0.99", JPN: "160", DEU: "0.99" }"#,
                with: #"storefronts: { USA: "1.99", JPN: "160", DEU: "0.99" }"#)
            #expect(raised != catalog)
            try raised.write(toFile: path, atomically: true, encoding: .utf8)
            return raised
        }

        func stop() async throws {
            try await fake.shutdown()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test func planApplyPlanPullOnAnEmptyApp() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let plan = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode"])
        #expect(plan.status == 2)
        #expect(plan.stdout.hasPrefix("+ create subscription group premium \"Cosmic Premium\"\n"))
        #expect(plan.stdout.contains("+ create in-app purchase com.example.cosmicquest.coins.small (CONSUMABLE) \"Coins (small pouch)\"\n"))
        #expect(plan.stderr == "")

        let refused = try await setup.run(["asc", "apply", "--catalog", "catalog.yaml"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("iapcat: error: not a terminal: pass --yes to apply without confirmation\n"))
        #expect(setup.fake.state(app: "1234567890").inAppPurchases == 0)

        let apply = try await setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes", "--verbose"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[1/"))
        #expect(apply.stdout.hasSuffix(" changes.\n"))
        #expect(apply.stderr.contains("POST /v2/inAppPurchases → 201 [rate limit "))
        #expect(!apply.stderr.contains("Bearer") && !apply.stdout.contains("eyJ"))

        let again = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode", "--format", "json"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("\"changes\" : [\n\n  ]") || again.stdout.contains("\"changes\" : []"))

        let pull = try await setup.run(["asc", "pull", "--app", "1234567890", "-o", "pulled.yaml"])
        #expect(pull.status == 0, "\(pull.stderr)")
        let lint = try await setup.run(["lint", "--catalog", "pulled.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    @Test func applyCarriesOutStepsThatReachCustomersOnlyWithAllowImpact() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        await #expect(try setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        try setup.raiseTheSmallCoinsPrice()

        let plan = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml"])
        #expect(
            plan.stdout.hasPrefix("! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"),
            "\(plan.stdout)")
        #expect(plan.stdout.contains("Plan: 1 change. 1 marked - or ! needs apply --allow-impact."))
        // The CI recipe's pull-request comment.
        let comment = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--format", "markdown", "--detailed-exitcode"])
        #expect(comment.status == 2)
        #expect(comment.stdout.hasPrefix("### iapcat asc plan\n"), "\(comment.stdout)")
        #expect(comment.stdout.contains("--allow-impact"))
        setup.fake.resetRequestLog()
        let refused = try await setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasSuffix(
                "iapcat: error: 1 step marked - or ! changes what customers pay or where products are sold; nothing was applied. "
                    + "Review the plan and pass --allow-impact to apply it\n"), "\(refused.stderr)")
        #expect(setup.fake.requests.filter { $0.method != "GET" }.count == 0)

        let apply = try await setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes", "--allow-impact"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[1/1] ! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"))
        #expect(
            apply.stdout.hasSuffix("Read back 1 resource: App Store Connect holds every change.\nApplied 1 change.\n"), "\(apply.stdout)")
        let again = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--detailed-exitcode"])
        #expect(again.status == 0, "\(again.stdout)")
    }

    /// `--changed-since` and `--product`: only what changed is read and planned; the same edit
    /// as the full plan shows, in far fewer requests.
    @Test func aPlanScopedToAChangeReadsAndPlansOnlyThatProduct() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        await #expect(try setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes"]).status == 0)
        let git = { (arguments: [String]) async throws -> IAPCatRun in
            try await ChildProcess.run(
                "/usr/bin/env", ["git"] + arguments, in: setup.directory,
                environment: ProcessInfo.processInfo.environment.merging([
                    "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                    "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
                ]) { $1 })
        }
        for arguments in [["init", "-q", "-b", "main"], ["add", "catalog.yaml"], ["commit", "-q", "-m", "catalog"]] {
            await #expect(try git(arguments).status == 0)
        }
        try setup.raiseTheSmallCoinsPrice()

        setup.fake.resetRequestLog()
        let full = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml"])
        let fullRequests = setup.fake.requests.count
        setup.fake.resetRequestLog()
        let scoped = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--changed-since", "main"])
        let scopedRequests = setup.fake.requests.count
        #expect(scoped.status == 0, "\(scoped.stderr)")
        // The same steps; the notes of products outside the scope are not read, so not shown.
        let steps = { (text: String) in
            text.split(separator: "\n").filter { !$0.hasPrefix("not done:") && !$0.hasPrefix("Apply sends") && !$0.hasPrefix("Plan:") }
        }
        #expect(
            steps(scoped.stdout)
                == steps(full.stdout).filter { !$0.contains("level.nebula") && !$0.contains("premium") && !$0.contains("season_pass") })
        #expect(scoped.stdout.hasPrefix("~ set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"))
        #expect(scoped.stdout.contains("\nPlan: 1 change. "))
        #expect(
            scoped.stderr
                == "iapcat: plan of 1 product changed since main (com.example.cosmicquest.coins.small); the rest of the catalog is not read\n"
        )
        #expect(scopedRequests < fullRequests / 2, "scoped \(scopedRequests), full \(fullRequests)")
        #expect(
            setup.fake.requests.contains { $0.query.contains("productId%5D=com.example.cosmicquest.coins.small") },
            "\(setup.fake.requests.map(\.query))")

        // Another product alone: nothing to do for it.
        let other = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--product", "com.example.cosmicquest.level.nebula"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout.contains("No changes: App Store Connect matches the catalog."), "\(other.stdout)")
        #expect(
            other.stderr == "iapcat: plan of 1 product (com.example.cosmicquest.level.nebula); the rest of the catalog is not read\n")

        let typo = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--product", "com.example.cosmicquest.coins.smal"])
        #expect(typo.status == 2)
        #expect(
            typo.stderr == "iapcat: error: --product 'com.example.cosmicquest.coins.smal' is not a product of catalog.yaml "
                + "(did you mean 'com.example.cosmicquest.coins.small'?)\n")
        // The CI recipe's commands (docs/app-store-connect.md, "In CI"): a scoped plan saved and
        // commented on the pull request, then that file applied.
        let comment = try await setup.run([
            "asc", "plan", "--catalog", "catalog.yaml", "--changed-since", "main", "-o", "plan.json", "--format", "markdown",
            "--detailed-exitcode",
        ])
        #expect(comment.status == 2, "\(comment.stderr)")
        await #expect(try setup.run(["asc", "show", "plan.json", "--format", "markdown"]).stdout == comment.stdout)
        let saved = try String(contentsOfFile: setup.directory + "/plan.json", encoding: .utf8)
        #expect(saved.contains("\"scope\": {\n    \"products\": [\n      \"com.example.cosmicquest.coins.small\"\n    ],"), "\(saved)")
        let applied = try await setup.run(["asc", "apply", "plan.json", "--yes"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.hasSuffix("Applied 1 change.\n"))

        let unknown = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--changed-since", "no-such-branch"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "iapcat: error: --changed-since no-such-branch: git names no commit so (or git is missing)\n")
    }

    /// `plan -o`, `show`, `apply PLAN`: what was reviewed is what is applied, after re-reading
    /// only what its steps depend on; a store or catalog that moved since refuses it.
    @Test func aSavedPlanIsAppliedExactlyOrRefusedNamingWhatMoved() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        await #expect(try setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        let path = setup.directory + "/catalog.yaml"
        let raised = try setup.raiseTheSmallCoinsPrice()

        let plan = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "-o", "plan.json"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr == "wrote plan.json: the plan, for `iapcat asc apply plan.json`\n")
        let file = try String(contentsOfFile: setup.directory + "/plan.json", encoding: .utf8)
        #expect(file.hasPrefix("{\n  \"format\": \"iapcat-plan\",\n  \"format_version\": 1,\n"))
        #expect(!file.contains("BEGIN PRIVATE KEY") && !file.contains("eyJ") && !file.contains("KEY1"))
        await #expect(try setup.run(["asc", "show", "plan.json"]).stdout == plan.stdout)
        let markdown = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--format", "markdown"]).stdout
        await #expect(try setup.run(["asc", "show", "plan.json", "--format", "markdown"]).stdout == markdown)

        // The store moves behind the plan's back: refused, naming the row and how.
        setup.fake.setProductState(app: "1234567890", productID: "com.example.cosmicquest.coins.small", state: "REMOVED_FROM_SALE")
        let moved = try await setup.run(["asc", "apply", "plan.json", "--yes", "--allow-impact"])
        #expect(moved.status == 1)
        #expect(moved.stderr.hasPrefix("iapcat: error: App Store Connect changed since the plan was made ("), "\(moved.stderr)")
        #expect(
            moved.stderr.contains("\n  product com.example.cosmicquest.coins.small:\n    /state: \"APPROVED\" → \"REMOVED_FROM_SALE\"\n"))
        setup.fake.setProductState(app: "1234567890", productID: "com.example.cosmicquest.coins.small", state: "APPROVED")

        // The catalog moves: refused before anything is read.
        try (raised + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        setup.fake.resetRequestLog()
        let edited = try await setup.run(["asc", "apply", "plan.json", "--yes", "--allow-impact"])
        #expect(edited.status == 1)
        #expect(edited.stderr.hasPrefix("iapcat: error: catalog.yaml changed since the plan was made ("), "\(edited.stderr)")
        #expect(edited.stderr.hasSuffix("then; nothing was applied. Plan again and review it\n"))
        #expect(setup.fake.requests.isEmpty)
        try raised.write(toFile: path, atomically: true, encoding: .utf8)

        // Unchanged: applied, reading again only the product the step works on.
        setup.fake.resetRequestLog()
        let apply = try await setup.run(["asc", "apply", "plan.json", "--yes", "--allow-impact"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[1/1] ! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"))
        let lists = setup.fake.requests.filter { $0.path.hasSuffix("/inAppPurchasesV2") }
        #expect(!lists.isEmpty && lists.allSatisfy { $0.query.contains("productId%5D=com.example.cosmicquest.coins.small") })
        let again = try await setup.run(["asc", "apply", "plan.json", "--yes", "--allow-impact"])
        #expect(again.status == 1, "a plan applied once is stale: \(again.stdout)")
        await #expect(
            try setup.run(["play", "show", "plan.json"]).stderr
                == "iapcat: error: plan.json is a plan for `iapcat asc apply`, not `iapcat play`; nothing was done\n")
        // A plan file is read, never trusted to point elsewhere.
        let outside = file.replacingOccurrences(of: #""path": "catalog.yaml""#, with: #""path": "../catalog.yaml""#)
        #expect(outside != file)
        try outside.write(toFile: setup.directory + "/outside.json", atomically: true, encoding: .utf8)
        let refused = try await setup.run(["asc", "apply", "outside.json", "--yes"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "iapcat: error: outside.json names its catalog '../catalog.yaml', outside this folder: pass --catalog to say which catalog\n"
        )
        let otherApp = file.replacingOccurrences(of: #""app": "1234567890""#, with: #""app": "999""#)
        #expect(otherApp != file)
        try otherApp.write(toFile: setup.directory + "/other-app.json", atomically: true, encoding: .utf8)
        let wrongApp = try await setup.run(["asc", "apply", "other-app.json", "--yes"])
        #expect(wrongApp.status == 1)
        #expect(
            wrongApp.stderr == "iapcat: error: other-app.json is a plan for app 999, the catalog names 1234567890; nothing was applied\n",
            "\(wrongApp.stderr)")
    }

    @Test func credentialsAndRefusedTokensAreClearErrorsWithoutSecrets() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let noKey = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml"], environment: ["ASC_KEY_ID": ""])
        #expect(noKey.status == 2)
        #expect(noKey.stderr == "iapcat: error: no API key id: pass --key-id or set ASC_KEY_ID\n")

        let wrongKey = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--key-id", "UNKNOWN"])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stderr.hasPrefix("iapcat: error: App Store Connect: GET /v1/territories answered HTTP 401 NOT_AUTHORIZED"))
        #expect(!wrongKey.stderr.contains("eyJ"))

        let keyPath = setup.environment["ASC_PRIVATE_KEY_PATH"]!
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyPath)
        let readable = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml"])
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

        let flag = try await setup.run(["asc", "plan", "--catalog", "catalog.yaml", "--api-url", "http://127.0.0.1:65536"])
        #expect(flag.status == 2)
        #expect(
            flag.stderr
                == "iapcat: error: --api-url 'http://127.0.0.1:65536' is refused: its port '65536' is not a number from 1 to 65535\n")
        let variable = try await setup.run(
            ["asc", "plan", "--catalog", "catalog.yaml"], environment: ["ASC_API_URL": "https://127.0.0.1:0/v1"])
        #expect(variable.status == 2)
        #expect(
            variable.stderr
                == "iapcat: error: ASC_API_URL 'https://127.0.0.1:0/v1' is refused: its port '0' is not a number from 1 to 65535\n")
        #expect(setup.fake.requests.isEmpty)
    }
}
