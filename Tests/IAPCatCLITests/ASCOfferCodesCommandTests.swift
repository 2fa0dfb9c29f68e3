import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

/// `iapcat asc offer-codes generate`, in process against the fake App Store Connect: a batch of
/// one-time-use codes goes to the file named, created 0600, and nowhere else; what App Store
/// Connect refuses writes nothing.
@Suite(.serialized) struct ASCOfferCodesCommandTests {
    static let product = "com.example.cosmicquest.season_pass.2026"
    static let offerCode = "Season pass for returning players"

    func generate(_ setup: ASCCommandTests.Setup, _ out: String, count: Int = 5, extra: [String] = []) async -> IAPCatRun {
        await setup.run(
            [
                "asc", "offer-codes", "generate", "--catalog", setup.catalog, "--product", Self.product, "--offer-code", Self.offerCode,
                "--count", String(count), "--expires", "2d", "--out", out,
            ] + extra)
    }

    @Test func aBatchGoesToItsFileOnlyCreatedForItsOwnerAlone() async throws {
        let setup = try await ASCCommandTests.Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)

        let out = setup.directory + "/codes/sandbox.txt"
        let run = await generate(setup, out, extra: ["--sandbox"])
        #expect(run.status == 0, "\(run.stderr)")
        let held = try #require(setup.fake.inAppPurchaseOfferCodes(app: "1234567890", productID: Self.product).first)
        let batch = try #require(held.oneTimeUseBatches.first)
        #expect(batch.environment == "SANDBOX")
        #expect(batch.codes.count == 5)
        let today = try #require(CalendarDate(String(ISO8601DateFormatter().string(from: Date()).prefix(10))))
        #expect(batch.expirationDate == today.adding(days: 2).description)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == batch.codes.map { $0 + "\n" }.joined())
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        // Said, never shown: no code on either stream.
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "wrote 5 one-time-use codes of offer code \"\(Self.offerCode)\" (batch \(batch.id), sandbox, until \(batch.expirationDate)) to \(out)\n"
        )
        #expect(!batch.codes.contains { run.stderr.contains($0) })

        // Codes for customers need the in-app purchase approved: refused, nothing written.
        let refused = setup.directory + "/codes/production.txt"
        let early = await generate(setup, refused)
        #expect(early.status == 1)
        #expect(
            early.stderr
                == "iapcat: error: App Store Connect did not make the batch: POST /v1/inAppPurchaseOfferCodeOneTimeUseCodes answered HTTP 409 "
                + "STATE_ERROR: The in-app purchase is READY_TO_SUBMIT: one-time use codes are made only for an approved in-app purchase.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: refused))
        setup.fake.approveAll(app: "1234567890")
        let production = await generate(setup, refused, count: 3)
        #expect(production.status == 0, "\(production.stderr)")
        #expect(try String(contentsOfFile: refused, encoding: .utf8).split(separator: "\n").count == 3)

        // An offer code App Store Connect lacks, and a day that is past, are refused before anything is made.
        let unknown = await setup.run(
            [
                "asc", "offer-codes", "generate", "--catalog", setup.catalog, "--product", Self.product, "--offer-code", "Nope",
                "--count", "5", "--expires", "30d", "--out", setup.directory + "/codes/nope.txt",
            ])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr
                == "iapcat: error: \(Self.product) has no offer code \"Nope\" in App Store Connect (`asc apply` creates it)\n")
        let again = await generate(setup, out, extra: ["--sandbox"])
        #expect(again.status == 2)
        #expect(again.stderr == "iapcat: error: --out \(out) exists: the codes go to a new file\n")
        let past = await generate(setup, setup.directory + "/codes/past.txt", extra: ["--expires", "2020-01-01"])
        #expect(past.status == 2)
        #expect(past.stderr == "iapcat: error: --expires 2020-01-01: the day is past; codes would not redeem\n")
        #expect(setup.fake.inAppPurchaseOfferCodes(app: "1234567890", productID: Self.product).first?.oneTimeUseBatches.count == 2)
    }

    /// An offer code's price that is not one of the product's price points is a plan error at its
    /// place in the catalog, and nothing is applied.
    @Test func anOfferCodePriceThatIsNotAPricePointIsAPlanError() async throws {
        let setup = try await ASCCommandTests.Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        let text = try String(contentsOfFile: setup.catalog, encoding: .utf8)
            .replacingOccurrences(of: "- reference_name: Season pass for returning players", with: "- reference_name: Season pass at 4.95")
            .replacingOccurrences(of: "prices: { USA: \"4.99\" }", with: "prices: { USA: \"4.95\" }")
        try text.write(toFile: setup.catalog, atomically: true, encoding: .utf8)
        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog])
        #expect(plan.status == 1)
        #expect(
            plan.stdout.contains(
                "\nerror: com.example.cosmicquest.season_pass.2026 offer code \"Season pass at 4.95\" price USA 4.95 is not a price point of "
                    + "App Store Connect's in-app purchases in USA (\(setup.catalog):155:19); the nearest are 4.89 below and 4.99 above\n"),
            "\(plan.stdout)")
        setup.fake.resetRequestLog()
        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes", "--allow-impact"])
        #expect(apply.status == 1)
        #expect(setup.fake.requests.filter { $0.method != "GET" }.isEmpty)
    }
}
