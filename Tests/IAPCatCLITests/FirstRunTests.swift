import Foundation
import IAPCatTestSupport
import Testing

/// What a new user meets on a first run: every mistake reported at once with a hint, a list
/// export has not written yet, a stale list in any format, and `export --check`'s diff. Run in
/// process (``CLI``); lint's help is in FirstRunProcessTests.
@Suite struct FirstRunTests {
    /// A scratch copy of the example catalog, its lists and screenshots; removed by the caller.
    static func exampleCopy() throws -> String {
        let directory = try IAPCat.temporaryDirectory("first-run")
        for item in ["example.yaml", "example", "screenshots"] {
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/" + item, toPath: directory + "/" + item)
        }
        return directory
    }

    static func edit(_ path: String, _ change: (String) -> String) throws {
        try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    static let newCatalog = """
        app:
          bundle_id: com.example.firstday
          default_locale: en-US
        subscription_groups:
          - id: premium
            reference_name: Premium
        products:
          - id: com.example.firstday.coins
            type: consumable
            reference_name: Coins
            price: 0.99
            localizations:
              en-US: { display_name: Coins }
          - id: com.example.firstday.monthly
            type: subscription
            reference_name: Monthly
            price: { tier: 5 }
            subscription:
              group: premum
              duration: 1 month
            localizations:
              en-US: { display_name: Monthly, descripton: Every level }

        """

    @Test func everyMistakeOfANewCatalogIsReportedInOneRunWithItsHint() async throws {
        let directory = try IAPCat.temporaryDirectory("first-run")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = directory + "/catalog.yaml"
        try Self.newCatalog.write(toFile: catalog, atomically: true, encoding: .utf8)
        let text = await CLI.run(["lint", "--catalog", catalog])
        #expect(text.status == 1)
        #expect(text.stderr == "")
        #expect(
            text.stdout == """
                \(catalog):1:1: error: the catalog is missing required field 'format_version'; the rest is checked as version 1; add 'format_version: 1' as the first line [missing_field]
                \(catalog):5:9: warning: subscription group 'premium' has no localizations yet; its subscriptions cannot be submitted until it has its en-US name [missing_metadata]
                \(catalog):5:9: warning: no product belongs to subscription group 'premium' [unused_subscription_group]
                \(catalog):8:5: warning: draft 'com.example.firstday.coins' has no review screenshot; App Review needs one before it is submitted [missing_review_screenshot]
                \(catalog):11:12: error: expected price to be a mapping, found '0.99'; write prices by storefront, as price: { storefronts: { USA: "0.99" } }, or a legacy tier, as price: { tier: 1 } [invalid_value]
                \(catalog):14:5: warning: draft 'com.example.firstday.monthly' has no review screenshot; App Review needs one before it is submitted [missing_review_screenshot]
                \(catalog):15:11: error: expected type to be one of consumable, non-consumable, auto-renewable, non-renewing, free-subscription, found 'subscription'; the rest of product 'com.example.firstday.monthly' is checked as auto-renewable; did you mean 'auto-renewable' or 'non-renewing'? [invalid_value]
                \(catalog):19:14: error: subscription group 'premum' is not defined in subscription_groups; did you mean 'premium'? [unknown_subscription_group]
                \(catalog):20:17: error: expected the subscription duration to be one of P1W, P1M, P2M, P3M, P6M, P1Y, found '1 month'; did you mean 'P1M'? [invalid_value]
                \(catalog):22:39: error: unknown key 'descripton' in the en-US localization; did you mean 'description'? [unknown_key]
                by rule: 3 invalid_value, 2 missing_review_screenshot, 1 missing_field, 1 missing_metadata, 1 unknown_key, 1 unknown_subscription_group, 1 unused_subscription_group
                6 errors, 4 warnings, 0 notes in 1 file

                """)
        let json = await CLI.run(["lint", "--catalog", catalog, "--format", "json"])
        #expect(
            json.stdout.contains(
                """
                    "message": "subscription group 'premum' is not defined in subscription_groups",
                    "hint": "did you mean 'premium'?"
                """))
        let sarif = await CLI.run(["lint", "--catalog", catalog, "--format", "sarif"])
        #expect(
            sarif.stdout.contains(
                #""text": "unknown key 'descripton' in the en-US localization; did you mean 'description'?""#))
    }

