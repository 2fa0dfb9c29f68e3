import Foundation
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
        let plan = ConnectPlanner(today: "2026-11-23").plan(
            desired, against: ConnectRemoteState(appID: "1234567890", territories: ["DEU", "JPN", "USA"]))
        let markdown = PlanRenderer().markdown(plan).replacingOccurrences(of: packageRoot, with: "<root>")
        try Golden.expect(markdown, path: Self.golden + "/example-empty-app.plan.md")
    }

    @Test func anEmptyPlanSaysThereIsNothingToDo() {
        #expect(PlanRenderer().markdown(ConnectPlan()) == "### iapcat asc plan\n\nNo changes: App Store Connect matches the catalog.\n")
    }

    /// The summary counts the steps by mark and warns about consent; the `-` and `!` steps come first, by resource.
    @Test func stepsNeedingConsentComeFirstUnderTheSummary() {
        let plan = ConnectPlan(
            steps: [
                ConnectStep(.inAppPurchase("com.example.coins"), .createVersion(replacing: nil)),
                ConnectStep(
                    .subscription("com.example.monthly"),
                    .setAvailability(territories: ["USA"], availableInNewTerritories: false, changes: ["DEU removed", "JPN removed"]),
                    impact: .customers),
                ConnectStep(
                    .inAppPurchase("com.example.coins"),
                    .setAvailability(territories: ["USA"], availableInNewTerritories: false, changes: ["new territories no longer join"]),
                    impact: .narrow),
                ConnectStep(
                    .subscription("com.example.monthly"),
                    .setAvailability(territories: ["USA", "FRA"], availableInNewTerritories: true, changes: ["FRA added"])),
                ConnectStep(
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
            ConnectStep(
                .subscription("com.example.product.\(index / 4)"),
                .setAvailability(
                    territories: ["DEU"], availableInNewTerritories: false, changes: ["Ünïcödé territory \(index) removed ✓"]),
                impact: index % 100 == 7 ? .customers : .change)
        }
        let plan = ConnectPlan(steps: steps, warnings: [PlanNote(resource: "com.example.product.0", message: "a warning")])
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
        let plan = ConnectPlan(
            steps: [ConnectStep(.inAppPurchase("a"), .createVersion(replacing: nil))],
            warnings: (0..<50).map { PlanNote(resource: "a", message: "warning \($0)") })
        let markdown = PlanRenderer().markdown(plan, limit: 500)
        #expect(markdown.utf8.count <= 500)
        let lines = markdown.split(separator: "\n").map(String.init)
        let shown = lines.filter { $0.hasPrefix("- `a`: warning ") }.count
        #expect(shown > 0)
        #expect(lines.last == "… \(50 - shown) more notes not shown; run `iapcat asc plan` for all of them.")
    }

    /// Markdown and HTML in names from the catalog are shown as written, never as markup; a line break as the text format
    /// shows it.
    @Test func markdownAndHTMLInTheCatalogAreEscaped() throws {
        var catalog = try exampleCatalog()
        catalog.products = [catalog.products[0]]
        catalog.products[0].referenceName = "<img src=x> `x` | y *b* _i_ [l](u) #1 ~s~ &amp; $m$ \\ line\nbreak"
        let plan = ConnectPlanner(today: "2026-11-23").plan(
            DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1", territories: ["USA"]))
        let markdown = PlanRenderer().markdown(plan)
        let id = catalog.products[0].id
        #expect(
            markdown.contains(
                "  - `+` create in-app purchase \(id) (CONSUMABLE) \"\\<img src=x\\> \\`x\\` \\| y \\*b\\* \\_i\\_ \\[l\\](u) \\#1 \\~s\\~ "
                    + "\\&amp; \\$m\\$ \\\\ line\\\\u{A}break\"\n"))
        // Every `<` is escaped: no HTML.
        #expect(markdown.components(separatedBy: "<").dropFirst().count == markdown.components(separatedBy: "\\<").dropFirst().count)

        let notes = ConnectPlan(
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

/// Text from the store (ids, territory and region codes, languages) reaches every format of a plan: control characters —
/// ESC and BEL, backspace, C1 controls such as CSI (U+009B) and OSC (U+009D), line breaks — never reach the output raw.
@Suite struct PlanControlCharacterTests {
    /// An OSC 8 hyperlink, `ESC c` (a terminal reset), C1 CSI and OSC, BEL, backspace, DEL, CR, LF, U+2028, `|` and backticks.
    static let id = "com.example.\u{1B}]8;;https://evil.example\u{7}coins\u{1B}]8;;\u{7}\u{1B}c"
    static let plan: ConnectPlan = {
        var plan = ConnectPlan(
            steps: [
                ConnectStep(
                    .inAppPurchase(id),
                    .setAvailability(
                        territories: ["USA"], availableInNewTerritories: false,
                        changes: ["JP\u{9B}2JN removed", "D\u{8}\u{8}EU\u{7F} added"]),
                    impact: .customers)
            ],
            notDone: [PlanNote(resource: "a|b`c\u{9D}0;title\u{9C}", message: "de-DE\r\nen\u{2028}US")],
            warnings: [PlanNote(resource: id, message: "region \u{1B}[31mXX\u{1B}[0m")])
        plan.errors = [PlanNote(resource: "\u{85}", message: "\u{0}|`")]
        return plan
    }()

    @Test func textEscapesThem() {
        #expect(
            PlanRenderer().text(Self.plan) == """
                ! set where in-app purchase com.example.\\u{1B}]8;;https://evil.example\\u{7}coins\\u{1B}]8;;\\u{7}\\u{1B}c is \
                sold: JP\\u{9B}2JN removed; D\\u{8}\\u{8}EU\\u{7F} added
                not done: a|b`c\\u{9D}0;title\\u{9C} de-DE\\u{D}\\u{A}en\\u{2028}US
                warning: com.example.\\u{1B}]8;;https://evil.example\\u{7}coins\\u{1B}]8;;\\u{7}\\u{1B}c region \\u{1B}[31mXX\\u{1B}[0m
                error: \\u{85} \\u{0}|`
                Plan: 1 change. 1 marked - or ! needs apply --allow-impact. 1 difference left alone.
                Apply sends about 9 requests, its read-back included (App Store Connect allows 3,600 an hour per key).

                """)
    }

    /// As the text format shows them, in code spans and in escaped text; `|` and backticks neither end a code span nor
    /// make a table cell.
    @Test func markdownEscapesThemAsTextDoes() {
        #expect(
            PlanRenderer().markdown(Self.plan) == """
                ### iapcat asc plan

                **1 change:** `+ 0 create` · `~ 0 change` · `- 0 narrow` · `! 1 customers`

                **1 step needs consent: `iapcat asc apply` carries out the `-` and `!` steps only with `--allow-impact`.**

                **1 error: `iapcat asc apply` would refuse this plan.**

                #### Needs consent (1)

                - in-app purchase `com.example.\\u{1B}]8;;https://evil.example\\u{7}coins\\u{1B}]8;;\\u{7}\\u{1B}c`
                  - `!` set where in-app purchase com.example.\\\\u{1B}\\]8;;https\\://evil.example\\\\u{7}coins\\\\u{1B}\\]8;;\\\\u{7}\\\\u{1B}c \
                is sold: JP\\\\u{9B}2JN removed; D\\\\u{8}\\\\u{8}EU\\\\u{7F} added

                #### Not done (1)

                - ``a|b`c\\u{9D}0;title\\u{9C}``: de-DE\\\\u{D}\\\\u{A}en\\\\u{2028}US

                #### Warnings (1)

                - `com.example.\\u{1B}]8;;https://evil.example\\u{7}coins\\u{1B}]8;;\\u{7}\\u{1B}c`: region \\\\u{1B}\\[31mXX\\\\u{1B}\\[0m

                #### Errors (1)

                - `\\u{85}`: \\\\u{0}\\|\\`

                """)
    }

    /// JSON keeps the text a program reads (every control character a `\u` escape: C0 by the encoder, DEL, C1 and U+2028
    /// too), so the output holds none raw and decodes to the store's strings.
    @Test func jsonEscapesThemAndDecodesToTheStoresText() throws {
        let json = PlanRenderer().json(Self.plan)
        #expect(
            json == """
                {
                  "changes" : [
                    {
                      "action" : "set-availability",
                      "impact" : "customers",
                      "kind" : "in-app purchase",
                      "resource" : "com.example.\\u001b]8;;https://evil.example\\u0007coins\\u001b]8;;\\u0007\\u001bc",
                      "summary" : "set where in-app purchase com.example.\\u001b]8;;https://evil.example\\u0007coins\\u001b]8;;\\u0007\\u001bc \
                is sold: JP\\u009b2JN removed; D\\b\\bEU\\u007f added"
                    }
                  ],
                  "errors" : [
                    {
                      "message" : "\\u0000|`",
                      "resource" : "\\u0085"
                    }
                  ],
                  "estimated_requests" : 9,
                  "not_done" : [
                    {
                      "message" : "de-DE\\r\\nen\\u2028US",
                      "resource" : "a|b`c\\u009d0;title\\u009c"
                    }
                  ],
                  "warnings" : [
                    {
                      "message" : "region \\u001b[31mXX\\u001b[0m",
                      "resource" : "com.example.\\u001b]8;;https://evil.example\\u0007coins\\u001b]8;;\\u0007\\u001bc"
                    }
                  ]
                }

                """)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let warning = try #require((decoded["warnings"] as? [[String: String]])?.first)
        #expect(warning == ["resource": Self.id, "message": "region \u{1B}[31mXX\u{1B}[0m"])
        let notDone = try #require((decoded["not_done"] as? [[String: String]])?.first)
        #expect(notDone == ["resource": "a|b`c\u{9D}0;title\u{9C}", "message": "de-DE\r\nen\u{2028}US"])
    }

    /// No format prints a control character raw (a tab or the line feeds iapcat writes aside).
    @Test(arguments: ["text", "markdown", "json"]) func noFormatPrintsOneRaw(format: String) {
        let output =
            switch format {
            case "text": PlanRenderer().text(Self.plan)
            case "markdown": PlanRenderer().markdown(Self.plan)
            default: PlanRenderer().json(Self.plan)
            }
        let raw = output.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
        }
        #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
    }

    /// A right-to-left override (and the other bidirectional controls) in a store's id or message would show a reviewer
    /// the text reordered: every format writes them as it writes a control character.
    @Test func bidiControlsAreEscapedInEveryFormat() {
        let plan = ConnectPlan(notDone: [PlanNote(resource: "com.example.coins\u{202E}gnp.exe", message: "a\u{2066}b\u{200F}c\u{61C}")])
        #expect(
            PlanRenderer().text(plan).hasPrefix(#"not done: com.example.coins\u{202E}gnp.exe a\u{2066}b\u{200F}c\u{61C}"# + "\n"))
        #expect(
            PlanRenderer().markdown(plan).contains(
                #"- `com.example.coins\u{202E}gnp.exe`: a\\u{2066}b\\u{200F}c\\u{61C}"# + "\n"))
        #expect(
            PlanRenderer().json(plan).contains(
                #"""
                      "message" : "a\u2066b\u200fc\u061c",
                      "resource" : "com.example.coins\u202egnp.exe"
                """#))
        for output in [PlanRenderer().text(plan), PlanRenderer().markdown(plan), PlanRenderer().json(plan)] {
            #expect(!output.unicodeScalars.contains { [0x061C, 0x200F, 0x202E, 0x2066].contains($0.value) })
        }
    }
}
