import Foundation
import IAPCatTestSupport
import Testing

/// Colour (`--color`, `NO_COLOR`), `--quiet`, and lint's counts by rule, run in process (``CLI``:
/// its output is never a terminal); colour on a terminal is in OutputStyleProcessTests.
@Suite struct OutputStyleTests {
    static let list = IAPCat.fixture("warnings-only.json")
    static let lintWarning = ["lint", "--catalog", "catalogs/example.yaml", "--environment", "sandbox", list]

    @Test func colourAlwaysWritesTheExactSequences() async throws {
        let run = await CLI.run(Self.lintWarning + ["--color", "always"])
        #expect(run.status == 0)
        #expect(
            run.stdout == "\u{1B}[1m\(Self.list):3:3:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m "
                + "'com.example.cosmicquest.coins.small' is listed twice (first at line 2) \u{1B}[2m[duplicate_list_entry]\u{1B}[0m\n"
                + "0 errors, 1 warning, 0 notes in 2 files\n")
    }

    @Test func errorsAreRedOnStderrToo() async throws {
        let run = await CLI.run([
            "export", "--catalog", IAPCat.fixture("broken/catalog.yaml"), "--format", "v1", "--color", "always",
        ])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix(
                "\u{1B}[1mTests/IAPCatCLITests/Fixtures/broken/catalog.yaml:16:7:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m unknown locale"
            ) == true)
        #expect(lines.last == "iapcat: \u{1B}[1;31merror:\u{1B}[0m the catalog has errors; nothing was written")
    }

    /// No colour into a pipe, with `--color never`, or with `NO_COLOR` set (unless `--color always`).
    @Test(
        arguments: [
            ([], [:]), (["--color", "never"], [:]), (["--color", "auto"], ["NO_COLOR": "1"]), (["--color", "never"], ["NO_COLOR": ""]),
        ] as [([String], [String: String])])
    func noColourUnlessAsked(arguments: [String], environment: [String: String]) async throws {
        let run = await CLI.run(Self.lintWarning + arguments, environment: environment)
        #expect(run.stdout.hasPrefix("\(Self.list):3:3: warning: "))
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"))
    }

    @Test func theFlagWinsOverNoColor() async throws {
        let run = await CLI.run(Self.lintWarning + ["--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(run.stdout.hasPrefix("\u{1B}[1m"))
    }

    /// Control characters in an input are escaped before colour goes around them: in a list's
    /// entries and in the path a catalog names.
    @Test func inputsCannotInjectSequences() async throws {
        let directory = try IAPCat.temporaryDirectory("style")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let name = "x\u{1B}[2Jy.json"
        try Data("[\"a\\u001b[31mb\", \"c\u{9B}31md\"]".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        let run = await CLI.run([
            "lint", "--catalog", IAPCat.packageRoot + "/catalogs/example.yaml", directory + "/" + name, "--color", "always",
        ])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run.stdout.debugDescription)")
        for line in lines.prefix(2) {
            #expect(line.hasPrefix("\u{1B}[1m\(directory)/x\\u{1b}[2Jy.json:"), "\(line.debugDescription)")
            #expect(line.unicodeScalars.count { $0 == "\u{1B}" } == 6, "\(line.debugDescription)")
            #expect(!line.unicodeScalars.contains("\u{9B}"))
        }
        #expect(lines[0].contains("'a\\u{1b}[31mb'"))
        #expect(lines[1].contains("'c\\u{9b}31md'"))
    }

    @Test func lintCountsEachRuleBeforeTheSummary() async throws {
        let run = await CLI.run(["lint", "--catalog", IAPCat.fixture("broken/catalog.yaml")])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(
            lines.suffix(2) == [
                "by rule: 2 unknown_product_id, 1 duplicate_list_entry, 1 invalid_list_structure, 1 list_not_found, 1 malformed_entry, "
                    + "1 missing_metadata, 1 missing_review_screenshot, 1 removed_product_in_list, 1 unapproved_in_production, "
                    + "1 unknown_key, 1 unknown_locale, 1 unknown_subscription_group, 1 unused_subscription_group",
                "10 errors, 4 warnings, 0 notes in 4 files",
            ])
    }

    @Test func quietLintPrintsWhatFailsTheRunAndNothingElse() async throws {
        let broken = ["lint", "--catalog", IAPCat.fixture("broken/catalog.yaml")]
        let full = await CLI.run(broken)
        let quiet = await CLI.run(broken + ["--quiet"])
        #expect(quiet.status == 1)
        let errors = full.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 10)
        #expect(quiet.stdout == errors.map { $0 + "\n" }.joined())
        let strict = await CLI.run(broken + ["-q", "--strict"])
        #expect(strict.stdout.split(separator: "\n").count == 14)
        #expect(!strict.stdout.contains("errors,") && !strict.stdout.contains("by rule"))

        let warningOnly = await CLI.run(Self.lintWarning + ["--quiet"])
        #expect(warningOnly.status == 0)
        #expect(warningOnly.stdout == "")
        #expect(warningOnly.stderr == "")
    }

    /// The commands that say what they wrote say nothing under `--quiet`.
    @Test func quietCommandsWriteButSayNothing() async throws {
        let directory = try IAPCat.temporaryDirectory("style")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/example", withIntermediateDirectories: true)
        let runs = [
            ["export", "--catalog", "catalogs/example.yaml", "--all", "--out-dir", directory, "--quiet"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "play-csv", "-o", directory + "/play.csv", "-q"],
            ["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", directory + "/A.itmsp", "--quiet"],
            ["generate", "--products", "20", "--out", directory + "/gen", "--quiet"],
            ["import", directory + "/A.itmsp/metadata.xml", "-o", directory + "/imported.yaml", "--quiet"],
        ]
        for arguments in runs {
            let run = await CLI.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout == "" && run.stderr == "", "\(arguments): \(run.stderr)")
        }
        for file in ["example/product_ids.plist", "play.csv", "A.itmsp/metadata.xml", "gen/catalog.yaml", "imported.yaml"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file)")
        }
        let loud = await CLI.run(["generate", "--products", "20", "--out", directory + "/gen2"])
        #expect(loud.stderr.hasPrefix("wrote \(directory)/gen2/catalog.yaml\n"))
    }

    @Test func quietStillPrintsErrors() async throws {
        let run = await CLI.run(["export", "--catalog", IAPCat.fixture("broken/catalog.yaml"), "--format", "v1", "--quiet"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 4, "\(run.stderr)")
        #expect(lines.dropLast().allSatisfy { $0.contains(": error: ") })
        #expect(lines.last == "iapcat: error: the catalog has errors; nothing was written")
    }
}
