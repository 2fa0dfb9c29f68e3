import Crypto
import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat asc`, run in process (``CLI``) against the fake App Store Connect on loopback, with the
/// scratch folder's absolute paths. A plan saved and applied, which names its catalog relative to
/// the working directory, and a plan scoped by git are in ASCProcessTests.
@Suite(.serialized) struct ASCCommandTests {
    struct Setup {
        let fake: FakeAppStoreConnect
        let folder: StoreCommandFolder
        let environment: [String: String]
        var directory: String { folder.path }
        var catalog: String { folder.catalog }

        static func start() async throws -> Setup {
            let key = P256.Signing.PrivateKey()
            let fake = try await FakeAppStoreConnect.start(keys: [FakeAPIKey(keyID: "KEY1", issuerID: "ISSUER", publicKey: key.publicKey)])
            fake.addApp(id: "1234567890", bundleID: "com.example.cosmicquest")
            let folder = try StoreCommandFolder("asc", with: ["screenshots"])
            return Setup(
                fake: fake, folder: folder, environment: folder.ascEnvironment(keyPEM: key.pemRepresentation, apiURL: fake.baseURL))
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) async -> IAPCatRun {
            await CLI.run(arguments, environment: environment.merging(extra) { $1 })
        }

        /// The catalog's edit most tests plan (``StoreCommandFolder/raiseTheSmallCoinsPrice()``).
        @discardableResult func raiseTheSmallCoinsPrice() throws -> String { try folder.raiseTheSmallCoinsPrice() }

        func stop() async throws {
            try await fake.shutdown()
            folder.remove()
        }
    }

    @Test func planApplyPlanPullOnAnEmptyApp() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--detailed-exitcode"])
        #expect(plan.status == 2)
        #expect(plan.stdout.hasPrefix("+ create subscription group premium \"Cosmic Premium\"\n"))
        #expect(plan.stdout.contains("+ create in-app purchase com.example.cosmicquest.coins.small (CONSUMABLE) \"Coins (small pouch)\"\n"))
        #expect(plan.stderr == "")

        let refused = await setup.run(["asc", "apply", "--catalog", setup.catalog])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("iapcat: error: not a terminal: pass --yes to apply without confirmation\n"))
        #expect(setup.fake.state(app: "1234567890").inAppPurchases == 0)

        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes", "--verbose"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[1/"))
        // It ends saying where each product it touched stands: all new, all complete, none sent to App Review.
        let ready = ["coins.small", "level.nebula", "premium.monthly", "premium.yearly", "season_pass.2026"].map {
            "  com.example.cosmicquest.\($0): ready to submit: `iapcat asc submit` sends it to App Review\n"
        }
        #expect(
            apply.stdout.hasSuffix(
                "Read back 6 resources: App Store Connect holds every change.\nApplied 46 changes.\n"
                    + "Where each product stands in App Store Connect:\n" + ready.joined()), "\(apply.stdout)")
        #expect(apply.stderr.contains("POST /v2/inAppPurchases → 201 [rate limit "))
        #expect(!apply.stderr.contains("Bearer") && !apply.stdout.contains("eyJ"))

        let again = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--detailed-exitcode", "--format", "json"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("\"changes\" : [\n\n  ]") || again.stdout.contains("\"changes\" : []"))

        let pull = await setup.run(["asc", "pull", "--app", "1234567890", "-o", setup.directory + "/pulled.yaml"])
        #expect(pull.status == 0, "\(pull.stderr)")
        let lint = await setup.run(["lint", "--catalog", setup.directory + "/pulled.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    @Test func applyCarriesOutStepsThatReachCustomersOnlyWithAllowImpact() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        try setup.raiseTheSmallCoinsPrice()

        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog])
        #expect(
            plan.stdout.hasPrefix("! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"),
            "\(plan.stdout)")
        #expect(plan.stdout.contains("Plan: 1 change. 1 marked - or ! needs apply --allow-impact."))
        // The CI recipe's pull-request comment.
        let comment = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--format", "markdown", "--detailed-exitcode"])
        #expect(comment.status == 2)
        #expect(comment.stdout.hasPrefix("### iapcat asc plan\n"), "\(comment.stdout)")
        #expect(comment.stdout.contains("--allow-impact"))
        setup.fake.resetRequestLog()
        let refused = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasSuffix(
                "iapcat: error: 1 step marked - or ! changes what customers pay or where products are sold; nothing was applied. "
                    + "Review the plan and pass --allow-impact to apply it\n"), "\(refused.stderr)")
        #expect(setup.fake.requests.filter { $0.method != "GET" }.count == 0)

        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes", "--allow-impact"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.contains("[1/1] ! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"))
        #expect(
            apply.stdout.hasSuffix(
                "Read back 1 resource: App Store Connect holds every change.\nApplied 1 change.\n"
                    + "Where each product stands in App Store Connect:\n  com.example.cosmicquest.coins.small: on sale\n"),
            "\(apply.stdout)")
        let again = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--detailed-exitcode"])
        #expect(again.status == 0, "\(again.stdout)")
    }

    /// Writes `price` as the small coins' U.S. price (0.99 in the example).
    static func setTheSmallCoinsPrice(_ price: String, in catalog: String) throws {
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #"storefronts: { USA: "0.99", JPN: "160", DEU: "0.99" }"#,
            with: #"storefronts: { USA: "\#(price)", JPN: "160", DEU: "0.99" }"#)
        #expect(edited != text)
        try edited.write(toFile: catalog, atomically: true, encoding: .utf8)
    }

    /// A price App Store Connect has no price point of is a plan error naming the nearest points
    /// and where the catalog writes it; apply refuses the plan and changes nothing. The points are
    /// read once, one list for the territory, from the product itself.
    @Test func aPriceThatIsNotAPricePointIsAPlanErrorAndNothingIsApplied() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        try Self.setTheSmallCoinsPrice("1.25", in: setup.catalog)

        setup.fake.resetRequestLog()
        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog])
        #expect(plan.status == 1)
        #expect(plan.stdout.hasPrefix("~ set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.25\n"))
        #expect(
            plan.stdout.contains(
                "\nerror: com.example.cosmicquest.coins.small price USA 1.25 is not a price point of App Store Connect's in-app purchases "
                    + "in USA (\(setup.catalog):40:22); the nearest are 1.19 below and 1.29 above\nPlan: 1 change. "), "\(plan.stdout)")
        #expect(plan.stdout.components(separatedBy: "error:").count == 2)
        #expect(plan.stderr == "iapcat: error: the plan has 1 error; apply would refuse it\n")
        let pointLists = setup.fake.requests.filter { $0.path.hasSuffix("/pricePoints") }
        #expect(pointLists.count == 1)
        #expect(pointLists.first?.query.removingPercentEncoding?.contains("filter[territory]=USA&") ?? false, "\(pointLists)")

        setup.fake.resetRequestLog()
        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes", "--allow-impact"])
        #expect(apply.status == 1)
        #expect(apply.stderr == "iapcat: error: the plan has 1 error; nothing was applied\n")
        #expect(setup.fake.requests.filter { $0.method != "GET" }.isEmpty)
    }

    /// `plan --readiness` says where each product stands now, from App Store Connect's states, in
    /// text and JSON; `apply --format json` ends with the same verdicts, standard output holding
    /// the document alone.
    @Test func theReadinessOfEachProductFollowsThePlanAndEndsApply() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        setup.fake.setProductState(app: "1234567890", productID: "com.example.cosmicquest.level.nebula", state: "REJECTED")
        setup.fake.setProductState(app: "1234567890", productID: "com.example.cosmicquest.premium.monthly", state: "IN_REVIEW")
        setup.fake.setProductState(app: "1234567890", productID: "com.example.cosmicquest.premium.yearly", state: "PENDING_BINARY_APPROVAL")
        setup.fake.setProductState(
            app: "1234567890", productID: "com.example.cosmicquest.season_pass.2026", state: "DEVELOPER_ACTION_NEEDED")

        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--readiness"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(
            plan.stdout.hasSuffix(
                """

                Where each product stands in App Store Connect:
                  com.example.cosmicquest.coins.small: on sale
                  com.example.cosmicquest.level.nebula: rejected: change what App Review's message in App Store Connect asks, then send it again
                  com.example.cosmicquest.premium.monthly: in review
                  com.example.cosmicquest.premium.yearly: waiting for app: it goes on sale when App Review approves the app version submitted with it
                  com.example.cosmicquest.season_pass.2026: action needed: see App Review's message in App Store Connect
                  com.example.cosmicquest.coins.huge: absent: not in App Store Connect

                """), "\(plan.stdout)")
        let json = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--readiness", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let readiness = try #require(document?["readiness"] as? [[String: Any]])
        #expect(
            readiness.map { $0["standing"] as? String } == [
                "on-sale", "rejected", "in-review", "waiting-for-app", "action-needed", "absent",
            ])
        #expect(
            readiness.map { $0["store_state"] as? String } == [
                "APPROVED", "REJECTED", "IN_REVIEW", "PENDING_BINARY_APPROVAL", "DEVELOPER_ACTION_NEEDED", nil,
            ])
        #expect(readiness.first?.keys.sorted() == ["product", "reasons", "standing", "store_state"])
        // Without the flag, the plan's JSON has no such key.
        let plain = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--format", "json"])
        #expect(!plain.stdout.contains("readiness"))

        try setup.raiseTheSmallCoinsPrice()
        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes", "--allow-impact", "--format", "json"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(
            apply.stdout == """
                {
                  "applied" : 1,
                  "read_back" : "1 resource",
                  "store" : "App Store Connect",
                  "verdicts" : [
                    {
                      "product" : "com.example.cosmicquest.coins.small",
                      "reasons" : [

                      ],
                      "standing" : "on-sale",
                      "store_state" : "APPROVED"
                    }
                  ]
                }

                """, "\(apply.stdout)")
        #expect(apply.stderr.contains("[1/1] ! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.99\n"))
        #expect(apply.stderr.hasSuffix("Where each product stands in App Store Connect:\n  com.example.cosmicquest.coins.small: on sale\n"))
        // Nothing left to do: the document says so, with no read-back.
        let nothing = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes", "--format", "json"])
        #expect(nothing.status == 0)
        #expect(
            nothing.stdout == """
                {
                  "applied" : 0,
                  "read_back" : null,
                  "store" : "App Store Connect",
                  "verdicts" : [

                  ]
                }

                """, "\(nothing.stdout)")
    }

    /// App Store Connect's ladder has a point every $0.10 below $10: a U.S. price of 1.29 applies.
    @Test func aUSPriceOf129IsAPricePointAndApplies() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        try Self.setTheSmallCoinsPrice("1.29", in: setup.catalog)

        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stdout.hasPrefix("! set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.29\n"))
        #expect(!plan.stdout.contains("error:"))
        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes", "--allow-impact"])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(
            apply.stdout.hasSuffix(
                "Read back 1 resource: App Store Connect holds every change.\nApplied 1 change.\n"
                    + "Where each product stands in App Store Connect:\n  com.example.cosmicquest.coins.small: on sale\n"),
            "\(apply.stdout)")
        #expect(await setup.run(["asc", "plan", "--catalog", setup.catalog, "--detailed-exitcode"]).status == 0)
    }

    /// A saved plan whose second step fails cannot be applied again (its first step moved what it
    /// was checked against): the failure says to plan again, and applying the file again is refused.
    @Test func aSavedPlanThatFailsMidApplySaysToPlanAgain() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        try Self.setTheSmallCoinsPrice("1.29", in: setup.catalog)
        let text = try String(contentsOfFile: setup.catalog, encoding: .utf8)
        try text.replacingOccurrences(of: "reference_name: Nebula level pack\n", with: "reference_name: Nebula level pack II\n")
            .write(toFile: setup.catalog, atomically: true, encoding: .utf8)
        let file = setup.directory + "/plan.json"
        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog, "-o", file])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(
            plan.stdout.hasPrefix(
                "~ set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 → 1.29\n"
                    + "~ update in-app purchase com.example.cosmicquest.level.nebula: name\n"), "\(plan.stdout)")

        // The second write (the rename) is refused.
        setup.fake.inject(.status(409), onRequest: 2, matching: .writes)
        let failed = await setup.run(["asc", "apply", file, "--catalog", setup.catalog, "--yes"])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("[2/2] ~ update in-app purchase com.example.cosmicquest.level.nebula: name\n"))
        #expect(failed.stderr.contains("step 2 of 2 failed (update in-app purchase com.example.cosmicquest.level.nebula: name)"))
        #expect(
            failed.stderr.hasSuffix(
                "\n1 step of \(file) went through, so App Store Connect no longer holds what it was checked against and applying it "
                    + "again is refused: plan again (`iapcat asc plan --catalog \(setup.catalog) -o \(file)`), review the plan, and apply "
                    + "that: it plans what is left.\n"), "\(failed.stderr)")

        // As it says: the file is refused, a new plan goes on.
        let again = await setup.run(["asc", "apply", file, "--catalog", setup.catalog, "--yes"])
        #expect(again.stderr.hasPrefix("iapcat: error: App Store Connect changed since the plan was made ("), "\(again.stderr)")
        #expect(await setup.run(["asc", "plan", "--catalog", setup.catalog, "-o", file]).status == 0)
        let applied = await setup.run(["asc", "apply", file, "--catalog", setup.catalog, "--yes"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("\nApplied 1 change.\nWhere each product stands in App Store Connect:\n"), "\(applied.stdout)")
    }

    /// A plan file that says two things — `"app"` given twice: jq, Python and JavaScript read the second, iapcat's
    /// reader kept the first — is refused by every command that reads it, at the second place, naming the member and
    /// where it was first given; nothing is sent.
    @Test func aSavedPlanGivingAMemberTwiceIsRefusedAndNothingIsSent() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        let file = setup.directory + "/plan.json"
        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog, "-o", file])
        #expect(plan.status == 0, "\(plan.stderr)")
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix(#"  "app": "#) })
        lines.insert(#"  "app": "9999999999","#, at: first + 1)
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)

        let requests = setup.fake.requests.count
        let refusal =
            "iapcat: error: \(file):\(first + 2):3: not a plan file: \"app\" appears more than once (first at line \(first + 1), column 3)\n"
        for arguments in [
            ["asc", "apply", file, "--catalog", setup.catalog, "--yes"], ["asc", "show", file], ["asc", "submit", file, "--yes"],
        ] {
            let run = await setup.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == refusal, "\(arguments)")
            #expect(run.stdout == "", "\(arguments)")
        }
        #expect(setup.fake.requests.count == requests)
        #expect(setup.fake.state(app: "1234567890").inAppPurchases == 0)
    }

    @Test func credentialsAndRefusedTokensAreClearErrorsWithoutSecrets() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }

        let noKey = await setup.run(["asc", "plan", "--catalog", setup.catalog], environment: ["ASC_KEY_ID": ""])
        #expect(noKey.status == 2)
        #expect(noKey.stderr == "iapcat: error: no API key id: pass --key-id or set ASC_KEY_ID\n")

        let wrongKey = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--key-id", "UNKNOWN"])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stderr.hasPrefix("iapcat: error: App Store Connect: GET /v1/territories answered HTTP 401 NOT_AUTHORIZED"))
        #expect(!wrongKey.stderr.contains("eyJ"))

        let keyPath = setup.environment["ASC_PRIVATE_KEY_PATH"]!
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyPath)
        let readable = await setup.run(["asc", "plan", "--catalog", setup.catalog])
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

        let flag = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--api-url", "http://127.0.0.1:65536"])
        #expect(flag.status == 2)
        #expect(
            flag.stderr
                == "iapcat: error: --api-url 'http://127.0.0.1:65536' is refused: its port '65536' is not a number from 1 to 65535\n")
        let variable = await setup.run(
            ["asc", "plan", "--catalog", setup.catalog], environment: ["ASC_API_URL": "https://127.0.0.1:0/v1"])
        #expect(variable.status == 2)
        #expect(
            variable.stderr
                == "iapcat: error: ASC_API_URL 'https://127.0.0.1:0/v1' is refused: its port '0' is not a number from 1 to 65535\n")
        #expect(setup.fake.requests.isEmpty)
    }
}
