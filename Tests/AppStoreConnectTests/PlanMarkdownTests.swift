import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import AppStoreConnect

@Suite struct PlanMarkdownTests {
    static let golden = FixtureDirectory(besideFile: #filePath).path("golden")

    /// The example's plan for an empty app, as `asc plan --format markdown` prints it.
    @Test func theExamplePlanForAnEmptyApp() throws {
        var desired = try exampleDesiredState()
        // Checksums in the golden file would change with every screenshot edit: name the files only.
        for index in desired.products.indices { desired.products[index].screenshotFile?.checksum = "<md5>" }
        let plan = Planner(today: "2026-11-23").plan(
            desired, against: RemoteState(appID: "1234567890", territories: ["DEU", "JPN", "USA"]))
        let markdown = PlanRenderer().markdown(plan).replacingOccurrences(of: packageRoot, with: "<root>")
        try Golden.expect(markdown, path: Self.golden + "/example-empty-app.plan.md")
    }

    @Test func anEmptyPlanSaysThereIsNothingToDo() {
        #expect(PlanRenderer().markdown(Plan()) == "### iapcat asc plan\n\nNo changes: App Store Connect matches the catalog.\n")
    }

    /// The summary counts the steps by mark and warns about consent; the `-` and `!` steps come first, by resource.
    @Test func stepsNeedingConsentComeFirstUnderTheSummary() {
        let plan = Plan(
            steps: [
                PlanStep(.inAppPurchase("com.example.coins"), .createVersion(replacing: nil)),
                PlanStep(
                    .subscription("com.example.monthly"),
                    .setAvailability(territories: ["USA"], availableInNewTerritories: false, changes: ["DEU removed", "JPN removed"]),
                    impact: .customers),
                PlanStep(
                    .inAppPurchase("com.example.coins"),
                    .setAvailability(territories: ["USA"], availableInNewTerritories: false, changes: ["new territories no longer join"]),
                    impact: .narrow),
                PlanStep(
                    .subscription("com.example.monthly"),
                    .setAvailability(territories: ["USA", "FRA"], availableInNewTerritories: true, changes: ["FRA added"])),
                PlanStep(
                    .subscription("com.example.yearly"),
                    .setAvailability(territories: [], availableInNewTerritories: false, changes: ["removed everywhere"]),
                    impact: .customers),
            ],
            notDone: [PlanNote(resource: "com.example.old", message: "deletions are never automatic")])
        #expect(plan.stepsNeedingConsent.count == 3)
        let expected = """
            ### iapcat asc plan

            **5 changes:** `+ 1 create` · `~ 1 change` · `- 1 narrow` · `! 2 customers`

            **3 steps need consent: `iapcat asc apply` carries out the `-` and `!` steps only with `--allow-impact`.**

            #### Needs consent (3)

            - subscription `com.example.monthly`
              - `!` set where subscription com.example.monthly is sold: DEU removed; JPN removed
            - in-app purchase `com.example.coins`
              - `-` set where in-app purchase com.example.coins is sold: new territories no longer join
            - subscription `com.example.yearly`
              - `!` set where subscription com.example.yearly is sold: removed everywhere

            #### Other changes (2)

            - in-app purchase `com.example.coins`
              - `+` create the first version of in-app purchase com.example.coins
            - subscription `com.example.monthly`
              - `~` set where subscription com.example.monthly is sold: FRA added

            #### Not done (1)

            - `com.example.old`: deletions are never automatic

            """
        #expect(PlanRenderer().markdown(plan) == expected)
    }

    /// 20,000 steps are cut after a whole line, under the limit by characters and by UTF-8 bytes, keeping the summary
    /// and every step needing consent, and say how many steps are left out.
    @Test func aHugePlanIsCutUnderGitHubsLimit() throws {
        let steps = (0..<20_000).map { index in
            PlanStep(
                .subscription("com.example.product.\(index / 4)"),
                .setAvailability(
                    territories: ["DEU"], availableInNewTerritories: false, changes: ["Ünïcödé territory \(index) removed ✓"]),
                impact: index % 100 == 7 ? .customers : .change)
        }
        let plan = Plan(steps: steps, warnings: [PlanNote(resource: "com.example.product.0", message: "a warning")])
        let markdown = PlanRenderer().markdown(plan)
        #expect(markdown.count <= 65_000)
        #expect(markdown.utf8.count <= 65_000)
        #expect(markdown.utf8.count > 60_000)

        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shownSteps = lines.filter { $0.hasPrefix("  - `") }
        #expect(shownSteps.filter { $0.hasPrefix("  - `!`") }.count == 200)
        #expect(shownSteps.prefix(200).allSatisfy { $0.hasPrefix("  - `!`") })
        #expect(lines.contains("**20000 changes:** `+ 0 create` · `~ 19800 change` · `- 0 narrow` · `! 200 customers`"))
        #expect(
            lines.suffix(3)
                == [
                    "",
                    "… \(20_000 - shownSteps.count) more steps and 1 more note not shown (the plan has 20000 steps); "
                        + "run `iapcat asc plan` for all of them.", "",
                ])
        // Whole lines of the full rendering, ending with a step rather than a resource without its steps.
        let full = PlanRenderer().markdown(plan, limit: .max)
        let kept = lines.dropLast(3).joined(separator: "\n") + "\n"
        #expect(full.hasPrefix(kept))
        #expect(lines.dropLast(3).last?.hasPrefix("  - `~`") == true)
        #expect(full.split(separator: "\n").filter { $0.hasPrefix("  - `") }.count == 20_000)
    }