    @Test func anUnknownRuleIdNamesTheClosestRule() async throws {
        let run = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", "--disable", "unkown_key"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "Error: The value 'unkown_key' is invalid for '--disable <rule>': no rule 'unkown_key'; did you mean 'unknown_key'? (`iapcat rules` lists them)\n"
            ))
    }

    @Test func aListNotExportedYetSaysHowToWriteIt() async throws {
        let directory = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.removeItem(atPath: directory + "/example/products_v1.json")
        let catalog = directory + "/example.yaml"
        let run = await CLI.run(["lint", "--catalog", catalog])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                \(catalog):190:11: error: list 'example/products_v1.json' does not exist (looked for \(directory)/example/products_v1.json); `iapcat export --catalog \(catalog) --all` writes every list the catalog declares [list_not_found]
                1 error, 0 warnings, 0 notes in 3 files

                """)
    }

    /// Each list with an edit that leaves it valid for StoreKit but no longer what export writes.
    static let staleEdits = [
        ("product_ids.plist", "plist", "\t<string>com.example.cosmicquest.level.nebula</string>\n", ""),
        ("products_v1.json", "v1", "  \"com.example.cosmicquest.level.nebula\",\n", ""),
        ("products_v2.json", "v2", "\"display_name\": \"Season Pass 2026\"", "\"display_name\": \"Season Pass\""),
    ]

    @Test(arguments: staleEdits)
    func aStaleDeclaredListIsReportedWhateverItsFormat(name: String, format: String, old: String, new: String) async throws {
        let directory = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = directory + "/example.yaml", path = "\(directory)/example/\(name)"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        #expect(original.contains(old))
        let edited = original.replacingOccurrences(of: old, with: new)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let stale = await CLI.run(["lint", "--catalog", catalog])
        #expect(stale.status == 1)
        #expect(
            stale.stdout == """
                \(path):1:1: error: the \(format) list differs from what iapcat export writes from the catalog; `iapcat export --catalog \(catalog) --all` rewrites it; add --check to see what differs [stale_list]
                1 error, 0 warnings, 0 notes in 4 files

                """)
        // Exported again, in the other order, the list is current.
        #expect(await CLI.run(["export", "--catalog", catalog, "--all", "--order", "sort-key"]).status == 0)
        let fresh = await CLI.run(["lint", "--catalog", catalog])
        #expect(fresh.stdout == "0 errors, 0 warnings, 0 notes in 4 files\n")
        // A list given by path is the declared one: still compared.
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await CLI.run(["lint", "--catalog", catalog, path]).stdout.contains("[stale_list]"))
    }

    @Test func checkPrintsAUnifiedDiffOfEachStaleFile() async throws {
        let directory = try Self.exampleCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let list = directory + "/example/products_v1.json"
        try Self.edit(list) { $0.replacingOccurrences(of: "  \"com.example.cosmicquest.level.nebula\",\n", with: "") }
        let run = await CLI.run(["export", "--catalog", directory + "/example.yaml", "--all", "--check"])
        #expect(run.status == 1)
        #expect(run.stderr == "\(list): out of date; run iapcat export to regenerate it\n")
        #expect(
            run.stdout == """
                --- \(list) (on disk)
                +++ \(list) (iapcat export)
                @@ -1,5 +1,6 @@
                 [
                   "com.example.cosmicquest.coins.small",
                +  "com.example.cosmicquest.level.nebula",
                   "com.example.cosmicquest.premium.monthly",
                   "com.example.cosmicquest.season_pass.2026"
                 ]

                """)
    }
}
