import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat lint`, run in process (``CLI``): exit status, stdout and stderr.
@Suite struct LintCommandTests {
    static let broken = IAPCat.fixture("broken/catalog.yaml")

    @Test func theBundledExampleIsClean() async throws {
        let run = await CLI.run(["lint", "--catalog", "catalogs/example.yaml"])
        #expect(run.status == 0)
        #expect(run.stdout == "0 errors, 0 warnings, 0 notes in 4 files\n")
        #expect(run.stderr == "")
    }

    @Test(arguments: ["text", "json", "github", "sarif"])
    func aBrokenProjectReportsEveryProblemInEachFormat(format: String) async throws {
        let run = await CLI.run(["lint", "--catalog", Self.broken, "--format", format])
        #expect(run.status == 1)
        #expect(run.stderr == "")
        try IAPCat.expectGolden(run.stdout, "broken.\(format)")
    }

    @Test func strictFailsOnWarningsAlone() async throws {
        let list = IAPCat.fixture("warnings-only.json")
        let plain = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", "--environment", "sandbox", list])
        #expect(plain.status == 0)
        #expect(
            plain.stdout == """
                \(list):3:3: warning: 'com.example.cosmicquest.coins.small' is listed twice (first at line 2) [duplicate_list_entry]
                0 errors, 1 warning, 0 notes in 2 files

                """)
        let strict = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", "--environment", "sandbox", "--strict", list])
        #expect(strict.status == 1)
        #expect(strict.stdout == plain.stdout)
    }

    @Test func undeclaredListsAreProductionUnlessToldOtherwise() async throws {
        let list = IAPCat.fixture("draft.json")
        let production = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", list])
        #expect(production.status == 1)
        #expect(
            production.stdout == """
                \(list):1:2: error: 'com.example.cosmicquest.premium.yearly' is draft, not approved: StoreKit reports it as invalid in production [unapproved_in_production]
                1 error, 0 warnings, 0 notes in 2 files

                """)
        let sandbox = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", "--environment", "sandbox", list])
        #expect(sandbox.status == 0)
    }

    @Test func realWorldPlistsLintCleanAgainstACatalogThatHasTheirIdentifiers() async throws {
        // The files come from different apps: the .storekit file does not hold the plists'
        // products, which the catalog has (storekit_missing_product is tested on its own).
        let run = await CLI.run([
            "lint", "--catalog", IAPCat.fixture("realworld/catalog.yaml"), "--disable", "storekit_missing_product",
            "Tests/IAPCatalogTests/Fixtures/real/bandit4e_product_ids.plist",
            "Tests/IAPCatalogTests/Fixtures/real/m7stepcounter_product_ids.plist",
            "Tests/IAPCatalogTests/Fixtures/real/storekittesting_Configuration.storekit",
        ])
        #expect(run.stdout == "0 errors, 0 warnings, 0 notes in 4 files\n")
        #expect(run.status == 0)
    }

    @Test func aCatalogGivenAsAPathIsTheReferenceForTheLists() async throws {
        let run = await CLI.run(["lint", "catalogs/example.yaml", "catalogs/example/products_v1.json"])
        #expect(run.status == 0)
        #expect(run.stdout == "0 errors, 0 warnings, 0 notes in 2 files\n")
    }

    @Test func enablingUnlistedProductReportsNotesWithoutFailing() async throws {
        let run = await CLI.run([
            "lint", "--catalog", "catalogs/example.yaml", "--enable", "unlisted_product", "catalogs/example/products_v1.json",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                catalogs/example.yaml:113:9: note: no list names 'com.example.cosmicquest.premium.yearly' [unlisted_product]
                0 errors, 0 warnings, 1 note in 2 files

                """)
    }

    @Test func disablingARuleDropsItsDiagnostics() async throws {
        let run = await CLI.run([
            "lint", "--catalog", Self.broken, "--disable", "list_not_found", "--disable", "unknown_locale", "--disable",
            "unused_subscription_group",
        ])
        #expect(!run.stdout.contains("[list_not_found]"))
        #expect(!run.stdout.contains("[unknown_locale]"))
        #expect(run.stdout.hasSuffix("8 errors, 3 warnings, 0 notes in 4 files\n"))
    }

    @Test func unreadableInputsExitWithStatusTwo() async throws {
        let missing = await CLI.run(["lint", "--catalog", "nope.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "iapcat: error: nope.yaml: does not exist\n")
        let directory = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", "catalogs"])
        #expect(directory.status == 2)
        #expect(directory.stderr == "iapcat: error: catalogs: is a directory\n")
    }

    @Test func badOptionsExitWithStatusTwo() async throws {
        let run = await CLI.run(["lint", "--format", "xml"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: The value 'xml' is invalid for '--format <format>'"))
        let rule = await CLI.run(["lint", "--enable", "no_such_rule"])
        #expect(rule.status == 2)
    }

    @Test func shellCompletionScriptsAreGenerated() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let run = await CLI.run(["--generate-completion-script", shell])
            #expect(run.status == 0)
            #expect(run.stdout.contains("lint"))
        }
    }

    @Test func aDeclaredListThatExistsButCannotBeReadIsNotReportedAsMissing() async throws {
        let catalog = IAPCat.fixture("unreadable/catalog.yaml")
        let run = await CLI.run(["lint", "--catalog", catalog])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                \(catalog):5:13: error: list 'dir.json' is a directory (looked for \(IAPCat.fixture("unreadable/dir.json"))) [file_unreadable]
                \(catalog):6:13: error: list 'nowhere.plist' does not exist (looked for \(IAPCat.fixture("unreadable/nowhere.plist"))); `iapcat export --catalog \(catalog) --all` writes every list the catalog declares [list_not_found]
                by rule: 1 file_unreadable, 1 list_not_found
                2 errors, 0 warnings, 0 notes in 1 file

                """)
    }

    @Test func aListWhoseContentDisagreesWithItsNameIsReported() async throws {
        let v2Named = IAPCat.fixture("mismatch/products_v2.json")
        let plistNamed = IAPCat.fixture("mismatch/product_ids.plist")
        let run = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", v2Named, plistNamed])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                \(plistNamed):1:1: error: expected a plist list, but the file is a v1 list [invalid_list_structure]
                \(v2Named):1:1: warning: expected a v2 list, but the content is version 1 [list_version_mismatch]
                by rule: 1 invalid_list_structure, 1 list_version_mismatch
                1 error, 1 warning, 0 notes in 3 files

                """)
    }

    @Test func anXcodeStoreKitConfigurationIsCheckedAgainstTheCatalogProductByProduct() async throws {
        let storekit = "Tests/IAPCatalogTests/Fixtures/real/storekittesting_Configuration.storekit"
        let run = await CLI.run(["lint", "--catalog", "catalogs/example.yaml", storekit])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                \(storekit):3:32: error: 'com.example.cosmicquest.season_pass.2026' (non-renewing, approved) is in the catalog's sandbox products but not in this file [storekit_missing_product]
                \(storekit):6:16: error: 'com.example.cosmicquest.coins.small' (consumable, approved) is in the catalog's sandbox products but not in this file [storekit_missing_product]
                \(storekit):6:16: error: 'com.example.cosmicquest.level.nebula' (non-consumable, approved) is in the catalog's sandbox products but not in this file [storekit_missing_product]
                \(storekit):12:26: error: 'com.example.cosmicquest.premium.monthly' (auto-renewable, approved) is in the catalog's sandbox products but not in this file [storekit_missing_product]
                \(storekit):12:26: error: 'com.example.cosmicquest.premium.yearly' (auto-renewable, draft) is in the catalog's sandbox products but not in this file [storekit_missing_product]
                \(storekit):39:25: error: 'ID_1' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]
                \(storekit):64:25: error: 'ID_2' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]
                by rule: 5 storekit_missing_product, 2 unknown_product_id
                7 errors, 0 warnings, 0 notes in 2 files

                """)
    }

    @Test func aDeclaredStoreKitFileIsExportedAndThenLintedWithTheCatalog() async throws {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-storekit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for item in ["example.yaml", "example", "screenshots"] {
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/" + item, toPath: directory + "/" + item)
        }
        let catalog = directory + "/example.yaml"
        try (try String(contentsOfFile: catalog, encoding: .utf8) + "  - path: Products.storekit\n").write(
            toFile: catalog, atomically: true, encoding: .utf8)
        let missing = await CLI.run(["lint", "--catalog", catalog])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("list 'Products.storekit' does not exist"))
        let export = await CLI.run(["export", "--catalog", catalog, "--all"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("wrote \(directory)/Products.storekit\n"))
        let exported = try String(contentsOfFile: directory + "/Products.storekit", encoding: .utf8)
        let golden = try String(
            contentsOfFile: IAPCat.packageRoot + "/Tests/IAPCatalogTests/Fixtures/golden/export/example.sandbox.storekit", encoding: .utf8)
        #expect(exported == golden)
        let lint = await CLI.run(["lint", "--catalog", catalog])
        #expect(lint.stdout == "0 errors, 0 warnings, 0 notes in 5 files\n")
        #expect(lint.status == 0)
        try (exported.replacingOccurrences(of: "\"displayPrice\" : \"4.99\"", with: "\"displayPrice\" : \"5.99\"")).write(
            toFile: directory + "/Products.storekit", atomically: true, encoding: .utf8)
        let drifted = await CLI.run(["lint", "--catalog", catalog])
        #expect(drifted.status == 1)
        #expect(
            drifted.stdout.hasPrefix(
                "\(directory)/Products.storekit:163:28: error: 'com.example.cosmicquest.premium.monthly' costs 5.99 here but 4.99 in the catalog (storefront USA) [storekit_price]\n"
            ))
        let check = await CLI.run(["export", "--catalog", catalog, "--all", "--check"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(directory)/Products.storekit: out of date; run iapcat export to regenerate it\n"))
    }
}
