import Foundation
import IAPCatTestSupport
import Testing

/// Every example `iapcat COMMAND --help` shows runs as written, in order, in a scratch copy of the
/// repository (``DocumentationSandbox``: the fake stores stand in for App Store Connect and Google Play).
@Suite(.serialized) struct HelpExampleTests {
    /// Each command and subcommand, found through the SUBCOMMANDS sections of the help.
    static let commands: [[String]] = {
        var found: [[String]] = []
        var pending: [[String]] = [[]]
        while let command = pending.popLast() {
            if !command.isEmpty { found.append(command) }
            pending += subcommands(of: command).map { command + [$0] }
        }
        return found.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }()

    static func help(_ command: [String]) async -> String {
        await (try? IAPCat.run(command + ["--help"], environment: ["COLUMNS": "1000"]).stdout) ?? ""
    }

    /// ``help(_:)`` waiting on the calling thread: only for finding the test's arguments, before any test runs.
    static func helpWaiting(_ command: [String]) -> String {
        (try? IAPCat.runWaiting(command + ["--help"], environment: ["COLUMNS": "1000"]).stdout) ?? ""
    }

    static func subcommands(of command: [String]) -> [String] {
        guard let section = helpWaiting(command).components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n").prefix { $0.hasPrefix("  ") && !$0.hasPrefix("  See ") }.compactMap { line in
            let name = line.dropFirst(2).prefix { $0 != " " && $0 != "," }
            return name.isEmpty || name == "help" ? nil : String(name)
        }
    }

    /// The lines after `Examples:` that start with `iapcat `.
    static func examples(of command: [String]) async -> [String] {
        guard let section = await help(command).components(separatedBy: "Examples:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n").prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("iapcat ") }
    }

    /// What a command's examples start from that the repository does not hold: files a user would
    /// have from elsewhere (a package downloaded from App Store Connect, an Xcode or a Unity project),
    /// made here from the example catalog and a real Unity catalog.
    static let startingPoints: [String: String] = [
        // The sandbox ran `init` already; its examples start from an empty folder.
        "init": """
        rm -r catalogs/catalog.yaml catalogs/product_ids.plist catalogs/products_v2.json catalogs/sandbox catalogs/Products.storekit .github

        """,
        // A store that holds the example, and the example refreshed from it: `--check` is clean.
        "asc pull": """
        iapcat asc apply --catalog catalogs/example.yaml --yes
        iapcat asc pull --catalog catalogs/example.yaml -o catalogs/example.yaml

        """,
        // Products to send: the example catalog's, in the fake App Store Connect; for cancelling, sent.
        "asc submit": """
        iapcat asc apply --catalog catalogs/example.yaml --yes

        """,
        // The offer code the example catalog gives the season pass, in the fake App Store Connect.
        "asc offer-codes generate": """
        iapcat asc apply --catalog catalogs/example.yaml --yes

        """,
        "asc cancel-submission": """
        iapcat asc apply --catalog catalogs/example.yaml --yes
        iapcat asc submit --catalog catalogs/example.yaml --app-version 1.0 --yes --allow-impact

        """,
        "import": """
        rm catalogs/catalog.yaml
        iapcat bulk-xml --catalog catalogs/example.yaml -o COSMICQUEST.itmsp
        iapcat export --catalog catalogs/example.yaml --format storekit -o MyApp/Products.storekit
        mkdir -p Assets/Resources downloaded
        cp Tests/IAPCatalogTests/Fixtures/real/unity/panzerwar_IAPProductCatalog.json Assets/Resources/IAPProductCatalog.json
        cp COSMICQUEST.itmsp/metadata.xml downloaded/metadata.xml

        """,
    ]

    @Test func theCommandsAreFound() {
        #expect(Self.commands.contains(["lint"]) && Self.commands.contains(["asc", "pull"]) && Self.commands.contains(["play", "apply"]))
    }

    @Test(arguments: commands) func everyExampleOfTheHelpRuns(command: [String]) async throws {
        let examples = await Self.examples(of: command)
        guard !examples.isEmpty else { return }
        let name = "iapcat \(command.joined(separator: " ")) --help"
        let block = DocumentedShellBlock(origin: name, page: name, text: examples.map { $0 + "\n" }.joined())
        try await DocumentationSandbox.with { sandbox in
            let setup = "set -euo pipefail\n" + Self.startingPoints[command.joined(separator: " "), default: ""]
            let run = try await sandbox.run(script: setup + block.script(leavingOut: [], port: try DocumentedCommandTests.freePort()))
            #expect(
                run.status == 0,
                """
                an example of \(name) failed (exit \(run.status)):
                \(block.text)--- stdout (end)
                \(run.stdout.suffix(2000))
                --- stderr (end)
                \(run.stderr.suffix(3000))
                """)
        }
    }
}
