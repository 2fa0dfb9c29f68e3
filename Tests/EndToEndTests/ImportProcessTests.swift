import Foundation
import IAPCatTestSupport
import Testing

/// What only the `iapcat import` process shows: a Unity IAP catalog given by a bare relative path
/// finds its project's Packages/manifest.json by climbing the folders above the working directory
/// it starts in. The rest of import's tests run in process (IAPCatCLITests' ImportCommandTests).
@Suite struct ImportProcessTests {
    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("import") }

    @Test func theLocaleTableIsChosenByOptionOrByTheProjectsManifest() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/Assets/Resources/IAPProductCatalog.json"
        try FileManager.default.createDirectory(atPath: directory + "/Assets/Resources", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/Packages", withIntermediateDirectories: true)
        // googleLocale 21: en_CA for Unity IAP 4, en_US for 5.
        try
            #"{"products":[{"id":"coins","type":0,"storeIDs":[],"defaultDescription":{"googleLocale":21,"title":"Coins","description":"A few coins"},"applePriceTier":1,"descriptions":[{"googleLocale":7,"title":"M\\u00fcnzen","description":""}]}]}"#
            .write(toFile: input, atomically: true, encoding: .utf8)
        let guessed = try await IAPCat.run(["import", input, "--bundle-id", "com.example.game"])
        #expect(guessed.stdout.contains("      en-US:\n        display_name: Coins\n"), "\(guessed.stdout)")
        // …and 7 is eu_ES (Basque) there, which App Store Connect does not have.
        #expect(!guessed.stdout.contains("Münzen"), "\(guessed.stdout)")
        #expect(guessed.stderr.contains("note: locales App Store Connect does not have are left out: eu_ES\n"), "\(guessed.stderr)")
        #expect(
            guessed.stderr.hasPrefix(
                "note: googleLocale read as written by Unity IAP 5.0.0-pre.6 or later (en_US = 21): no Packages/manifest.json names com.unity.purchasing, and the default descriptions use 21, its en_US; --unity-locales legacy|current decides\n"
            ), "\(guessed.stderr)")
        try #"{"dependencies":{"com.unity.purchasing":"4.12.2"}}"#.write(
            toFile: directory + "/Packages/manifest.json", atomically: true, encoding: .utf8)
        let manifest = try await IAPCat.run(["import", input, "--bundle-id", "com.example.game"])
        #expect(manifest.stdout.contains("      en-CA:\n        display_name: Coins\n"), "\(manifest.stdout)")
        // Index 7 is de_DE in the old table.
        #expect(manifest.stdout.contains("      de-DE:\n        display_name: Münzen\n"))
        #expect(
            manifest.stderr.hasPrefix(
                "note: googleLocale read as written by Unity IAP before 5.0.0-pre.6 (en_US = 4): \(directory)/Packages/manifest.json names com.unity.purchasing 4.12.2\n"
            ), "\(manifest.stderr)")
        // A bare relative path climbs the folders above it all the same: from the project, and from inside Resources.
        for (path, folder, shown) in [
            ("Assets/Resources/IAPProductCatalog.json", directory, "Packages/manifest.json"),
            ("Resources/IAPProductCatalog.json", directory + "/Assets", "../Packages/manifest.json"),
            ("IAPProductCatalog.json", directory + "/Assets/Resources", "../../Packages/manifest.json"),
        ] {
            let relative = try await IAPCat.run(["import", path, "--bundle-id", "com.example.game"], in: folder)
            #expect(relative.stdout.contains("      en-CA:\n        display_name: Coins\n"), "\(path): \(relative.stdout)")
            #expect(
                relative.stderr.hasPrefix(
                    "note: googleLocale read as written by Unity IAP before 5.0.0-pre.6 (en_US = 4): \(shown) names com.unity.purchasing 4.12.2\n"
                ), "\(path): \(relative.stderr)")
        }
        let forced = try await IAPCat.run(["import", input, "--bundle-id", "com.example.game", "--unity-locales", "current"])
        #expect(forced.stdout.contains("      en-US:\n        display_name: Coins\n"))
        #expect(
            forced.stderr.hasPrefix(
                "note: googleLocale read as written by Unity IAP 5.0.0-pre.6 or later (en_US = 21), as --unity-locales says\n"))
    }
}
