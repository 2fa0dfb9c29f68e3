import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import Testing

/// What only the `iapcat asc submit` process shows, against the fake App Store Connect: a
/// submission plan saved with `-o` names its catalog relative to the working directory it was made
/// in, and `submit PLAN` reads it there. The rest of submit's tests run in process (IAPCatCLITests'
/// ASCSubmitCommandTests).
@Suite(.serialized) struct ASCSubmitProcessTests {
    typealias Setup = ASCProcessTests.Setup
    static let app = ASCSubmitFixtures.app
    static let additions = ASCSubmitFixtures.additions

    /// `setup` with the example catalog applied.
    static func applied() async throws -> Setup {
        let setup = try await Setup.start()
        let apply = try await setup.run(["asc", "apply", "--catalog", "catalog.yaml", "--yes"])
        #expect(apply.status == 0, "\(apply.stderr)")
        return setup
    }

    /// `submit --dry-run -o FILE` saves the plan with what it was computed from; `submit FILE`
    /// carries out exactly its steps, and refuses, sending nothing, naming what moved since.
    @Test func aSavedSubmissionPlanIsCarriedOutExactlyOrRefusedNamingWhatMoved() async throws {
        let setup = try await Self.applied()
        defer { Task { try? await setup.stop() } }
        setup.fake.addAppStoreVersion(app: Self.app, versionString: "2.0")
        let saved = try await setup.run([
            "asc", "submit", "--catalog", "catalog.yaml", "--app-version", "2.0", "--dry-run", "-o", "submit.json", "--format", "markdown",
        ])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr == "wrote submit.json: the plan, for `iapcat asc submit submit.json`\n")
        #expect(saved.stdout.hasPrefix("### iapcat asc submit --dry-run\n"), "\(saved.stdout)")
        let shown = try await setup.run(["asc", "show", "submit.json", "--format", "markdown"])
        #expect(shown.stdout == saved.stdout)
        let text = try await setup.run(["asc", "show", "submit.json"])
        #expect(text.stdout.hasPrefix(Self.additions + "~ add app version 2.0 to the review submission\n"), "\(text.stdout)")
        #expect(text.stdout.contains("Plan: 8 changes. 1 marked - or ! needs submit --allow-impact.\n"), "\(text.stdout)")

        let wrong = try await setup.run(["asc", "apply", "submit.json", "--yes"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "iapcat: error: submit.json is a plan for `iapcat asc submit`, not `iapcat asc apply`; nothing was done\n")
        let mixed = try await setup.run(["asc", "submit", "submit.json", "--app-version", "2.0"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.hasPrefix("iapcat: error: a saved plan keeps its own products, app version and platform"), "\(mixed.stderr)")

        // The file is input too: a platform App Store Connect does not know, or a product the
        // catalog does not hold, is refused before anything is read.
        let file = try String(contentsOfFile: setup.directory + "/submit.json", encoding: .utf8)
        let platform = file.replacingOccurrences(
            of: #""platform",(\s*)"value": "IOS""#, with: #""platform",$1"value": "IOS&x=1""#, options: .regularExpression)
        #expect(platform != file)
        try platform.write(toFile: setup.directory + "/platform.json", atomically: true, encoding: .utf8)
        let badPlatform = try await setup.run(["asc", "submit", "platform.json", "--yes", "--allow-impact"])
        #expect(badPlatform.status == 1)
        #expect(
            badPlatform.stderr
                == "iapcat: error: the plan names no platform App Store Connect knows (IOS, MAC_OS, TV_OS, VISION_OS); nothing was sent\n")
        let stranger = try #require(file.range(of: "\"com.example.cosmicquest.coins.small\""))
        try file.replacingCharacters(in: stranger, with: "\"com.example.elsewhere\"")
            .write(toFile: setup.directory + "/stranger.json", atomically: true, encoding: .utf8)
        let badProduct = try await setup.run(["asc", "submit", "stranger.json", "--yes", "--allow-impact"])
        #expect(badProduct.status == 1)
        #expect(
            badProduct.stderr
                == "iapcat: error: the plan names product com.example.elsewhere, which the catalog does not hold; nothing was sent\n",
            "\(badProduct.stderr)")

        // App Review's request for a change came in after the review: refused, nothing sent.
        let product = "com.example.cosmicquest.coins.small"
        setup.fake.setProductState(app: Self.app, productID: product, state: "DEVELOPER_ACTION_NEEDED")
        setup.fake.resetRequestLog()
        let send = ["asc", "submit", "submit.json", "--yes", "--allow-impact"]
        let refused = try await setup.run(send)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix("iapcat: error: App Store Connect changed since the plan was made ("), "\(refused.stderr)")
        #expect(
            refused.stderr.hasSuffix(
                "; nothing was applied. Plan again and review it:\n  product \(product):\n    /state: \"READY_TO_SUBMIT\" → \"DEVELOPER_ACTION_NEEDED\"\n"
            ), "\(refused.stderr)")
        #expect(setup.fake.requests.filter { $0.method != "GET" }.isEmpty)
        #expect(setup.fake.reviewSubmissions(app: Self.app).isEmpty)

        // As it was: exactly the reviewed steps.
        setup.fake.setProductState(app: Self.app, productID: product, state: "READY_TO_SUBMIT")
        let sent = try await setup.run(send)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("[8/8] ! submit the review submission for IOS to App Review\n"), "\(sent.stdout)")
        #expect(sent.stdout.hasSuffix("Read back: com.example.cosmicquest.season_pass.2026: WAITING_FOR_REVIEW\nCarried out 8 changes.\n"))
        #expect(setup.fake.reviewSubmissions(app: Self.app).map(\.state) == ["WAITING_FOR_REVIEW"])
    }
}