    @Test func theCutNoteCountsOnlyWhatIsLeftOut() {
        let plan = Plan(
            steps: [PlanStep(.inAppPurchase("a"), .createVersion(replacing: nil))],
            warnings: (0..<50).map { PlanNote(resource: "a", message: "warning \($0)") })
        let markdown = PlanRenderer().markdown(plan, limit: 500)
        #expect(markdown.utf8.count <= 500)
        let lines = markdown.split(separator: "\n").map(String.init)
        let shown = lines.filter { $0.hasPrefix("- `a`: warning ") }.count
        #expect(shown > 0)
        #expect(lines.last == "… \(50 - shown) more notes not shown; run `iapcat asc plan` for all of them.")
    }

    /// Markdown and HTML in names from the catalog are shown as written, never as markup.
    @Test func markdownAndHTMLInTheCatalogAreEscaped() throws {
        var catalog = try exampleCatalog()
        catalog.products = [catalog.products[0]]
        catalog.products[0].referenceName = "<img src=x> `x` | y *b* _i_ [l](u) #1 ~s~ &amp; $m$ \\ line\nbreak"
        let plan = Planner(today: "2026-11-23").plan(DesiredState(catalog: catalog), against: RemoteState(appID: "1", territories: ["USA"]))
        let markdown = PlanRenderer().markdown(plan)
        let id = catalog.products[0].id
        #expect(
            markdown.contains(
                "  - `+` create in-app purchase \(id) (CONSUMABLE) \"\\<img src=x\\> \\`x\\` \\| y \\*b\\* \\_i\\_ \\[l\\](u) \\#1 \\~s\\~ "
                    + "\\&amp; \\$m\\$ \\\\ line break\"\n"))
        // Every `<` is escaped: no HTML.
        #expect(markdown.components(separatedBy: "<").dropFirst().count == markdown.components(separatedBy: "\\<").dropFirst().count)

        let notes = Plan(
            notDone: [
                PlanNote(resource: "`x` | y", message: "<script>alert(1)</script>"),
                PlanNote(resource: "a``b", message: "ok"),
                PlanNote(resource: " padded ", message: "ok"),
            ])
        let rendered = PlanRenderer().markdown(notes)
        #expect(rendered.contains("- `` `x` | y ``: \\<script\\>alert(1)\\</script\\>\n"))
        #expect(rendered.contains("- ```a``b```: ok\n"))
        #expect(rendered.contains("- `  padded  `: ok\n"))
        // The step itself keeps the name as written: escaping is the renderer's.
        let summary = try #require(plan.steps.first { $0.verb == "create" && $0.owner.key == id }?.summary)
        #expect(summary.contains("<img src=x>"))
    }
}
