import Crypto
import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import Testing

/// What only the `iapcat asc` process shows, against the fake App Store Connect on loopback: a saved
/// plan names its catalog relative to the working directory it was made in, and `apply PLAN` reads
/// it only inside the folder it runs in; `--changed-since` asks git, another program, what changed.
/// The rest of asc's tests run in process (IAPCatCLITests' ASCCommandTests).
@Suite(.serialized) struct ASCProcessTests {
    /// The binary's runs in a ``StoreCommandFolder``, with the fake's key.
    struct Setup {
        let fake: FakeAppStoreConnect
        let folder: StoreCommandFolder
        let environment: [String: String]
        var directory: String { folder.path }

        static func start() async throws -> Setup {
            let key = P256.Signing.PrivateKey()
            let fake = try await FakeAppStoreConnect.start(keys: [FakeAPIKey(keyID: "KEY1", issuerID: "ISSUER", publicKey: key.publicKey)])
            fake.addApp(id: "1234567890", bundleID: "com.example.cosmicquest")
            let folder = try StoreCommandFolder("asc", with: ["screenshots"])
            return Setup(
                fake: fake, folder: folder, environment: folder.ascEnvironment(keyPEM: key.pemRepresentation, apiURL: fake.baseURL))
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> IAPCatRun {
            try await IAPCat.run(arguments, in: directory, timeout: 300, environment: environment.merging(extra) { $1 })
        }

        /// The catalog's edit most tests plan (``StoreCommandFolder/raiseTheSmallCoinsPrice()``).
        @discardableResult func raiseTheSmallCoinsPrice() throws -> String { try folder.raiseTheSmallCoinsPrice() }

        func stop() async throws {
            try await fake.shutdown()
            folder.remove()
        }
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
        #expect(
            applied.stdout.hasSuffix(
                "Applied 1 change.\nWhere each product stands in App Store Connect:\n  com.example.cosmicquest.coins.small: ready to submit: "
                    + "`iapcat asc submit` sends it to App Review\n"), "\(applied.stdout)")

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
}
