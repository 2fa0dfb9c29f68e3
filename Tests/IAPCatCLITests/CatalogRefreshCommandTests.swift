import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat asc pull --catalog F -o F` and `play pull --catalog F -o F`: the team's annotated
/// catalog refreshed against the fakes is an edit — every comment and anchor kept, one changed
/// value one changed line, nothing removed without being named.
@Suite(.serialized) struct CatalogRefreshCommandTests {
    typealias Setup = ASCCommandTests.Setup

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The lines of `after` that are not lines of `before`, and the other way round, in order.
    static func changedLines(_ before: String, _ after: String) -> (removed: [String], added: [String]) {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = new.difference(from: old)
        return (
            difference.removals.map { if case .remove(_, let line, _) = $0 { line } else { "" } },
            difference.insertions.map { if case .insert(_, let line, _) = $0 { line } else { "" } }
        )
    }

    /// The example applied, approved by App Review and refreshed once: the catalog's text then.
    static func settle(_ setup: Setup) async throws -> String {
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        #expect(await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog]).status == 0)
        return try read(setup.catalog)
    }

    @Test func theExampleAppliedAndRefreshedKeepsEveryCommentAndAnchorAndAgainIsByteIdentical() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        setup.fake.approveAll(app: "1234567890")
        let original = try Self.read(setup.catalog)

        let refresh = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let refreshed = try Self.read(setup.catalog)
        // What the store holds and the catalog did not say: content hosting (the API cannot set
        // it) and the order apply left the promoted purchases in (iapcat does not write it).
        #expect(
            refresh.stderr == """
                com.example.cosmicquest.coins.small:
                  promotion.order: 2 → 1
                com.example.cosmicquest.level.nebula:
                  promotion.order: 1 → 2
                  hosted_content: true → false
                com.example.cosmicquest.premium.yearly:
                  status: draft → approved
                wrote \(setup.catalog): 4 changes in 3 products

                """)
        let (removed, added) = Self.changedLines(original, refreshed)
        #expect(
            removed == [
                "    promotion: { visible: true, order: 2 }",
                "    hosted_content: true               # content hosted by Apple (non-consumables only)",
                "    promotion: { visible: true, order: 1 }",
                "    status: draft                      # not yet approved: sandbox lists only",
            ])
        #expect(
            added == [
                "    promotion: { visible: true, order: 1 }",
                "    hosted_content: false              # content hosted by Apple (non-consumables only)",
                "    promotion: { visible: true, order: 2 }",
                "    status: approved                   # not yet approved: sandbox lists only",
            ])
        // Every comment, the anchor and its six merges.
        for line in original.split(separator: "\n")
        where line.contains("#") && !line.contains("hosted_content") && !line.contains("status:") {
            #expect(refreshed.contains(line), "\(line)")
        }
        #expect(refreshed.components(separatedBy: "<<: *sale").count == original.components(separatedBy: "<<: *sale").count)
        #expect(refreshed.contains("  sale: &sale\n"))

        // The plan of the refreshed catalog is empty, and a second refresh changes no byte.
        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog, "--detailed-exitcode"])
        #expect(plan.status == 0, "\(plan.stdout)")
        let again = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(again.status == 0)
        #expect(again.stderr == "\(setup.catalog): unchanged: no value differs in App Store Connect\n")
        #expect(try Self.read(setup.catalog) == refreshed)
        let check = await setup.run(["asc", "pull", "--catalog", setup.catalog, "--check"])
        #expect(check.status == 0)
        #expect(check.stderr == "\(setup.catalog): the catalog says what App Store Connect holds; nothing written (--check)\n")
    }

    @Test func oneValueChangedInTheStoreIsAOneLineDiffAndCheckSaysSoFirst() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        let settled = try await Self.settle(setup)
        // Someone changes a description in App Store Connect (here: through a copy of the catalog).
        let copy = setup.directory + "/edited.yaml"
        try settled.replacingOccurrences(of: "description: Ten new levels in the nebula", with: "description: Eleven new levels")
            .write(toFile: copy, atomically: true, encoding: .utf8)
        #expect(await setup.run(["asc", "apply", "--catalog", copy, "--yes"]).status == 0)

        let check = await setup.run(["asc", "pull", "--catalog", setup.catalog, "--check"])
        #expect(check.status == 1)
        #expect(
            check.stderr == """
                com.example.cosmicquest.level.nebula:
                  localizations.en-US.description: Ten new levels in the nebula → Eleven new levels
                \(setup.catalog): 1 change in 1 product; nothing written (--check)

                """)
        #expect(try Self.read(setup.catalog) == settled)

        let refresh = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let (removed, added) = Self.changedLines(settled, try Self.read(setup.catalog))
        #expect(removed == ["      en-US: { display_name: Nebula Pack, description: Ten new levels in the nebula }"])
        #expect(added == ["      en-US: { display_name: Nebula Pack, description: Eleven new levels }"])
    }

    /// A subscription whose multiseat the catalog leaves unsaid gets App Store Connect's setting
    /// written (lint asks for it), in the block style of the subscription it goes into.
    @Test func anUnsaidMultiseatIsWrittenAsTheStoreHoldsIt() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        let settled = try await Self.settle(setup)
        let line = "      multiseat: { enabled: false }    # organizations buy no seats (Family Sharing turns multiseat off)\n"
        #expect(settled.contains(line))
        let unsaid = settled.replacingOccurrences(of: line, with: "")
        try unsaid.write(toFile: setup.catalog, atomically: true, encoding: .utf8)
        let refresh = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stderr.contains("com.example.cosmicquest.premium.monthly:\n  subscription.multiseat"), "\(refresh.stderr)")
        let (removed, added) = Self.changedLines(unsaid, try Self.read(setup.catalog))
        #expect(removed == [], "\(added)")
        #expect(added == ["      multiseat:", "        enabled: false"])
    }

    /// Custom codes App Store Connect makes only for an approved in-app purchase: until then the
    /// catalog holds what the store will hold, and a refresh keeps them.
    @Test func customCodesWaitingForApprovalAreKeptByARefresh() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        let line = "        prices: { USA: \"4.99\" }\n"
        let original = try Self.read(setup.catalog)
        #expect(original.contains(line))
        let withCodes = original.replacingOccurrences(
            of: line, with: line + "        custom_codes:\n          - { code: RETURN2026, count: 1000 }   # for the newsletter\n")
        try withCodes.write(toFile: setup.catalog, atomically: true, encoding: .utf8)
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        let plan = await setup.run(["asc", "plan", "--catalog", setup.catalog])
        #expect(
            plan.stdout.contains(
                "not done: com.example.cosmicquest.season_pass.2026 the custom codes of offer code \"Season pass for returning players\" wait until App Store Connect approves the in-app purchase: it makes custom codes only for approved ones\n"
            ), "\(plan.stdout)")
        let refresh = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let (removed, _) = Self.changedLines(withCodes, try Self.read(setup.catalog))
        #expect(!removed.contains { $0.contains("custom_codes") || $0.contains("RETURN2026") }, "\(removed)")
    }

    @Test func anAppHoldingNoneOfTheProductsIsRefusedAndTheFileUntouchedUnlessPruned() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        let original = try Self.read(setup.catalog)
        let refused = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "iapcat: error: \(setup.catalog): App Store Connect holds none of the catalog's 5 products (a wrong app id, key or URL "
                + "looks the same); nothing was written. To remove them from the catalog, pull again with --prune\n")
        #expect(try Self.read(setup.catalog) == original)
        #expect(await setup.run(["asc", "pull", "--catalog", setup.catalog, "--check"]).status == 1)

        // --prune removes what only the App Store sells and names it; a product Google Play sells
        // too stays, marked.
        let pruned = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog, "--prune"])
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(
            pruned.stderr.contains(
                "not found in App Store Connect, removed (--prune): com.example.cosmicquest.level.nebula, "
                    + "com.example.cosmicquest.premium.yearly, com.example.cosmicquest.season_pass.2026\n"), "\(pruned.stderr)")
        #expect(
            pruned.stderr.contains(
                "not found in App Store Connect, kept and marked: com.example.cosmicquest.coins.small, com.example.cosmicquest.premium.monthly\n"
            ))
        let text = try Self.read(setup.catalog)
        #expect(!text.contains("- id: com.example.cosmicquest.level.nebula"))
        #expect(
            text.contains(
                "  # iapcat: not found in App Store Connect when last pulled; kept\n  - id: com.example.cosmicquest.coins.small\n"))
    }

    @Test func aProductTheStoreDoesNotHoldIsKeptMarkedAndTheMarkGoesOnceItIsThere() async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        let settled = try await Self.settle(setup)
        let product = """
              - id: com.example.cosmicquest.coins.large
                type: consumable
                reference_name: Coins (large chest)
                status: draft
                price: { storefronts: { USA: "4.99" } }
                localizations:
                  en-US: { display_name: 1000 Coins, description: A chest of coins }
                  de-DE: { display_name: 1000 Münzen, description: Eine Truhe Münzen }
                review:
                  screenshot: screenshots/coins-small.png

            """
        let withNew = settled.replacingOccurrences(
            of: "\n  - id: com.example.cosmicquest.level.nebula", with: "\n" + product + "  - id: com.example.cosmicquest.level.nebula")
        try withNew.write(toFile: setup.catalog, atomically: true, encoding: .utf8)

        let refresh = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(
            refresh.stderr
                == "not found in App Store Connect, kept and marked: com.example.cosmicquest.coins.large\n"
                + "wrote \(setup.catalog): no value differs in App Store Connect\n")
        let marked = try Self.read(setup.catalog)
        #expect(
            marked
                == withNew.replacingOccurrences(
                    of: "  - id: com.example.cosmicquest.coins.large\n",
                    with: "  # iapcat: not found in App Store Connect when last pulled; kept\n  - id: com.example.cosmicquest.coins.large\n"
                ))

        // Kept and marked already: nothing to write, so a drift check passes.
        let check = await setup.run(["asc", "pull", "--catalog", setup.catalog, "--check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stderr
                == "not found in App Store Connect, kept and marked: com.example.cosmicquest.coins.large\n"
                + "\(setup.catalog): the catalog says what App Store Connect holds; nothing written (--check)\n")

        // Created: the next refresh takes the mark away, and only the mark.
        #expect(await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        let found = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(
            try Self.read(setup.catalog)
                == withNew.replacingOccurrences(
                    of: "    reference_name: Coins (large chest)\n    status: draft\n",
                    with: "    reference_name: Coins (large chest)\n    status: draft\n    store_state: READY_TO_SUBMIT\n"))
        #expect(
            found.stderr
                == "com.example.cosmicquest.coins.large:\n  store_state: added READY_TO_SUBMIT\n"
                + "wrote \(setup.catalog): 1 change in 1 product\n")
    }

    @Test func playRefusesAnEmptyAppAndRefreshesAnAppliedOneToTheSameBytes() async throws {
        let setup = try await PlayCommandTests.Setup.start()
        defer { Task { try? await setup.stop() } }
        let original = try Self.read(setup.catalog)
        let refused = await setup.run(["play", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "iapcat: error: \(setup.catalog): Google Play holds none of the catalog's 3 products (a wrong app id, key or URL "
                + "looks the same); nothing was written. To remove them from the catalog, pull again with --prune\n")
        #expect(try Self.read(setup.catalog) == original)

        #expect(await setup.run(["play", "apply", "--catalog", setup.catalog, "--yes"]).status == 0)
        let refresh = await setup.run(["play", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refresh.status == 0)
        #expect(refresh.stderr == "\(setup.catalog): unchanged: no value differs on Google Play\n")
        #expect(try Self.read(setup.catalog) == original)
        let check = await setup.run(["play", "pull", "--catalog", setup.catalog, "--check"])
        #expect(check.status == 0)
    }

    /// Random annotated catalogs applied to the fake and approved; a random set of values changed
    /// in the store (by applying a copy with those values changed by hand); the refresh of the
    /// untouched catalog is exactly that copy — the changed values' lines and nothing else — and
    /// before the change, a refresh changes no byte.
    @Test(arguments: [3, 8, 21, 34] as [UInt64])
    func aRefreshAfterRandomStoreChangesIsExactlyThoseLines(seed: UInt64) async throws {
        let setup = try await Setup.start()
        defer { Task { try? await setup.stop() } }
        let annotated = AnnotatedCatalog(seed: seed)
        try annotated.text.write(toFile: setup.catalog, atomically: true, encoding: .utf8)
        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"])
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        setup.fake.approveAll(app: "1234567890")
        let unchanged = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(unchanged.stderr == "\(setup.catalog): unchanged: no value differs in App Store Connect\n", "seed \(seed)")
        #expect(try Self.read(setup.catalog) == annotated.text)

        var sites = annotated.someSites(seed: seed, oneIn: 3)
        if sites.isEmpty { sites = [annotated.sites[0]] }
        let changed = annotated.changing(sites)
        let copy = setup.directory + "/changed.yaml"
        try changed.write(toFile: copy, atomically: true, encoding: .utf8)
        let change = await setup.run(["asc", "apply", "--catalog", copy, "--yes", "--allow-impact"])
        #expect(change.status == 0, "\(change.stdout)\(change.stderr)")

        let refresh = await setup.run(["asc", "pull", "--catalog", setup.catalog, "-o", setup.catalog])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(try Self.read(setup.catalog) == changed, "seed \(seed): \(sites)")
        let products = Set(sites.map(\.product)).count
        #expect(
            refresh.stderr.hasSuffix(
                ": \(sites.count) \(sites.count == 1 ? "change" : "changes") in \(products) \(products == 1 ? "product" : "products")\n"),
            "\(refresh.stderr)")
    }

    @Test func checkAndPruneNeedACatalog() async throws {
        let run = await CLI.run(["asc", "pull", "--app", "1", "--check"])
        #expect(run.status == 2)
        #expect(run.stderr == "iapcat: error: --check needs --catalog: the catalog to compare with the store\n")
    }
}
